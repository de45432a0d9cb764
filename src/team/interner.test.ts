import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Interner } from "./interner.ts";

describe("Interner", () => {
  it("names each distinct string by the order it was first asked, however often and in whatever order", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("garmin", "oura", "Europe/Paris", "", "garmin ")), (asked) => {
        const interner = new Interner();
        const codes = asked.map((value) => interner.code(value));
        const distinct = [...new Set(asked)];
        expect(codes).toEqual(asked.map((value) => distinct.indexOf(value)));
        expect(interner.values).toEqual(distinct);
        expect(distinct.map((value) => interner.find(value))).toEqual(distinct.map((_, code) => code));
      }),
    );
  });
});
