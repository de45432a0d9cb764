/**
 * The record in a real PostgreSQL, started by the test: two processes appending at once make one
 * chain (seqs contiguous, no fork, verify whole), the triggers refuse changes, retention keeps it
 * verifiable, and activity:verify reads it without printing a password.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { entry } from "./entry-for-tests.ts";
import { openActivityRecord } from "./open-activity-record.ts";
import { postgresBin, startTestPostgres, type TestPostgres } from "./postgres-for-tests.ts";
import { appendFromTwoProcesses } from "./two-appenders-for-tests.ts";
import { runVerify } from "./verify-cli-for-tests.ts";

const bin = postgresBin();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
if (!bin)
  console.warn(
    "PostgreSQL's binaries (initdb, pg_ctl under /usr/lib/postgresql/*/bin) are absent: the PostgreSQL store's tests are skipped.",
  );

describe.skipIf(!bin)("the activity record in PostgreSQL", () => {
  let server: TestPostgres;
  let admin: pg.Client;
  const databases: string[] = [];

  beforeAll(async () => {
    server = await startTestPostgres(bin!);
    admin = new pg.Client(server.url);
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
  }, 30_000);

  /** A fresh database of its own for each test. */
  async function database(): Promise<string> {
    const name = `activity_${databases.length}`;
    databases.push(name);
    await admin.query(`CREATE DATABASE ${name}`);
    return server.url.replace(/\/postgres$/, `/${name}`);
  }

  test("two processes appending at once make one chain: seqs contiguous, each given once, verify whole", async () => {
    const url = await database();
    const perProcess = 150;
    const [us, eu] = await appendFromTwoProcesses(url, perProcess);

    const all = [...us, ...eu].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 2 * perProcess }, (_, i) => i + 1));
    // Interleaved: neither process had the chain to itself.
    expect(Math.min(...eu)).toBeLessThan(Math.max(...us));
    expect(Math.min(...us)).toBeLessThan(Math.max(...eu));

    const record = await openActivityRecord(url);
    try {
      expect(await record.verify()).toEqual({ whole: true, rows: 2 * perProcess });
      const { rows } = await record.list({}, { limit: 500 });
      // Newest first, and the database's clock never runs backwards along the chain.
      const ats = rows.map((r) => r.at).reverse();
      expect([...ats].sort()).toEqual(ats);
      expect(new Set(rows.map((r) => r.prevHash)).size).toBe(rows.length); // no two rows after the same one: no fork
    } finally {
      await record.close();
    }
  }, 60_000);

  test("at is the database's clock, and the JSON line is the row", async () => {
    const url = await database();
    const lines: string[] = [];
    const record = await openActivityRecord(url, { log: (line) => lines.push(line) });
    try {
      const before = (await admin.query<{ now: Date }>("SELECT clock_timestamp() AS now")).rows[0]!.now;
      const row = await record.append(entry());
      expect(row.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(Date.parse(row.at)).toBeGreaterThanOrEqual(before.getTime());
      expect(lines).toEqual([JSON.stringify({ activity: row })]);
    } finally {
      await record.close();
    }
  });

  test("text with quotes, backslashes, newlines and any character comes back as it went, and hashes alike", async () => {
    const url = await database();
    const record = await openActivityRecord(url);
    try {
      const awkward = "O'Brien said \\'; DROP TABLE activity; -- \"no\"\n\u2028é😀";
      const row = await record.append(entry({ who: "o'brien@example.org", reason: awkward, durationMs: 0.1 + 0.2 }));
      expect((await record.list({ who: "o'brien@example.org" }, { limit: 1 })).rows).toEqual([row]);
      expect(row.reason).toBe(awkward);
      expect(await record.verify()).toEqual({ whole: true, rows: 1 });
    } finally {
      await record.close();
    }
  });

  test("failed appends and many reads hand every connection back: the pool of 4 never runs dry", async () => {
    const url = await database();
    const record = await openActivityRecord(url);
    try {
      for (let i = 0; i < 6; i++) await expect(record.append(entry({ status: 42 }))).rejects.toThrow(/status/);
      for (let i = 0; i < 6; i++) expect(await record.verify()).toEqual({ whole: true, rows: 0 });
      for (let i = 0; i < 6; i++) expect(await record.prune(1)).toBe(0);
      expect(await record.append(entry())).toMatchObject({ seq: 1 });
    } finally {
      await record.close();
    }
  });

  test("filters, keyset pages and last deletions, as in SQLite", async () => {
    const url = await database();
    const record = await openActivityRecord(url);
    try {
      for (let i = 0; i < 7; i++) await record.append(entry({ service: i % 2 ? "eu" : "us", teamId: `team-${i % 3}` }));
      await record.append(entry({ operation: "delete-team", teamId: "team-1", who: "bob@example.org", status: 204, usersReturned: null }));
      await record.append(entry({ operation: "delete-team", teamId: "team-2", outcome: "refused", status: 403 }));
      const first = await record.list({ service: "us" }, { limit: 2 });
      expect(first.rows.map((r) => r.seq)).toEqual([9, 8]);
      const second = await record.list({ service: "us" }, { before: first.nextBefore!, limit: 10 });
      expect(second.rows.map((r) => r.seq)).toEqual([7, 5, 3, 1]);
      expect(second.nextBefore).toBeNull();
      expect((await record.list({ services: ["eu"] }, { limit: 10 })).rows.map((r) => r.seq)).toEqual([6, 4, 2]);
      expect((await record.list({ services: [] }, { limit: 10 })).rows).toEqual([]);
      const deletions = await record.lastDeletions(["team-1", "team-2"]);
      expect([...deletions.keys()]).toEqual(["team-1"]);
      expect(deletions.get("team-1")?.who).toBe("bob@example.org");
      expect(await record.lastDeletions(["team-1"], [])).toEqual(new Map());
      expect(await record.lastDeletions(["team-1"], ["eu"])).toEqual(new Map());
      expect((await record.lastDeletions(["team-1"], ["eu", "us"])).get("team-1")?.who).toBe("bob@example.org");
    } finally {
      await record.close();
    }
  });

  test("triggers refuse changing or deleting a row, and verify names a row changed behind them", async () => {
    const url = await database();
    const record = await openActivityRecord(url);
    try {
      for (let i = 0; i < 4; i++) await record.append(entry());
      const db = new pg.Client(url);
      await db.connect();
      try {
        await expect(db.query("UPDATE activity SET who = 'eve@example.org' WHERE seq = 2")).rejects.toThrow(/append-only/);
        await expect(db.query("DELETE FROM activity WHERE seq = 2")).rejects.toThrow(/append-only/);
        await expect(db.query("UPDATE activity_head SET seq = 1")).rejects.toThrow(/head/);
        await db.query("ALTER TABLE activity DISABLE TRIGGER activity_guard");
        await db.query("UPDATE activity SET users_returned = 0 WHERE seq = 3");
      } finally {
        await db.end();
      }
      expect(await record.verify()).toMatchObject({ whole: false, brokenAt: { seq: 3, reason: expect.stringMatching(/changed/) } });
    } finally {
      await record.close();
    }
  });

  test("pruning leaves a chain that verifies from its anchor, and appends go on after it", async () => {
    const url = await database();
    const lines: string[] = [];
    const record = await openActivityRecord(url, { log: (line) => lines.push(line) });
    try {
      for (let i = 0; i < 3; i++) await record.append(entry());
      await sleep(1500);
      const fourth = await record.append(entry());
      await record.append(entry());
      // A retention whose cutoff falls 0.75 s before row 4, after the pause: rows 1–3 are older,
      // however long the machine takes between here and the prune (under 0.75 s).
      const now = (await admin.query<{ now: Date }>("SELECT clock_timestamp() AS now")).rows[0]!.now.getTime();
      const retention = (now - Date.parse(fourth.at) + 750) / 86_400_000;
      expect(await record.prune(retention)).toBe(3);
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ activityPruned: { throughSeq: 3, rows: 3 } });
      expect(await record.verify()).toEqual({ whole: true, rows: 2 });
      expect(await record.prune(365)).toBe(0);
      await record.append(entry());
      expect(await record.verify()).toEqual({ whole: true, rows: 3 });
      expect((await record.list({}, { limit: 10 })).rows.map((r) => r.seq)).toEqual([6, 5, 4]);
    } finally {
      await record.close();
    }
  });

  test("activity:verify reads it: whole is exit 0, a row changed is exit 1 naming it; an unreachable database is exit 2 with its password hidden", async () => {
    const url = await database();
    const record = await openActivityRecord(url);
    for (let i = 0; i < 3; i++) await record.append(entry());
    await record.close();
    expect(await runVerify(["--activity-db", url])).toEqual({ code: 0, out: "The activity record is whole: 3 rows.\n", err: "" });
    const db = new pg.Client(url);
    await db.connect();
    await db.query("ALTER TABLE activity DISABLE TRIGGER activity_guard; UPDATE activity SET who = 'eve@example.org' WHERE seq = 2");
    await db.end();
    expect(await runVerify(["--activity-db", url])).toEqual({
      code: 1,
      out: "The chain breaks at row 2: its contents do not match its hash (the row was changed).\n",
      err: "",
    });
    const unreachable = await runVerify(["--activity-db", "postgres://ada:s3cret-pass@127.0.0.1:1/activity"]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.err).toMatch(
      /^The activity record at postgres:\/\/ada:\*\*\*@127\.0\.0\.1:1\/activity could not be opened: .+\.\n$/,
    );
    expect(unreachable.err + unreachable.out).not.toContain("s3cret");
  }, 90_000);
});
