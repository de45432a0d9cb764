import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonErrorPlace } from "./json-error-place.ts";

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("jsonErrorPlace", () => {
  it("finds no mistake in JSON, and one in whatever JSON.parse refuses", () => {
    // JSON texts, and the same cut short, with a character put in, or with one taken out.
    const texts = fc.oneof(
      fc.json(),
      fc.tuple(fc.json(), fc.nat(), fc.string({ maxLength: 2 }), fc.nat(2)).map(([json, at, put, drop]) => {
        const i = at % (json.length + 1);
        return json.slice(0, i) + put + json.slice(i + drop);
      }),
    );
    fc.assert(
      fc.property(texts, (text) => (jsonErrorPlace(text) === undefined) === parses(text)),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["01", 1, 2],
    ["[1,]", 1, 4],
    ['{"a":1}\r\n\r\nx', 3, 1],
    ['"\\x"', 1, 3],
    ['"\\u12g4"', 1, 6],
    ["-", 1, 2],
    ["1.e5", 1, 3],
    ["tru", 1, 4],
    ["  \n  nul x", 2, 6],
  ])("places the mistake in %j at line %i, column %i", (text, line, column) => {
    expect(jsonErrorPlace(text)).toEqual({ line, column });
  });
});
