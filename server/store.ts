/** Every query of the reference service, on prepared statements. */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "./database.ts";
import { instantMicros } from "./instant.ts";
import { createPageCache } from "./page-cache.ts";
import type { SeedToApply, SeedUsers, UserRow } from "./seed-file.ts";
import { rowsInPageOrder } from "./user-rows.ts";

export type KeyRecord = { kind: "team"; orgId: string; teamId: string } | { kind: "management"; orgId: string; teamId: null };

interface KeyRow {
  key_hash: Buffer;
  kind: "team" | "management";
  org_id: string;
  team_id: string | null;
}

export function hashKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/** The list operation's two reads, named so that a test can check their query plans. */
export const pageSql = {
  // A seek in users_page to (team, offset), then `limit` entries: the same cost at any offset.
  documents: "SELECT document FROM users WHERE team_id = ? AND position >= ? ORDER BY position LIMIT ?",
  // Positions run 0 to n − 1 in a team, so its size is its last position + 1, read at the index's end.
  teamSize: "SELECT coalesce(max(position) + 1, 0) FROM users WHERE team_id = ?",
  // Changes on every write: this connection's rows changed, and the commits of other connections.
  databaseVersion: "SELECT total_changes() || ':' || data_version FROM pragma_data_version",
};

/** What the bodies of recently served pages may hold: about 36 pages of 500 users. */
export const pageCacheBytes = 16 * 1024 * 1024;

export function createStore(db: Db) {
  const statements = {
    findKey: db.prepare<[Buffer], KeyRow>("SELECT key_hash, kind, org_id, team_id FROM api_keys WHERE key_hash = ?"),
    pageDocuments: db.prepare<[string, number, number], string>(pageSql.documents).pluck(),
    teamSize: db.prepare<[string], number>(pageSql.teamSize).pluck(),
    databaseVersion: db.prepare<[], string>(pageSql.databaseVersion).pluck(),
    teamOrg: db.prepare<[string], { org_id: string }>("SELECT org_id FROM teams WHERE team_id = ?"),
    deleteSources: db.prepare<[string]>("DELETE FROM connected_sources WHERE user_ref IN (SELECT id FROM users WHERE team_id = ?)"),
    deleteUsers: db.prepare<[string]>("DELETE FROM users WHERE team_id = ?"),
    deleteKeys: db.prepare<[string]>("DELETE FROM api_keys WHERE team_id = ?"),
    deleteTeam: db.prepare<[string]>("DELETE FROM teams WHERE team_id = ?"),
    insertOrg: db.prepare<[string, string]>("INSERT INTO organizations (org_id, name) VALUES (?, ?)"),
    insertTeam: db.prepare<[string, string, string]>("INSERT INTO teams (team_id, org_id, name) VALUES (?, ?, ?)"),
    insertKey: db.prepare<[Buffer, string, string, string | null]>(
      "INSERT INTO api_keys (key_hash, kind, org_id, team_id) VALUES (?, ?, ?, ?)",
    ),
    insertUser: db.prepare<UserRow["user"]>(`
      INSERT INTO users (user_id, team_id, client_user_id, created_on, created_on_us, position,
                         fallback_birth_date, fallback_time_zone, extra, document)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    insertSource: db.prepare<[number | bigint, ...UserRow["sources"][number]]>(
      "INSERT INTO connected_sources (user_ref, position, created_on, source, extra) VALUES (?, ?, ?, ?, ?)",
    ),
  };

  /** The key's record, or undefined. The final comparison runs in constant time. */
  function findKey(key: string): KeyRecord | undefined {
    const hash = hashKey(key);
    const row = statements.findKey.get(hash);
    if (!row || !timingSafeEqual(row.key_hash, hash)) return undefined;
    return row.kind === "team"
      ? { kind: "team", orgId: row.org_id, teamId: row.team_id ?? "" }
      : { kind: "management", orgId: row.org_id, teamId: null };
  }

  const recentPages = createPageCache(pageCacheBytes);

  /**
   * A page of the team's users exactly as the list operation sends it: a User page, as JSON bytes.
   * A page asked for again before any write is sent as it was read (not to be modified).
   */
  function userPageJson(teamId: string, offset: number, limit: number): Buffer<ArrayBuffer> {
    // Inside a transaction a page could show writes that are then rolled back: read it afresh.
    if (db.inTransaction) return readUserPage(teamId, offset, limit);
    const version = statements.databaseVersion.get()!;
    return recentPages.get(`${teamId} ${offset} ${limit}`, version, () => readUserPage(teamId, offset, limit));
  }

  function readUserPage(teamId: string, offset: number, limit: number): Buffer<ArrayBuffer> {
    const documents = statements.pageDocuments.all(teamId, offset, limit);
    const total = statements.teamSize.get(teamId) ?? 0;
    return joinedUtf8('{"users":[', documents, `],"total":${total},"offset":${offset},"limit":${limit}}`);
  }

  /** Deletes the team, its users, their sources and the team's keys; false when the org has no such team. */
  const deleteTeam = db.transaction((orgId: string, teamId: string): boolean => {
    if (statements.teamOrg.get(teamId)?.org_id !== orgId) return false;
    statements.deleteSources.run(teamId);
    statements.deleteUsers.run(teamId);
    statements.deleteKeys.run(teamId);
    statements.deleteTeam.run(teamId);
    return true;
  });

  const applySeed = db.transaction((seed: SeedToApply) => {
    for (const org of seed.orgs) {
      const orgId = org.org_id.toLowerCase();
      statements.insertOrg.run(orgId, org.name);
      statements.insertKey.run(hashKey(org.management_key), "management", orgId, null);
      for (const team of org.teams) {
        const teamId = team.team_id.toLowerCase();
        statements.insertTeam.run(teamId, orgId, team.name);
        statements.insertKey.run(hashKey(team.api_key), "team", orgId, teamId);
        // In page order, so that a page's rows are neighbours in the table.
        const { order, micros } = pageOrder(team.users);
        const rows = team.users.rowsInOrder?.(teamId, order, micros) ?? rowsInPageOrder(team.users, teamId, order, micros);
        for (const row of rows) insertRow(row);
      }
    }
  });

  function insertRow({ user, sources }: UserRow) {
    const { lastInsertRowid } = statements.insertUser.run(...user);
    for (const source of sources) statements.insertSource.run(lastInsertRowid, ...source);
  }

  return { findKey, userPageJson, deleteTeam, applySeed };
}

/**
 * `start`, the texts joined by commas, then `end`, as UTF-8 bytes. Each text is encoded straight
 * into its place in one buffer: joining them into a string and encoding that (a page of 500 is
 * 445 kB) cost twice the time, most of it copying and collecting the string.
 */
function joinedUtf8(start: string, texts: readonly string[], end: string): Buffer<ArrayBuffer> {
  let size = Buffer.byteLength(start) + Math.max(texts.length - 1, 0) + Buffer.byteLength(end);
  for (const text of texts) size += Buffer.byteLength(text);
  // Its own memory, never a slice of Node's shared pool: a kept page holds only itself.
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = bytes.write(start);
  texts.forEach((text, i) => {
    if (i > 0) at = bytes.writeUInt8(0x2c, at); // ","
    at += bytes.write(text, at);
  });
  at += bytes.write(end, at);
  return bytes.subarray(0, at); // never bytes that were not written
}

/**
 * The indexes of a team's users in page order: by instant, then by user_id as SQLite compares
 * text (UTF-16 order is byte order for UUIDs), and each user's instant in microseconds. Only
 * these keys are kept, so that users generated when read need not be held.
 */
function pageOrder(users: SeedUsers): { order: Uint32Array; micros: Float64Array } {
  const micros = new Float64Array(users.length);
  const ids = new Array<string>(users.length);
  const keyOf =
    users.orderKey?.bind(users) ??
    ((i: number) => {
      const { user_id, created_on } = users.at(i)!;
      return { user_id, micros: instantMicros(created_on) };
    });
  for (let i = 0; i < users.length; i++) {
    const key = keyOf(i);
    ids[i] = key.user_id;
    micros[i] = key.micros;
  }
  const order = Uint32Array.from(ids.keys());
  order.sort((a, b) => micros[a]! - micros[b]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  return { order, micros };
}

export type Store = ReturnType<typeof createStore>;
