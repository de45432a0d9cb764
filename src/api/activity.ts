/**
 * The dashboard's activity record, as its server serves it to an admin (`GET /api/activity`,
 * newest first, by pages that end at `before`), its filters as the page's URL keeps them, and
 * the addresses of its CSV and NDJSON downloads with the same filters.
 */
import { readErrorBody } from "./contract-reader.ts";
import { noticeSessionEnded } from "./session.ts";

export const activityOperations = ["list-users", "delete-team", "sign-in", "sign-out", "read-activity", "other-request"] as const;
export const activityOutcomes = ["ok", "refused", "failed"] as const;

export interface ActivityRow {
  seq: number;
  at: string;
  who: string | null;
  service: string | null;
  operation: string;
  orgId: string | null;
  teamId: string | null;
  offset: number | null;
  limit: number | null;
  status: number | null;
  outcome: string;
  usersReturned: number | null;
  durationMs: number | null;
  reason: string | null;
}

export interface ActivityPage {
  rows: ActivityRow[];
  nextBefore: number | null;
}

/** The filters, as the URL and the form keep them: empty is no filter; `from`/`to` as a local date and time (`2026-12-08T09:30`). */
export interface ActivityFilters {
  who: string;
  service: string;
  team: string;
  operation: string;
  outcome: string;
  from: string;
  to: string;
}

export const filterNames = [
  "who",
  "service",
  "team",
  "operation",
  "outcome",
  "from",
  "to",
] as const satisfies readonly (keyof ActivityFilters)[];

export const noFilters: ActivityFilters = { who: "", service: "", team: "", operation: "", outcome: "", from: "", to: "" };

/** The filters a page's URL holds (`?who=…&from=…`); anything else in it is not theirs. */
export function filtersOf(search: URLSearchParams): ActivityFilters {
  const filters = { ...noFilters };
  for (const name of filterNames) filters[name] = search.get(name)?.trim() ?? "";
  return filters;
}

/** The filters as the page's URL keeps them: the ones set, in a fixed order. */
export function searchOf(filters: ActivityFilters): URLSearchParams {
  return new URLSearchParams(filterNames.filter((name) => filters[name] !== "").map((name) => [name, filters[name]]));
}

/** A local date and time (`<input type="datetime-local">`) as the instant the server compares: ISO, in UTC. */
export function instantOf(local: string): string | undefined {
  const date = new Date(local);
  return local !== "" && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/** What the form says of a filter before anything is asked: a time that is not one, or "to" before "from". */
export function filterProblems(filters: ActivityFilters): Partial<Record<"from" | "to", string>> {
  const problems: Partial<Record<"from" | "to", string>> = {};
  if (filters.from && !instantOf(filters.from)) problems.from = "Not a date and time.";
  if (filters.to && !instantOf(filters.to)) problems.to = "Not a date and time.";
  const from = instantOf(filters.from);
  const to = instantOf(filters.to);
  if (from && to && to < from) problems.to = "Ends before it starts: choose a time after From.";
  return problems;
}

/** The server's query: the filters set (the times as ISO instants), and the page's `before` and `limit`. */
export function activityQuery(filters: ActivityFilters, page: { before?: number | null; limit?: number } = {}): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of filterNames) {
    const value = name === "from" || name === "to" ? instantOf(filters[name]) : filters[name] || undefined;
    if (value) query.set(name, value);
  }
  if (page.before !== undefined && page.before !== null) query.set("before", String(page.before));
  if (page.limit !== undefined) query.set("limit", String(page.limit));
  return query;
}

/** The whole filtered record as a download. */
export const activityExportUrl = (format: "csv" | "ndjson", filters: ActivityFilters) => {
  const query = activityQuery(filters).toString();
  return `/api/activity.${format}${query ? `?${query}` : ""}`;
};

const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);

/** A row read tolerantly (unknown fields ignored); undefined for one without its order, time or operation. */
export function readActivityRow(raw: unknown): ActivityRow | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const row = raw as Record<string, unknown>;
  const seq = numberOrNull(row.seq);
  if (seq === null || typeof row.at !== "string" || typeof row.operation !== "string") return undefined;
  return {
    seq,
    at: row.at,
    who: textOrNull(row.who),
    service: textOrNull(row.service),
    operation: row.operation,
    orgId: textOrNull(row.orgId),
    teamId: textOrNull(row.teamId),
    offset: numberOrNull(row.offset),
    limit: numberOrNull(row.limit),
    status: numberOrNull(row.status),
    outcome: textOrNull(row.outcome) ?? "",
    usersReturned: numberOrNull(row.usersReturned),
    durationMs: numberOrNull(row.durationMs),
    reason: textOrNull(row.reason),
  };
}

export function parseActivityPage(body: unknown): ActivityPage {
  const { rows, nextBefore } = (body ?? {}) as { rows?: unknown; nextBefore?: unknown };
  if (!Array.isArray(rows)) throw new Error("The dashboard's server answered /api/activity with no rows.");
  return {
    rows: rows.map(readActivityRow).filter((row): row is ActivityRow => row !== undefined),
    nextBefore: numberOrNull(nextBefore),
  };
}

/** The server's refusal or failure, in its own words when it gave some. */
export class ActivityError extends Error {
  override name = "ActivityError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const activityPageSize = 100;

export async function fetchActivity(
  filters: ActivityFilters,
  before: number | null,
  { signal, fetchImpl = fetch }: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<ActivityPage> {
  const query = activityQuery(filters, { before, limit: activityPageSize });
  let response: Response;
  try {
    response = await fetchImpl(`/api/activity?${query.toString()}`, {
      headers: { accept: "application/json" },
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ActivityError("The dashboard's server could not be reached. Check your network, then try again.", 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 && response.headers.get("x-dashboard-refusal")) noticeSessionEnded();
  if (!response.ok) {
    const detail = readErrorBody(body)?.detail;
    throw new ActivityError(
      typeof detail === "string" ? detail : `The dashboard's server answered ${response.status} for the activity record.`,
      response.status,
    );
  }
  return parseActivityPage(body);
}
