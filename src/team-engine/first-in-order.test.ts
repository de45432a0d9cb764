import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstInOrder } from "./first-in-order.ts";

describe("firstInOrder", () => {
  it("gives the first rows of the order, as a full sort does, from a list in any order or from marks", () => {
    // Keys tie often (the ties are then ordered by value, then by row); NaN is no value, last either way.
    const rowArb = fc.record({
      key: fc.constantFrom(0, 1, 2, -5, Number.NaN),
      value: fc.integer({ min: 0, max: 3 }),
      marked: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 60 }),
        fc.nat({ max: 70 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (rows, count, descending, listed, keysRepeat) => {
          const keys = Float64Array.from(rows, (row) => row.key);
          const compareTies = (a: number, b: number) => rows[a]!.value - rows[b]!.value || a - b;
          const keyOf = (row: number) => (Number.isNaN(keys[row]!) ? Infinity : descending ? -keys[row]! : keys[row]!);
          const picked = [...rows.keys()].filter((row) => rows[row]!.marked);
          const sorted = [...picked].sort((a, b) => (keyOf(a) === keyOf(b) ? compareTies(a, b) : keyOf(a) - keyOf(b)));
          const from = listed ? { list: [...picked].reverse() } : { marked: Uint8Array.from(rows, (row) => (row.marked ? 1 : 0)) };
          const order = { key: (row: number) => keys[row]!, descending, compareTies, keysRepeat };
          expect(firstInOrder(count, order, from)).toEqual(sorted.slice(0, count));
        },
      ),
    );
  });

  it("compares each row with the heap's last row as it is after every change, not as it was", () => {
    // Heap of two: [0, -5] fills it; -5's row after 0's replaces the top, whose key must then be read again.
    const keys = [0, -5, 0, -5];
    const order = { key: (row: number) => keys[row]!, descending: false, compareTies: (a: number, b: number) => a - b };
    expect(firstInOrder(2, order, { marked: new Uint8Array([1, 1, 1, 1]) })).toEqual([1, 3]);
    expect(firstInOrder(2, order, { list: [0, 1, 2, 3] })).toEqual([1, 3]);
  });

  it("goes forwards where keys repeat, so that ties, in the rows' order, are passed over rather than put through the heap", () => {
    // Two keys, the last row's before the first's descending: backwards, each tie of the first key would enter the heap.
    const keys = Array.from({ length: 10_000 }, (_, row) => (row === 0 ? 0 : 1));
    let compared = 0;
    const compareTies = (a: number, b: number) => (compared++, a - b);
    const marked = { marked: new Uint8Array(keys.length).fill(1) };
    const pick = (keysRepeat: boolean) => {
      compared = 0;
      const rows = firstInOrder(10, { key: (row) => keys[row]!, descending: true, compareTies, keysRepeat }, marked);
      return { rows, compared };
    };
    const forwards = pick(true);
    expect(forwards.rows).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(forwards.compared).toBeLessThan(2 * keys.length);
    expect(pick(false).compared).toBeGreaterThan(3 * keys.length); // each tie through the heap
  });
});
