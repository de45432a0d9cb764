import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PostingLists } from "./posting-lists.ts";

describe("PostingLists", () => {
  it("gives back each list's rows as appended, repeats once, over chunks and trims", () => {
    fc.assert(
      fc.property(
        // Gaps from 1 to 2^31 − 1 (every count of nibbles), some rows appended twice, lists interleaved.
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 2 }),
            fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 2 ** 24 })),
            fc.boolean(),
          ),
          { maxLength: 300 },
        ),
        fc.integer({ min: 0, max: 300 }),
        (steps, trimAt) => {
          const lists = new PostingLists();
          expect(lists.open(3)).toBe(0);
          const expected: number[][] = [[], [], []];
          let row = 0;
          steps.forEach(([list, gap, twice], step) => {
            if (step === trimAt) lists.trim(); // and appended to after
            row = Math.min(row + gap, 2 ** 31 - 1);
            if (expected[list]!.at(-1) === row) return;
            lists.add(list, row);
            if (twice) lists.add(list, row);
            expected[list]!.push(row);
          });
          expected.forEach((rows, list) => {
            expect(Array.from(lists.rows(list))).toEqual(rows);
            expect(lists.count(list)).toBe(rows.length);
          });
          const inAll = expected[0]!.filter((r) => expected[1]!.includes(r) && expected[2]!.includes(r));
          expect(Array.from(lists.common([0, 1, 2, 1]))).toEqual(inAll);
        },
      ),
    );
  });

  it("fills chunks: a list of many rows reads back whole, before and after a trim", () => {
    const lists = new PostingLists();
    const [dense, sparse] = [lists.open(2), 1];
    const rows = Array.from({ length: 50_000 }, (_, i) => i * 3 + (i % 2));
    for (const row of rows) {
      lists.add(dense, row);
      if (row % 1000 === 0) lists.add(sparse, row);
    }
    expect(Array.from(lists.rows(dense))).toEqual(rows);
    lists.trim();
    lists.add(dense, 1_000_000);
    expect(Array.from(lists.rows(dense))).toEqual([...rows, 1_000_000]);
    expect(Array.from(lists.rows(sparse))).toEqual(rows.filter((row) => row % 1000 === 0));
    // The rarest lists: past `atMost`, the rows of those (a superset).
    expect(Array.from(lists.common([dense, sparse], 1))).toEqual(rows.filter((row) => row % 1000 === 0));
  });
});
