/** One origin for the dashboard and its service: the API (embedded or proxied) and the built app. */
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
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

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  if (c.res.headers.get("content-type")?.startsWith("text/html")) {
    c.header("Content-Security-Policy", contentSecurityPolicy);
    c.header("Cache-Control", "no-cache");
  }
};

/** Paths that belong to the service: they never fall back to the app. */
export const isServicePath = (path: string) => /^\/(v\d+|logos|healthz|demo)(\/|$)/.test(path);

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

  const root = relative(process.cwd(), distDir) || ".";
  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable"); // hashed file names
      },
    }),
  );
  app.use("*", async (c, next) => (isServicePath(c.req.path) ? next() : serveStatic({ root })(c, next)));

  // App routes (and unknown paths, which the app answers with its not-found page) get index.html.
  const indexHtml = readFileSync(join(distDir, "index.html"), "utf8");
  app.get("*", (c) => (isServicePath(c.req.path) ? notFoundJson(c) : c.html(indexHtml)));
  app.notFound(notFoundJson);
  return app;
}
