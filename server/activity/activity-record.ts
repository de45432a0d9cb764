/**
 * The activity record: every forwarded request and every refusal, append-only, each row carrying
 * the hash of the row before it. The types every store speaks, the row's hash, and the walk that
 * checks the chain; the stores (SQLite, PostgreSQL) are opened by open-activity-record.ts.
 */
import { createHash } from "node:crypto";
import { instantMicros } from "../instant.ts";

export const activityOperations = ["list-users", "delete-team", "sign-in", "sign-out", "read-activity", "other-request"] as const;
export type ActivityOperation = (typeof activityOperations)[number];
/** refused: by the dashboard (role, CSRF, not signed in); failed: the service answered ≥ 400 or did not answer. */
export const activityOutcomes = ["ok", "refused", "failed"] as const;
export type ActivityOutcome = (typeof activityOutcomes)[number];

export interface ActivityEntry {
  /** The operator's email; null = not signed in. */
  who: string | null;
  /** The deployment's service name. */
  service: string | null;
  operation: ActivityOperation;
  orgId: string | null;
  teamId: string | null;
  offset: number | null;
  limit: number | null;
  /** The HTTP status sent to the browser. */
  status: number;
  outcome: ActivityOutcome;
  usersReturned: number | null;
  durationMs: number;
  /** Why refused or failed, a sentence, never a key. */
  reason?: string | null;
}

export interface ActivityRow extends ActivityEntry {
  seq: number;
  /** ISO 8601 in UTC to the microsecond (27 characters, so that text order is time order), set by the store: the database's clock for PostgreSQL. */
  at: string;
  prevHash: string;
  hash: string;
}

export interface ActivityFilter {
  who?: string;
  service?: string;
  teamId?: string;
  operation?: ActivityOperation;
  outcome?: ActivityOutcome;
  /** Inclusive, an ISO instant with an offset. */
  from?: string;
  /** Exclusive, an ISO instant with an offset. */
  to?: string;
  /** Only rows of these services (rows of no service are left out too); absent = every row. */
  services?: readonly string[];
}

/** Newest first; `nextBefore` is the `before` of the next page, null on the last. */
export interface ActivityPage {
  rows: ActivityRow[];
  nextBefore: number | null;
}

export interface ChainCheck {
  whole: boolean;
  rows: number;
  brokenAt?: { seq: number; reason: string };
}

export interface ActivityRecord {
  /** Also writes one JSON line, `{"activity": row}`, to the log sink. */
  append(entry: ActivityEntry): Promise<ActivityRow>;
  list(filter: ActivityFilter, page: { before?: number; limit: number }): Promise<ActivityPage>;
  /** The last successful deletion of each team named (at the services named, when they are), for Teams' "deleted by … on …". */
  lastDeletions(teamIds: readonly string[], services?: readonly string[]): Promise<Map<string, { who: string | null; at: string }>>;
  verify(): Promise<ChainCheck>;
  /** Removes the rows older than `retentionDays` (the oldest ones, in a run); the chain still verifies from the anchor they leave. */
  prune(retentionDays: number): Promise<number>;
  close(): Promise<void>;
}

export interface ActivityOptions {
  /** Where each appended row goes as one JSON line (the server passes its standard output). */
  log?: (line: string) => void;
}

/** The hash the first row points back to. */
export const genesisHash = "0".repeat(64);

/** The chain's head as the store keeps it beside the rows: the last row, and the anchor left by pruning. */
export interface ChainHead {
  seq: number;
  hash: string;
  prunedSeq: number;
  prunedHash: string;
}

/** The row's values in the columns' order, its hash left out: what the hash is taken over, and what a store inserts. */
export function rowValues(row: Omit<ActivityRow, "hash">) {
  return [
    row.seq,
    row.at,
    row.who,
    row.service,
    row.operation,
    row.orgId,
    row.teamId,
    row.offset,
    row.limit,
    row.status,
    row.outcome,
    row.usersReturned,
    row.durationMs,
    row.reason ?? null,
    row.prevHash,
  ];
}

/** The row's fields in a fixed order, as JSON: what its hash is taken over. The tag names the layout. */
export function canonicalRow(row: Omit<ActivityRow, "hash">): string {
  return JSON.stringify(["activity/1", ...rowValues(row)]);
}

export function rowHash(row: Omit<ActivityRow, "hash">): string {
  return createHash("sha256").update(canonicalRow(row)).digest("hex");
}

/** The next row of the chain after `head`, with its hash. */
export function chainRow(entry: ActivityEntry, head: { seq: number; hash: string }, at: string): ActivityRow {
  const unhashed = { seq: head.seq + 1, at, ...normalizeEntry(entry), prevHash: head.hash };
  return { ...unhashed, hash: rowHash(unhashed) };
}

const maxText = 500;

/** The entry as stored, or a TypeError saying which field is wrong: a bad row never enters the chain. */
export function normalizeEntry(entry: ActivityEntry): ActivityEntry {
  const text = (name: string, value: string | null | undefined) => {
    if (value === null || value === undefined) return null;
    if (typeof value !== "string" || value.length > maxText)
      throw new TypeError(`The activity entry's ${name} must be text of at most ${maxText} characters.`);
    return value;
  };
  const count = (name: string, value: number | null | undefined, max = Number.MAX_SAFE_INTEGER) => {
    if (value === null || value === undefined) return null;
    if (!Number.isSafeInteger(value) || value < 0 || value > max)
      throw new TypeError(`The activity entry's ${name} must be a whole number from 0 to ${max}.`);
    return value;
  };
  if (!activityOperations.includes(entry.operation)) throw new TypeError(`Unknown activity operation: ${String(entry.operation)}.`);
  if (!activityOutcomes.includes(entry.outcome)) throw new TypeError(`Unknown activity outcome: ${String(entry.outcome)}.`);
  if (!Number.isInteger(entry.status) || entry.status < 100 || entry.status > 599)
    throw new TypeError("The activity entry's status must be an HTTP status.");
  if (!Number.isFinite(entry.durationMs) || entry.durationMs < 0)
    throw new TypeError("The activity entry's durationMs must be a number of at least 0.");
  return {
    who: text("who", entry.who),
    service: text("service", entry.service),
    operation: entry.operation,
    orgId: text("orgId", entry.orgId),
    teamId: text("teamId", entry.teamId),
    offset: count("offset", entry.offset),
    limit: count("limit", entry.limit),
    status: entry.status,
    outcome: entry.outcome,
    usersReturned: count("usersReturned", entry.usersReturned),
    // To the microsecond: a double both stores give back bit for bit, so the hash is stable.
    durationMs: Math.round(entry.durationMs * 1000) / 1000,
    reason: text("reason", entry.reason),
  };
}

/** An instant as the record writes `at`: UTC, six fraction digits, so that text order is time order. */
export function atFromMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const iso = new Date(ms).toISOString(); // 2026-12-08T00:24:20.123Z
  return `${iso.slice(0, 23)}${String(micros - ms * 1000).padStart(3, "0")}Z`;
}

/** An ISO instant with an offset, as `at` writes it; throws on anything else. */
export function atFromIso(text: string): string {
  return atFromMicros(instantMicros(text));
}

/**
 * Walks the rows in seq order from the anchor pruning left, and says where the chain first breaks:
 * a row whose hash is not that of its contents (edited), a row whose previous hash is not the hash
 * of the row before (a row before it changed or reordered), a seq missing (deleted), or an end
 * that is not the head the store keeps (rows removed from the end, or added past it). Fed one row
 * at a time, so that a store reads the rows in batches or synchronously as it must.
 */
export class ChainWalk {
  #count = 0;
  #prev: { seq: number; hash: string };
  #head: ChainHead;

  constructor(head: ChainHead) {
    this.#head = head;
    this.#prev = { seq: head.prunedSeq, hash: head.prunedHash };
  }

  /** The check that failed at this row, or undefined if the chain holds so far. */
  next(row: ActivityRow): ChainCheck | undefined {
    const prev = this.#prev;
    if (row.seq <= prev.seq) return this.#broken(row.seq, "it lies under the anchor left by pruning");
    if (row.seq > this.#head.seq) return this.#broken(row.seq, `it lies past the record's head, row ${this.#head.seq}`);
    if (row.seq !== prev.seq + 1) {
      const missing = prev.seq + 1;
      return this.#broken(missing, row.seq === missing + 1 ? "the row is missing" : `rows ${missing} to ${row.seq - 1} are missing`);
    }
    const { hash, ...unhashed } = row;
    if (rowHash(unhashed) !== hash) return this.#broken(row.seq, "its contents do not match its hash (the row was changed)");
    if (row.prevHash !== prev.hash) {
      return this.#broken(
        row.seq,
        prev.seq === this.#head.prunedSeq && prev.seq > 0
          ? "its previous hash is not the anchor left by pruning"
          : prev.seq === 0
            ? "its previous hash is not the chain's first"
            : `its previous hash is not the hash of row ${prev.seq} (that row was changed or replaced)`,
      );
    }
    this.#count++;
    this.#prev = { seq: row.seq, hash };
    return undefined;
  }

  /** After the last row: the whole chain's verdict. */
  end(): ChainCheck {
    const prev = this.#prev;
    const head = this.#head;
    if (prev.seq < head.seq) {
      const first = prev.seq + 1;
      return this.#broken(
        first,
        first === head.seq
          ? "the row is missing from the end of the record"
          : `rows ${first} to ${head.seq} are missing from the end of the record`,
      );
    }
    if (prev.hash !== head.hash) return this.#broken(prev.seq, "its hash is not the one the record's head holds (the row was replaced)");
    return { whole: true, rows: this.#count };
  }

  #broken(seq: number, reason: string): ChainCheck {
    return { whole: false, rows: this.#count, brokenAt: { seq, reason } };
  }
}

/** The verdict on rows given whole (tests, small records). */
export function checkChain(head: ChainHead, rows: Iterable<ActivityRow>): ChainCheck {
  const walk = new ChainWalk(head);
  for (const row of rows) {
    const broken = walk.next(row);
    if (broken) return broken;
  }
  return walk.end();
}

/** The JSON line an appended row makes on the log. */
export function activityLine(row: ActivityRow): string {
  return JSON.stringify({ activity: row });
}

/** The JSON line a prune makes: the anchor it left, so that the log can vouch for it too. */
export function prunedLine(anchor: { seq: number; hash: string }, rows: number): string {
  return JSON.stringify({ activityPruned: { throughSeq: anchor.seq, hash: anchor.hash, rows } });
}

export function retentionCutoffMicros(retentionDays: number, nowMicros: number): number {
  if (!Number.isFinite(retentionDays) || retentionDays <= 0) throw new RangeError("The retention must be a number of days above 0.");
  return nowMicros - Math.round(retentionDays * 86_400_000_000);
}

/** The SQL-facing names of the filters, shared by both stores' WHERE builders. */
export interface FilterClause {
  column: string;
  value: string;
  op: "=" | ">=" | "<";
}

export function filterClauses(filter: ActivityFilter): FilterClause[] {
  const clauses: FilterClause[] = [];
  const eq = (column: string, value: string | undefined) => {
    if (value !== undefined) clauses.push({ column, value, op: "=" });
  };
  eq("who", filter.who);
  eq("service", filter.service);
  eq("team_id", filter.teamId);
  eq("operation", filter.operation);
  eq("outcome", filter.outcome);
  if (filter.from !== undefined) clauses.push({ column: "at", value: atFromIso(filter.from), op: ">=" });
  if (filter.to !== undefined) clauses.push({ column: "at", value: atFromIso(filter.to), op: "<" });
  return clauses;
}
