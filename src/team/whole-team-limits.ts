/** The numbers that bound loading the whole team, in one place so the UI and the worker agree. */

/** The service's largest page: the fewest requests for a whole team. */
export const teamPageSize = 500;

/** Enough to hide the round trip without crowding the service. */
export const teamRequestsInFlight = 4;

/** Above this a team is not indexed in memory; it can still be exported page after page. */
export const indexMaxUsers = 200_000;

/**
 * The longest `Retry-After` the load waits out (showing a countdown, with Cancel): it runs in the
 * background. A longer one stops the load, saying how long the service asked to wait.
 */
export const teamMaxRetryAfterMs = 2 * 60_000;
