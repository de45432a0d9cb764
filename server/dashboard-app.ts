/** One origin for the dashboard and its service: the API (embedded or proxied) and the built app. */
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { chooseCoding, type Written } from "./compression.ts";
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
  /** The build's compressed copies of it (scripts/compress-build.ts), by coding. */
  encoded: Partial<Record<Written, Uint8Array<ArrayBuffer>>>;
}

/** The suffix of each coding's copy, in the order this server prefers them. */
const copies = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

/** A built file and the compressed copies the build wrote beside it. */
function readAsset(path: string, type: string): Asset {
  const encoded: Asset["encoded"] = {};
  for (const [coding, suffix] of copies) {
    if (existsSync(path + suffix)) encoded[coding] = new Uint8Array(readFileSync(path + suffix));
  }
  return { body: new Uint8Array(readFileSync(path)), type, encoded };
}

/**
 * The built assets, read once: their names carry a hash of their content, so they never change
 * while the server runs, and answering from memory keeps them off the disk and out of streams.
 * A compressed copy is sent in its file's place, never as a file of its own.
 */
function readAssets(distDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const dir = join(distDir, "assets");
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, name);
    if (/\.(br|gz)$/.test(name) || !statSync(path).isFile()) continue;
    assets.set(`/assets/${name.split(sep).join("/")}`, readAsset(path, getMimeType(name) ?? "application/octet-stream"));
  }
  return assets;
}

/**
 * `asset` in the coding the browser prefers of those the build wrote (RFC 9110's Accept-Encoding,
 * as the service reads it), else as it is; `Vary: Accept-Encoding` whenever there was a choice.
 */
function sendAsset(c: Context, asset: Asset, cacheControl?: string) {
  const offered = copies.map(([coding]) => coding).filter((coding) => asset.encoded[coding]);
  const coding = offered.length > 0 ? chooseCoding(c.req.header("accept-encoding"), offered) : "identity";
  const body = coding === null || coding === "identity" ? asset.body : asset.encoded[coding]!;
  c.header("Content-Type", asset.type);
  if (cacheControl) c.header("Cache-Control", cacheControl);
  if (offered.length > 0) c.header("Vary", "Accept-Encoding");
  if (body !== asset.body) c.header("Content-Encoding", coding!);
  return c.body(body);
}

export interface DashboardAppOptions {
  /** The service's routes: the embedded service, or the upstream proxy. */
  api: Hono;
  /** The built app (vite build output). */
  distDir: string;
  log?: (line: string) => void;
  /** The activity record's middleware (record-activity.ts): outside the sign-in, so that its refusals are recorded. */
  activity?: MiddlewareHandler;
  /** The sign-in (auth/sign-in.ts): its guard before every route, and its `/auth/*` routes. */
  auth?: { guard: MiddlewareHandler; routes: Hono };
}

/** What `/auth/session` says when the deployment signs no one in: everything works as for local use. */
const noSignIn = { auth: null, signedIn: false, email: null, name: null, roles: {} };

/** The activity record's middleware, the sign-in's guard and routes (or the answer that no one signs in), on `app`. */
export function withSignIn(app: Hono, { activity, auth }: Pick<DashboardAppOptions, "activity" | "auth">) {
  if (activity) app.use(activity);
  if (auth) {
    app.use(auth.guard);
    app.route("/", auth.routes);
  } else app.get("/auth/session", (c) => c.json(noSignIn));
  return app;
}

export function createDashboardApp({ api, distDir, log, activity, auth }: DashboardAppOptions) {
  const app = new Hono();
  if (log) app.use(requestLog(log));
  app.use(securityHeaders);
  withSignIn(app, { activity, auth });
  app.route("/", api);

  const assets = readAssets(distDir);
  app.get("/assets/*", (c) => {
    const asset = assets.get(c.req.path);
    // A chunk of another build (a tab opened before a deploy) gets a 404, not the app's HTML.
    if (!asset) return notFoundJson(c);
    return sendAsset(c, asset, "public, max-age=31536000, immutable");
  });
  // The app's page, compressed too (its Cache-Control and CSP are securityHeaders').
  const indexHtml = readAsset(join(distDir, "index.html"), "text/html; charset=UTF-8");
  app.get("/", (c) => sendAsset(c, indexHtml));
  app.get("/index.html", (c) => sendAsset(c, indexHtml));
  const root = relative(process.cwd(), distDir) || ".";
  app.use("*", async (c, next) => (isServicePath(c.req.path) ? next() : serveStatic({ root })(c, next)));

  // App routes (and unknown paths, which the app answers with its not-found page) get index.html.
  // A service path no route took, or any other method's path, is this server's own 404: no service said it.
  app.get("*", (c) => (isServicePath(c.req.path) ? notForwarded(c) : sendAsset(c, indexHtml)));
  app.notFound(notForwarded);
  return app;
}
