/**
 * The team's pages as the service sends them, in the service's order, with requests ahead of the
 * reader as many as the service takes (the pacer: from 4, up to a ceiling): what an export streams
 * from when it does not read the index.
 */
import type { PageAsSent, PageRange } from "../api/list-users.ts";
import type { PageLines } from "../api/page-lines.ts";
import type { CallOptions } from "../api/http.ts";
import { createPacer, pushbackOf } from "./pacer.ts";
import { teamPageSize, teamRequestsInFlightCeiling } from "./whole-team-limits.ts";

/** The part of the team client an export uses: pages parsed (for a CSV) or as NDJSON lines. */
export interface SentTeamPages {
  listUsersAsSent(range: PageRange, options?: CallOptions): Promise<PageAsSent>;
  listUserLines(range: PageRange, options?: CallOptions): Promise<PageLines>;
}

/** What the reader of the pages needs of each: its users' IDs, and the team's total. */
export interface ServicePage {
  total: number;
  userIds: readonly string[];
}

export interface ServicePagesOptions {
  signal?: AbortSignal;
  pageSize?: number;
  /** The most pages in flight (the pacer's ceiling). */
  maxInFlight?: number;
  /** `Date.now()` unless a test says otherwise. */
  now?: () => number;
}

/** The pages `listPage` reads, from the first until the team's total (or an empty page). */
export async function* servicePages<P extends ServicePage>(
  listPage: (range: PageRange, options: CallOptions) => Promise<P>,
  options: ServicePagesOptions = {},
): AsyncGenerator<P> {
  const { signal, pageSize = teamPageSize, maxInFlight = teamRequestsInFlightCeiling, now = Date.now } = options;
  const pacer = createPacer({ now, ceiling: maxInFlight });
  /** Pages given another try since the last page came (see loadTeam): past the ceiling, the export fails. */
  let refusedInARow = 0;
  // Requests still ahead of the reader are abandoned when it stops early or the caller cancels.
  const ahead = new AbortController();
  const requestSignal = signal ? AbortSignal.any([signal, ahead.signal]) : ahead.signal;
  /** The page at `offset`; one the service still refuses (429, 503) or left unanswered is asked again while pages come. */
  const ask = async (offset: number): Promise<P> => {
    for (;;) {
      await pause(pacer.waitMs(), requestSignal); // the wait the service asked for
      const ticket = pacer.start();
      try {
        const onPushback: CallOptions["onPushback"] = (why, retryAfterMs) => pacer.pushedBack(ticket, why, retryAfterMs);
        const page = await listPage({ offset, limit: pageSize }, { signal: requestSignal, onPushback });
        pacer.done(ticket);
        refusedInARow = 0;
        return page;
      } catch (error) {
        const why = requestSignal.aborted ? null : pushbackOf(error);
        if (why) pacer.pushedBack(ticket, why, (error as { retryAfterMs?: number }).retryAfterMs);
        const again = why !== null && (pacer.othersCame(ticket) || (pacer.pagesDone > 0 && refusedInARow < maxInFlight));
        pacer.ended(ticket);
        if (!again) throw error;
        refusedInARow++;
      }
    }
  };
  const request = (offset: number): Promise<P> => {
    const answer = ask(offset);
    answer.catch(() => {}); // awaited later, in order; until then its failure is not unhandled
    return answer;
  };
  try {
    const queue = [request(0)];
    let next = pageSize;
    while (queue.length > 0) {
      const page = await queue.shift()!;
      yield page;
      if (page.userIds.length === 0) break; // the team shrank: nothing lies beyond
      for (; queue.length < pacer.limit && next < page.total; next += pageSize) queue.push(request(next));
    }
  } finally {
    ahead.abort();
  }
}

/** Waits `ms` (none when 0), or until `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
