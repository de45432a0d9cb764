import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeySorter } from "./radix-sort.ts";

/** Sorts `keys` from `from` to `to` and returns the items, all of them, in the end order. */
function sorted(keys: number[], from: number, to: number): number[] {
  const sorter = new KeySorter(keys.length);
  keys.forEach((key, i) => {
    sorter.items[i] = i;
    sorter.keys[i] = key;
  });
  sorter.sort(from, to);
  // Each item's key moved with it.
  Array.from(sorter.items).forEach((item, i) => expect(sorter.keys[i]).toBe(keys[item]));
  return Array.from(sorter.items);
}

/** The same by the built-in sort: stable, by key. */
function expected(keys: number[], from: number, to: number): number[] {
  const items = keys.map((_, i) => i);
  const range = items.slice(from, to).sort((a, b) => keys[a]! - keys[b]!);
  return [...items.slice(0, from), ...range, ...items.slice(to)];
}

describe("KeySorter", () => {
  // Few distinct digits: ties, digits every key shares, and every byte of the word.
  const word = fc.oneof(
    fc.constantFrom(0, 1, 0xff, 0x100, 0xffff, 0x1_0000, 0xff00_0000, 0xffff_ffff),
    fc.integer({ min: 0, max: 0xffff_ffff }),
  );

  it("sorts a range by 32-bit keys, stably, and leaves the rest where it was", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 300 }), fc.nat(), fc.nat(), (keys, a, b) => {
        const [from, to] = [a % keys.length, b % (keys.length + 1)].sort((x, y) => x - y) as [number, number];
        expect(sorted(keys, from, to)).toEqual(expected(keys, from, to));
      }),
    );
  });

  it("sorts a range large enough for 16-bit digits the same way", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 20_000, maxLength: 20_000 }), (keys) => {
        expect(sorted(keys, 100, 20_000)).toEqual(expected(keys, 100, 20_000));
      }),
      { numRuns: 5 },
    );
  });
});
