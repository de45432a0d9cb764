import { describe, expect, it } from "vitest";
import { autoLoadUsers, pagesInFlight, readWholeNumber, undoSeconds } from "./preferences.ts";

describe("readWholeNumber", () => {
  it("reads a whole number as typed, or with its digits grouped as the page writes them (this run's locale: English)", () => {
    expect(readWholeNumber("1,000,000", autoLoadUsers)).toEqual({ value: 1_000_000 });
    expect(readWholeNumber(autoLoadUsers.max.toLocaleString(), autoLoadUsers)).toEqual({ value: autoLoadUsers.max });
    expect(readWholeNumber(" 250 000 ", autoLoadUsers)).toEqual({ value: 250_000 });
    expect(readWholeNumber("5000", autoLoadUsers)).toEqual({ value: 5_000 });
    expect(readWholeNumber("0", undoSeconds)).toEqual({ value: 0 });
  });

  it("reads a number as the page writes it in other locales, and refuses their decimals", () => {
    const inLocale = (locale: string, run: () => void) => {
      const toLocaleString = Number.prototype.toLocaleString;
      Number.prototype.toLocaleString = function (this: number) {
        return toLocaleString.call(this, locale);
      };
      try {
        run();
      } finally {
        Number.prototype.toLocaleString = toLocaleString;
      }
    };
    inLocale("es", () => {
      expect(readWholeNumber("1.000.000", autoLoadUsers)).toEqual({ value: 1_000_000 });
      expect(readWholeNumber("1,500", autoLoadUsers)).toHaveProperty("error"); // 1.5, not 1500
      expect(readWholeNumber("1.500", autoLoadUsers)).toHaveProperty("error"); // Spanish writes 1500 ungrouped
    });
    inLocale("en-IN", () => expect(readWholeNumber("10,00,000", autoLoadUsers)).toEqual({ value: 1_000_000 }));
    inLocale("fr", () => expect(readWholeNumber((250_000).toLocaleString(), autoLoadUsers)).toEqual({ value: 250_000 }));
  });

  it("refuses anything else, saying the range as the page writes it", () => {
    const refusal = { error: "A whole number of users from 0 to 1,000,000." };
    for (const typed of ["", "1,000,001", "1,00", "12,34,567", "1.5", "-1", "1e6", "0x10", "five", "1,000,"]) {
      expect(readWholeNumber(typed, autoLoadUsers), typed).toEqual(refusal);
    }
    expect(readWholeNumber("61", undoSeconds)).toEqual({ error: "A whole number of seconds from 0 to 60." });
  });

  it("reads the pages in flight at most from 1 to 64, 16 unless set", () => {
    expect(pagesInFlight.default).toBe(16);
    expect(readWholeNumber("1", pagesInFlight)).toEqual({ value: 1 });
    expect(readWholeNumber("64", pagesInFlight)).toEqual({ value: 64 });
    for (const typed of ["0", "65", "", "8.5", "-4"]) {
      expect(readWholeNumber(typed, pagesInFlight), typed).toEqual({ error: "A whole number of pages from 1 to 64." });
    }
  });
});
