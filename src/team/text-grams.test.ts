import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TextGrams } from "./text-grams.ts";

describe("TextGrams", () => {
  it("gives exactly the rows holding one or two characters, and for more a superset, no pair across fields", () => {
    // ASCII and not, a surrogate pair's halves, and the separator.
    const unit = fc.constantFrom("a", "b", "1", "-", "é", "\ud83d", "\ude00", "ß");
    const field = fc.string({ unit, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(fc.tuple(field, field), { maxLength: 40 }), fc.string({ unit, minLength: 1, maxLength: 4 }), (rows, needle) => {
        const grams = new TextGrams();
        rows.forEach(([client, user], row) => grams.append(row, `${client}\u0000${user}\u0000`));
        const holding = rows.flatMap(([client, user], row) => (client.includes(needle) || user.includes(needle) ? [row] : []));
        const { rows: found, exact } = grams.candidates(needle);
        expect(exact).toBe(needle.length <= 2);
        if (exact) expect(Array.from(found)).toEqual(holding);
        else expect(holding.every((row) => found.includes(row))).toBe(true);
        // A candidate of a longer needle (three pairs at most here) holds each of its pairs.
        const pairs = Array.from({ length: needle.length - 1 }, (_, at) => needle.slice(at, at + 2));
        for (const row of found) expect(pairs.every((pair) => rows[row]!.some((text) => text.includes(pair)))).toBe(true);
      }),
    );
  });

  it("knows no row for a character it never saw, and no pair across a row's two fields", () => {
    const grams = new TextGrams();
    grams.append(0, "ab\u0000cd\u0000");
    grams.append(1, "bc\u0000\u0000");
    expect(Array.from(grams.candidates("z").rows)).toEqual([]);
    expect(Array.from(grams.candidates("bc").rows)).toEqual([1]);
    expect(Array.from(grams.candidates("c").rows)).toEqual([0, 1]);
  });
});
