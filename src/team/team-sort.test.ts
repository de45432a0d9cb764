import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderNumbers } from "./team-sort.ts";

describe("orderNumbers", () => {
  it("orders the rows by number both ways, equal numbers (0 and -0 too) in the service's order either way (written out, or the rows' own), NaN last", () => {
    const number = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN), fc.constant(-0), fc.double());
    fc.assert(
      fc.property(
        fc.array(number).chain((values) =>
          fc.tuple(
            fc.constant(values),
            fc.shuffledSubarray(
              values.map((_, row) => row),
              { minLength: values.length },
            ),
            fc.boolean(),
          ),
        ),
        ([values, shuffled, ownOrder]) => {
          const serviceOrder = ownOrder ? values.map((_, row) => row) : shuffled;
          const { ascending, descending } = orderNumbers(
            (row) => values[row]!,
            values.length,
            ownOrder ? null : Uint32Array.from(shuffled),
          );
          const withValue = serviceOrder.filter((row) => !Number.isNaN(values[row]));
          const withoutValue = serviceOrder.filter((row) => Number.isNaN(values[row]));
          // Array.prototype.sort is stable: equal numbers stay in the service's order.
          const up = [...withValue].sort((a, b) => values[a]! - values[b]!);
          const down = [...withValue].sort((a, b) => values[b]! - values[a]!);
          expect(Array.from(ascending)).toEqual([...up, ...withoutValue]);
          expect(Array.from(descending)).toEqual([...down, ...withoutValue]);
        },
      ),
    );
  });
});
