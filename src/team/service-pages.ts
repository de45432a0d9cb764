/**
 * The team's pages as the service sends them, in the service's order, with a few requests ahead
 * of the reader: what an export streams from when it does not read the index.
 */
import type { PageAsSent } from "../api/list-users.ts";
import type { CallOptions } from "../api/http.ts";
import { teamPageSize, teamRequestsInFlight } from "./whole-team-limits.ts";

/** The part of the team client an export uses. */
export interface SentTeamPages {
  listUsersAsSent(range: { offset: number; limit: number }, options?: CallOptions): Promise<PageAsSent>;
}

export interface SentPage extends PageAsSent {
  offset: number;
}

export interface ServicePagesOptions {
  signal?: AbortSignal;
  pageSize?: number;
  inFlight?: number;
}

export async function* servicePages(client: SentTeamPages, options: ServicePagesOptions = {}): AsyncGenerator<SentPage> {
  const { signal, pageSize = teamPageSize, inFlight = teamRequestsInFlight } = options;
  // Requests still ahead of the reader are abandoned when it stops early or the caller cancels.
  const ahead = new AbortController();
  const requestSignal = signal ? AbortSignal.any([signal, ahead.signal]) : ahead.signal;
  const request = (offset: number): Promise<SentPage> => {
    const answer = client.listUsersAsSent({ offset, limit: pageSize }, { signal: requestSignal }).then((r) => ({ offset, ...r }));
    answer.catch(() => {}); // awaited later, in order; until then its failure is not unhandled
    return answer;
  };
  try {
    const queue = [request(0)];
    let next = pageSize;
    while (queue.length > 0) {
      const sentPage = await queue.shift()!;
      yield sentPage;
      if (sentPage.page.users.length === 0) break; // the team shrank: nothing lies beyond
      for (; queue.length < inFlight && next < sentPage.page.total; next += pageSize) queue.push(request(next));
    }
  } finally {
    ahead.abort();
  }
}
