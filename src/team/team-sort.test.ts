import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rankNumbers } from "./team-sort.ts";

describe("rankNumbers", () => {
  it("ranks each number among the distinct ones, NaN as no value", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN), fc.double({ noNaN: true }))), (values) => {
        const distinct = [...new Set(values.filter((v) => !Number.isNaN(v)).map((v) => (v === 0 ? 0 : v)))].sort((a, b) => a - b);
        const { ranks, count } = rankNumbers(Float64Array.from(values));
        expect(count).toBe(distinct.length);
        expect(Array.from(ranks)).toEqual(values.map((v) => (Number.isNaN(v) ? -1 : distinct.indexOf(v === 0 ? 0 : v))));
      }),
    );
  });
});
