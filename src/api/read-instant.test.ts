import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCode, parseInstant, readInstant, type InstantFormat } from "./read-instant.ts";

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

  it("reads bytes between two offsets, and nothing beyond them", () => {
    const bytes = new TextEncoder().encode('"2024-01-03T00:00:00.25+05:30","2024-01-03T00:00:00Z"');
    const format: InstantFormat = { code: 0 };
    expect(readInstant(bytes, 1, 29, format)).toBe(Date.UTC(2024, 0, 2, 18, 30, 0, 250));
    expect(format.code).toBe(formatCode(330, 2, false));
    // Cut short, the same bytes are no instant, whatever follows them.
    for (const end of [20, 24, 28]) expect(readInstant(bytes, 1, end, format)).toBeNaN();
    expect(readInstant(bytes, 32, 52, format)).toBe(Date.UTC(2024, 0, 3));
    expect(readInstant(bytes, 32, 51, format)).toBeNaN();
  });
});
