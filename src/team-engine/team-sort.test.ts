import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abandon, finish, orderNumbers, orderNumbersSteps, rankSourceListsSteps, stepRows } from "./team-sort.ts";

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

describe("rankSourceListsSteps", () => {
  /** The reference: every list and every start of one (the empty list too), ranked by length, then by the slugs' ranks in turn. */
  function referenceRanks(lists: number[][], slugRanks: Int32Array): { ranks: number[]; count: number } {
    const keyOf = (list: readonly number[]) => JSON.stringify(list);
    const known = new Map<string, number[]>([["[]", []]]); // the empty list is always one
    for (const list of lists) for (let end = 0; end <= list.length; end++) known.set(keyOf(list.slice(0, end)), list.slice(0, end));
    const inOrder = [...known.values()].sort((a, b) => {
      if (a.length !== b.length) return a.length - b.length;
      const differ = a.findIndex((slug, i) => slug !== b[i]);
      return differ < 0 ? 0 : slugRanks[a[differ]!]! - slugRanks[b[differ]!]!;
    });
    const rankOf = new Map(inOrder.map((list, rank) => [keyOf(list), rank]));
    return { ranks: lists.map((list) => rankOf.get(keyOf(list))!), count: inOrder.length };
  }

  function ranked(lists: number[][], slugRanks: Int32Array) {
    const starts = [0];
    for (const list of lists) starts.push(starts.at(-1)! + list.length);
    const { ranks, count } = finish(rankSourceListsSteps(starts, lists.flat(), lists.length, slugRanks));
    return { ranks: Array.from(ranks), count };
  }

  it("ranks each row's list of sources by length, then by its slugs' ranks in turn, the lists on the way to longer ones counted", () => {
    const slugRanksArb = fc
      .integer({ min: 1, max: 6 })
      .chain((slugs) => fc.shuffledSubarray([...Array(slugs).keys()], { minLength: slugs }));
    fc.assert(
      fc.property(
        slugRanksArb.chain((order) =>
          fc.tuple(
            fc.constant(Int32Array.from(order)),
            fc.array(fc.array(fc.nat({ max: order.length - 1 }), { maxLength: 5 }), { maxLength: 30 }),
          ),
        ),
        ([slugRanks, lists]) => {
          expect(ranked(lists, slugRanks)).toEqual(referenceRanks(lists, slugRanks));
        },
      ),
    );
  });

  it("ranks as many lists as a large team has, past its hash table's first size", () => {
    // 12 slugs, up to 5 sources each, in any order: about 20,000 lists among 20,000 users.
    let seed = 7;
    const random = (below: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % below;
    const lists = Array.from({ length: 20_000 }, () => Array.from({ length: random(6) }, () => random(12)));
    const slugRanks = Int32Array.from([5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6]);
    const expected = referenceRanks(lists, slugRanks);
    expect(expected.count).toBeGreaterThan(4096);
    expect(ranked(lists, slugRanks)).toEqual(expected);
  });

  it("ranks in steps of rows, to be made in idle time, as in one", () => {
    let seed = 11;
    const random = (below: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % below;
    const lists = Array.from({ length: 2 * stepRows + 100 }, () => Array.from({ length: random(4) }, () => random(5)));
    const slugRanks = Int32Array.from([3, 0, 4, 1, 2]);
    const starts = [0];
    for (const list of lists) starts.push(starts.at(-1)! + list.length);
    const steps = rankSourceListsSteps(starts, lists.flat(), lists.length, slugRanks);
    let yielded = 0;
    for (let step = steps.next(); ; step = steps.next(), yielded++) {
      if (step.done) {
        expect({ ranks: Array.from(step.value.ranks), count: step.value.count }).toEqual(referenceRanks(lists, slugRanks));
        break;
      }
    }
    expect(yielded).toBe(3);
  });
});
