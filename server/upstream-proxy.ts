/**
 * Upstream mode: the two operations are forwarded to a hosted service, so the browser stays
 * same-origin. Credential headers pass through; nothing of a request is logged but its path.
 */
import { Hono, type Context } from "hono";

export interface UpstreamOptions {
  baseUrl: string;
  managementUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Request headers worth forwarding; everything else (cookies, host, hop-by-hop) stays here. */
const forwardedRequestHeaders = ["accept", "content-type", "x-service-api-key", "x-management-key", "x-service-org-key"];
const forwardedResponseHeaders = ["content-type", "retry-after", "allow", "cache-control"];

export function createUpstreamApp({ baseUrl, managementUrl, fetch: fetchImpl = fetch, timeoutMs = 30_000 }: UpstreamOptions) {
  const app = new Hono();

  const forward = (upstreamBase: string) => async (c: Context) => {
    const incoming = new URL(c.req.url);
    const target = `${upstreamBase.replace(/\/+$/, "")}${incoming.pathname}${incoming.search}`;
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

  app.all("/v2/user", forward(baseUrl));
  app.all("/v2/user/*", forward(baseUrl));
  app.all("/v1/org/*", forward(managementUrl));
  return app;
}
