/** One origin for the dashboard and its service: the API (embedded or proxied) and the built app. */
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { notForwarded } from "./dashboard-refusal.ts";
import { requestLog } from "./request-log.ts";
import { notFoundJson } from "./service-app.ts";

export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https:",
  // The settings let a user point at another service; same-origin is the default.
  "connect-src 'self' https: http://127.0.0.1:* http://localhost:*",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Set on the answer's own headers: `c.header` after the handler rebuilds the answer around its body
 * as a stream, and a page of users, one buffer, went through it (a sixth of the service's time a
 * page). Only an answer whose headers cannot change, a `fetch`'s passed on as it came, is copied
 * first; every answer this server makes, the proxy's too, keeps its own.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  try {
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  }
  const headers = c.res.headers;
  headers.set("Referrer-Policy", "no-referrer");
  if (headers.get("content-type")?.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy);
    headers.set("Cache-Control", "no-cache");
  }
};

/** Paths that belong to the service: they never fall back to the app (nor `/S/…`, a service's place mistyped). */
export const isServicePath = (path: string) => /^\/(v\d+|logos|healthz|demo|[sS])(\/|$)|^\/deployment\.json$/.test(path);

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
}

/**
 * The built assets, read once: their names carry a hash of their content, so they never change
 * while the server runs, and answering from memory keeps them off the disk and out of streams.
 */
function readAssets(distDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const dir = join(distDir, "assets");
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, name);
    if (!statSync(path).isFile()) continue;
    assets.set(`/assets/${name.split(sep).join("/")}`, {
      body: new Uint8Array(readFileSync(path)),
      type: getMimeType(name) ?? "application/octet-stream",
    });
  }
  return assets;
}

export interface DashboardAppOptions {
  /** The service's routes: the embedded service, or the upstream proxy. */
  api: Hono;
  /** The built app (vite build output). */
  distDir: string;
  log?: (line: string) => void;
}

export function createDashboardApp({ api, distDir, log }: DashboardAppOptions) {
  const app = new Hono();
  if (log) app.use(requestLog(log));
  app.use(securityHeaders);
  app.route("/", api);

  const assets = readAssets(distDir);
  app.get("/assets/*", (c) => {
    const asset = assets.get(c.req.path);
    // A chunk of another build (a tab opened before a deploy) gets a 404, not the app's HTML.
    if (!asset) return notFoundJson(c);
    c.header("Content-Type", asset.type);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return c.body(asset.body);
  });
  const root = relative(process.cwd(), distDir) || ".";
  app.use("*", async (c, next) => (isServicePath(c.req.path) ? next() : serveStatic({ root })(c, next)));

  // App routes (and unknown paths, which the app answers with its not-found page) get index.html.
  const indexHtml = readFileSync(join(distDir, "index.html"), "utf8");
  // A service path no route took, or any other method's path, is this server's own 404: no service said it.
  app.get("*", (c) => (isServicePath(c.req.path) ? notForwarded(c) : c.html(indexHtml)));
  app.notFound(notForwarded);
  return app;
}
