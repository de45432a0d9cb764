/**
 * `npm start`: the dashboard and the reference service on one origin, on the demo database
 * (created and seeded on first start). `npm run dev`: the same with Vite's hot reload.
 * With UPSTREAM_BASE_URL (and UPSTREAM_MANAGEMENT_URL) set, the API is proxied to a hosted
 * service instead. Arguments after `--` go to the service: `npm start -- --db :memory:`.
 */
import { getRequestListener } from "@hono/node-server";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { closeOnSignals, parseServiceArgs, usage, UsageError } from "./cli-options.ts";
import { createDashboardApp, isServicePath } from "./dashboard-app.ts";
import { SeedError } from "./seed-file.ts";
import { createServiceApp } from "./service-app.ts";
import { formatCredentials, listen, openStore, type Credentials } from "./service.ts";
import { createUpstreamApp } from "./upstream-proxy.ts";

const projectRoot = resolve(import.meta.dirname, "..");
const distDir = join(projectRoot, "dist");
const demoCredentialsFile = join(projectRoot, ".data", "demo-credentials.json");

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** Builds the app when dist/ is missing or older than what it is built from. */
async function buildIfNeeded() {
  const sources = ["src", "public", "index.html", "vite.config.ts", "package-lock.json"].map((p) => newestChange(join(projectRoot, p)));
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

async function main() {
  const options = parseServiceArgs(process.argv.slice(2), { port: process.env.PORT ?? "4173", seed: "demo" });
  if (options.help)
    return console.log(
      `${usage("npm start")}\n  --dev                     Vite's hot reload (npm run dev)\n\nEnvironment: PORT, UPSTREAM_BASE_URL, UPSTREAM_MANAGEMENT_URL`,
    );
  const log = options.quiet ? undefined : (line: string) => console.log(line);

  const upstream = upstreamFromEnv();
  let api;
  let closeStore = () => {};
  let credentials: Credentials | undefined;
  if (upstream) {
    api = createUpstreamApp(upstream);
  } else {
    const credentialsOut =
      options["credentials-out"] ?? (options.db !== ":memory:" && options.seed === "demo" ? demoCredentialsFile : undefined);
    const opened = openStore({ db: options.db, seed: options.seed, demoUsers: options.demoUsers, credentialsOut });
    api = createServiceApp(opened.store);
    closeStore = () => opened.db.close();
    credentials = opened.seeded;
    if (!credentials && credentialsOut && existsSync(credentialsOut)) {
      credentials = JSON.parse(readFileSync(credentialsOut, "utf8")) as Credentials;
    }
  }

  let url: string;
  let close: () => Promise<void>;
  if (options.dev) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ root: projectRoot, server: { middlewareMode: true }, appType: "spa" });
    const apiListener = getRequestListener(api.fetch);
    const server = createServer((req, res) => {
      if (isServicePath(new URL(req.url ?? "/", "http://x").pathname)) void apiListener(req, res);
      else vite.middlewares(req, res);
    });
    await new Promise<void>((done, fail) => server.once("error", fail).listen(options.port, options.host, done));
    const address = server.address();
    url = `http://${options.host}:${typeof address === "object" && address ? address.port : options.port}`;
    close = async () => {
      await vite.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    };
  } else {
    await buildIfNeeded();
    const listening = await listen(createDashboardApp({ api, distDir, log }), options.host, options.port);
    url = listening.url;
    close = listening.close;
  }

  if (upstream) console.log(`Proxying /v2/user to ${upstream.baseUrl} and /v1/org to ${upstream.managementUrl}`);
  if (credentials) {
    console.log(
      `Demo credentials${options.db === ":memory:" ? "" : ` (kept in ${credentialsOut(options)})`}:\n${formatCredentials(credentials)}`,
    );
    console.log("Paste a team API key into Settings to browse its users.");
  } else if (!upstream) {
    console.log(`${options.db} has data but no saved demo credentials; delete it to start afresh with the demo.`);
  }
  console.log(`Team admin dashboard: ${url}`);
  console.log(`listening on ${url}`);
  closeOnSignals(async () => {
    await close();
    closeStore();
  });
}

function credentialsOut(options: { "credentials-out"?: string }) {
  return options["credentials-out"] ?? ".data/demo-credentials.json";
}

main().catch((error: unknown) => {
  if (error instanceof SeedError || error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error((error as Error).message);
  } else if ((error as { code?: string }).code === "EADDRINUSE") {
    console.error(`The port is in use. Set another one: PORT=4174 npm start`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
