/** What both stores' SQL shares: the row's columns under the record's field names, the head, and paging. */
import type { ActivityPage, ActivityRow } from "./activity-record.ts";

/** Quoted aliases, which SQLite and PostgreSQL both read, give the rows their field names. */
export const rowColumns = `seq, at, who, service, operation, org_id AS "orgId", team_id AS "teamId", page_offset AS "offset",
  page_limit AS "limit", status, outcome, users_returned AS "usersReturned", duration_ms AS "durationMs", reason,
  prev_hash AS "prevHash", hash`;

export const headColumns = `seq, hash, pruned_seq AS "prunedSeq", pruned_hash AS "prunedHash"`;

/** The last successful deletion of each of the teams whose placeholders are given, at the services given (when any are). */
export function deletionWho(teams: readonly string[], services?: readonly string[]): string {
  const at = services ? ` AND service IN (${services.length ? services.join(", ") : "NULL"})` : "";
  return `SELECT team_id AS "teamId", who, at FROM activity WHERE seq IN (
    SELECT MAX(seq) FROM activity WHERE operation = 'delete-team' AND outcome = 'ok' AND team_id IN (${teams.join(", ")})${at} GROUP BY team_id)`;
}

export function pageLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError("A page of the activity record holds at least 1 row.");
  return limit;
}

/** The first `limit` of `limit + 1` rows read, and where the next page starts if there was one more. */
export function pageOf(rows: ActivityRow[], limit: number): ActivityPage {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  return { rows: kept, nextBefore: more ? kept[kept.length - 1]!.seq : null };
}
