/**
 * The activity record over HTTP, for the Activity page: GET /activity (a page, newest first, as
 * JSON), /activity.csv and /activity.ndjson (the whole filtered record, read a page at a time as
 * the client takes it, never held whole). Query: who, service, team, operation, outcome, from, to
 * (ISO instants with an offset; from inclusive, to exclusive), before, limit (1–500, default 100).
 * A bad parameter is a 422 in FastAPI's body, as the service answers. Roles are checked before
 * these routes; `services` narrows the rows to those the caller may read.
 */
import { Hono, type Context } from "hono";
import type { ValidationErrorItem } from "../../src/api/contract.ts";
import { csvRecord } from "../../src/team-engine/csv.ts";
import { instantMicros } from "../instant.ts";
import { parseIntParam, type Parsed } from "../validation.ts";
import {
  activityOperations,
  activityOutcomes,
  type ActivityFilter,
  type ActivityOperation,
  type ActivityOutcome,
  type ActivityRecord,
  type ActivityRow,
} from "./activity-record.ts";

export interface ActivityRoutesOptions {
  /** The services whose rows the caller may read; "*" = all, rows of no service included. */
  services?: (c: Context) => readonly string[] | "*";
}

const maxText = 500;
const exportPage = 500;

const csvColumns = [
  "seq",
  "at",
  "who",
  "service",
  "operation",
  "orgId",
  "teamId",
  "offset",
  "limit",
  "status",
  "outcome",
  "usersReturned",
  "durationMs",
  "reason",
  "prevHash",
  "hash",
] as const satisfies readonly (keyof ActivityRow)[];

export function activityRoutes(record: ActivityRecord, options: ActivityRoutesOptions = {}): Hono {
  const app = new Hono();

  app.get("/activity", async (c) => {
    const query = readQuery(c, options);
    if (!query.ok) return invalid(c, query.errors);
    c.header("Cache-Control", "no-store");
    return c.json(await record.list(query.filter, { before: query.before, limit: query.limit }));
  });

  const exporter =
    (extension: "csv" | "ndjson", contentType: string, head: string, line: (row: ActivityRow) => string) => async (c: Context) => {
      const query = readQuery(c, options);
      if (!query.ok) return invalid(c, query.errors);
      const encoder = new TextEncoder();
      let before = query.before;
      let started = false;
      let done = false;
      // Pulled: the next page is read only when the client has taken the last.
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!started) {
            started = true;
            if (head) {
              controller.enqueue(encoder.encode(head));
              return;
            }
          }
          if (done) return;
          const page = await record.list(query.filter, { before, limit: exportPage });
          if (page.rows.length > 0) controller.enqueue(encoder.encode(page.rows.map(line).join("")));
          if (page.nextBefore === null) {
            done = true;
            controller.close();
          } else before = page.nextBefore;
        },
      });
      c.header("Content-Type", contentType);
      c.header("Content-Disposition", `attachment; filename="activity-${new Date().toISOString().slice(0, 10)}.${extension}"`);
      c.header("Cache-Control", "no-store");
      return c.body(body, 200);
    };

  app.get("/activity.csv", exporter("csv", "text/csv; charset=utf-8", csvRecord(csvColumns), activityCsvLine));
  app.get(
    "/activity.ndjson",
    exporter("ndjson", "application/x-ndjson", "", (row) => `${JSON.stringify(row)}\n`),
  );
  return app;
}

/** One row of the CSV export: empty for a null, the row's fields in the header's order. */
export function activityCsvLine(row: ActivityRow): string {
  return csvRecord(csvColumns.map((column) => (row[column] === null || row[column] === undefined ? "" : String(row[column]))));
}

type Query = { ok: true; filter: ActivityFilter; before: number | undefined; limit: number } | { ok: false; errors: ValidationErrorItem[] };

function readQuery(c: Context, options: ActivityRoutesOptions): Query {
  // The last of a repeated parameter, as FastAPI reads one; an empty one is no filter.
  const param = (name: string) => {
    const values = c.req.queries(name);
    const value = values?.[values.length - 1];
    return value === "" ? undefined : value;
  };
  const errors: ValidationErrorItem[] = [];
  const check = <T>(parsed: Parsed<T> | undefined): T | undefined => {
    if (parsed === undefined) return undefined;
    if (!parsed.ok) {
      errors.push(parsed.error);
      return undefined;
    }
    return parsed.value;
  };
  const text = (name: string) => check(mapDefined(param(name), (raw) => parseText(raw, name)));
  const who = text("who");
  const service = text("service");
  const teamId = text("team");
  const operation = check(mapDefined(param("operation"), (raw) => parseChoice<ActivityOperation>(raw, "operation", activityOperations)));
  const outcome = check(mapDefined(param("outcome"), (raw) => parseChoice<ActivityOutcome>(raw, "outcome", activityOutcomes)));
  const from = check(mapDefined(param("from"), (raw) => parseInstant(raw, "from")));
  const to = check(mapDefined(param("to"), (raw) => parseInstant(raw, "to")));
  const before = check(
    mapDefined(param("before"), (raw) => parseIntParam(raw, ["query", "before"], { ge: 1, le: Number.MAX_SAFE_INTEGER })),
  );
  const limit = check(mapDefined(param("limit"), (raw) => parseIntParam(raw, ["query", "limit"], { ge: 1, le: 500 }))) ?? 100;
  if (errors.length > 0) return { ok: false, errors };

  const allowed = options.services?.(c) ?? "*";
  const filter: ActivityFilter = {
    ...defined({ who, service, teamId, operation, outcome, from, to }),
    ...(allowed === "*" ? {} : { services: allowed }),
  };
  return { ok: true, filter, before, limit };
}

function mapDefined<T, U>(value: T | undefined, f: (value: T) => U): U | undefined {
  return value === undefined ? undefined : f(value);
}

function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function parseText(raw: string, name: string): Parsed<string> {
  if (raw.length <= maxText) return { ok: true, value: raw };
  return fail(name, raw, "string_too_long", `String should have at most ${maxText} characters`, { max_length: maxText });
}

function parseChoice<T extends string>(raw: string, name: string, choices: readonly T[]): Parsed<T> {
  if ((choices as readonly string[]).includes(raw)) return { ok: true, value: raw as T };
  // pydantic's wording for an enum: 'a', 'b' or 'c'.
  const quoted = choices.map((choice) => `'${choice}'`);
  const expected = `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
  return fail(name, raw, "enum", `Input should be ${expected}`, { expected });
}

function parseInstant(raw: string, name: string): Parsed<string> {
  const text = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(text)) {
    return fail(name, raw, "timezone_aware", "Input should have timezone info");
  }
  if (isCalendarInstant(text)) return { ok: true, value: text };
  return fail(
    name,
    raw,
    "datetime_parsing",
    "Input should be a valid datetime, an ISO 8601 instant with an offset such as 2026-12-08T09:30:00Z",
  );
}

/** An ISO instant with an offset whose date and time exist (no 30 February, no hour 25). */
function isCalendarInstant(text: string): boolean {
  try {
    instantMicros(text);
  } catch {
    return false;
  }
  const [y, mo, d, h, mi, s] = text
    .split(/[-T:.Z+]/i)
    .slice(0, 6)
    .map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo! - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

function fail(
  name: string,
  input: string,
  type: string,
  msg: string,
  ctx?: Record<string, unknown>,
): { ok: false; error: ValidationErrorItem } {
  return { ok: false, error: { type, loc: ["query", name], msg, input, ...(ctx ? { ctx } : {}) } };
}

function invalid(c: Context, detail: ValidationErrorItem[]) {
  return c.json({ detail }, 422);
}
