import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldForSearch as fold } from "./fold-text.ts";

// What the fold follows: the root collation at base strength ("en" uses the root one).
const collator = new Intl.Collator("en", { sensitivity: "base" });
const baseEqual = (a: string, b: string) => collator.compare(a, b) === 0;
const finds = (id: string, query: string) => fold(id).includes(fold(query));

/** Letters the Collator calls base-equal, one class a list: Latin, Turkish, German, Greek, Cyrillic, ligatures, digits. */
const classes = [
  ["a", "A", "á", "Á", "ä", "å", "ａ", "Ａ", "a\u0301"],
  ["b", "B"],
  ["e", "E", "é", "É", "è", "ê", "ë", "e\u0301"],
  ["i", "I", "İ", "í", "ï", "i\u0307"],
  ["ı"],
  ["s", "S", "ſ", "ş", "Ş"],
  ["ss", "SS", "Ss", "ß", "ẞ"],
  ["fi", "FI", "Fi", "ﬁ"],
  ["ff", "ﬀ"],
  ["ae", "AE", "æ", "Æ"],
  ["o", "O", "ø", "Ø", "ö", "ó"],
  ["g", "G", "ğ", "Ğ"],
  ["σ", "ς", "Σ"],
  ["ο", "Ο", "ό"],
  ["δ", "Δ"],
  ["ι", "Ι", "ί", "ΐ"],
  ["й", "Й"],
  ["и", "И"],
  ["1", "１", "¹", "①", "١", "۱"],
  ["-"],
  [" "],
];
const shapeArb = fc.array(fc.nat(classes.length - 1), { maxLength: 5 });
const wordArb = (shape: number[]) => fc.tuple(...shape.map((c) => fc.constantFrom(...classes[c]!))).map((parts) => parts.join(""));
const mixedArb = fc.array(fc.constantFrom(...classes.flat()), { maxLength: 8 }).map((parts) => parts.join(""));
const codePointArb = fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff);

describe("foldForSearch", () => {
  it.each([
    ["İSTANBUL-7", "istanbul"],
    ["ΟΔΟΣ", "οδοσ"],
    ["ΟΔΟΣ", "ΟΔΟΣ"],
    ["ΟΔΟΣΑ", "ΟΔΟΣ"], // lower-cased, the query ends in ς and the ID has σ
    ["Straße", "strasse"],
    ["STRASSE", "straße"],
    ["café", "CAFE"],
    ["cafe\u0301", "CAFÉ"],
    ["ﬁle-2", "FILE"],
    ["Ａｂｃ-１", "abc-1"],
    ["user-١٢٣", "123"],
    ["Øystein", "oystein"],
    ["Йога", "йога"],
  ])("finds %s by %s", (id, query) => {
    expect(finds(id, query)).toBe(true);
  });

  it.each([
    ["İ", "i"],
    ["ς", "σ"],
    ["ß", "ss"],
    ["ẞ", "ß"],
    ["é", "e"],
    ["ﬁ", "fi"],
    ["Ａ", "a"],
    ["æ", "ae"],
    ["ø", "o"],
    ["ł", "l"],
    ["١", "1"],
    ["a\u200bb", "ab"],
    ["a\u0000b", "ab"],
  ])("folds %j like %j, as the Collator equates them", (a, b) => {
    expect(baseEqual(a, b)).toBe(true);
    expect(fold(a)).toBe(fold(b));
  });

  it.each([
    ["ı", "i"], // the root collation keeps Turkish dotless i apart
    ["I", "ı"],
    ["й", "и"],
    ["ß", "s"],
    ["þ", "th"],
    ["a-b", "ab"],
    ["a b", "ab"],
    ["a\tb", "ab"],
  ])("keeps %j and %j apart, as the Collator does", (a, b) => {
    expect(baseEqual(a, b)).toBe(false);
    expect(fold(a)).not.toBe(fold(b));
  });

  it("lower-cases printable ASCII, on its fast path and among other characters alike", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii" }), (text) => {
        expect(fold(text)).toBe(text.toLowerCase());
        expect(fold(`é${text}`)).toBe(`e${text.toLowerCase()}`);
      }),
    );
  });

  it("folds every character to text the Collator calls base-equal to it, and a fold to itself", () => {
    fc.assert(
      fc.property(codePointArb, (cp) => {
        const char = String.fromCodePoint(cp);
        expect(baseEqual(char, fold(char))).toBe(true);
        expect(fold(fold(char))).toBe(fold(char));
      }),
      { numRuns: 5000 },
    );
  });

  // So equal folds mean base-equal texts: a ≡ fold(a) = fold(b) ≡ b.
  it("folds mixed text to text the Collator calls base-equal to it, and a fold to itself", () => {
    fc.assert(
      fc.property(mixedArb, (text) => {
        expect(baseEqual(text, fold(text))).toBe(true);
        expect(fold(fold(text))).toBe(fold(text));
      }),
      { numRuns: 1000 },
    );
  });

  it("folds two mixed texts alike exactly when the Collator calls them base-equal", () => {
    const pairArb = shapeArb.chain((shape) => fc.tuple(wordArb(shape), fc.oneof(wordArb(shape), shapeArb.chain(wordArb))));
    fc.assert(
      fc.property(pairArb, ([a, b]) => {
        expect(fold(a) === fold(b)).toBe(baseEqual(a, b));
      }),
      { numRuns: 1000 },
    );
  });
});
