import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { asTeamApiKey } from "../api/key-kinds.ts";
import { createTeamClient } from "../api/list-users.ts";
import { NetworkError, RateLimitedError, ServerError } from "../api/errors.ts";
import type { SentUser } from "../api/contract.ts";
import { pageOfUsers } from "../api/team-page.test-helper.ts";
import type { TeamPage } from "../api/team-page.ts";
import type { Listening } from "../../server/service.ts";
import { fixtureSeed, keys, startTestService } from "../../server/testing.ts";
import { describeDrift, loadTeam, type LoadProgress } from "./load-team.ts";
import { TeamIndex } from "./team-index.ts";
import { loadProgressEveryMs, teamMaxRetryAfterMs, teamRequestsInFlightCeiling } from "./whole-team-limits.ts";
import { selectedRows } from "./team-index.test-helper.ts";

const teamSize = 250;
const pageSize = 20; // 13 pages: enough to see several in flight, and to stop in the middle
let service: Listening;
beforeAll(async () => {
  service = await startTestService(fixtureSeed({ teamA: teamSize, teamA2: 3, teamB: 5 }));
});
afterAll(() => service.close());

/** What `fetch` sees, and a way to answer some requests differently. */
function instrumentedFetch(answer?: (offset: number, attempt: number) => Response | string | undefined) {
  const requests: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const offset = Number(url.searchParams.get("offset"));
    requests.push(offset);
    const attempt = requests.filter((o) => o === offset).length;
    const replaced = answer?.(offset, attempt);
    if (replaced instanceof Response) return replaced;
    if (typeof replaced === "string") url.search = replaced;
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      return await globalThis.fetch(url, init);
    } finally {
      inFlight--;
    }
  };
  return { fetch, requests, mostInFlight: () => mostInFlight };
}

const clientWith = (fetch: typeof globalThis.fetch) =>
  createTeamClient({ baseUrl: service.url, apiKey: asTeamApiKey(keys.teamA), fetch, sleep: async () => {} });

async function allUserIds(): Promise<string[]> {
  const page = await createTeamClient({ baseUrl: service.url, apiKey: asTeamApiKey(keys.teamA) }).listUsers({ offset: 0, limit: 500 });
  return page.users.map((u) => u.user_id);
}

function idsIn(index: TeamIndex): string[] {
  return Array.from(selectedRows(index, {}), (row) => index.user(row).user_id);
}

describe("loadTeam's progress", () => {
  it(`reports the first page at once, then at most every ${loadProgressEveryMs} ms: pages that come sooner in one report when it is due, and the end`, async () => {
    const every = loadProgressEveryMs;
    vi.useFakeTimers();
    try {
      const user: SentUser = { user_id: "u", team_id: "t", client_user_id: "c", created_on: "2026-11-25T00:00:00Z", connected_sources: [] };
      // One page at a time, each answered this long after it is asked (fake time): pages 2 and 3
      // before the next report is due, page 4 after it was, page 5 soon after.
      const soon = Math.floor(every / 4);
      const answerAfterMs = [0, soon, soon, 2 * every, soon];
      const pages = {
        listTeamPage: ({ offset, limit }: { offset: number; limit: number }) =>
          new Promise<TeamPage>((resolve) =>
            setTimeout(
              () => resolve({ ...pageOfUsers(Array.from({ length: limit }, () => user)), total: 50, offset, limit }),
              answerAfterMs[offset / limit],
            ),
          ),
      };
      let size = 0;
      const sink = {
        addPage: ({ users }: TeamPage) => ((size += users.length), users.length),
        get size() {
          return size;
        },
      };
      const reports: { pagesDone: number; at: number }[] = [];
      const startedAt = Date.now();
      const loading = loadTeam(pages, sink, {
        pageSize: 10,
        maxInFlight: 1,
        onProgress: (p) => reports.push({ pagesDone: p.pagesDone, at: Date.now() - startedAt }),
      });
      await vi.runAllTimersAsync();
      expect(await loading).toMatchObject({ status: "complete", users: 50 });
      // Page 1 at once; pages 2 and 3, told when due; page 4 at once (its report was due); page 5, told as the load ends.
      expect(reports).toEqual([
        { pagesDone: 1, at: 0 },
        { pagesDone: 3, at: every },
        { pagesDone: 4, at: 2 * soon + 2 * every },
        { pagesDone: 5, at: 3 * soon + 2 * every },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A user of a made-up team, the `n`th. */
const user = (n: number): SentUser => ({
  user_id: `u-${n}`,
  team_id: "t",
  client_user_id: `c-${n}`,
  created_on: "2026-11-25T00:00:00Z",
  connected_sources: [],
});

describe("loadTeam's order of pages", () => {
  const pageSize = 10;

  /** A team of `total` users whose pages are answered when the test says (`answer`), or failed when the load is cancelled. */
  function pagesAnsweredByHand(total: number) {
    const waiting = new Map<number, () => void>();
    const pages = {
      listTeamPage: ({ offset, limit }: { offset: number; limit: number }, options?: { signal?: AbortSignal }) =>
        new Promise<TeamPage>((resolve, reject) => {
          const users = Array.from({ length: Math.min(limit, total - offset) }, (_, i) => user(offset + i));
          waiting.set(offset, () => resolve({ ...pageOfUsers(users), total, offset, limit }));
          options?.signal?.addEventListener("abort", () => reject(options.signal!.reason));
        }),
    };
    /** Answers the pages at these offsets (each once asked), one after another, and lets the loader take each in. */
    const answer = async (...offsets: number[]) => {
      for (const offset of offsets) {
        await vi.waitFor(() => expect(waiting.has(offset)).toBe(true));
        waiting.get(offset)!();
        waiting.delete(offset);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
    return { pages, answer };
  }

  /** An index that notes the offset of each page it is given. */
  function recordingIndex() {
    const index = new TeamIndex();
    const added: number[] = [];
    const addPage = index.addPage.bind(index);
    index.addPage = (page, offset) => (added.push(offset), addPage(page, offset));
    return { index, added };
  }

  const ids = (total: number) => Array.from({ length: total }, (_, i) => `u-${i}`);

  it("appends pages in the service's order, whatever order they come in: the rows need no list of that order", async () => {
    const { pages, answer } = pagesAnsweredByHand(60);
    const { index, added } = recordingIndex();
    const loading = loadTeam(pages, index, { pageSize, maxInFlight: 4 });
    await answer(0, 30, 20);
    expect(added).toEqual([0]); // 20 and 30 held: 10 is still to come
    await answer(10);
    expect(added).toEqual([0, 10, 20, 30]);
    await answer(50, 40);
    expect(await loading).toMatchObject({ status: "complete", users: 60 });
    expect(added).toEqual([0, 10, 20, 30, 40, 50]);
    expect(index.select({})).toBeNull(); // every row in its own place
    expect(idsIn(index)).toEqual(ids(60));
  });

  it("keeps the pages that came after a missing one when the load is cancelled, and resumes that one", async () => {
    const { pages, answer } = pagesAnsweredByHand(60);
    const { index, added } = recordingIndex();
    const controller = new AbortController();
    const loading = loadTeam(pages, index, { pageSize, maxInFlight: 4, signal: controller.signal });
    await answer(0, 20, 30);
    expect(added).toEqual([0]);
    controller.abort();
    const outcome = await loading;
    expect(outcome).toMatchObject({ status: "cancelled", users: 30 });
    expect(added).toEqual([0, 20, 30]);
    if (outcome.status !== "cancelled") return;
    expect(outcome.resume.pendingOffsets).toEqual([10, 40, 50]);

    const resumed = loadTeam(pages, index, { resume: outcome.resume });
    await answer(40, 10, 50); // a resumed load adds its pages as they come
    expect(await resumed).toMatchObject({ status: "complete", users: 60 });
    expect(added).toEqual([0, 20, 30, 40, 10, 50]);
    expect(idsIn(index)).toEqual(ids(60)); // shown in the service's order all the same
  });

  it("leaves a page the index fails on to load again, and adds the pages held after it all the same", async () => {
    const { pages, answer } = pagesAnsweredByHand(60);
    const { index, added } = recordingIndex();
    const addPage = index.addPage.bind(index);
    let failing = true;
    index.addPage = (page, offset) => {
      if (offset === 20 && failing) throw new RangeError("No room");
      return addPage(page, offset);
    };
    const loading = loadTeam(pages, index, { pageSize, maxInFlight: 4 });
    // 20 fails once 10 comes; 30, then 40 and 50 (in flight already), held, go in at the end.
    await answer(0, 20, 30, 10, 40, 50);
    const outcome = await loading;
    expect(outcome).toMatchObject({ status: "failed", users: 50, error: new RangeError("No room") });
    expect(added).toEqual([0, 10, 30, 40, 50]);
    if (outcome.status !== "failed") return;
    expect(outcome.resume.pendingOffsets).toEqual([20]);

    failing = false;
    const resumed = loadTeam(pages, index, { resume: outcome.resume });
    await answer(20);
    expect(await resumed).toMatchObject({ status: "complete", users: 60 });
    expect(idsIn(index)).toEqual(ids(60));
  });

  it("holds at most twice the pages in flight for one long in coming: past that, they go in as they came", async () => {
    const { pages, answer } = pagesAnsweredByHand(80);
    const { index, added } = recordingIndex();
    const loading = loadTeam(pages, index, { pageSize, maxInFlight: 2 });
    await answer(0, 20, 30, 40, 50);
    expect(added).toEqual([0]); // four held: twice the two in flight
    await answer(60);
    expect(added).toEqual([0, 20, 30, 40, 50, 60]);
    await answer(10, 70);
    expect(await loading).toMatchObject({ status: "complete", users: 80 });
    expect(added).toEqual([0, 20, 30, 40, 50, 60, 10, 70]);
    expect(idsIn(index)).toEqual(ids(80));
  });
});

describe("loadTeam against the reference service", () => {
  it("loads every user, a few pages at a time, reporting progress (each page, when asked)", async () => {
    const { fetch, requests, mostInFlight } = instrumentedFetch();
    const index = new TeamIndex();
    const progress: LoadProgress[] = [];
    const outcome = await loadTeam(clientWith(fetch), index, { pageSize, progressEveryMs: 0, onProgress: (p) => progress.push(p) });

    expect(outcome).toEqual({ status: "complete", users: teamSize, total: teamSize, drift: null });
    expect(idsIn(index)).toEqual(await allUserIds());
    expect(requests).toHaveLength(13);
    // From 4 at once, more while pages a second grow, never above the ceiling.
    expect(mostInFlight()).toBeGreaterThanOrEqual(4);
    expect(mostInFlight()).toBeLessThanOrEqual(teamRequestsInFlightCeiling);
    expect(progress.map((p) => p.pagesDone)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(progress.at(-1)).toMatchObject({ pagesTotal: 13, users: teamSize, total: teamSize, secondsLeft: 0 });
    expect(progress.every((p) => p.ratePerSecond > 0)).toBe(true);
  });

  it("tells the index the team's size once, after the first page, and the index holds the same team", async () => {
    const index = new TeamIndex();
    const reserved: number[] = [];
    const sink = {
      addPage: (...page: Parameters<TeamIndex["addPage"]>) => index.addPage(...page),
      reserve: (users: number) => {
        reserved.push(users);
        expect(index.size).toBe(pageSize);
        index.reserve(users);
      },
      get size() {
        return index.size;
      },
    };
    await loadTeam(clientWith(instrumentedFetch().fetch), sink, { pageSize });
    expect(reserved).toEqual([teamSize]);
    expect(idsIn(index)).toEqual(await allUserIds());
  });

  it("stops on cancel, keeps what it loaded, and resumes to the end", async () => {
    const { fetch, requests } = instrumentedFetch();
    const index = new TeamIndex();
    const controller = new AbortController();
    const cancelled = await loadTeam(clientWith(fetch), index, {
      pageSize,
      signal: controller.signal,
      progressEveryMs: 0,
      onProgress: (p) => p.pagesDone === 3 && controller.abort(),
    });

    expect(cancelled.status).toBe("cancelled");
    if (cancelled.status !== "cancelled") return;
    expect(cancelled.users).toBe(index.size);
    expect(index.size).toBeGreaterThanOrEqual(3 * pageSize);
    expect(index.size).toBeLessThan(teamSize);
    expect(cancelled.resume.pendingOffsets.length).toBe(13 - cancelled.resume.pagesDone);

    const resumed = await loadTeam(clientWith(fetch), index, { resume: cancelled.resume });
    expect(resumed).toEqual({ status: "complete", users: teamSize, total: teamSize, drift: null });
    expect(idsIn(index)).toEqual(await allUserIds());
    expect(new Set(requests).size).toBe(13);
  });

  it("keeps what it loaded when a page fails, and resumes from the page that failed", async () => {
    const failing = instrumentedFetch((offset) => (offset === 40 ? new Response('{"detail":"boom"}', { status: 500 }) : undefined));
    const index = new TeamIndex();
    const failed = await loadTeam(clientWith(failing.fetch), index, { pageSize });

    expect(failed.status).toBe("failed");
    if (failed.status !== "failed") return;
    expect(failed.error).toBeInstanceOf(ServerError);
    expect((failed.error as Error).message).toBe("boom");
    expect(failed.resume.pendingOffsets[0]).toBe(40);
    expect(index.size).toBe(failed.users);
    expect(index.rowOf((await allUserIds())[0]!)).toBeDefined();

    const resumed = await loadTeam(clientWith(instrumentedFetch().fetch), index, { resume: failed.resume });
    expect(resumed.status).toBe("complete");
    expect(idsIn(index)).toEqual(await allUserIds());
  });

  it("waits out a 503 with Retry-After and loads the page on the next try", async () => {
    const busy = () => new Response('{"detail":"busy"}', { status: 503, headers: { "retry-after": "0" } });
    const { fetch, requests } = instrumentedFetch((offset, attempt) => (offset === 100 && attempt === 1 ? busy() : undefined));
    const index = new TeamIndex();
    const outcome = await loadTeam(clientWith(fetch), index, { pageSize });

    expect(outcome).toEqual({ status: "complete", users: teamSize, total: teamSize, drift: null });
    expect(requests.filter((o) => o === 100)).toHaveLength(2);
    expect(idsIn(index)).toEqual(await allUserIds());
  });

  it("reports the wait the service asked for in its progress, until the wait is over", async () => {
    const slowDown = () => new Response('{"detail":"slow down"}', { status: 429, headers: { "retry-after": "60" } });
    const { fetch, requests } = instrumentedFetch((offset, attempt) => (offset === 100 && attempt === 1 ? slowDown() : undefined));
    // One clock for the load and the transport's sleep: the sleep moves it on.
    let clock = 1_000_000;
    const waits: number[] = [];
    const sleep = async (ms: number) => void (waits.push(ms), (clock += ms));
    const client = createTeamClient({
      baseUrl: service.url,
      apiKey: asTeamApiKey(keys.teamA),
      fetch,
      sleep,
      maxRetryAfterMs: teamMaxRetryAfterMs,
    });
    const progress: LoadProgress[] = [];
    const outcome = await loadTeam(client, new TeamIndex(), { pageSize, now: () => clock, onProgress: (p) => progress.push(p) });

    expect(outcome).toEqual({ status: "complete", users: teamSize, total: teamSize, drift: null });
    expect(waits).toEqual([60_000]);
    expect(requests.filter((o) => o === 100)).toHaveLength(2);
    // Told once, when the wait began; the reports after it say no wait.
    expect(progress.map((p) => p.waitingUntil).filter((until) => until !== null)).toEqual([1_060_000]);
    expect(progress.at(-1)!.waitingUntil).toBeNull();
  });

  it("stops during the wait when cancelled, without waiting it out", async () => {
    const slowDown = () => new Response('{"detail":"slow down"}', { status: 429, headers: { "retry-after": "60" } });
    const { fetch, requests } = instrumentedFetch((offset) => (offset === 100 ? slowDown() : undefined));
    // The transport's own sleep: a cancel that did not end it would keep this test a minute.
    const client = createTeamClient({
      baseUrl: service.url,
      apiKey: asTeamApiKey(keys.teamA),
      fetch,
      maxRetryAfterMs: teamMaxRetryAfterMs,
    });
    const controller = new AbortController();
    const outcome = await loadTeam(client, new TeamIndex(), {
      pageSize,
      signal: controller.signal,
      onProgress: (p) => p.waitingUntil !== null && controller.abort(),
    });

    expect(outcome.status).toBe("cancelled");
    if (outcome.status !== "cancelled") return;
    expect(outcome.resume.pendingOffsets).toContain(100);
    expect(requests.filter((o) => o === 100)).toHaveLength(1);
  });

  it("reports, in words, a team that changed while it loaded", async () => {
    // As if a user were added at the start once the first page was read: later pages shift by
    // one, so the user at the first page's edge comes twice, the new one is missed, and the
    // total grows by one.
    const limit = 100;
    const shifted = instrumentedFetch((offset) => (offset > 0 ? `?offset=${offset - 1}&limit=${limit}` : undefined));
    const growing: typeof fetch = async (input, init) => {
      const response = await shifted.fetch(input, init);
      const body = (await response.json()) as { total: number; offset: number };
      const moved = body.offset > 0 ? { ...body, total: body.total + 1, offset: body.offset + 1 } : body;
      return Response.json(moved, { status: response.status });
    };
    const index = new TeamIndex();
    const outcome = await loadTeam(clientWith(growing), index, { pageSize: limit });

    expect(outcome).toEqual({
      status: "complete",
      users: teamSize,
      total: teamSize + 1,
      drift:
        "The team changed while it loaded: 1 user was added (the service counted 250 users at the start, 251 users at the end). " +
        "250 users were loaded, 1 fewer than the 251 users the service counts now: some may be missing. " +
        "1 user came on two pages (the pages shifted) and is shown once. Refresh to load the team again.",
    });
  });

  it("does not load a team larger than the index takes", async () => {
    const index = new TeamIndex();
    const outcome = await loadTeam(clientWith(instrumentedFetch().fetch), index, { pageSize, maxUsers: 100 });
    expect(outcome).toEqual({ status: "too-large", total: teamSize, maxUsers: 100 });
    expect(index.size).toBe(0);
  });
});

describe("loadTeam's pace", () => {
  /** A team whose pages each take a few milliseconds however many are asked at once; it counts them in flight. */
  function fastService(total: number) {
    let inFlight = 0;
    let mostInFlight = 0;
    const pages = {
      listTeamPage: async ({ offset, limit }: { offset: number; limit: number }): Promise<TeamPage> => {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 3 + (offset % 3)));
        inFlight--;
        const users = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => user(offset + i));
        return { ...pageOfUsers(users), total, offset, limit };
      },
    };
    return { pages, mostInFlight: () => mostInFlight };
  }

  it("asks more pages at once than 4 on a service that answers them as fast, never more than the ceiling, with the same users as a fixed pace of 4", async () => {
    const paced = fastService(3_000);
    const pacedIndex = new TeamIndex();
    const progress: LoadProgress[] = [];
    const outcome = await loadTeam(paced.pages, pacedIndex, { pageSize: 10, maxInFlight: 12, onProgress: (p) => progress.push(p) });
    expect(outcome).toEqual({ status: "complete", users: 3_000, total: 3_000, drift: null });
    expect(paced.mostInFlight()).toBeGreaterThan(4);
    expect(paced.mostInFlight()).toBeLessThanOrEqual(12);
    expect(progress.at(-1)!.pagesPerSecond).toBeGreaterThan(0);

    const fixed = fastService(3_000);
    const fixedIndex = new TeamIndex();
    await loadTeam(fixed.pages, fixedIndex, { pageSize: 10, maxInFlight: 4 });
    expect(fixed.mostInFlight()).toBe(4);
    expect(idsIn(pacedIndex)).toEqual(idsIn(fixedIndex));
  });

  it("asks pages one at a time with a ceiling of 1", async () => {
    const service = fastService(200);
    const outcome = await loadTeam(service.pages, new TeamIndex(), { pageSize: 10, maxInFlight: 1 });
    expect(outcome.status).toBe("complete");
    expect(service.mostInFlight()).toBe(1);
  });

  it("asks again a page the service still refuses after its retries (429 or 503), or left unanswered, while other pages come", async () => {
    const service = fastService(400);
    const refused = new Map<number, number>();
    const pages = {
      listTeamPage: (range: { offset: number; limit: number }) => {
        const times = refused.get(range.offset) ?? 0;
        refused.set(range.offset, times + 1);
        if (range.offset === 100 && times === 0) return Promise.reject(new RateLimitedError("Too many requests (429)"));
        if (range.offset === 200 && times === 0) return Promise.reject(new ServerError("busy", 503));
        if (range.offset === 300 && times === 0)
          return Promise.reject(new NetworkError("The service did not answer within 15 s", { timedOut: true }));
        return service.pages.listTeamPage(range);
      },
    };
    const index = new TeamIndex();
    const outcome = await loadTeam(pages, index, { pageSize: 10 });
    expect(outcome).toEqual({ status: "complete", users: 400, total: 400, drift: null });
    expect([refused.get(100), refused.get(200), refused.get(300)]).toEqual([2, 2, 2]);
  });

  it("stops, as before, when the service refuses the first page after its retries: nothing else came", async () => {
    const pages = { listTeamPage: () => Promise.reject(new ServerError("busy", 503)) };
    const outcome = await loadTeam(pages, new TeamIndex(), { pageSize: 10 });
    expect(outcome.status).toBe("failed");
  });

  it("stops at once on a Retry-After too long to wait out, as before", async () => {
    const slowDown = () => new Response('{"detail":"slow down"}', { status: 429, headers: { "retry-after": "3600" } });
    const { fetch } = instrumentedFetch((offset) => (offset === 100 ? slowDown() : undefined));
    const outcome = await loadTeam(clientWith(fetch), new TeamIndex(), { pageSize });
    expect(outcome.status).toBe("failed");
    if (outcome.status !== "failed") return;
    expect((outcome.error as Error).message).toBe("The service asked to wait 60 min before trying again");
    expect(outcome.resume.pendingOffsets).toContain(100);
  });

  describe("against a reference service limited to 10 requests a second", () => {
    let limited: Listening;
    beforeAll(async () => {
      limited = await startTestService(fixtureSeed({ teamA: teamSize, teamA2: 3, teamB: 5 }), {
        limits: { latencyMs: 0, ratePerSecond: 10 },
      });
    });
    afterAll(() => limited.close());

    it("ends complete with the same users, though the service answered 429s", async () => {
      const statuses: number[] = [];
      const fetch: typeof globalThis.fetch = async (input, init) => {
        const response = await globalThis.fetch(input, init);
        statuses.push(response.status);
        return response;
      };
      // The transport's retries come at once (no sleep): they run out, and the pages are asked again after the service's wait.
      const client = createTeamClient({ baseUrl: limited.url, apiKey: asTeamApiKey(keys.teamA), fetch, sleep: async () => {} });
      const index = new TeamIndex();
      const outcome = await loadTeam(client, index, { pageSize: 10 });
      expect(outcome).toEqual({ status: "complete", users: teamSize, total: teamSize, drift: null });
      expect(idsIn(index)).toEqual(await allUserIds());
      expect(statuses).toContain(429);
    });
  });
});

describe("describeDrift", () => {
  it("says nothing when the team held still", () => {
    expect(describeDrift({ firstTotal: 5, latestTotal: 5, users: 5, repeatedUsers: 0 })).toBeNull();
  });

  it("says when users were removed", () => {
    expect(describeDrift({ firstTotal: 5, latestTotal: 3, users: 4, repeatedUsers: 0 })).toBe(
      "The team changed while it loaded: 2 users were removed (the service counted 5 users at the start, 3 users at the end). " +
        "4 users were loaded, 1 more than the 3 users the service counts now: some may have been removed. Refresh to load the team again.",
    );
  });
});
