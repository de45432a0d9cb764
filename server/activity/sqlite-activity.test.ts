/**
 * The record in a SQLite file: appends, the JSON lines, filters and keyset pages, last deletions,
 * retention, the triggers, and a file changed behind the record's back (another connection) —
 * which verify, and `npm run activity:verify`, find and name.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import type { ActivityRecord, ActivityRow } from "./activity-record.ts";
import { entry } from "./entry-for-tests.ts";
import { openActivityRecord } from "./open-activity-record.ts";
import { appendFromTwoProcesses } from "./two-appenders-for-tests.ts";
import { runVerify } from "./verify-cli-for-tests.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const open: ActivityRecord[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((record) => record.close()));
});

async function fileRecord(rows: number, log?: (line: string) => void): Promise<{ file: string; record: ActivityRecord }> {
  const file = join(mkdtempSync(join(tmpdir(), "activity-")), "nested", "activity.sqlite");
  const record = await openActivityRecord(file, log ? { log } : {});
  open.push(record);
  for (let i = 0; i < rows; i++) await record.append(entry({ offset: i * 100 }));
  return { file, record };
}

/** Another connection to the file, as someone with the file in hand would open it. */
function tamper(file: string, sql: string) {
  const db = new Database(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

describe("the activity record in SQLite", () => {
  test("appends make a whole chain, each written as one JSON line", async () => {
    const lines: string[] = [];
    const { record } = await fileRecord(0, (line) => lines.push(line));
    const first = await record.append(entry());
    const second = await record.append(
      entry({ who: null, outcome: "refused", status: 401, reason: "Not signed in.", usersReturned: null }),
    );
    expect(first).toMatchObject({ seq: 1, prevHash: "0".repeat(64) });
    expect(second).toMatchObject({ seq: 2, prevHash: first.hash, who: null, reason: "Not signed in." });
    expect(first.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ activity: first }, { activity: second }]);
    expect(await record.verify()).toEqual({ whole: true, rows: 2 });
  });

  test("two processes appending to one file at once make one chain", async () => {
    const { file, record } = await fileRecord(0);
    const [us, eu] = await appendFromTwoProcesses(file, 150);
    expect([...us, ...eu].sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(Math.min(...eu)).toBeLessThan(Math.max(...us));
    expect(Math.min(...us)).toBeLessThan(Math.max(...eu));
    expect(await record.verify()).toEqual({ whole: true, rows: 300 });
  }, 60_000);

  test("a bad entry is refused and leaves the chain as it was", async () => {
    const { record } = await fileRecord(2);
    await expect(record.append(entry({ status: 42 }))).rejects.toThrow(/status/);
    expect((await record.append(entry())).seq).toBe(3);
    expect(await record.verify()).toEqual({ whole: true, rows: 3 });
  });

  test("the triggers refuse changing a row, deleting one, or moving the head back", async () => {
    const { file } = await fileRecord(3);
    expect(() => tamper(file, "UPDATE activity SET who = 'eve@example.org' WHERE seq = 2")).toThrow(/append-only/);
    expect(() => tamper(file, "DELETE FROM activity WHERE seq = 2")).toThrow(/append-only/);
    expect(() => tamper(file, "INSERT INTO activity SELECT * FROM activity WHERE seq = 1")).toThrow();
    expect(() => tamper(file, "UPDATE activity_head SET seq = 1")).toThrow(/head/);
    expect(() => tamper(file, "DELETE FROM activity_head")).toThrow(/head/);
  });

  test("a row edited in the file by another connection is named by verify and by activity:verify", async () => {
    const { file, record } = await fileRecord(5);
    expect(await runVerify(["--activity-db", file])).toEqual({ code: 0, out: "The activity record is whole: 5 rows.\n", err: "" });
    tamper(file, "DROP TRIGGER activity_no_update; UPDATE activity SET users_returned = 0 WHERE seq = 3");
    expect(await record.verify()).toEqual({
      whole: false,
      rows: 2,
      brokenAt: { seq: 3, reason: "its contents do not match its hash (the row was changed)" },
    });
    expect(await runVerify(["--activity-db", file])).toEqual({
      code: 1,
      out: "The chain breaks at row 3: its contents do not match its hash (the row was changed).\n",
      err: "",
    });
  }, 60_000);

  test("a row deleted from the file is named as missing", async () => {
    const { file, record } = await fileRecord(5);
    tamper(file, "DROP TRIGGER activity_delete_pruned_only; DELETE FROM activity WHERE seq = 4");
    expect((await record.verify()).brokenAt).toEqual({ seq: 4, reason: "the row is missing" });
  });

  test("the last row deleted from the file is found by the head", async () => {
    const { file, record } = await fileRecord(5);
    tamper(file, "DROP TRIGGER activity_delete_pruned_only; DELETE FROM activity WHERE seq = 5");
    expect((await record.verify()).brokenAt).toEqual({ seq: 5, reason: "the row is missing from the end of the record" });
  });

  test("two rows reordered in the file break the chain at the first of them", async () => {
    const { file, record } = await fileRecord(5);
    tamper(
      file,
      "DROP TRIGGER activity_no_update; UPDATE activity SET seq = -2 WHERE seq = 2; UPDATE activity SET seq = 2 WHERE seq = 3; UPDATE activity SET seq = 3 WHERE seq = -2;",
    );
    expect((await record.verify()).brokenAt?.seq).toBe(2);
  });

  test("filters, alone and together, and keyset pages newest first", async () => {
    const { record } = await fileRecord(0);
    const made: ActivityRow[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(
        await record.append(
          entry({
            who: i % 3 === 0 ? null : i % 3 === 1 ? "ada@example.org" : "bob@example.org",
            service: i % 2 ? "eu" : "us",
            teamId: `team-${i % 4}`,
            operation: i % 5 === 0 ? "delete-team" : "list-users",
            outcome: i % 6 === 0 ? "refused" : "ok",
          }),
        ),
      );
    }
    const seqs = async (filter: Parameters<ActivityRecord["list"]>[0]) =>
      (await record.list(filter, { limit: 100 })).rows.map((r) => r.seq);
    const expected = (keep: (i: number) => boolean) =>
      made
        .filter((_, i) => keep(i))
        .map((r) => r.seq)
        .reverse();
    expect(await seqs({})).toEqual(expected(() => true));
    expect(await seqs({ who: "bob@example.org" })).toEqual(expected((i) => i % 3 === 2));
    expect(await seqs({ service: "eu" })).toEqual(expected((i) => i % 2 === 1));
    expect(await seqs({ teamId: "team-2" })).toEqual(expected((i) => i % 4 === 2));
    expect(await seqs({ operation: "delete-team" })).toEqual(expected((i) => i % 5 === 0));
    expect(await seqs({ outcome: "refused" })).toEqual(expected((i) => i % 6 === 0));
    expect(await seqs({ service: "us", outcome: "ok", who: "ada@example.org" })).toEqual(
      expected((i) => i % 2 === 0 && i % 6 !== 0 && i % 3 === 1),
    );
    expect(await seqs({ services: ["eu"] })).toEqual(expected((i) => i % 2 === 1));
    expect(await seqs({ services: ["eu"], service: "us" })).toEqual([]);
    expect(await seqs({ services: [] })).toEqual([]);
    // Time: from inclusive, to exclusive, with any offset.
    const at6 = made[6]!.at;
    const plusTwo = (at: string) => new Date(Date.parse(at) + 2 * 3_600_000).toISOString().replace("Z", `${at.slice(23, 26)}+02:00`);
    expect(await seqs({ from: plusTwo(at6) })).toEqual(await seqs({ from: at6 }));
    expect(await seqs({ from: at6 })).toContain(7);
    expect(await seqs({ to: at6 })).not.toContain(7);
    expect(await seqs({ from: "2000-01-01T00:00:00Z", to: "2000-01-02T00:00:00Z" })).toEqual([]);

    // Pages of 5 with a filter: each starts before the last, all of them together are the whole list.
    const paged: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await record.list({ service: "us" }, { limit: 2, ...(before === undefined ? {} : { before }) });
      paged.push(...page.rows.map((r) => r.seq));
      if (page.nextBefore === null) break;
      expect(page.rows).toHaveLength(2);
      before = page.nextBefore;
    }
    expect(paged).toEqual(expected((i) => i % 2 === 0));
    expect((await record.list({}, { limit: 12 })).nextBefore).toBeNull();
    expect((await record.list({}, { limit: 11 })).nextBefore).toBe(2);
  });

  test("last deletions: the last successful one of each team, by whom and when", async () => {
    const { record } = await fileRecord(0);
    await record.append(entry({ operation: "delete-team", teamId: "t1", who: "ada@example.org", status: 204, usersReturned: null }));
    const last = await record.append(
      entry({ operation: "delete-team", teamId: "t1", who: "bob@example.org", status: 204, usersReturned: null }),
    );
    await record.append(entry({ operation: "delete-team", teamId: "t2", outcome: "refused", status: 403 }));
    await record.append(entry({ operation: "delete-team", teamId: "t3", outcome: "failed", status: 502 }));
    await record.append(entry({ operation: "list-users", teamId: "t4" }));
    const found = await record.lastDeletions(["t1", "t2", "t3", "t4", "t5"]);
    expect([...found]).toEqual([["t1", { who: "bob@example.org", at: last.at }]]);
    expect(await record.lastDeletions([])).toEqual(new Map());
  });

  test("last deletions at the services named only: the same team ID deleted in another region is not told", async () => {
    const { record } = await fileRecord(0);
    const us = await record.append(entry({ operation: "delete-team", service: "us", teamId: "t1", who: "ada@example.org", status: 204 }));
    await record.append(entry({ operation: "delete-team", service: "eu", teamId: "t1", who: "bob@example.org", status: 204 }));
    expect([...(await record.lastDeletions(["t1"], ["us"]))]).toEqual([["t1", { who: "ada@example.org", at: us.at }]]);
    expect(await record.lastDeletions(["t1"], [])).toEqual(new Map());
    expect((await record.lastDeletions(["t1"])).get("t1")?.who).toBe("bob@example.org");
  });

  test("retention prunes the old rows, leaves an anchor the chain verifies from, and logs it", async () => {
    const lines: string[] = [];
    const { file, record } = await fileRecord(3, (line) => lines.push(line));
    await sleep(1000);
    const fourth = await record.append(entry());
    await record.append(entry());
    // A cutoff 0.5 s before row 4, after the pause, however long the machine takes until the prune (under 0.5 s).
    const retention = (Date.now() - Date.parse(fourth.at) + 500) / 86_400_000;
    expect(await record.prune(retention)).toBe(3);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ activityPruned: { throughSeq: 3, rows: 3 } });
    expect(await record.verify()).toEqual({ whole: true, rows: 2 });
    expect(await record.prune(365)).toBe(0);
    expect((await record.append(entry())).seq).toBe(6);
    expect(await runVerify(["--activity-db", file])).toMatchObject({ code: 0, out: "The activity record is whole: 3 rows.\n" });
    // The anchor holds: a kept row deleted is still missing, not a new start.
    tamper(file, "DROP TRIGGER activity_delete_pruned_only; DELETE FROM activity WHERE seq = 4");
    expect((await record.verify()).brokenAt).toEqual({ seq: 4, reason: "the row is missing" });
    await expect(record.prune(0)).rejects.toThrow(RangeError);
  }, 60_000);

  test("everything pruned: the record is whole and empty, and goes on from where it was", async () => {
    const { record } = await fileRecord(3);
    await sleep(50);
    expect(await record.prune(0.01 / 86_400)).toBe(3);
    expect(await record.verify()).toEqual({ whole: true, rows: 0 });
    expect(await record.append(entry())).toMatchObject({ seq: 4 });
    expect(await record.verify()).toEqual({ whole: true, rows: 1 });
  });

  test(":memory: works for tests", async () => {
    const record = await openActivityRecord(":memory:");
    open.push(record);
    await record.append(entry());
    expect(await record.verify()).toEqual({ whole: true, rows: 1 });
  });

  test("activity:verify: a missing file or a bad option is one sentence and exit 2", async () => {
    expect(await runVerify(["--activity-db", join(tmpdir(), "no-such", "activity.sqlite")])).toEqual({
      code: 2,
      out: "",
      err: `There is no activity record at ${join(tmpdir(), "no-such", "activity.sqlite")}.\n`,
    });
    const bad = await runVerify(["--activity-dv", "x"]);
    expect(bad.code).toBe(2);
    expect(bad.err.trim().split("\n")).toHaveLength(1);
  }, 60_000);
});
