import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInstant } from "./parse-instant.ts";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

describe("reading an instant", () => {
  it("agrees with Date.parse on the service's forms", () => {
    const instant = fc.record({
      year: fc.integer({ min: 1900, max: 2100 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
      fraction: fc.constantFrom("", ".5", ".123", ".123456", ".0"),
      zone: fc.constantFrom("Z", "+00:00", "+05:30", "-08:00", "+12:45", "-03:30"),
    });
    fc.assert(
      fc.property(instant, ({ year, month, day, hour, minute, second, fraction, zone }) => {
        const text = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${fraction}${zone}`;
        expect(parseInstant(text)).toBe(Date.parse(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("leaves anything else to Date.parse", () => {
    for (const text of [
      "not a date",
      "",
      "2024-01-03",
      "2024-01-03T00:00:00",
      "2024-02-30T00:00:00Z",
      "2024-13-01T00:00:00Z",
      "2024-01-03T00:00:00+0530",
    ])
      expect(parseInstant(text)).toBe(Date.parse(text));
    expect(parseInstant("2024-01-03T00:00:00+05:30")).toBe(Date.UTC(2024, 0, 2, 18, 30));
  });
});
