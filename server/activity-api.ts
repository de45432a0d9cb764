/**
 * The activity record's paths for the page, with the roles checked here: `/api/activity*` for an
 * admin (the rows of the services they are admin of), `/api/deletions` (Teams' "deleted by … on
 * …") for anyone with a role. Without sign-in nobody is an admin, and the deletions are as open
 * as the rest of the dashboard.
 */
import { Hono, type Context } from "hono";
import { activityRoutes } from "./activity/activity-routes.ts";
import type { ActivityRecord } from "./activity/activity-record.ts";
import type { Role } from "./deployment.ts";
import { refuse } from "./auth/sign-in.ts";

export interface ActivityApiOptions {
  /** The request's roles on each service; undefined: the deployment signs no one in. */
  rolesOf?: (c: Context) => Record<string, Role>;
  /** Every service of the deployment. */
  services: readonly string[];
}

const adminOf = (roles: Record<string, Role>) => Object.keys(roles).filter((service) => roles[service] === "admin");

export function activityApi(record: ActivityRecord, { rolesOf, services }: ActivityApiOptions) {
  const app = new Hono();
  app.use("/activity*", async (c, next) => {
    if (!rolesOf) return refuse(c, 403, "forbidden", "The activity record is read by an admin, and this deployment signs no one in.");
    if (adminOf(rolesOf(c)).length === 0)
      return refuse(
        c,
        403,
        "forbidden",
        `${c.var.person?.email ?? "You"} is admin of no service: reading the activity record needs the admin role.`,
      );
    return next();
  });
  app.route(
    "/",
    activityRoutes(record, {
      // An admin of every service reads every row, sign-ins and sign-outs (of no service) too.
      services: (c) => {
        const admin = adminOf(rolesOf!(c));
        return services.every((s) => admin.includes(s)) ? "*" : admin;
      },
    }),
  );
  app.get("/deletions", async (c) => {
    if (rolesOf && Object.keys(rolesOf(c)).length === 0)
      return refuse(c, 403, "forbidden", `${c.var.person?.email ?? "You"} has no role on any service.`);
    const teams = c.req.queries("team") ?? [];
    if (teams.length > 500) return c.json({ detail: "At most 500 teams at a time." }, 422);
    // Only the services the person has a role on: who deleted a team elsewhere is not theirs to read.
    const found = await record.lastDeletions(
      teams.map((t) => t.toLowerCase()),
      rolesOf && Object.keys(rolesOf(c)),
    );
    c.header("Cache-Control", "no-store");
    return c.json({ deletions: Object.fromEntries(found) });
  });
  return app;
}
