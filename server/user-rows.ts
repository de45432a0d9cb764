/**
 * A seeded user as the store writes it: its row of `users` and the rows of its connected sources.
 * Pure, so that a large demo team's rows can be made on another thread (`demo-rows.ts`) while
 * the store inserts them.
 */
import { contract } from "../src/api/contract.ts";
import type { SeedUser, SeedUsers, UserRow } from "./seed-file.ts";

const sourceFields = new Set(["created_on", "source"]);
const userFields = new Set(Object.keys(contract.user.shape));

/** The users' rows in page order: `order` gives their indexes, `micros` their instants by index. */
export function* rowsInPageOrder(users: SeedUsers, teamId: string, order: Uint32Array, micros: Float64Array): Generator<UserRow> {
  for (let position = 0; position < order.length; position++) {
    const index = order[position]!;
    yield userRow(teamId, position, users.at(index)!, micros[index]!);
  }
}

/** `createdMicros`: `instantMicros(user.created_on)`, worked out already for the page order. */
function userRow(teamId: string, position: number, user: SeedUser, createdMicros: number): UserRow {
  const sources: UserRow["sources"] = [];
  user.connected_sources.forEach((connection, position) => {
    const { created_on, source } = connection;
    sources.push([position, created_on, JSON.stringify(source), extraJson(connection, sourceFields)]);
  });
  return {
    user: [
      user.user_id,
      teamId,
      user.client_user_id,
      user.created_on,
      createdMicros,
      position,
      user.fallback_birth_date ? JSON.stringify(user.fallback_birth_date) : null,
      user.fallback_time_zone ? JSON.stringify(user.fallback_time_zone) : null,
      extraJson(user, userFields),
      userDocument(teamId, user),
    ],
    sources,
  };
}

/** The fields a record has beyond the known ones, as JSON, or null when there are none. */
function extraJson(record: object, known: ReadonlySet<string>): string | null {
  // Walked without copies: a million users' seed makes this call 3.5 million times.
  let extra: Record<string, unknown> | undefined;
  for (const name in record)
    if (Object.hasOwn(record, name) && !known.has(name))
      (extra ??= Object.create(null) as Record<string, unknown>)[name] = (record as Record<string, unknown>)[name];
  return extra ? JSON.stringify(extra) : null;
}

/**
 * The user's JSON exactly as the list operation sends it: the contract's fields in its order,
 * `provider` beside `source`, then the unknown fields as seeded. Written once, with the user.
 */
function userDocument(teamId: string, user: SeedUser): string {
  const { user_id, team_id: _, client_user_id, created_on, connected_sources, fallback_birth_date, fallback_time_zone, ...unknown } = user;
  return JSON.stringify({
    user_id,
    team_id: teamId,
    client_user_id,
    created_on,
    connected_sources: connected_sources.map(({ created_on, source, ...rest }) => ({ created_on, source, provider: source, ...rest })),
    fallback_birth_date: fallback_birth_date ?? null,
    fallback_time_zone: fallback_time_zone ?? null,
    ...unknown,
  });
}
