/**
 * The team's pages as the service sends them, in the service's order, with a few requests ahead
 * of the reader: what an export streams from when it does not read the index.
 */
import type { PageAsSent, PageRange } from "../api/list-users.ts";
import type { PageLines } from "../api/page-lines.ts";
import type { CallOptions } from "../api/http.ts";
import { teamPageSize, teamRequestsInFlight } from "./whole-team-limits.ts";

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
  inFlight?: number;
}

/** The pages `listPage` reads, from the first until the team's total (or an empty page). */
export async function* servicePages<P extends ServicePage>(
  listPage: (range: PageRange, options: CallOptions) => Promise<P>,
  options: ServicePagesOptions = {},
): AsyncGenerator<P> {
  const { signal, pageSize = teamPageSize, inFlight = teamRequestsInFlight } = options;
  // Requests still ahead of the reader are abandoned when it stops early or the caller cancels.
  const ahead = new AbortController();
  const requestSignal = signal ? AbortSignal.any([signal, ahead.signal]) : ahead.signal;
  const request = (offset: number): Promise<P> => {
    const answer = listPage({ offset, limit: pageSize }, { signal: requestSignal });
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
      for (; queue.length < inFlight && next < page.total; next += pageSize) queue.push(request(next));
    }
  } finally {
    ahead.abort();
  }
}
