/**
 * Upstream mode: the two operations are forwarded to a hosted service, so the browser stays
 * same-origin. Only those two are forwarded, as paths this proxy writes itself: anything else is
 * answered here (404, or 405 with Allow) and never reaches the upstream; so is a redirect of the
 * upstream (see dashboard-refusal.ts). Credential headers pass through, or the key the deployment
 * holds is added; nothing of a request is logged but its path.
 */
import type { HttpBindings } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { accepts, chooseCoding, decoder, encoder, transformed } from "./compression.ts";
import { notForwarded, refusedHere, unknownService } from "./dashboard-refusal.ts";
import type { Deployment } from "./deployment.ts";
import { rawFetch } from "./raw-fetch.ts";
import { operationRoutes } from "./service-app.ts";

export interface UpstreamOptions {
  baseUrl: string;
  managementUrl: string;
  /** The service's name in a deployment, said when it cannot be reached. */
  name?: string;
  /** Node's `fetch` decodes what it reads, so by default `rawFetch`, which passes bytes on as they came. */
  fetch?: typeof fetch;
  /** The longest the upstream may stay silent: before its answer starts, then in each read of it. */
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

export function createUpstreamApp({ baseUrl, managementUrl, name, fetch: fetchImpl = rawFetch, timeoutMs = 30_000 }: UpstreamOptions) {
  const app = new Hono();
  const base = baseUrl.replace(/\/+$/, "");
  const management = managementUrl.replace(/\/+$/, "");

  const forward = async (c: Context, target: string, setting: "baseUrl" | "managementUrl") => {
    if (wroteDotSegment(c)) return notForwarded(c);
    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    // A key the deployment holds, added once the sign-in allowed the request (auth/sign-in.ts).
    const held = c.get("heldKey");
    if (held) headers.set(held.header, held.value);
    // The upstream is asked for what the browser takes, so that what it compressed is passed on as it came.
    const acceptEncoding = c.req.header("accept-encoding");
    headers.set("accept-encoding", acceptEncoding ?? "identity");
    // The upstream may stay silent `timeoutMs` before its answer starts, then in each read of it
    // (`silenceCut`): an answer that keeps coming is passed on however long it takes.
    const silence = new AbortController();
    const waiting = setTimeout(() => silence.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(target, { method: c.req.method, headers, redirect: "manual", signal: silence.signal });
    } catch {
      return c.json({ detail: `The ${name ? `service ${name}` : "upstream service"} could not be reached.` }, 502);
    } finally {
      clearTimeout(waiting);
    }
    // Passed on, a redirect reaches the browser without its Location (not a header forwarded): a
    // sentence saying where it pointed (its query and fragment left out), and which URL to check.
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      const place = location === null ? undefined : URL.parse(location, target);
      const to = place ? ` to ${place.origin}${place.pathname}` : "";
      const check = name ? `its ${setting} in the deployment file` : `UPSTREAM_${setting === "baseUrl" ? "BASE" : "MANAGEMENT"}_URL`;
      const detail = `The ${name ? `service ${name}` : "upstream service"} answered ${response.status} with a redirect${to}, which this dashboard does not follow: check ${check}.`;
      return refusedHere(c, 502, "upstream-redirect", { detail, ...(name && { service: name }) });
    }
    const out = new Headers();
    for (const name of forwardedResponseHeaders) {
      const value = response.headers.get(name);
      if (value !== null) out.set(name, value);
    }
    const body = response.body && silenceCut(response.body, timeoutMs, () => silence.abort());
    out.set("vary", "Accept-Encoding");
    const came = response.headers.get("content-encoding")?.trim().toLowerCase() || "identity";
    const length = response.headers.get("content-length");
    if (!body) {
      if (came !== "identity") out.set("content-encoding", came);
      return new Response(null, { status: response.status, headers: out });
    }
    const wanted = chooseCoding(acceptEncoding);
    // Passed on as it came: the browser takes its coding, and a page the service left plain is
    // compressed only when the browser asks (the proxy never re-encodes what it can pass on).
    const compress = came === "identity" && response.status === 200 && wanted !== null && wanted !== "identity";
    if (accepts(acceptEncoding, came) && !compress) {
      if (came !== "identity") out.set("content-encoding", came);
      if (length !== null) out.set("content-length", length);
      return new Response(body, { status: response.status, headers: out });
    }
    // Otherwise decoded (a coding the browser does not take) and, for a page, encoded in the one it prefers.
    const decode = came === "identity" ? undefined : decoder(came);
    if (came !== "identity" && !decode) {
      await body.cancel();
      const detail = `The ${name ? `service ${name}` : "upstream service"} answered in a coding (${came}) this browser does not take and this dashboard cannot read.`;
      return refusedHere(c, 502, "upstream-coding", { detail, ...(name && { service: name }) });
    }
    const encodeAs = response.status === 200 && wanted !== null && wanted !== "identity" ? wanted : undefined;
    if (encodeAs) out.set("content-encoding", encodeAs);
    const transforms = [decode, encodeAs && encoder(encodeAs)].filter((t) => t !== undefined);
    return new Response(transformed(body, transforms), { status: response.status, headers: out });
  };

  operationRoutes(app, {
    // One of the two paths routed (with or without the slash, wherever mounted); the query is the upstream's to validate.
    listUsers: (c) => forward(c, `${base}/v2/user${c.req.path.endsWith("/") ? "/" : ""}${new URL(c.req.url).search}`, "baseUrl"),
    // Each ID is sent re-encoded from its decoded value, so the upstream sees exactly one segment.
    deleteTeam: (c, ids) => {
      if (![ids.org_id, ids.team_id].every(isPlainSegment)) return notForwarded(c);
      return forward(c, `${management}/v1/org/${encodeURIComponent(ids.org_id)}/team/${encodeURIComponent(ids.team_id)}`, "managementUrl");
    },
  });
  app.notFound(notForwarded);
  return app;
}

/**
 * `body`, read as its reader asks: each read of the upstream that waits `ms` without a byte
 * calls `cut` (which aborts the upstream, so the answer ends broken). Only a read asked for is
 * timed: a reader slower than the upstream is not the upstream's silence.
 */
function silenceCut(body: ReadableStream<Uint8Array>, ms: number, cut: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const timer = setTimeout(cut, ms);
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The proxy of a deployment: each service's two operations under `/s/<name>/`, to that service only. */
export function createServicesApp(
  deployment: Pick<Deployment, "services" | "default">,
  options: Pick<UpstreamOptions, "fetch" | "timeoutMs"> = {},
) {
  const app = new Hono();
  for (const service of deployment.services) {
    const proxy = createUpstreamApp({ ...service, ...options });
    app.route(`/s/${service.name}`, proxy);
    if (service.name === deployment.default) app.route("/", proxy);
  }
  // An unknown name, or another path of a known one, is answered here: nothing is forwarded.
  const declared = deployment.services.map((service) => service.name);
  app.all("/s/*", (c) => unknownService(c, declared));
  app.notFound(notForwarded);
  return app;
}
