import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abandon, orderNumbers, orderNumbersSteps } from "./team-sort.ts";

describe("orderNumbers", () => {
  it("orders the rows by number both ways, equal numbers (0 and -0 too) in the service's order either way (written out, or the rows' own), NaN last", () => {
    // Numbers a bit apart too: their high words are the same, and the low ones order them.
    const close = [1, 1 + 2 ** -52, 1 + 2 ** -51, -1, -1 - 2 ** -52, Number.MIN_VALUE, -Number.MIN_VALUE];
    const number = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.constant(Number.NaN),
      fc.constant(-0),
      fc.constantFrom(...close),
      fc.double(),
    );
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

  it("gives back at once every array of an order stopped midway, at any of its steps", () => {
    const rows = 300_000; // each array of a row 1.2 MB; the sort's counters (0.26 MB) wait for the collector
    const values = Float64Array.from({ length: rows }, (_, row) => (row % 7 === 0 ? Number.NaN : (row * 7919) % rows));
    const valueOf = (row: number) => values[row]!;
    let steps = 0;
    for (const _ of orderNumbersSteps(valueOf, rows, null)) steps++;
    for (const stopAt of [1, steps >> 2, steps >> 1, steps - 2, steps - 1]) {
      const before = process.memoryUsage().arrayBuffers;
      const ordering = orderNumbersSteps(valueOf, rows, null);
      for (let step = 0; step < stopAt; step++) ordering.next();
      abandon(ordering);
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1_000_000);
    }
  });

  it("orders enough rows for the sort's 16-bit digits the same way", () => {
    const values = Array.from(
      { length: 40_000 },
      (_, row) => [Math.floor(row / 7) * 1e6 + 1 / ((row % 5) + 1), Number.NaN, -row, 2 ** 40 + (row % 9)][row % 4]!,
    );
    const rows = values.map((_, row) => row);
    const withValue = rows.filter((row) => !Number.isNaN(values[row]));
    const withoutValue = rows.filter((row) => Number.isNaN(values[row]));
    const { ascending, descending } = orderNumbers((row) => values[row]!, values.length, null);
    expect(Array.from(ascending)).toEqual([...[...withValue].sort((a, b) => values[a]! - values[b]!), ...withoutValue]);
    expect(Array.from(descending)).toEqual([...[...withValue].sort((a, b) => values[b]! - values[a]!), ...withoutValue]);
  });
});
