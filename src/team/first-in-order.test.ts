import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstInOrder } from "./first-in-order.ts";

describe("firstInOrder", () => {
  it("gives the first rows of the order, as a full sort does, whatever order the rows come in", () => {
    // Keys tie often (the ties are then ordered by value, then by row) and may be infinite.
    const rowArb = fc.record({ key: fc.constantFrom(0, 1, 2, -5, Infinity), value: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 60 }), fc.nat({ max: 70 }), fc.boolean(), (rows, count, backwards) => {
        const order = {
          key: (row: number) => rows[row]!.key,
          compareTies: (a: number, b: number) => rows[a]!.value - rows[b]!.value || a - b,
        };
        const all = [...rows.keys()];
        const sorted = [...all].sort((a, b) => order.key(a) - order.key(b) || order.compareTies(a, b));
        const visited = backwards ? [...all].reverse() : all;
        expect(firstInOrder(count, order, (visit) => visited.forEach((row) => visit(row)))).toEqual(sorted.slice(0, count));
      }),
    );
  });
});
