import type { SentUser } from "./contract.ts";
import { teamPageOf, type TeamPage, type TeamPageUser } from "./team-page.ts";

/**
 * A team page with each instant's place replaced by what is there (its milliseconds, its format,
 * its text if kept), and each ID's by its text: two pages read alike compare equal, in whatever
 * order their instants and IDs were placed.
 */
export function placesRead({ users, instants, ids, ...counts }: TeamPage) {
  const read = (place: number) => ({ ms: instants.ms(place), code: instants.code(place), text: instants.text(place) });
  const user = ({
    user_id,
    client_user_id,
    created_on,
    connected_sources,
    fallback_birth_date: birth,
    fallback_time_zone: zone,
    ...rest
  }: TeamPageUser) => ({
    ...rest,
    user_id: ids.text(user_id),
    client_user_id: ids.text(client_user_id),
    created_on: read(created_on),
    connected_sources: connected_sources.map((connected) => ({ ...connected, created_on: read(connected.created_on) })),
    fallback_birth_date: birth && { ...birth, updated_at: read(birth.updated_at) },
    fallback_time_zone: zone && { ...zone, updated_at: read(zone.updated_at) },
  });
  return { ...counts, instants: instants.length, ids: ids.length, users: users.map(user) };
}

/** The paths of an object's fields that hold a value (array items share their array's path). */
export function fieldPaths(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => fieldPaths(item, `${path}[]`)))].sort();
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .flatMap(([key, field]) => [`${path}.${key}`, ...fieldPaths(field, `${path}.${key}`)])
    .sort();
}

/** Users as the index takes them, checked the exact way: a page of just these. */
export const pageOfUsers = (users: readonly SentUser[]): TeamPage =>
  teamPageOf({ users: [...users], total: users.length, offset: 0, limit: users.length });
