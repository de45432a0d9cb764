/** The hash chain on its own: rows made by chainRow, checked by ChainWalk, with each way of breaking it. */
import { describe, expect, test } from "vitest";
import {
  atFromIso,
  atFromMicros,
  canonicalRow,
  chainRow,
  checkChain,
  genesisHash,
  normalizeEntry,
  rowHash,
  type ActivityEntry,
  type ActivityRow,
  type ChainHead,
} from "./activity-record.ts";

const entry = (i: number): ActivityEntry => ({
  who: i % 2 ? "ada@example.org" : null,
  service: "us",
  operation: "list-users",
  orgId: null,
  teamId: "team-a",
  offset: i * 100,
  limit: 100,
  status: 200,
  outcome: "ok",
  usersReturned: 100,
  durationMs: 2.5,
  reason: null,
});

function chain(n: number): { rows: ActivityRow[]; head: ChainHead } {
  const rows: ActivityRow[] = [];
  let head = { seq: 0, hash: genesisHash };
  for (let i = 0; i < n; i++) {
    const row = chainRow(entry(i), head, atFromMicros(1_765_000_000_000_000 + i * 1000));
    rows.push(row);
    head = row;
  }
  return { rows, head: { ...head, prunedSeq: 0, prunedHash: genesisHash } };
}

describe("the hash chain", () => {
  test("a chain as appended is whole; the first row points to the genesis hash", () => {
    const { rows, head } = chain(5);
    expect(rows[0]!.prevHash).toBe(genesisHash);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[3]!.prevHash).toBe(rows[2]!.hash);
    expect(checkChain(head, rows)).toEqual({ whole: true, rows: 5 });
  });

  test("an empty record is whole", () => {
    expect(checkChain({ seq: 0, hash: genesisHash, prunedSeq: 0, prunedHash: genesisHash }, [])).toEqual({ whole: true, rows: 0 });
  });

  test("the hash covers every field, seq, at and the previous hash included", () => {
    const { rows } = chain(1);
    const { hash, ...row } = rows[0]!;
    expect(rowHash(row)).toBe(hash);
    for (const [field, value] of Object.entries({
      seq: 2,
      at: atFromMicros(0),
      who: "eve@example.org",
      service: "eu",
      operation: "delete-team",
      orgId: "o",
      teamId: "t",
      offset: 1,
      limit: 1,
      status: 500,
      outcome: "failed",
      usersReturned: 0,
      durationMs: 2.6,
      reason: "x",
      prevHash: "f".repeat(64),
    })) {
      expect(rowHash({ ...row, [field]: value }), field).not.toBe(hash);
    }
  });

  test("a null and an absent reason hash alike; a null and an empty text do not", () => {
    const { rows } = chain(1);
    const { hash, reason: _reason, ...row } = rows[0]!;
    expect(rowHash(row)).toBe(hash);
    expect(canonicalRow({ ...row, who: "" })).not.toBe(canonicalRow({ ...row, who: null }));
  });

  test("an edited row is named: its contents no longer match its hash", () => {
    const { rows, head } = chain(5);
    rows[2] = { ...rows[2]!, usersReturned: 0 };
    expect(checkChain(head, rows)).toEqual({
      whole: false,
      rows: 2,
      brokenAt: { seq: 3, reason: "its contents do not match its hash (the row was changed)" },
    });
  });

  test("an edited row given a fresh hash is found at the next row, which names it", () => {
    const { rows, head } = chain(5);
    const { hash: _old, ...edited } = { ...rows[2]!, who: "eve@example.org" };
    rows[2] = { ...edited, hash: rowHash(edited) };
    expect(checkChain(head, rows).brokenAt).toEqual({
      seq: 4,
      reason: "its previous hash is not the hash of row 3 (that row was changed or replaced)",
    });
  });

  test("a deleted row is named as missing", () => {
    const { rows, head } = chain(5);
    rows.splice(1, 1);
    expect(checkChain(head, rows).brokenAt).toEqual({ seq: 2, reason: "the row is missing" });
    rows.splice(1, 2);
    expect(checkChain(head, rows).brokenAt).toEqual({ seq: 2, reason: "rows 2 to 4 are missing" });
  });

  test("reordered rows: two rows' seqs swapped break the chain at the first of them", () => {
    const { rows, head } = chain(5);
    const [a, b] = [rows[1]!, rows[2]!];
    rows[1] = { ...b, seq: 2 };
    rows[2] = { ...a, seq: 3 };
    expect(checkChain(head, rows).brokenAt).toEqual({ seq: 2, reason: "its contents do not match its hash (the row was changed)" });
  });

  test("rows removed from the end are found by the head", () => {
    const { rows, head } = chain(5);
    expect(checkChain(head, rows.slice(0, 4)).brokenAt).toEqual({ seq: 5, reason: "the row is missing from the end of the record" });
    expect(checkChain(head, rows.slice(0, 2)).brokenAt).toEqual({ seq: 3, reason: "rows 3 to 5 are missing from the end of the record" });
  });

  test("a row past the head, or an end the head does not hold, breaks it", () => {
    const { rows, head } = chain(5);
    expect(checkChain({ ...head, seq: 4, hash: rows[3]!.hash }, rows).brokenAt).toEqual({
      seq: 5,
      reason: "it lies past the record's head, row 4",
    });
    expect(checkChain({ ...head, hash: "e".repeat(64) }, rows).brokenAt?.seq).toBe(5);
  });

  test("after pruning, the chain verifies from the anchor, and only from it", () => {
    const { rows, head } = chain(5);
    const anchored = { ...head, prunedSeq: 2, prunedHash: rows[1]!.hash };
    expect(checkChain(anchored, rows.slice(2))).toEqual({ whole: true, rows: 3 });
    expect(checkChain({ ...anchored, prunedHash: "e".repeat(64) }, rows.slice(2)).brokenAt).toEqual({
      seq: 3,
      reason: "its previous hash is not the anchor left by pruning",
    });
    expect(checkChain(anchored, rows.slice(3)).brokenAt).toEqual({ seq: 3, reason: "the row is missing" });
    expect(checkChain(anchored, rows.slice(1)).brokenAt).toEqual({ seq: 2, reason: "it lies under the anchor left by pruning" });
    // Everything pruned: nothing left to walk, and the anchor is the head.
    expect(checkChain({ ...head, prunedSeq: 5, prunedHash: head.hash }, [])).toEqual({ whole: true, rows: 0 });
  });
});

describe("an entry", () => {
  test("is refused when a field is out of its kind, naming the field", () => {
    expect(() => normalizeEntry({ ...entry(0), operation: "drop" as never })).toThrow(/operation/);
    expect(() => normalizeEntry({ ...entry(0), outcome: "maybe" as never })).toThrow(/outcome/);
    expect(() => normalizeEntry({ ...entry(0), status: 99 })).toThrow(/status/);
    expect(() => normalizeEntry({ ...entry(0), offset: -1 })).toThrow(/offset/);
    expect(() => normalizeEntry({ ...entry(0), usersReturned: 1.5 })).toThrow(/usersReturned/);
    expect(() => normalizeEntry({ ...entry(0), durationMs: Number.NaN })).toThrow(/durationMs/);
    expect(() => normalizeEntry({ ...entry(0), reason: "x".repeat(501) })).toThrow(/reason/);
  });

  test("keeps its duration to the microsecond, and no reason as null", () => {
    expect(normalizeEntry({ ...entry(0), durationMs: 1.23456789, reason: undefined })).toMatchObject({ durationMs: 1.235, reason: null });
  });
});

describe("at", () => {
  test("is UTC to the microsecond, fixed width, so text order is time order", () => {
    expect(atFromMicros(1_765_152_000_123_456)).toBe("2025-12-08T00:00:00.123456Z");
    expect(atFromIso("2026-12-08T02:30:00.5+02:00")).toBe("2026-12-08T00:30:00.500000Z");
    expect(() => atFromIso("2026-12-08T02:30:00")).toThrow();
  });
});
