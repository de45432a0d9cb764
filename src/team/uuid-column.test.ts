import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readUuid, UuidColumn } from "./uuid-column.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A column of these IDs (folded): the UUIDs held, the others only counted. */
function columnOf(ids: readonly string[]): UuidColumn {
  const column = new UuidColumn();
  const words = new Uint32Array(4);
  for (const id of ids) column.append(readUuid(id, words) ? words : null);
  return column;
}

const marked = (column: UuidColumn, needle: string) => {
  const into = new Uint8Array(column.rows);
  const count = column.mark(needle, into);
  const rows = [...into.keys()].filter((row) => into[row] === 1);
  expect(count).toBe(rows.length);
  return rows;
};

describe("UuidColumn", () => {
  it("reads exactly the lower-case UUIDs, and gives each back", () => {
    // UUIDs, and IDs one mistake away: a capital, a digit out of range, a dash moved, one too long.
    const uuid = fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] });
    const id = fc.oneof(
      uuid,
      uuid.map((u) => u.toUpperCase()),
      fc
        .tuple(uuid, fc.nat(35), fc.constantFrom("g", "-", "0", "F", "", "00", "é"))
        .map(([u, at, c]) => u.slice(0, at) + c + u.slice(at + 1)),
      fc.string({ unit: fc.constantFrom("0", "a", "f", "-"), maxLength: 40 }),
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 40 }), (ids) => {
        const column = columnOf(ids);
        ids.forEach((id, row) => {
          expect(readUuid(id, new Uint32Array(4))).toBe(uuidPattern.test(id));
          expect(column.isUuid(row)).toBe(uuidPattern.test(id));
          if (uuidPattern.test(id)) expect(column.text(row)).toBe(id);
        });
      }),
    );
  });

  it("marks exactly the rows whose UUID holds the needle, past the rows marked already", () => {
    const unit = fc.constantFrom("0", "1", "a", "f", "-", "g", "A", "\u0000");
    // Few digits, so that one- and two-character needles and longer ones all match some.
    const uuid = fc.uuid().map((u) => u.replace(/[2-9b-e]/g, (d) => "01af"[d.charCodeAt(0) % 4]!));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(uuid, uuid, fc.constant("not-a-uuid")), { maxLength: 70 }),
        fc.oneof(
          fc.string({ unit, minLength: 1, maxLength: 5 }),
          fc.uuid().map((u) => u.slice(5, 20)),
        ),
        fc.array(fc.nat(69)),
        (ids, needle, markedBefore) => {
          const column = columnOf(ids);
          const holding = ids.map((id, row) => (uuidPattern.test(id) && id.includes(needle) ? row : -1)).filter((row) => row >= 0);
          expect(marked(column, needle)).toEqual(holding);
          // Rows marked already stay marked and are not counted again.
          const into = new Uint8Array(ids.length);
          for (const row of markedBefore) if (row < ids.length) into[row] = 1;
          const before = into.reduce((sum, byte) => sum + byte, 0);
          const count = column.mark(needle, into);
          expect(count).toBe(holding.filter((row) => !markedBefore.includes(row)).length);
          expect(into.reduce((sum, byte) => sum + byte, 0)).toBe(before + count);
        },
      ),
    );
  });

  it("tells a row's 16 bytes, and a row that is not a UUID", () => {
    const id = "0123abcd-4567-89ef-0123-456789abcdef";
    const column = columnOf([id, "0123ABCD-4567-89EF-0123-456789ABCDEF", id.replace("f", "e")]);
    const words = new Uint32Array(4);
    expect(readUuid(id, words)).toBe(true);
    expect(Array.from(words)).toEqual([0x0123abcd, 0x456789ef, 0x01234567, 0x89abcdef]);
    expect([0, 1, 2].map((row) => column.holdsWords(row, words))).toEqual([true, false, false]);
    expect(marked(column, "f-0")).toEqual([0]); // a dash between two digits, only where it is
    expect(marked(column, "e-0")).toEqual([2]);
    expect(marked(column, "d-4567-8")).toEqual([0, 2]);
    expect(marked(column, "--")).toEqual([]);
    expect(marked(column, `${id}0`)).toEqual([]);
  });
});
