/**
 * Loads the whole team into a sink (the index), page after page with as many requests in flight as
 * the service takes (the pacer: from 4, up to a ceiling), through the typed team client (so 429
 * and 503 are retried, honouring Retry-After). A page the service still refuses (429, 503) or
 * left unanswered is asked again later while other pages come; a failure or a cancel keeps what
 * was loaded and says which pages remain, to resume from there; at the end, a team that changed
 * while it loaded is described in words.
 */
import type { CallOptions } from "../api/http.ts";
import type { TeamPage } from "../api/team-page.ts";
import { createPacer, pushbackOf } from "./pacer.ts";
import { indexMaxUsers, loadProgressEveryMs, teamPageSize, teamRequestsInFlightCeiling } from "./whole-team-limits.ts";

/** The part of the team client the loader uses. */
export interface TeamPages {
  listTeamPage(range: { offset: number; limit: number }, options?: CallOptions): Promise<TeamPage>;
}

/** Where pages go: the index. `addPage` returns how many of the users were new. */
export interface TeamSink {
  addPage(page: TeamPage, offset: number): number;
  /** Told the team's size once its first page is in: room for it all at once. */
  reserve?(users: number): void;
  readonly size: number;
}

export interface LoadProgress {
  pagesDone: number;
  pagesTotal: number;
  /** Distinct users loaded. */
  users: number;
  /** The team's size, as the service last said. */
  total: number;
  /** Users a second, over this run. */
  ratePerSecond: number;
  /** Pages a second, over this run: how fast the service lets the pages come. */
  pagesPerSecond: number;
  /** At the current rate; null until there is one. */
  secondsLeft: number | null;
  /** When the wait the service asked for (`Retry-After`) ends, as `Date.now()`; null when none is running. */
  waitingUntil: number | null;
}

/** Where a stopped load stands: enough to resume it. Plain data, so it crosses to and from a worker. */
export interface ResumePoint {
  pageSize: number;
  /** Offsets of the pages still to load, in order. */
  pendingOffsets: number[];
  /** Pages are planned up to here (exclusive); a larger total plans more. */
  plannedEnd: number;
  pagesDone: number;
  /** The totals the service gave: the first and the latest. */
  firstTotal: number | null;
  latestTotal: number | null;
  /** Users that came again on a later page. */
  repeatedUsers: number;
}

export type LoadOutcome =
  | { status: "complete"; users: number; total: number; drift: string | null }
  | { status: "too-large"; total: number; maxUsers: number }
  | { status: "cancelled"; users: number; total: number | null; resume: ResumePoint }
  | { status: "failed"; users: number; total: number | null; error: unknown; resume: ResumePoint };

export interface LoadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
  /** Continue a cancelled or failed load into the same sink. */
  resume?: ResumePoint;
  pageSize?: number;
  /** The most pages in flight (the pacer's ceiling; it starts at 4 and finds how many the service takes). */
  maxInFlight?: number;
  /** A team larger than this is not loaded at all. */
  maxUsers?: number;
  /** `Date.now()` unless a test says otherwise: a wait's end is read by the page, on its clock. */
  now?: () => number;
  /** Pages within this long of the last report are not reported (a wait and the end always are). */
  progressEveryMs?: number;
}

export async function loadTeam(client: TeamPages, sink: TeamSink, options: LoadOptions = {}): Promise<LoadOutcome> {
  const { signal, onProgress, maxInFlight = teamRequestsInFlightCeiling, maxUsers = indexMaxUsers, now = Date.now } = options;
  const { progressEveryMs = loadProgressEveryMs } = options;
  const pageSize = options.resume?.pageSize ?? options.pageSize ?? teamPageSize;
  const state: ResumePoint = options.resume
    ? { ...options.resume, pendingOffsets: [...options.resume.pendingOffsets] }
    : { pageSize, pendingOffsets: [0], plannedEnd: pageSize, pagesDone: 0, firstTotal: null, latestTotal: null, repeatedUsers: 0 };
  const startedAt = now();
  const usersAtStart = sink.size;
  const pagesAtStart = state.pagesDone;
  const pacer = createPacer({ now, ceiling: maxInFlight });
  /**
   * Pages given another try since the last page came: past the ceiling (or before any page came),
   * the service is taken to refuse them all, and the load stops.
   */
  let refusedInARow = 0;
  const inFlight = new Set<Promise<void>>();
  const unfinished: number[] = [];
  let failure: { error: unknown } | undefined;
  let tooLarge = false;
  /** The end of the latest wait the service asked for: the pages waiting retry then. */
  let waitingUntil = 0;

  const stopping = () => failure !== undefined || tooLarge || signal?.aborted === true;

  let reportedAt = -Infinity;
  /** The report of pages that came too soon after the last, due when `progressEveryMs` has passed. */
  let due: ReturnType<typeof setTimeout> | undefined;
  const report = () => {
    clearTimeout(due);
    due = undefined;
    const at = now();
    reportedAt = at;
    const thisRun = { users: sink.size - usersAtStart, pages: state.pagesDone - pagesAtStart, seconds: (at - startedAt) / 1000 };
    onProgress?.(progressOf(state, thisRun, sink.size, waitingUntil > at ? waitingUntil : null));
  };
  const reportPage = () => {
    const since = now() - reportedAt;
    if (since >= progressEveryMs) report();
    else
      due ??= setTimeout(() => {
        try {
          report();
        } catch (error) {
          failure ??= { error };
        }
      }, progressEveryMs - since);
  };

  const onWait = (waitMs: number) => {
    waitingUntil = Math.max(waitingUntil, now() + waitMs);
    report();
  };

  /** Adds a page to the sink; one it fails on is left to load again (the load then stops, saying why). */
  const add = (page: TeamPage, offset: number) => {
    try {
      state.repeatedUsers += page.users.length - sink.addPage(page, offset);
    } catch (error) {
      unfinished.push(offset);
      throw error;
    }
    if (state.pagesDone === 0) sink.reserve?.(page.total);
    state.pagesDone++;
    reportPage();
  };

  /**
   * Pages that came before one asked earlier, held until it comes (a fresh load's): rows appended
   * in the service's order need no column of their places, nor that order written out (4 bytes a
   * user each). Past twice the requests in flight (a page long in coming), they go in as they came.
   */
  const held = new Map<number, TeamPage>();
  const heldAtMost = 2 * maxInFlight;
  let nextOffset: number | null = options.resume || sink.size > 0 ? null : 0;
  /** Adds the pages held, each whatever became of the others. */
  const addHeld = () => {
    for (const offset of [...held.keys()].sort((a, b) => a - b)) {
      const page = held.get(offset)!;
      held.delete(offset);
      try {
        add(page, offset);
      } catch (error) {
        failure ??= { error };
      }
    }
  };

  const receive = (page: TeamPage, offset: number) => {
    if (state.firstTotal === null) {
      state.firstTotal = page.total;
      if (page.total > maxUsers) {
        tooLarge = true;
        return;
      }
    }
    state.latestTotal = page.total;
    // Users added meanwhile: more pages to load.
    for (; state.plannedEnd < page.total; state.plannedEnd += pageSize) state.pendingOffsets.push(state.plannedEnd);
    if (nextOffset === null) return add(page, offset);
    held.set(offset, page);
    for (let next; (next = held.get(nextOffset)); nextOffset += pageSize) {
      held.delete(nextOffset);
      add(next, nextOffset);
    }
    if (held.size > heldAtMost) {
      nextOffset = null;
      addHeld();
    }
  };

  const start = (offset: number) => {
    const ticket = pacer.start();
    const onPushback = (why: "rate-limited" | "unavailable", retryAfterMs: number | undefined) =>
      pacer.pushedBack(ticket, why, retryAfterMs);
    const request = client
      .listTeamPage({ offset, limit: pageSize }, { signal, onWait, onPushback })
      .then(
        (page) => {
          pacer.done(ticket);
          refusedInARow = 0;
          receive(page, offset);
        },
        (error: unknown) => {
          const why = signal?.aborted ? null : pushbackOf(error);
          if (why) pacer.pushedBack(ticket, why, (error as { retryAfterMs?: number }).retryAfterMs);
          // Refused or unanswered while pages come: the service takes fewer at once; asked again.
          const again = why !== null && !stopping() && (pacer.othersCame(ticket) || (pacer.pagesDone > 0 && refusedInARow < maxInFlight));
          pacer.ended(ticket);
          if (again) {
            refusedInARow++;
            return void state.pendingOffsets.unshift(offset);
          }
          unfinished.push(offset);
          if (!signal?.aborted) failure ??= { error };
        },
      )
      // The sink or the progress callback failed: stop, and report it like a failed request.
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  for (;;) {
    for (let room = pacer.room(); !stopping() && room > 0 && state.pendingOffsets.length > 0; room--) start(state.pendingOffsets.shift()!);
    if (inFlight.size === 0 && (stopping() || state.pendingOffsets.length === 0)) break;
    // A page ends, or the wait the service asked for does: then more may start.
    await untilOneEnds(inFlight, stopping() ? 0 : pacer.waitMs(), signal);
  }
  // Stopped before a page came: those after it are kept all the same.
  if (!tooLarge) addHeld();
  if (due !== undefined) report();

  if (tooLarge) return { status: "too-large", total: state.firstTotal!, maxUsers };
  if (stopping()) {
    const resume = { ...state, pendingOffsets: [...unfinished, ...state.pendingOffsets].sort((a, b) => a - b) };
    const stopped = { users: sink.size, total: state.latestTotal, resume };
    return failure ? { status: "failed", error: failure.error, ...stopped } : { status: "cancelled", ...stopped };
  }
  const total = state.latestTotal ?? 0;
  return { status: "complete", users: sink.size, total, drift: describeDrift({ ...state, users: sink.size }) };
}

/** Until a request in flight ends or, when `waitMs` is more than 0, that wait is over (or `signal` aborts it). */
async function untilOneEnds(inFlight: Set<Promise<void>>, waitMs: number, signal: AbortSignal | undefined): Promise<void> {
  if (waitMs <= 0) {
    if (inFlight.size > 0) await Promise.race(inFlight);
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
    onAbort = resolve;
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    await Promise.race([...inFlight, waited]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

function progressOf(
  state: ResumePoint,
  thisRun: { users: number; pages: number; seconds: number },
  users: number,
  waitingUntil: number | null,
): LoadProgress {
  const total = state.latestTotal ?? 0;
  const { seconds } = thisRun;
  const ratePerSecond = seconds > 0 ? thisRun.users / seconds : 0;
  return {
    pagesDone: state.pagesDone,
    pagesTotal: Math.max(state.pagesDone, Math.ceil(total / state.pageSize)),
    users,
    total,
    ratePerSecond,
    pagesPerSecond: seconds > 0 ? thisRun.pages / seconds : 0,
    secondsLeft: ratePerSecond > 0 ? Math.max(0, total - users) / ratePerSecond : null,
    waitingUntil,
  };
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** Null when the team held still while it loaded; else what changed, in a few sentences. */
export function describeDrift({
  firstTotal,
  latestTotal,
  users,
  repeatedUsers,
}: Pick<ResumePoint, "firstTotal" | "latestTotal" | "repeatedUsers"> & { users: number }): string | null {
  const total = latestTotal ?? 0;
  const sentences: string[] = [];
  if (firstTotal !== null && firstTotal !== total) {
    const change =
      total > firstTotal
        ? `${count(total - firstTotal, "user was", "users were")} added`
        : `${count(firstTotal - total, "user was", "users were")} removed`;
    sentences.push(
      `The team changed while it loaded: ${change} (the service counted ${count(firstTotal, "user", "users")} at the start, ${count(total, "user", "users")} at the end).`,
    );
  }
  if (users < total) {
    sentences.push(
      `${count(users, "user was", "users were")} loaded, ${(total - users).toLocaleString("en")} fewer than the ${count(total, "user", "users")} the service counts now: some may be missing.`,
    );
  } else if (users > total) {
    sentences.push(
      `${count(users, "user was", "users were")} loaded, ${(users - total).toLocaleString("en")} more than the ${count(total, "user", "users")} the service counts now: some may have been removed.`,
    );
  }
  if (repeatedUsers > 0) {
    sentences.push(
      `${count(repeatedUsers, "user", "users")} came on two pages (the pages shifted) and ${repeatedUsers === 1 ? "is" : "are"} shown once.`,
    );
  }
  if (sentences.length === 0) return null;
  return `${sentences.join(" ")} Refresh to load the team again.`;
}
