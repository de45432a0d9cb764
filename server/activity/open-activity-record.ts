/**
 * Opens the activity record a deployment names: a PostgreSQL URL (one chain for every replica),
 * or a SQLite file (the default, one machine), or ":memory:" (tests). Apart from the record's
 * types (activity-record.ts) so that the stores, which use those types, form no import circle.
 */
import type { ActivityOptions, ActivityRecord } from "./activity-record.ts";
import { openPostgresActivity } from "./postgres-activity.ts";
import { openSqliteActivity } from "./sqlite-activity.ts";

export const defaultActivityDb = ".data/activity.sqlite";

export function isPostgresTarget(target: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(target);
}

export async function openActivityRecord(target: string, options: ActivityOptions = {}): Promise<ActivityRecord> {
  return isPostgresTarget(target) ? openPostgresActivity(target, options) : openSqliteActivity(target, options);
}

/** The target fit to print: a PostgreSQL URL's password (in the URL or its query) replaced by "***". */
export function redactTarget(target: string): string {
  if (!isPostgresTarget(target)) return target;
  try {
    const url = new URL(target);
    if (url.password) url.password = "***";
    for (const key of [...url.searchParams.keys()]) {
      if (/pass|secret|key|token/i.test(key)) url.searchParams.set(key, "***");
    }
    return url.toString();
  } catch {
    return "a PostgreSQL URL that could not be read";
  }
}
