/**
 * Upstream mode: the two operations are forwarded to a hosted service, so the browser stays
 * same-origin. Only those two are forwarded, as paths this proxy writes itself: anything else is
 * answered here (404, or 405 with Allow) and never reaches the upstream. Credential headers pass
 * through; nothing of a request is logged but its path.
 */
import type { HttpBindings } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { notFoundJson, operationRoutes } from "./service-app.ts";

export interface UpstreamOptions {
  baseUrl: string;
  managementUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Request headers worth forwarding; everything else (cookies, host, hop-by-hop) stays here. */
const forwardedRequestHeaders = ["accept", "content-type", "x-service-api-key", "x-management-key", "x-service-org-key"];
const forwardedResponseHeaders = ["content-type", "retry-after", "allow", "cache-control"];

/**
 * A path parameter the upstream can only read as itself, in one segment, even behind a gateway
 * that decodes before routing: not a dot segment, no `/`, `\` or control character.
 */
const isPlainSegment = (value: string) => value !== "." && value !== ".." && !/[/\\\p{Cc}]/u.test(value);

/**
 * The URL parser resolves dot segments before routing (`/v2/user/x/%2e%2e/` becomes `/v2/user/`);
 * under Node the request target as written is still at hand, and one that needed resolving is
 * refused rather than forwarded as what it resolved to.
 */
function wroteDotSegment(c: Context<{ Bindings: Partial<HttpBindings> }>): boolean {
  const path = (c.env?.incoming?.url ?? "").replace(/[?#].*/s, "");
  return /\/(?:\.|%2e){1,2}(?=\/|$)/i.test(path);
}

export function createUpstreamApp({ baseUrl, managementUrl, fetch: fetchImpl = fetch, timeoutMs = 30_000 }: UpstreamOptions) {
  const app = new Hono();
  const base = baseUrl.replace(/\/+$/, "");
  const management = managementUrl.replace(/\/+$/, "");

  const forward = async (c: Context, target: string) => {
    if (wroteDotSegment(c)) return notFoundJson(c);
    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    let response: Response;
    try {
      response = await fetchImpl(target, { method: c.req.method, headers, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      return c.json({ detail: "The upstream service could not be reached." }, 502);
    }
    const out = new Headers();
    for (const name of forwardedResponseHeaders) {
      const value = response.headers.get(name);
      if (value !== null) out.set(name, value);
    }
    return new Response(response.body, { status: response.status, headers: out });
  };

  operationRoutes(app, {
    // The path is one of the two routed literally; the query is the upstream's to validate.
    listUsers: (c) => forward(c, `${base}${c.req.path}${new URL(c.req.url).search}`),
    // Each ID is sent re-encoded from its decoded value, so the upstream sees exactly one segment.
    deleteTeam: (c, ids) => {
      if (![ids.org_id, ids.team_id].every(isPlainSegment)) return notFoundJson(c);
      return forward(c, `${management}/v1/org/${encodeURIComponent(ids.org_id)}/team/${encodeURIComponent(ids.team_id)}`);
    },
  });
  app.notFound(notFoundJson);
  return app;
}
