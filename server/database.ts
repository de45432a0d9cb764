import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export type Db = Database.Database;

const sourceObject = "json_object('created_on', s.created_on, 'source', json(s.source), 'provider', json(s.source))";

/**
 * Writes the JSON of each user that has none yet into `users.document`, exactly as the list
 * operation sends it: the known fields in the contract's order, then the unknown ones (a JSON
 * object in `extra`). Migration 2 runs it for the users stored before it; a seed writes each
 * user's document with the user (`userDocument` in store.ts, the same bytes: page-bytes.test.ts).
 * A change to what a document holds needs a new migration that clears them.
 */
export const renderMissingDocuments = `
  UPDATE users AS u SET document = ${spliceSql(
    `json_object(
       'user_id', u.user_id,
       'team_id', u.team_id,
       'client_user_id', u.client_user_id,
       'created_on', u.created_on,
       'connected_sources', (
         SELECT json_group_array(json(${spliceSql(sourceObject, "s.extra")}) ORDER BY s.position)
         FROM connected_sources AS s WHERE s.user_ref = u.id),
       'fallback_birth_date', json(u.fallback_birth_date),
       'fallback_time_zone', json(u.fallback_time_zone))`,
    "u.extra",
  )}
  WHERE u.document IS NULL`;

/** `{"a":1}` with the members of the JSON object `extra` appended, as text: `{"a":1,"b":2}`; `object` when `extra` is NULL. */
function spliceSql(object: string, extra: string): string {
  return `CASE WHEN ${extra} IS NULL THEN ${object} ELSE substr(${object}, 1, length(${object}) - 1) || ',' || substr(${extra}, 2) END`;
}

/**
 * Versioned migrations: entry i brings the schema from version i to i + 1 (`user_version`).
 * Append only; never edit a migration that has shipped.
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE organizations (
    org_id TEXT PRIMARY KEY,
    name   TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE teams (
    team_id TEXT PRIMARY KEY,
    org_id  TEXT NOT NULL REFERENCES organizations (org_id) ON DELETE CASCADE,
    name    TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX teams_by_org ON teams (org_id);

  -- Keys are stored only as SHA-256 hashes; a team key has a team, a management key has none.
  CREATE TABLE api_keys (
    key_hash BLOB PRIMARY KEY,
    kind     TEXT NOT NULL CHECK (kind IN ('team', 'management')),
    org_id   TEXT NOT NULL REFERENCES organizations (org_id) ON DELETE CASCADE,
    team_id  TEXT REFERENCES teams (team_id) ON DELETE CASCADE,
    CHECK ((kind = 'team') = (team_id IS NOT NULL))
  ) WITHOUT ROWID;
  CREATE INDEX api_keys_by_team ON api_keys (team_id);

  -- created_on keeps the text exactly as given; created_on_us is its instant. position is the
  -- user's 0-based rank in its team by (created_on_us, user_id), set when users are written, so
  -- that a page at any offset is an index seek rather than a walk over the users before it.
  CREATE TABLE users (
    id                  INTEGER PRIMARY KEY,
    user_id             TEXT NOT NULL UNIQUE,
    team_id             TEXT NOT NULL REFERENCES teams (team_id) ON DELETE CASCADE,
    client_user_id      TEXT NOT NULL,
    created_on          TEXT NOT NULL,
    created_on_us       INTEGER NOT NULL,
    position            INTEGER NOT NULL DEFAULT -1,
    fallback_birth_date TEXT,
    fallback_time_zone  TEXT,
    extra               TEXT
  );
  -- Serves the page query (a seek to the offset) and the count (the last position) of one team.
  CREATE INDEX users_page ON users (team_id, position);

  CREATE TABLE connected_sources (
    user_ref   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    created_on TEXT NOT NULL,
    source     TEXT NOT NULL,
    extra      TEXT,
    PRIMARY KEY (user_ref, position)
  ) WITHOUT ROWID;
  `,
  // Users are only written by seeding, so each user's JSON is built once, when it is written,
  // and a page is its users' documents joined: no JSON is built per request.
  `
  ALTER TABLE users ADD COLUMN document TEXT;
  ${renderMissingDocuments}
  `,
];

export interface OpenedDatabase {
  db: Db;
  /** True when this open created the schema (and `seedNew` wrote its data). */
  isNew: boolean;
}

/**
 * Opens the database at `path` (created when there is none) at the latest schema. A new one is
 * given its data by `seedNew` before it turns to WAL: under the rollback journal a new file's
 * pages are written once, where WAL writes each twice (into the log, then into the file).
 */
export function openDatabase(path: string, seedNew?: (db: Db) => void): OpenedDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // Set before a new database's first table (a no-op on one that exists): 16 kB hold a dozen of
  // its users (about 1.2 kB each) where 4 kB held three, and a seed writes a quarter faster.
  db.pragma("page_size = 16384");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");

  const version = db.pragma("user_version", { simple: true }) as number;
  if (version > migrations.length) {
    db.close();
    throw new Error(`${path} has schema version ${version}; this service knows up to ${migrations.length}`);
  }
  const isNew = version === 0;
  // A new database's seed is in the schema's transaction: a seed that fails partway leaves a
  // database that is still new, and seeded on the next open, not an empty one served as it is.
  try {
    db.transaction(() => {
      migrations.slice(version).forEach((sql) => db.exec(sql));
      db.pragma(`user_version = ${migrations.length}`);
      if (isNew) seedNew?.(db);
    })();
  } catch (error) {
    db.close();
    throw error;
  }
  db.pragma("journal_mode = WAL"); // kept in the file: a database seeded before is opened in WAL already
  return { db, isNew };
}
