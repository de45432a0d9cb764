/**
 * The API of a dashboard that forwards (a deployment file's services, or one hosted service in
 * upstream mode): the proxy, what the browser learns of the deployment, the sign-in when the file
 * has `auth`, and the activity record with its paths. `npm start` serves it; the tests too.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { isPostgresTarget, openActivityRecord, redactTarget } from "./activity/open-activity-record.ts";
import type { ActivityRecord } from "./activity/activity-record.ts";
import { activityApi } from "./activity-api.ts";
import { createAuth, type Auth } from "./auth/sign-in.ts";
import { notForwarded } from "./dashboard-refusal.ts";
import { deploymentInfoApp, type Deployment } from "./deployment.ts";
import { recordActivity } from "./record-activity.ts";
import { createServicesApp, createUpstreamApp, type UpstreamOptions } from "./upstream-proxy.ts";

/** The API as served: what the browser learns of the deployment, beside the operations. */
export function withDeploymentInfo(deployment: Deployment | undefined, operations: Hono) {
  const app = new Hono();
  app.route("/", deploymentInfoApp(deployment));
  app.route("/", operations);
  app.notFound(notForwarded);
  return app;
}

/** How often the retention is applied while the server runs (and once at start). */
const pruneEveryMs = 6 * 60 * 60 * 1000;

export interface ForwardingOptions {
  deployment?: Deployment;
  upstream?: Pick<UpstreamOptions, "baseUrl" | "managementUrl">;
  /** A SQLite file, `:memory:` or a PostgreSQL URL. */
  activityDb: string;
  /** No JSON line of the record on standard output. */
  quiet?: boolean;
  /** Where the record's JSON lines go (default: standard output). */
  log?: (line: string) => void;
  /** The peer's address, for the proxy mode's trusted addresses (a seam for tests). */
  peerAddress?: (c: Context) => string | undefined;
}

export interface ForwardingApi {
  app: Hono;
  auth?: Auth;
  activity: MiddlewareHandler;
  record: ActivityRecord;
  close: () => Promise<void>;
}

export async function openForwarding({
  deployment,
  upstream,
  activityDb,
  quiet = false,
  log = (line) => console.log(line),
  peerAddress,
}: ForwardingOptions): Promise<ForwardingApi> {
  if (activityDb !== ":memory:" && !isPostgresTarget(activityDb)) mkdirSync(dirname(resolve(activityDb)), { recursive: true });
  const record = await openActivityRecord(activityDb, quiet ? {} : { log });
  const retentionDays = deployment?.retentionDays ?? null;
  console.log(`The activity record is kept in ${redactTarget(activityDb)}${retentionDays ? ` for ${retentionDays} days` : ""}.`);
  let pruning: NodeJS.Timeout | undefined;
  if (retentionDays) {
    const prune = () =>
      record
        .prune(retentionDays)
        .catch((error: unknown) => console.error(`The activity record could not be pruned: ${(error as Error).message}`));
    await prune();
    pruning = setInterval(() => void prune(), pruneEveryMs).unref();
  }
  const close = async () => {
    clearInterval(pruning);
    await record.close();
  };

  if (deployment) {
    const auth = deployment.auth ? createAuth({ settings: deployment.auth, deployment, peerAddress }) : undefined;
    const names = deployment.services.map((s) => s.name);
    const app = withDeploymentInfo(deployment, createServicesApp(deployment));
    app.route("/api", activityApi(record, { rolesOf: auth?.rolesOf, services: names }));
    const routing = { declared: names, origin: deployment.default ?? undefined };
    return { app, auth, record, activity: recordActivity(record, { routing }), close };
  }
  if (!upstream) throw new Error("openForwarding needs a deployment or an upstream.");
  const app = withDeploymentInfo(undefined, createUpstreamApp(upstream));
  app.route("/api", activityApi(record, { services: [] }));
  return { app, record, activity: recordActivity(record, { routing: { declared: [], origin: null } }), close };
}
