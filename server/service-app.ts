/** The reference service's HTTP routes: the two operations of the spec, logos and health. */
import { Hono, type Context, type Handler } from "hono";
import { listLimits, type ErrorBody, type ValidationErrorItem } from "../src/api/contract.ts";
import { chooseCoding, encoder, transformed, written } from "./compression.ts";
import { providerLogo } from "./providers.ts";
import { requestLog } from "./request-log.ts";
import { serviceLimits, type ServiceLimits } from "./service-limits.ts";
import type { KeyRecord, Store } from "./store.ts";
import { collectErrors, parseIntParam, parseUuidParam } from "./validation.ts";

export const messages = {
  missingApiKey: "Missing API key. Send the team API key in the x-service-api-key header.",
  unknownApiKey: "Invalid API key. It is unknown or has been revoked; check the team API key.",
  managementKeyForList: "This is a management key. Listing users needs the team's API key in x-service-api-key.",
  missingManagementKey: "Missing management key. Send the organization's management key in the X-Management-Key header.",
  unknownManagementKey: "Invalid management key. It is unknown or has been revoked; check the management key.",
  teamKeyForDelete: "A team API key cannot delete teams. Send the organization's management key in X-Management-Key.",
  teamNotFound: "Team not found in this organization. It may have been deleted already.",
  notFound: "Not Found",
  notAcceptable: `Not Acceptable: this service answers in ${written.join(", ")} or identity, and Accept-Encoding refuses them all.`,
  methodNotAllowed: "Method Not Allowed",
} as const;

function problem(c: Context, status: 401 | 404 | 405 | 406, detail: string) {
  return c.json({ detail } satisfies ErrorBody, status);
}

function invalid(c: Context, detail: ValidationErrorItem[]) {
  return c.json({ detail } satisfies ErrorBody, 422);
}

/** The last value of a repeated query parameter wins, as in FastAPI. */
function lastQueryValue(c: Context, name: string): string | undefined {
  return c.req.queries(name)?.at(-1);
}

/** Every header value that could carry a key, including the token of `Authorization: Bearer …`. */
function headerCandidates(headers: Headers): string[] {
  return [...headers.values()].flatMap((value) => {
    const token = /^\S+\s+(\S+)$/.exec(value)?.[1];
    return token ? [value, token] : [value];
  });
}

export interface ServiceAppOptions {
  /** Receives one line a request (see requestLog); nothing is logged without it. */
  log?: (line: string) => void;
  /** A hosted service's time and rate limit, played for benches and tests (`--latency`, `--rate`). */
  limits?: ServiceLimits;
}

export function createServiceApp(store: Store, options: ServiceAppOptions = {}) {
  const app = new Hono();
  if (options.log) app.use(requestLog(options.log));

  // Personal data: never cached by a browser or a proxy. Set before the handler runs, so that the
  // response is built with it: a header added afterwards makes Hono copy the response, and
  // @hono/node-server then streams its body instead of writing it whole.
  app.use("/v*", (c, next) => {
    c.header("Cache-Control", "no-store");
    return next();
  });
  if (options.limits?.latencyMs || options.limits?.ratePerSecond !== undefined) {
    const limited = serviceLimits(options.limits);
    for (const path of ["/v2/user/", "/v2/user"]) app.use(path, limited);
  }

  const listUsers = (c: Context) => {
    const apiKey = c.req.header("x-service-api-key");
    if (!apiKey) return problem(c, 401, messages.missingApiKey);
    const key = store.findKey(apiKey);
    if (!key) return problem(c, 401, messages.unknownApiKey);
    if (key.kind !== "team") return problem(c, 401, messages.managementKeyForList);

    const rawOffset = lastQueryValue(c, "offset");
    const rawLimit = lastQueryValue(c, "limit");
    const offset =
      rawOffset === undefined
        ? { ok: true as const, value: 0 }
        : parseIntParam(rawOffset, ["query", "offset"], { ge: 0, le: listLimits.maxOffset });
    const limit =
      rawLimit === undefined
        ? { ok: true as const, value: listLimits.defaultLimit }
        : parseIntParam(rawLimit, ["query", "limit"], { ge: 1, le: listLimits.maxLimit });
    if (!offset.ok || !limit.ok) return invalid(c, collectErrors([offset, limit]));

    // Compressed when the client asks (RFC 9110's Accept-Encoding), as the encoder makes it.
    const coding = chooseCoding(c.req.header("accept-encoding"));
    if (coding === null) return problem(c, 406, messages.notAcceptable);
    const page = store.userPageJson(key.teamId, offset.value, limit.value);
    const headers = { "Content-Type": "application/json", Vary: "Accept-Encoding" };
    if (coding === "identity") return c.body(page, 200, headers);
    const encoded = { ...headers, "Content-Encoding": coding };
    if (c.req.method === "HEAD") return c.body(null, 200, encoded);
    return c.body(transformed(page, [encoder(coding, page.length)]), 200, encoded);
  };

  const deleteTeam = (c: Context, ids: TeamIds) => {
    const headers = c.req.raw.headers;
    if (headerCandidates(headers).some((value) => store.findKey(value)?.kind === "team")) {
      return problem(c, 401, messages.teamKeyForDelete);
    }
    const key = managementKey(store, headers);
    if (key === "missing") return problem(c, 401, messages.missingManagementKey);
    if (key === "unknown") return problem(c, 401, messages.unknownManagementKey);

    const orgId = parseUuidParam(ids.org_id, ["path", "org_id"]);
    const teamId = parseUuidParam(ids.team_id, ["path", "team_id"]);
    if (!orgId.ok || !teamId.ok) return invalid(c, collectErrors([orgId, teamId]));

    // A team of another organization answers like a missing one: existence is not revealed.
    if (orgId.value !== key.orgId || !store.deleteTeam(orgId.value, teamId.value)) {
      return problem(c, 404, messages.teamNotFound);
    }
    return c.body(null, 204);
  };
  operationRoutes(app, { listUsers, deleteTeam });

  app.get("/logos/:file", (c) => {
    const slug = /^(.+)\.svg$/.exec(c.req.param("file"))?.[1];
    const svg = slug === undefined ? undefined : providerLogo(slug);
    if (svg === undefined) return problem(c, 404, messages.notFound);
    c.header("Content-Type", "image/svg+xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=86400");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.body(svg);
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));

  app.notFound(notFoundJson);
  return app;
}

/** The path parameters of a delete, decoded once. */
export interface TeamIds {
  org_id: string;
  team_id: string;
}

export const notFoundJson = (c: Context) => problem(c, 404, messages.notFound);

/**
 * The paths of the two operations, shared by the embedded service and the upstream proxy so that
 * both route alike: the operation's method, HEAD with GET (Hono's), and 405 with Allow for any other.
 */
export function operationRoutes(
  app: Hono,
  handlers: { listUsers: Handler; deleteTeam: (c: Context, ids: TeamIds) => Response | Promise<Response> },
) {
  for (const path of ["/v2/user/", "/v2/user"]) {
    app.get(path, handlers.listUsers);
    app.all(path, (c) => methodNotAllowed(c, "GET, HEAD"));
  }
  const teamPath = "/v1/org/:org_id/team/:team_id";
  app.delete(teamPath, (c) => handlers.deleteTeam(c, c.req.param()));
  app.all(teamPath, (c) => methodNotAllowed(c, "DELETE"));
}

function methodNotAllowed(c: Context, allow: string) {
  c.header("Allow", allow);
  return problem(c, 405, messages.methodNotAllowed);
}

/**
 * The management key of a delete: `X-Management-Key`, or the deprecated `X-Service-Org-Key`
 * when (and only when) its value is a management key.
 */
function managementKey(store: Store, headers: Headers): Extract<KeyRecord, { kind: "management" }> | "missing" | "unknown" {
  const primary = headers.get("x-management-key");
  const alias = headers.get("x-service-org-key");
  const value = primary ?? alias;
  if (!value) return "missing";
  const key = store.findKey(value);
  return key?.kind === "management" ? key : "unknown";
}
