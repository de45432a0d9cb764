/**
 * The numbers that bound loading the whole team, in one place so the UI and the worker agree (what
 * the page says of them is in src/team/whole-team-words.ts).
 */

/** The service's largest page: the fewest requests for a whole team. */
export const teamPageSize = 500;

/**
 * Pages in flight when a load or an export starts: enough to hide the round trip without crowding
 * the service. The pacer (pacer.ts) then finds how many the service takes, up to a ceiling.
 */
export const teamRequestsInFlight = 4;

/** The most pages in flight unless the page passes Settings' "Pages in flight at most" (its default is this too). */
export const teamRequestsInFlightCeiling = 16;

/**
 * The load reports its progress at most this often (a wait and the end at once): a million users
 * come in 2,000 pages, and a report each kept the page re-rendering the progress 2,000 times. Each
 * report costs the page's thread a render (about 3 ms, traced), and about every other one a frame
 * and a hit test under the pointer (3–5 ms each), on two cores the load shares: 4 a second, not 10
 * (measured on 2026-11-28: the runs are in the git history of docs/benchmarks.md, now
 * docs/performance.md).
 */
export const loadProgressEveryMs = 250;

/** Above this a team is not indexed in memory; it can still be exported page after page. */
export const indexMaxUsers = 1_000_000;

/**
 * What a loaded team takes of the tab a user, in bytes: the index holds about 170 (`npm run
 * bench:team`, "memory per user held by the index": the demo's users, 2.5 sources each), and sort
 * orders, the overview's days and what the collector has not yet taken come on top; at a million
 * users page and worker peaked at 212-227 MB (`npm run bench:team:browser`).
 */
export const indexBytesPerUser = 250;

/**
 * The longest `Retry-After` the load waits out (showing a countdown, with Cancel): it runs in the
 * background. A longer one stops the load, saying how long the service asked to wait.
 */
export const teamMaxRetryAfterMs = 2 * 60_000;
