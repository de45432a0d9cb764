/**
 * `npm start`: the dashboard and the reference service on one origin, on the demo database
 * (created and seeded on first start). `npm run dev`: the same with Vite's hot reload.
 * With a deployment file (`--config FILE` or DASHBOARD_CONFIG), the services it names are proxied
 * under `/s/<name>/`; with UPSTREAM_BASE_URL (and UPSTREAM_MANAGEMENT_URL), one hosted service is
 * proxied at this origin's own paths. Arguments after `--` go to the service: `npm start -- --db :memory:`.
 */
import { getRequestListener } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import type { Auth } from "./auth/sign-in.ts";
import { announceSeed, closeOnSignals, parseServiceArgs, runCommand, usage } from "./cli-options.ts";
import { createDashboardApp, isServicePath, withSignIn } from "./dashboard-app.ts";
import { demoConnectionsApp, offersDemo } from "./demo-connections.ts";
import { notForwarded } from "./dashboard-refusal.ts";
import { DeploymentError, readDeployment } from "./deployment.ts";
import { openForwarding, withDeploymentInfo } from "./forwarding-api.ts";
import { createServiceApp } from "./service-app.ts";
import { formatCredentials, listen, openStore, type Credentials } from "./service.ts";

const projectRoot = resolve(import.meta.dirname, "..");
const distDir = join(projectRoot, "dist");

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** Builds the app when dist/ is missing or older than what it is built from. */
async function buildIfNeeded() {
  const sources = ["src", "public", "index.html", "vite.config.ts", "scripts/compress-build.ts", "package-lock.json"].map((p) =>
    newestChange(join(projectRoot, p)),
  );
  const built = newestChange(join(distDir, "index.html"));
  if (built >= Math.max(...sources)) return;
  console.log("Building the dashboard…");
  const { build } = await import("vite");
  await build({ root: projectRoot, logLevel: "warn" });
}

function upstreamFromEnv() {
  const baseUrl = process.env.UPSTREAM_BASE_URL?.trim();
  const managementUrl = process.env.UPSTREAM_MANAGEMENT_URL?.trim() || baseUrl;
  return baseUrl && managementUrl ? { baseUrl, managementUrl } : undefined;
}

type StartOptions = ReturnType<typeof parseServiceArgs>;

interface Api {
  app: Hono;
  close: () => void | Promise<void>;
  /** The activity record's middleware, when the dashboard forwards (a deployment file or upstream mode). */
  activity?: MiddlewareHandler;
  auth?: Auth;
  /** What this start seeded, or what an earlier start of the demo kept. */
  credentials?: Credentials;
  credentialsFile?: string;
}

/** The embedded service on its database, the proxy to a hosted one, or to a deployment's services by name. */
async function openApi(options: StartOptions): Promise<Api> {
  const upstream = upstreamFromEnv();
  const config = options.config ?? process.env.DASHBOARD_CONFIG?.trim();
  if (config && upstream) throw new DeploymentError(`Give either the deployment file ${config} or UPSTREAM_BASE_URL, not both.`);
  if (config) {
    const deployment = readDeployment(config);
    for (const s of deployment.services)
      console.log(`Proxying /s/${s.name}/v2/user to ${s.baseUrl} and /s/${s.name}/v1/org to ${s.managementUrl}`);
    if (deployment.default) console.log(`This origin's /v2/user and /v1/org go to ${deployment.default}`);
    if (deployment.auth)
      console.log(
        `Signing in through ${deployment.auth.oidc ? `the OpenID provider ${deployment.auth.oidc.issuer}` : "an identity proxy's header"}.`,
      );
    return openForwarding({ deployment, activityDb: options["activity-db"], quiet: options.quiet });
  }
  if (upstream) {
    console.log(`Proxying /v2/user to ${upstream.baseUrl} and /v1/org to ${upstream.managementUrl}`);
    return openForwarding({ upstream, activityDb: options["activity-db"], quiet: options.quiet });
  }
  // The demo's keys are kept beside its database (which holds only their hashes), so that later
  // starts on the same database can print them again.
  const credentialsFile =
    options["credentials-out"] ??
    (options.db !== ":memory:" && options.seed === "demo" ? `${options.db.replace(/\.sqlite$/, "")}.credentials.json` : undefined);
  const { db, store, seeded } = openStore({
    db: options.db,
    seed: options.seed,
    demoUsers: options.demoUsers,
    onSeed: announceSeed,
    credentialsOut: credentialsFile,
  });
  const kept =
    !seeded && credentialsFile && existsSync(credentialsFile)
      ? (JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials)
      : undefined;
  if (!seeded && !kept) console.log(`${options.db} has data but no saved credentials; delete it to start afresh with the demo.`);
  const credentials = seeded ?? kept;
  const service = createServiceApp(store, { limits: options.limits });
  const app = new Hono();
  if (credentials && offersDemo({ seed: options.seed, host: options.host, upstream: false })) {
    app.route("/", demoConnectionsApp(credentials, service)); // the dashboard offers the demo's teams
  }
  app.route("/", service);
  return { app: withDeploymentInfo(undefined, app), close: () => void db.close(), credentials, credentialsFile };
}

/** Vite's dev server for the app, the API (with the sign-in's paths and the record's) beside it on the same port. */
async function serveDev(api: Hono, host: string, port: number) {
  const { createServer: createVite } = await import("vite");
  const vite = await createVite({ root: projectRoot, server: { middlewareMode: true }, appType: "spa" });
  const apiListener = getRequestListener(api.fetch);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (isServicePath(path) || /^\/(auth|api)(\/|$)/.test(path)) void apiListener(req, res);
    else vite.middlewares(req, res);
  });
  await new Promise<void>((done, fail) => server.once("error", fail).listen(port, host, done));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: async () => {
      await vite.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

async function main() {
  const options = parseServiceArgs(process.argv.slice(2), { port: process.env.PORT ?? "4173", seed: "demo" });
  if (options.help) {
    return console.log(
      `${usage("npm start")}\n  --dev                     Vite's hot reload (npm run dev)\n  --config <file.json>      a deployment file: services by name, provided teams, sign-in (see README)\n  --activity-db <target>    the activity record: a SQLite file, :memory: or postgres://… (default .data/activity.sqlite)\n\nEnvironment: PORT, DASHBOARD_CONFIG, UPSTREAM_BASE_URL, UPSTREAM_MANAGEMENT_URL`,
    );
  }
  const api = await openApi(options);
  let server: { url: string; close: () => Promise<void> };
  if (options.dev) {
    // The API's own 404 (a parent app's notFound is the one used).
    const devApi = withSignIn(new Hono(), api).route("/", api.app);
    devApi.notFound(notForwarded);
    server = await serveDev(devApi, options.host, options.port);
  } else {
    await buildIfNeeded();
    const log = options.quiet ? undefined : (line: string) => console.log(line);
    server = await listen(
      createDashboardApp({ api: api.app, distDir, log, activity: api.activity, auth: api.auth }),
      options.host,
      options.port,
    );
  }

  // A file asked for (tests, scripts) holds the keys: a run's log then does not.
  if (api.credentials && options["credentials-out"])
    console.log(`Credentials written to ${options["credentials-out"]} (keys not printed).`);
  else if (api.credentials) {
    console.log(`Credentials${api.credentialsFile ? ` (kept in ${api.credentialsFile})` : ""}:\n${formatCredentials(api.credentials)}`);
    console.log(
      "Open the URL below: Teams offers the demo's teams (Add all demo teams), or import the credentials file, or add a team by its API key.",
    );
  }
  console.log(`Team admin dashboard listening on ${server.url}`);
  closeOnSignals(async () => {
    await server.close();
    await api.close();
  });
}

runCommand(main, "Choose another: PORT=4174 npm start");
