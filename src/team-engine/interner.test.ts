import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DateInterner, Interner } from "./interner.ts";

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

  it("names dates as it names any text, whether written YYYY-MM-DD or not", () => {
    // Few years, months and days, in and out of range, so that two dates a wrong key confused would meet.
    const nearDate = fc
      .tuple(
        fc.constantFrom("1980", "1981", "0000", "9999"),
        fc.constantFrom("00", "01", "02", "12", "13", "99"),
        fc.constantFrom("00", "01", "02", "17", "18", "31", "32", "99"),
      )
      .map(([y, m, d]) => `${y}-${m}-${d}`);
    const asked = fc.array(
      fc.oneof(
        fc.constantFrom(
          "1980-01-01",
          "1980-01-02",
          "1980-02-01",
          "1981-01-01",
          "0000-00-00",
          "9999-12-31",
          "1980-1-01",
          "1980-01-01 ",
          "1980/01/01",
        ),
        nearDate,
        fc.string({ unit: fc.constantFrom(..."0123456789-"), maxLength: 11 }),
      ),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(asked, (values) => {
        const dates = new DateInterner();
        const plain = new Interner();
        expect(values.map((value) => dates.code(value))).toEqual(values.map((value) => plain.code(value)));
        expect(dates.values).toEqual(plain.values);
      }),
      { numRuns: 2000 },
    );
  });
});
