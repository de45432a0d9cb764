/**
 * The record's HTTP routes over real HTTP: the JSON page with filters and paging, the services
 * a caller may read, each bad parameter a 422 in FastAPI's body, and the CSV and NDJSON exports
 * (escaping, every row, read a page at a time).
 */
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "../../src/team-engine/csv-reader.test-helper.ts";
import type { ActivityRecord, ActivityRow } from "./activity-record.ts";
import { activityRoutes } from "./activity-routes.ts";
import { entry } from "./entry-for-tests.ts";
import { openActivityRecord } from "./open-activity-record.ts";

let record: ActivityRecord;
let server: ServerType;
let base: string;
const listCalls: number[] = [];
const awkward = 'Refused: "admin" role needed, not viewer,\nsee the deployment';

beforeAll(async () => {
  const opened = await openActivityRecord(":memory:");
  // Counts the pages the routes read, to see the exports read a page at a time.
  record = { ...opened, list: (filter, page) => (listCalls.push(page.limit), opened.list(filter, page)) };
  for (let i = 0; i < 1_203; i++) await record.append(entry({ service: i % 3 === 0 ? "eu" : "us", teamId: `team-${i % 2}` }));
  await record.append(entry({ who: null, service: "us", outcome: "refused", status: 403, reason: awkward, usersReturned: null }));
  await record.append(
    entry({
      who: "=cmd@example.org",
      service: null,
      operation: "sign-in",
      status: 200,
      usersReturned: null,
      offset: null,
      limit: null,
      teamId: null,
    }),
  );
  const app = new Hono();
  app.route("/api", activityRoutes(record));
  // A caller that may read only the eu service's rows.
  app.route("/eu-only", activityRoutes(record, { services: () => ["eu"] }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await record.close();
});

const getJson = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as { rows: ActivityRow[]; nextBefore: number | null; detail?: unknown } };
};

describe("GET /activity", () => {
  test("a page newest first, 100 by default, with where the next starts", async () => {
    const { status, body } = await getJson("/api/activity");
    expect(status).toBe(200);
    expect(body.rows).toHaveLength(100);
    expect(body.rows[0]!.seq).toBe(1_205);
    expect(body.nextBefore).toBe(1_106);
    const next = await getJson(`/api/activity?before=${body.nextBefore}&limit=3`);
    expect(next.body.rows.map((r) => r.seq)).toEqual([1_105, 1_104, 1_103]);
  });

  test("filters by who, service, team, operation, outcome and time", async () => {
    expect((await getJson("/api/activity?outcome=refused")).body.rows.map((r) => r.reason)).toEqual([awkward]);
    expect((await getJson("/api/activity?operation=sign-in")).body.rows.map((r) => r.seq)).toEqual([1_205]);
    expect((await getJson("/api/activity?who=%3Dcmd%40example.org")).body.rows.map((r) => r.seq)).toEqual([1_205]);
    const eu = (await getJson("/api/activity?service=eu&team=team-1&limit=500")).body.rows;
    expect(eu.length).toBe(200);
    expect(eu.every((r) => r.service === "eu" && r.teamId === "team-1")).toBe(true);
    expect((await getJson("/api/activity?to=2000-01-01T00:00:00Z")).body.rows).toEqual([]);
    expect((await getJson("/api/activity?from=2000-01-01T00:00:00%2B02:00&limit=1")).body.rows).toHaveLength(1);
    // An empty parameter is no filter, as a form sends it.
    expect((await getJson("/api/activity?who=&limit=1")).body.rows[0]!.seq).toBe(1_205);
  });

  test("a caller limited to some services never sees another's rows, nor rows of no service", async () => {
    const { body } = await getJson("/eu-only/activity?limit=500");
    expect(body.rows.length).toBe(401);
    expect(body.rows.every((r) => r.service === "eu")).toBe(true);
    expect((await getJson("/eu-only/activity?service=us")).body.rows).toEqual([]);
    expect((await getJson("/eu-only/activity?operation=sign-in")).body.rows).toEqual([]);
  });

  test("each bad parameter is a 422 in FastAPI's body, naming it", async () => {
    const { status, body } = await getJson(
      "/api/activity?limit=0&before=x&operation=drop&outcome=maybe&from=yesterday&to=2026-12-08T10:00:00",
    );
    expect(status).toBe(422);
    expect(body.detail).toEqual([
      {
        type: "enum",
        loc: ["query", "operation"],
        msg: "Input should be 'list-users', 'delete-team', 'sign-in', 'sign-out', 'read-activity' or 'other-request'",
        input: "drop",
        ctx: { expected: "'list-users', 'delete-team', 'sign-in', 'sign-out', 'read-activity' or 'other-request'" },
      },
      {
        type: "enum",
        loc: ["query", "outcome"],
        msg: "Input should be 'ok', 'refused' or 'failed'",
        input: "maybe",
        ctx: { expected: "'ok', 'refused' or 'failed'" },
      },
      {
        type: "datetime_parsing",
        loc: ["query", "from"],
        msg: "Input should be a valid datetime, an ISO 8601 instant with an offset such as 2026-12-08T09:30:00Z",
        input: "yesterday",
      },
      { type: "timezone_aware", loc: ["query", "to"], msg: "Input should have timezone info", input: "2026-12-08T10:00:00" },
      {
        type: "int_parsing",
        loc: ["query", "before"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
        input: "x",
      },
      {
        type: "greater_than_equal",
        loc: ["query", "limit"],
        msg: "Input should be greater than or equal to 1",
        input: "0",
        ctx: { ge: 1 },
      },
    ]);
    expect((await getJson("/api/activity?limit=501")).body.detail).toMatchObject([{ type: "less_than_equal", ctx: { le: 500 } }]);
    expect((await getJson("/api/activity?from=2026-02-30T00:00:00Z")).body.detail).toMatchObject([
      { type: "datetime_parsing", loc: ["query", "from"] },
    ]);
    expect((await getJson(`/api/activity?who=${"a".repeat(501)}`)).body.detail).toMatchObject([
      { type: "string_too_long", ctx: { max_length: 500 } },
    ]);
    expect((await fetch(`${base}/api/activity.csv?outcome=maybe`)).status).toBe(422);
    expect((await fetch(`${base}/api/activity.ndjson?limit=-1`)).status).toBe(422);
  });
});

describe("the exports", () => {
  test("CSV: every row of the filter newest first, a reason with a comma, quotes and a newline intact, a formula guarded", async () => {
    listCalls.length = 0;
    const response = await fetch(`${base}/api/activity.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parseCsv(await response.text());
    expect(records[0]).toEqual([
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
    ]);
    expect(records).toHaveLength(1 + 1_205);
    expect(records.slice(1).map((r) => Number(r[0]))).toEqual(Array.from({ length: 1_205 }, (_, i) => 1_205 - i));
    expect(records[1]!.slice(2, 5)).toEqual(["'=cmd@example.org", "", "sign-in"]);
    expect(records[2]![13]).toBe(awkward);
    expect(records[2]![2]).toBe("");
    // Read in pages of 500, not whole.
    expect(listCalls).toEqual([500, 500, 500]);
  });

  test("NDJSON: one row a line, each the row as stored, filtered", async () => {
    const response = await fetch(`${base}/api/activity.ndjson?service=us&team=team-0`);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.ndjson"$/);
    const text = await response.text();
    expect(text.endsWith("\n")).toBe(true);
    const rows = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as ActivityRow);
    const expected = (await record.list({ service: "us", teamId: "team-0" }, { limit: 1_000 })).rows;
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(0);
  });

  test("the services limit holds in the exports too", async () => {
    const rows = (await (await fetch(`${base}/eu-only/activity.ndjson`)).text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as ActivityRow);
    expect(rows).toHaveLength(401);
    expect(new Set(rows.map((r) => r.service))).toEqual(new Set(["eu"]));
  });
});
