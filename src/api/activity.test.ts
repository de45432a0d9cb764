import { describe, expect, it } from "vitest";
import {
  activityExportUrl,
  activityQuery,
  fetchActivity,
  filterProblems,
  filtersOf,
  noFilters,
  parseActivityPage,
  searchOf,
} from "./activity.ts";
import { parseDeletions, deletionsPath } from "./deletions.ts";

const row = {
  seq: 42,
  at: "2026-12-08T09:30:00.000Z",
  who: "ana@acme.example",
  service: "us-prod",
  operation: "delete-team",
  orgId: "o",
  teamId: "t",
  offset: null,
  limit: null,
  status: 204,
  outcome: "ok",
  usersReturned: null,
  durationMs: 12.5,
  reason: null,
  prevHash: "a",
  hash: "b",
};

describe("the activity record's filters", () => {
  it("keep in the URL only those set, and read back the same", () => {
    const filters = { ...noFilters, who: "ana@acme.example", outcome: "refused", from: "2026-12-08T09:30" };
    const search = searchOf(filters);
    expect(search.toString()).toBe("who=ana%40acme.example&outcome=refused&from=2026-12-08T09%3A30");
    expect(filtersOf(search)).toEqual(filters);
    expect(filtersOf(new URLSearchParams("page=3&who=%20bo%20"))).toEqual({ ...noFilters, who: "bo" });
  });

  it("ask the server with the times as instants, the page's before and limit", () => {
    const filters = { ...noFilters, service: "us-prod", team: "t", from: "2026-12-08T09:30" };
    const query = activityQuery(filters, { before: 42, limit: 100 });
    expect(query.get("service")).toBe("us-prod");
    expect(query.get("from")).toBe(new Date("2026-12-08T09:30").toISOString());
    expect(query.get("before")).toBe("42");
    expect(query.get("limit")).toBe("100");
    expect(query.has("who")).toBe(false);
    expect(activityQuery(noFilters, { before: null }).toString()).toBe("");
  });

  it("give the downloads the same filters, and the whole record without any", () => {
    expect(activityExportUrl("csv", noFilters)).toBe("/api/activity.csv");
    expect(activityExportUrl("ndjson", { ...noFilters, operation: "list-users" })).toBe("/api/activity.ndjson?operation=list-users");
  });

  it("refuse a time that is not one, and an end before the start", () => {
    expect(filterProblems({ ...noFilters, from: "yesterday" })).toEqual({ from: "Not a date and time." });
    expect(filterProblems({ ...noFilters, from: "2026-12-08T10:00", to: "2026-12-08T09:00" })).toEqual({
      to: "Ends before it starts: choose a time after From.",
    });
    expect(filterProblems({ ...noFilters, from: "2026-12-08T09:00", to: "2026-12-08T10:00" })).toEqual({});
  });
});

describe("a page of the record", () => {
  it("is read tolerantly: unknown fields ignored, a row without its order left out", () => {
    const page = parseActivityPage({ rows: [{ ...row, extra: 1 }, { at: "x" }], nextBefore: 42 });
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ seq: 42, who: "ana@acme.example", durationMs: 12.5, offset: null });
    expect(page.nextBefore).toBe(42);
    expect(() => parseActivityPage({ detail: "no" })).toThrow(/no rows/);
  });

  it("fails with the server's own sentence", async () => {
    const refusing = (() =>
      Promise.resolve(
        new Response(JSON.stringify({ detail: "ana@acme.example is not an admin of any service." }), {
          status: 403,
          headers: { "x-dashboard-refusal": "1" },
        }),
      )) as unknown as typeof fetch;
    await expect(fetchActivity(noFilters, null, { fetchImpl: refusing })).rejects.toMatchObject({
      message: "ana@acme.example is not an admin of any service.",
      status: 403,
    });
  });
});

describe("who deleted a provided team", () => {
  it("asks for each team, and reads the answer by team ID", () => {
    expect(deletionsPath(["a", "b"])).toBe("/api/deletions?team=a&team=b");
    expect(parseDeletions({ deletions: { ABC: { who: "bo@acme.example", at: "2026-12-08T09:30:00Z" }, bad: { who: "x" } } })).toEqual({
      abc: { who: "bo@acme.example", at: "2026-12-08T09:30:00Z" },
    });
  });
});
