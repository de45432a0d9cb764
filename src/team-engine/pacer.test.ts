import { describe, expect, it } from "vitest";
import { createPacer, type Pushback } from "./pacer.ts";

/**
 * A simulated service on a simulated clock, asked for pages as the load asks them: as many as the
 * pacer has room for, each retried after the wait it is told (three retries, as the transport),
 * then asked again later if other pages came meanwhile.
 */
interface SimulatedService {
  /** Milliseconds a page takes once the service works on it (a little jitter is added). */
  serviceMs: number;
  /** Pages it works on at once; more wait their turn. Unlimited when absent. */
  capacity?: number;
  /** At most this many pages a second (a token bucket as large); beyond it, 429 and `Retry-After` in whole seconds. */
  ratePerSecond?: number;
  /** Which attempts are pushed back, however fast: the nth request of the run. */
  pushBack?: (request: number) => Pushback | null;
}

function simulate(service: SimulatedService, { pages, ceiling, start }: { pages: number; ceiling: number; start?: number }) {
  let time = 0;
  const events: { at: number; seq: number; run: () => void }[] = [];
  let seq = 0;
  const at = (when: number, run: () => void) => events.push({ at: when, seq: seq++, run });
  const pacer = createPacer({ now: () => time, ceiling, start });
  const pending = Array.from({ length: pages }, (_, i) => i);
  const delivered: number[] = [];
  const failed: number[] = [];
  const limits: number[] = [];
  let mostInFlight = 0;
  let requests = 0;
  let pushbacks = 0;
  let working = 0;
  const queue: (() => void)[] = [];
  let tokens = service.ratePerSecond ?? 0;
  let tokensAt = 0;
  let wakeAt = -1;

  const serve = (work: () => void) => {
    if (service.capacity !== undefined && working >= service.capacity) return void queue.push(work);
    working++;
    at(time + service.serviceMs + (requests % 7), () => {
      working--;
      queue.shift()?.();
      work();
    });
  };
  const takeToken = (): number => {
    const rate = service.ratePerSecond!;
    tokens = Math.min(rate, tokens + ((time - tokensAt) / 1000) * rate);
    tokensAt = time;
    if (tokens >= 1) {
      tokens--;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - tokens) / rate)) * 1000;
  };

  const ask = (page: number, ticket = pacer.start(), retries = 0) => {
    mostInFlight = Math.max(mostInFlight, pacer.inFlight);
    const request = ++requests;
    serve(() => {
      const forced = service.pushBack?.(request) ?? null;
      const retryAfterMs = forced === null && service.ratePerSecond !== undefined ? takeToken() : 0;
      const why: Pushback | null = forced ?? (retryAfterMs > 0 ? "rate-limited" : null);
      if (why === null) {
        pacer.done(ticket);
        delivered.push(page);
        return fill();
      }
      pushbacks++;
      pacer.pushedBack(ticket, why, retryAfterMs || undefined);
      if (why !== "timeout" && retries < 3) return at(time + retryAfterMs, () => ask(page, ticket, retries + 1));
      // Out of retries (or timed out): asked again later while the service still answers others.
      const othersCame = pacer.othersCame(ticket);
      pacer.ended(ticket);
      if (othersCame) pending.unshift(page);
      else failed.push(page);
      fill();
    });
  };
  const fill = () => {
    if (failed.length > 0) return;
    for (let room = pacer.room(); room > 0 && pending.length > 0; room--) ask(pending.shift()!);
    limits.push(pacer.limit);
    const wait = pacer.waitMs();
    if (pending.length > 0 && wait > 0 && wakeAt < time + wait) {
      wakeAt = time + wait;
      at(wakeAt, fill);
    }
  };

  fill();
  while (events.length > 0) {
    events.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = events.shift()!;
    time = next.at;
    next.run();
  }
  return { delivered, failed, limits, mostInFlight, requests, pushbacks, seconds: time / 1000, pacer };
}

const sorted = (pages: number[]) => [...pages].sort((a, b) => a - b);
const allPages = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("the pacer against a simulated service", () => {
  it("grows from 4 in flight to the ceiling on a service that answers as fast with more pages asked, never above it", () => {
    const run = simulate({ serviceMs: 50 }, { pages: 400, ceiling: 16 });
    expect(run.limits[0]).toBe(4);
    expect(run.pacer.limit).toBe(16);
    expect(Math.max(...run.limits)).toBe(16);
    expect(run.mostInFlight).toBe(16);
    expect(sorted(run.delivered)).toEqual(allPages(400));
  });

  it("never goes above a low ceiling, nor starts above it", () => {
    const run = simulate({ serviceMs: 50 }, { pages: 200, ceiling: 2 });
    expect(Math.max(...run.limits)).toBe(2);
    expect(run.mostInFlight).toBe(2);
    expect(sorted(run.delivered)).toEqual(allPages(200));
  });

  it("stops growing where pages a second stop growing: a service that works on 6 pages at once", () => {
    const run = simulate({ serviceMs: 50, capacity: 6 }, { pages: 1_000, ceiling: 64 });
    expect(run.pacer.limit).toBeGreaterThanOrEqual(6);
    expect(run.pacer.limit).toBeLessThan(16);
    expect(sorted(run.delivered)).toEqual(allPages(1_000));
  });

  it("ends complete against a rate-limited service, each page once, paced near the rate", () => {
    const pages = 300;
    const rate = 20;
    const run = simulate({ serviceMs: 20, ratePerSecond: rate }, { pages, ceiling: 16 });
    expect(run.failed).toEqual([]);
    expect(sorted(run.delivered)).toEqual(allPages(pages));
    expect(run.pushbacks).toBeGreaterThan(0);
    // Backed off: well under the ceiling most of the time.
    const under = run.limits.filter((limit) => limit < 8).length;
    expect(under / run.limits.length).toBeGreaterThan(0.5);
    // Simulated seconds, not a wall clock: within 1.3× of pages / rate.
    expect(run.seconds).toBeLessThan((1.3 * pages) / rate);
  });

  it("delivers the same set of pages as a fixed pace of 4", () => {
    const fixed = simulate({ serviceMs: 30, capacity: 8 }, { pages: 250, ceiling: 4 });
    const paced = simulate({ serviceMs: 30, capacity: 8 }, { pages: 250, ceiling: 16 });
    expect(Math.max(...fixed.limits)).toBe(4);
    expect(sorted(paced.delivered)).toEqual(sorted(fixed.delivered));
    expect(paced.seconds).toBeLessThan(fixed.seconds);
  });

  it("halves on 503s and timeouts from a service that pushes back on every tenth request, and still ends complete", () => {
    const run = simulate(
      { serviceMs: 40, pushBack: (request) => (request % 20 === 0 ? "unavailable" : request % 20 === 10 ? "timeout" : null) },
      { pages: 400, ceiling: 16 },
    );
    expect(run.failed).toEqual([]);
    expect(sorted(run.delivered)).toEqual(allPages(400));
    expect(Math.max(...run.limits)).toBeLessThan(16);
  });

  it("fails the pages of a service that answers none of them, rather than asking forever", () => {
    const run = simulate({ serviceMs: 10, pushBack: () => "unavailable" }, { pages: 50, ceiling: 16 });
    expect(run.delivered).toEqual([]);
    expect(run.failed.length).toBeGreaterThan(0);
  });
});

describe("the pacer's steps", () => {
  it("halves (floor 1) on a 429, a 503 or a timeout, once for the pages asked before the decrease", () => {
    let time = 0;
    const pacer = createPacer({ now: () => time, ceiling: 16, start: 12 });
    const before = Array.from({ length: 12 }, () => pacer.start());
    pacer.pushedBack(before[0]!, "rate-limited");
    expect(pacer.limit).toBe(6);
    // The same window's other pages: no further decrease.
    pacer.pushedBack(before[1]!, "unavailable");
    pacer.pushedBack(before[2]!, "timeout");
    expect(pacer.limit).toBe(6);
    // A retry (asked after the decrease) pushed back again: half again.
    pacer.pushedBack(before[0]!, "timeout");
    expect(pacer.limit).toBe(3);
    const later = pacer.start();
    pacer.pushedBack(later, "unavailable");
    expect(pacer.limit).toBe(1);
    pacer.pushedBack(later, "rate-limited");
    expect(pacer.limit).toBe(1);
    time += 10;
    expect(pacer.room()).toBe(0); // 13 in flight, 1 allowed
  });

  it("honours Retry-After: no room until the wait has passed, whatever is in flight", () => {
    let time = 1_000;
    const pacer = createPacer({ now: () => time, ceiling: 16 });
    const ticket = pacer.start();
    pacer.pushedBack(ticket, "rate-limited", 2_000);
    expect(pacer.limit).toBe(2);
    expect(pacer.waitMs()).toBe(2_000);
    pacer.ended(ticket);
    expect(pacer.room()).toBe(0);
    time += 1_999;
    expect(pacer.room()).toBe(0);
    time += 1;
    expect(pacer.waitMs()).toBe(0);
    expect(pacer.room()).toBe(2);
  });

  it("ends the wait when the page told to wait comes (its retry, once the transport waited)", () => {
    let time = 0;
    const pacer = createPacer({ now: () => time, ceiling: 16 });
    const told = pacer.start();
    const other = pacer.start();
    pacer.pushedBack(told, "unavailable", 5_000);
    time += 100;
    pacer.done(other); // a page not told to wait: the wait goes on
    expect(pacer.waitMs()).toBe(4_900);
    pacer.done(told);
    expect(pacer.waitMs()).toBe(0);
    expect(pacer.room()).toBeGreaterThan(0);
  });

  it("starts at 4, or at the ceiling when it is lower; a ceiling below 1 is 1", () => {
    const now = () => 0;
    expect(createPacer({ now, ceiling: 16 }).limit).toBe(4);
    expect(createPacer({ now, ceiling: 3 }).limit).toBe(3);
    expect(createPacer({ now, ceiling: 0 }).limit).toBe(1);
  });

  it("grows by one a window only while pages a second grow", () => {
    let time = 0;
    const pacer = createPacer({ now: () => time, ceiling: 16 });
    const window = (pages: number, ms: number) => {
      const tickets = Array.from({ length: pages }, () => pacer.start());
      time += ms;
      tickets.forEach((ticket) => pacer.done(ticket));
    };
    window(4, 100); // 40 a second: more than none
    expect(pacer.limit).toBe(5);
    window(5, 100); // 50 a second
    expect(pacer.limit).toBe(6);
    window(6, 120); // 50 a second again: no growth
    expect(pacer.limit).toBe(6);
    window(6, 100); // 60 a second
    expect(pacer.limit).toBe(7);
  });
});
