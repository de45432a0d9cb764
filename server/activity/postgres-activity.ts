/**
 * The activity record in PostgreSQL, for replicas behind a load balancer: one chain they all
 * append to. Each append locks the head row (SELECT … FOR UPDATE), so appends from every process
 * queue at the database and take their seq, previous hash and time (`clock_timestamp()`, read
 * once the lock is held) from it, not from any process's clock. Triggers refuse what the record
 * never does, as in SQLite; a role with only INSERT and SELECT would be stricter still, and is the
 * deployment's to grant.
 */
import pg from "pg";
import {
  activityLine,
  chainRow,
  ChainWalk,
  filterClauses,
  genesisHash,
  normalizeEntry,
  prunedLine,
  type ActivityEntry,
  type ActivityOptions,
  type ActivityRecord,
  type ActivityRow,
  type ChainHead,
  rowValues,
} from "./activity-record.ts";
import { deletionWho, headColumns, pageLimit, pageOf, rowColumns } from "./activity-sql.ts";

const schema = `
CREATE TABLE IF NOT EXISTS activity (
  seq bigint PRIMARY KEY,
  at text NOT NULL,
  who text,
  service text,
  operation text NOT NULL,
  org_id text,
  team_id text,
  page_offset bigint,
  page_limit bigint,
  status integer NOT NULL,
  outcome text NOT NULL,
  users_returned bigint,
  duration_ms double precision NOT NULL,
  reason text,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX IF NOT EXISTS activity_who ON activity (who, seq);
CREATE INDEX IF NOT EXISTS activity_service ON activity (service, seq);
CREATE INDEX IF NOT EXISTS activity_team ON activity (team_id, seq);
CREATE INDEX IF NOT EXISTS activity_at ON activity (at);
CREATE TABLE IF NOT EXISTS activity_head (
  id integer PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  hash text NOT NULL,
  pruned_seq bigint NOT NULL,
  pruned_hash text NOT NULL
);
INSERT INTO activity_head VALUES (1, 0, '${genesisHash}', 0, '${genesisHash}') ON CONFLICT (id) DO NOTHING;
CREATE OR REPLACE FUNCTION activity_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'The activity record is append-only: a row is never changed.';
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.seq > (SELECT pruned_seq FROM activity_head WHERE id = 1) THEN
      RAISE EXCEPTION 'The activity record is append-only: only rows under the pruning anchor are removed.';
    END IF;
    RETURN OLD;
  ELSIF NEW.seq IS DISTINCT FROM (SELECT seq FROM activity_head WHERE id = 1) + 1 THEN
    RAISE EXCEPTION 'The activity record is append-only: a row goes right after the head.';
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE FUNCTION activity_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'The activity record''s head is never removed.';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.seq < OLD.seq OR NEW.pruned_seq < OLD.pruned_seq OR NEW.pruned_seq > NEW.seq
     OR (NEW.seq > OLD.seq AND NEW.hash IS DISTINCT FROM (SELECT hash FROM activity WHERE seq = NEW.seq)) THEN
    RAISE EXCEPTION 'The activity record''s head only moves forward, onto a row.';
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS activity_guard ON activity;
CREATE TRIGGER activity_guard BEFORE INSERT OR UPDATE OR DELETE ON activity FOR EACH ROW EXECUTE FUNCTION activity_guard();
DROP TRIGGER IF EXISTS activity_head_guard ON activity_head;
CREATE TRIGGER activity_head_guard BEFORE UPDATE OR DELETE ON activity_head FOR EACH ROW EXECUTE FUNCTION activity_head_guard();
`;

/** `at` as the record writes it, from the database's clock at the moment the statement runs. */
const dbNow = `to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** bigint (seq, offsets, counts) as numbers: the record's are far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A schema change taken by one process at a time: two replicas starting together both create it. */
const schemaLock = 0x61637476; // "actv"

/** Opens (creating the tables if need be) the record in the PostgreSQL database at `url`. */
export async function openPostgresActivity(url: string, options: ActivityOptions = {}): Promise<ActivityRecord> {
  const pool = new pg.Pool({ connectionString: url, types, max: 4, connectionTimeoutMillis: 10_000 });
  // An idle client's error (the server restarting) must not end the process; the next query reconnects.
  pool.on("error", () => {});
  const log = options.log ?? (() => {});
  try {
    await transaction(pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock($1)", [schemaLock]);
      await client.query(schema);
    });
  } catch (error) {
    await pool.end();
    throw error;
  }

  const lockHead = async (client: pg.PoolClient) =>
    (await client.query<ChainHead>(`SELECT ${headColumns} FROM activity_head WHERE id = 1 FOR UPDATE`)).rows[0]!;

  return {
    async append(entry: ActivityEntry) {
      // Two round trips, the lock held across one: each statement of a simple query runs after the
      // one before, so `at` is read once the head is locked. Values go in as literals, escaped by pg.
      const checked = normalizeEntry(entry); // a bad entry is refused before it takes the lock
      const client = await pool.connect();
      let row: ActivityRow;
      try {
        const [, locked, now] = (await client.query(
          `BEGIN; SELECT ${headColumns} FROM activity_head WHERE id = 1 FOR UPDATE; SELECT ${dbNow} AS at`,
        )) as unknown as [pg.QueryResult, pg.QueryResult<ChainHead>, pg.QueryResult<{ at: string }>];
        row = chainRow(checked, locked.rows[0]!, now.rows[0]!.at);
        const values = [...rowValues(row), row.hash].map((value) => literal(client, value));
        await client.query(
          `INSERT INTO activity (seq, at, who, service, operation, org_id, team_id, page_offset, page_limit, status, outcome, users_returned, duration_ms, reason, prev_hash, hash)
           VALUES (${values.join(", ")});
           UPDATE activity_head SET seq = ${literal(client, row.seq)}, hash = ${literal(client, row.hash)} WHERE id = 1;
           COMMIT`,
        );
      } catch (error) {
        // A client that failed mid-transaction is closed, not handed back: its connection may be broken.
        await client.query("ROLLBACK").catch(() => {});
        client.release(true);
        throw error;
      }
      client.release();
      log(activityLine(row));
      return row;
    },

    async list(filter, page) {
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => `$${params.push(value)}`;
      for (const clause of filterClauses(filter)) where.push(`${clause.column} ${clause.op} ${param(clause.value)}`);
      if (filter.services !== undefined) where.push(`service = ANY(${param([...filter.services])}::text[])`);
      if (page.before !== undefined) where.push(`seq < ${param(page.before)}`);
      const limit = pageLimit(page.limit);
      const sql = `SELECT ${rowColumns} FROM activity ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY seq DESC LIMIT ${param(limit + 1)}`;
      return pageOf((await pool.query<ActivityRow>(sql, params)).rows, limit);
    },

    async lastDeletions(teamIds, services) {
      const found = new Map<string, { who: string | null; at: string }>();
      if (teamIds.length === 0) return found;
      const { rows } = await pool.query<{ teamId: string; who: string | null; at: string }>(
        deletionWho(
          teamIds.map((_, i) => `$${i + 1}`),
          services?.map((_, i) => `$${teamIds.length + i + 1}`),
        ),
        [...teamIds, ...(services ?? [])],
      );
      for (const row of rows) found.set(row.teamId, { who: row.who, at: row.at });
      return found;
    },

    async verify() {
      // One snapshot for the head and every batch of rows, whatever the replicas append meanwhile.
      return transaction(
        pool,
        async (client) => {
          const head = (await client.query<ChainHead>(`SELECT ${headColumns} FROM activity_head WHERE id = 1`)).rows[0]!;
          const walk = new ChainWalk(head);
          let after = -1;
          for (;;) {
            const { rows } = await client.query<ActivityRow>(`SELECT ${rowColumns} FROM activity WHERE seq > $1 ORDER BY seq LIMIT 1000`, [
              after,
            ]);
            for (const row of rows) {
              const broken = walk.next(row);
              if (broken) return broken;
            }
            if (rows.length < 1000) return walk.end();
            after = rows[rows.length - 1]!.seq;
          }
        },
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
      );
    },

    async prune(retentionDays) {
      if (!Number.isFinite(retentionDays) || retentionDays <= 0) throw new RangeError("The retention must be a number of days above 0.");
      const pruned = await transaction(pool, async (client) => {
        const head = await lockHead(client);
        const cutoff = `to_char((clock_timestamp() - make_interval(secs => $1)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
        const kept = await client.query<{ seq: number | null }>(`SELECT MIN(seq) AS seq FROM activity WHERE at >= ${cutoff}`, [
          retentionDays * 86_400,
        ]);
        const through = (kept.rows[0]?.seq ?? head.seq + 1) - 1;
        if (through <= head.prunedSeq) return undefined;
        const last = (await client.query<{ hash: string }>("SELECT hash FROM activity WHERE seq = $1", [through])).rows[0];
        if (!last) throw new Error(`The activity record has no row ${through} to anchor the pruned rows on; run activity:verify.`);
        await client.query("UPDATE activity_head SET pruned_seq = $1, pruned_hash = $2 WHERE id = 1", [through, last.hash]);
        const removed = (await client.query("DELETE FROM activity WHERE seq <= $1", [through])).rowCount ?? 0;
        return { anchor: { seq: through, hash: last.hash }, removed };
      });
      if (!pruned) return 0;
      log(prunedLine(pruned.anchor, pruned.removed));
      return pruned.removed;
    },

    async close() {
      await pool.end();
    },
  };
}

/** A value as SQL: text escaped by pg, numbers as they print (JavaScript's shortest form reads back exactly). */
function literal(client: pg.PoolClient, value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("A number of the activity record is not finite.");
    return String(value);
  }
  return client.escapeLiteral(value);
}

async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = "BEGIN"): Promise<T> {
  const client = await pool.connect();
  let result: T;
  try {
    await client.query(begin);
    result = await work(client);
    await client.query("COMMIT");
  } catch (error) {
    // A client that failed mid-transaction is closed, not handed back: its connection may be broken.
    await client.query("ROLLBACK").catch(() => {});
    client.release(true);
    throw error;
  }
  client.release();
  return result;
}
