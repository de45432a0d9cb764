/** The numbers that bound loading the whole team, in one place so the UI and the worker agree. */

/** The service's largest page: the fewest requests for a whole team. */
export const teamPageSize = 500;

/** Enough to hide the round trip without crowding the service. */
export const teamRequestsInFlight = 4;

/** A team this small is loaded as soon as its users page shows its total; a larger one on request. */
export const autoLoadMaxUsers = 5_000;

/** Above this a team is not indexed in memory; it can still be exported page after page. */
export const indexMaxUsers = 200_000;

/** Whether a team of `total` users is loaded without being asked. */
export function loadsAutomatically(total: number, limit = autoLoadMaxUsers): boolean {
  return total <= limit;
}
