/**
 * How many pages are asked of the service at once, found as TCP's congestion control finds its
 * window (additive increase, multiplicative decrease): start at a few; one more after each window
 * of pages that came faster than the window before and with no push back; half as many (at least
 * one) when the service answers 429 or 503, or goes quiet; never more than a ceiling. A wait the
 * service asks for (`Retry-After`) holds every new page until it ends, or until the page told to
 * wait comes. Pure: the clock is given.
 */

import { NetworkError, RateLimitedError, ServerError } from "../api/errors.ts";
import { askedTooLongAWait } from "../api/http.ts";
import { teamRequestsInFlight } from "./whole-team-limits.ts";

/** Why the service pushed back: 429, 503, or no answer in time. */
export type Pushback = "rate-limited" | "unavailable" | "timeout";

export interface PacerOptions {
  /** Milliseconds, as `Date.now()` (a test's clock in tests). */
  now: () => number;
  /** Never more pages in flight than this (at least 1). */
  ceiling: number;
  /** Pages in flight at the start (at most the ceiling): `teamRequestsInFlight` unless said. */
  start?: number;
}

/** One page asked: given back when it ends, and named when the service pushes back on it. */
export interface PacerTicket {
  /** The decrease it was asked after: a push back on pages asked before the last decrease decreases nothing more. */
  epoch: number;
  /** Pages done when it was asked: whether others came meanwhile. */
  pagesDoneAtStart: number;
  /** Told to wait (`Retry-After`): when it comes, the wait is over for the others too. */
  waited?: boolean;
}

export type Pacer = ReturnType<typeof createPacer>;

export function createPacer({ now, ceiling, start = teamRequestsInFlight }: PacerOptions) {
  const most = Math.max(1, Math.floor(ceiling));
  let limit = Math.max(1, Math.min(most, Math.floor(start)));
  let inFlight = 0;
  let pagesDone = 0;
  /** Counts the decreases: one a window of pages, however many of its pages were pushed back. */
  let epoch = 0;
  /** New pages wait until then (`Retry-After`). */
  let pausedUntil = -Infinity;
  /** The window being measured: when it began, the pages it needs, and how many came. */
  let round = { startedAt: now(), pages: 0, target: limit };
  /** Pages a second of the last window measured; 0 when none was (a fresh start, or after a push back). */
  let previousRate = 0;

  const newRound = () => {
    round = { startedAt: Math.max(now(), pausedUntil), pages: 0, target: limit };
  };

  return {
    /** Pages that may be in flight now. */
    get limit() {
      return limit;
    },
    get inFlight() {
      return inFlight;
    },
    /** Pages that came, since the start. */
    get pagesDone() {
      return pagesDone;
    },
    /** Milliseconds until a new page may be asked, the service having asked to wait; 0 when none is asked. */
    waitMs(): number {
      return Math.max(0, pausedUntil - now());
    },
    /** How many more pages may be asked now. */
    room(): number {
      return now() < pausedUntil ? 0 : Math.max(0, limit - inFlight);
    },
    /** A page is asked. */
    start(): PacerTicket {
      inFlight++;
      return { epoch, pagesDoneAtStart: pagesDone };
    },
    /**
     * The service pushed back on a page: fewer pages in flight (once a window), and none asked
     * before `retryAfterMs` has passed. The page stays in flight (its retry, or its end, follows).
     */
    pushedBack(ticket: PacerTicket, _why: Pushback, retryAfterMs?: number): void {
      if (retryAfterMs !== undefined && retryAfterMs > 0) {
        pausedUntil = Math.max(pausedUntil, now() + retryAfterMs);
        ticket.waited = true;
      }
      if (ticket.epoch === epoch) {
        limit = Math.max(1, Math.floor(limit / 2));
        epoch++;
      }
      // Its retry is a page asked after this decrease.
      ticket.epoch = epoch;
      previousRate = 0;
      newRound();
    },
    /**
     * A page came. At the end of a window, one more in flight if pages came faster than in the
     * window before. A page that was told to wait ends the wait: the service answers again.
     */
    done(ticket: PacerTicket): void {
      if (ticket.waited) pausedUntil = Math.min(pausedUntil, now());
      inFlight--;
      pagesDone++;
      round.pages++;
      if (round.pages < round.target) return;
      const elapsed = Math.max(1, now() - round.startedAt);
      const rate = (round.pages * 1000) / elapsed;
      // Half the gain one more page in flight could bring, at least: not noise.
      if (rate > previousRate * (1 + 0.5 / limit)) limit = Math.min(most, limit + 1);
      previousRate = rate;
      newRound();
    },
    /** A page ended without coming (a failure, a cancel): its place is free. */
    ended(_ticket: PacerTicket): void {
      inFlight--;
    },
    /** Whether other pages came since this one was asked: the service still answers. */
    othersCame(ticket: PacerTicket): boolean {
      return pagesDone > ticket.pagesDoneAtStart;
    },
  };
}

/**
 * How the service pushed back on a page that failed: a 429 or 503 still refused after the
 * transport's retries, or no answer in time; null for any other failure, and for a wait too long
 * to wait out (the load stops then, saying how long the service asked).
 */
export function pushbackOf(error: unknown): Pushback | null {
  if (askedTooLongAWait(error)) return null;
  if (error instanceof RateLimitedError) return "rate-limited";
  if (error instanceof ServerError && error.status === 503) return "unavailable";
  if (error instanceof NetworkError && error.timedOut) return "timeout";
  return null;
}
