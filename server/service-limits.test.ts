import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseServiceArgs, parseServiceLimits, UsageError } from "./cli-options.ts";
import type { Listening } from "./service.ts";
import { rateLimitedDetail, serviceLimits } from "./service-limits.ts";
import { fixtureSeed, keys, startTestService } from "./testing.ts";

describe("--latency and --rate", () => {
  it("read whole milliseconds and whole requests a second; neither given plays no limit", () => {
    expect(parseServiceArgs([]).limits).toEqual({ latencyMs: 0 });
    expect(parseServiceArgs(["--latency", "50", "--rate", "20"]).limits).toEqual({ latencyMs: 50, ratePerSecond: 20 });
    expect(parseServiceLimits({ latency: "0", rate: "1" })).toEqual({ latencyMs: 0, ratePerSecond: 1 });
    expect(parseServiceLimits({ latency: "60000" })).toEqual({ latencyMs: 60_000 });
  });

  it.each(["-1", "1.5", "abc", "", "60001", "1e3"])("refuse --latency %j, saying what they take", (latency) => {
    expect(() => parseServiceArgs([`--latency=${latency}`])).toThrow(UsageError);
    expect(() => parseServiceArgs([`--latency=${latency}`])).toThrow(
      `--latency must be a whole number of milliseconds from 0 to 60000, got ${latency}`,
    );
  });

  it.each(["0", "-5", "2.5", "many", ""])("refuse --rate %j, saying what they take", (rate) => {
    expect(() => parseServiceArgs([`--rate=${rate}`])).toThrow(UsageError);
    expect(() => parseServiceArgs([`--rate=${rate}`])).toThrow(
      `--rate must be a whole number of requests a second, 1 or more, got ${rate}`,
    );
  });
});

describe("the limits a service plays", () => {
  afterEach(() => vi.useRealTimers());

  const appWith = (limits: Parameters<typeof serviceLimits>[0], now?: () => number) => {
    const app = new Hono();
    app.use("/v2/user/", serviceLimits(limits, now));
    app.get("/v2/user/", (c) => c.json({ users: [] }));
    return app;
  };

  it("answers a request once its latency has passed, not before", async () => {
    vi.useFakeTimers();
    const app = appWith({ latencyMs: 100 });
    let answered = false;
    const answer = Promise.resolve(app.request("/v2/user/")).then((response) => {
      answered = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).status).toBe(200);
  });

  it("answers at most the rate in any second; beyond it 429, Retry-After in whole seconds and a detail", async () => {
    let time = 10_000;
    const app = appWith({ ratePerSecond: 3 }, () => time);
    for (let i = 0; i < 3; i++) {
      expect((await app.request("/v2/user/")).status).toBe(200);
      time += 100;
    }
    const refused = await app.request("/v2/user/");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toEqual({ detail: rateLimitedDetail(3, 1) });
    // The window slides: the first request is a second old, one more is answered.
    time = 11_000;
    expect((await app.request("/v2/user/")).status).toBe(200);
    expect((await app.request("/v2/user/")).status).toBe(429);
    time = 11_200;
    expect((await app.request("/v2/user/")).status).toBe(200);
  });
});

describe("the reference service with --rate", () => {
  let service: Listening;
  beforeAll(async () => {
    service = await startTestService(fixtureSeed({ teamA: 5, teamA2: 1, teamB: 1 }), { limits: { latencyMs: 0, ratePerSecond: 2 } });
  });
  afterAll(() => service.close());

  const list = () => fetch(`${service.url}/v2/user/?limit=1`, { headers: { "x-service-api-key": keys.teamA } });

  it("limits the list operation: a burst past the rate is refused with 429 and Retry-After, as JSON", async () => {
    const answers = await Promise.all([list(), list(), list(), list()]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/at most 2 a second/);
  });

  it("leaves the other paths alone", async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => fetch(`${service.url}/healthz`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });
});
