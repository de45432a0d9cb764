import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCode } from "./read-instant.ts";
import { writeInstant } from "./write-instant.ts";

/** What `writeInstant` must write, through Date: the wall clock at the offset, then the offset. */
function throughDate(ms: number, offsetMinutes: number, fractionDigits: number, zulu: boolean): string {
  const wallClock = new Date(ms + offsetMinutes * 60_000).toISOString(); // 2025-03-04T10:22:33.123Z
  const text = wallClock.slice(0, fractionDigits > 0 ? 20 + fractionDigits : 19);
  if (zulu) return `${text}Z`;
  const size = Math.abs(offsetMinutes);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${text}${offsetMinutes < 0 ? "-" : "+"}${two(Math.floor(size / 60))}:${two(size % 60)}`;
}

describe("writeInstant", () => {
  it("writes what Date writes, at any offset, with 0 to 3 digits of fraction", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 2), max: Date.UTC(9998, 11, 30) }),
        fc.integer({ min: -1439, max: 1439 }),
        fc.integer({ min: 0, max: 3 }),
        (ms, offsetMinutes, fractionDigits) => {
          expect(writeInstant(ms, formatCode(offsetMinutes, fractionDigits, false))).toBe(
            throughDate(ms, offsetMinutes, fractionDigits, false),
          );
          expect(writeInstant(ms, formatCode(0, fractionDigits, true))).toBe(throughDate(ms, 0, fractionDigits, true));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("writes instants before 1970, on a leap day and across a year's end", () => {
    expect(writeInstant(Date.UTC(1945, 4, 8, 23, 1, 2, 345), formatCode(120, 3, false))).toBe("1945-05-09T01:01:02.345+02:00");
    expect(writeInstant(Date.UTC(2024, 1, 29, 23, 59, 59), formatCode(-300, 0, false))).toBe("2024-02-29T18:59:59-05:00");
    expect(writeInstant(Date.UTC(2025, 11, 31, 12, 0, 0, 7), formatCode(765, 3, false))).toBe("2026-01-01T00:45:00.007+12:45");
    expect(writeInstant(Date.UTC(2026, 0, 1), formatCode(0, 0, true))).toBe("2026-01-01T00:00:00Z");
  });
});
