/**
 * A hosted service's time and limits, played by the reference service for benches and tests
 * (`--latency MS`, `--rate N`): each list request waits `latencyMs` before it is answered, and at
 * most `ratePerSecond` are answered in any second (a sliding window); beyond it, 429 with
 * `Retry-After` in whole seconds and `{"detail": "…"}`, as a rate-limited service answers.
 */
import type { MiddlewareHandler } from "hono";
import type { ErrorBody } from "../src/api/contract.ts";

export interface ServiceLimits {
  /** Milliseconds each list request waits before its answer (0: none). */
  latencyMs?: number;
  /** Requests answered in any second, at most; none when absent. */
  ratePerSecond?: number;
}

export const rateLimitedDetail = (rate: number, seconds: number) =>
  `Too many requests: this service answers at most ${rate} a second. Try again in ${seconds} s.`;

const windowMs = 1_000;

export function serviceLimits(
  { latencyMs = 0, ratePerSecond }: ServiceLimits,
  now: () => number = () => performance.now(),
): MiddlewareHandler {
  /** When each request of the last second was let through, oldest first. */
  const recent: number[] = [];
  return async (c, next) => {
    let refusedFor: number | undefined;
    if (ratePerSecond !== undefined) {
      const at = now();
      while (recent.length > 0 && recent[0]! <= at - windowMs) recent.shift();
      if (recent.length < ratePerSecond) recent.push(at);
      else refusedFor = Math.max(1, Math.ceil((recent[0]! + windowMs - at) / 1000));
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (refusedFor === undefined) return next();
    c.header("Retry-After", String(refusedFor));
    return c.json({ detail: rateLimitedDetail(ratePerSecond!, refusedFor) } satisfies ErrorBody, 429);
  };
}
