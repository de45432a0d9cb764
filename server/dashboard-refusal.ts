/**
 * The dashboard server's own answers where a service's would be expected: a service the deployment
 * does not declare, a path it does not forward, a service's redirect it does not pass on. Each is
 * marked with `X-Dashboard-Refusal` (a service never sends it), so that the browser never reads
 * one as the service's: a 404 that no service sent does not mean "no such team".
 */
import type { Context } from "hono";

export const refusalHeader = "X-Dashboard-Refusal";

export type RefusalReason = "unknown-service" | "not-forwarded" | "upstream-redirect" | "upstream-coding";

export function refusedHere(c: Context, status: 404 | 502, reason: RefusalReason, body: { detail: string; service?: string }) {
  c.header(refusalHeader, reason);
  return c.json(body, status);
}

/** A path this server neither serves nor forwards: nothing reached any service. */
export const notForwarded = (c: Context) => refusedHere(c, 404, "not-forwarded", { detail: "Not Found" });

/** What a service name could be (the deployment's are stricter): said back as the service not declared. */
const nameLike = /^[a-z0-9][a-z0-9-]{0,39}$/i;

/** Any path under `/s/` not forwarded: of a service `declared` does not name, or another path of one it does. */
export function unknownService(c: Context, declared: readonly string[]) {
  const name = /^\/s\/([^/]+)\/./.exec(c.req.path)?.[1];
  if (name === undefined || declared.includes(name) || !nameLike.test(name)) return notForwarded(c);
  return refusedHere(c, 404, "unknown-service", { detail: `The service ${name} is not declared in this deployment.`, service: name });
}
