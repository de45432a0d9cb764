import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { civilOf, dayOfCivil } from "../api/civil-days.ts";
import { isoDay, monthStart, weekStart, zoneDays } from "./zone-days.ts";

/** The calendar day of `ms` in `timeZone`, as Intl says, one instant at a time. */
const intlDay = (timeZone: string, ms: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);

const from = Date.parse("2023-01-01T00:00:00Z");
const to = Date.parse("2025-12-31T23:59:59Z");

describe("day numbers in a time zone", () => {
  it.each(["UTC", "Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe", "America/Sao_Paulo"])(
    "agree with Intl for any instant, across changes of the clocks (%s)",
    (timeZone) => {
      const days = zoneDays(timeZone, from, to);
      fc.assert(
        fc.property(fc.integer({ min: from, max: to }), (ms) => isoDay(days.dayOf(ms)) === intlDay(timeZone, ms)),
        { numRuns: 2000 },
      );
    },
  );

  it("pin a change of the clocks to the second", () => {
    // Amsterdam moves from UTC+1 to UTC+2 at 2024-03-31 01:00 UTC, and back at 2024-10-27 01:00 UTC.
    const days = zoneDays("Europe/Amsterdam", from, to);
    expect(isoDay(days.dayOf(Date.parse("2024-03-31T22:59:59Z")))).toBe("2024-04-01");
    expect(isoDay(days.dayOf(Date.parse("2024-03-30T22:59:59Z")))).toBe("2024-03-30");
    expect(isoDay(days.dayOf(Date.parse("2024-03-30T23:00:00Z")))).toBe("2024-03-31");
    expect(isoDay(days.dayOf(Date.parse("2024-10-26T22:00:00Z")))).toBe("2024-10-27");
    expect(isoDay(days.dayOf(Date.parse("2024-10-27T22:59:59Z")))).toBe("2024-10-27");
    expect(isoDay(days.dayOf(Date.parse("2024-10-27T23:00:00Z")))).toBe("2024-10-28");
  });

  it("are right outside the range they were prepared for", () => {
    const days = zoneDays("America/New_York", from, from + 86_400_000);
    const later = Date.parse("2025-07-04T03:30:00Z"); // 23:30 on July 3 in New York (UTC-4)
    expect(isoDay(days.dayOf(later))).toBe("2025-07-03");
  });
});

describe("calendar arithmetic on day numbers", () => {
  it("civil dates round-trip", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (day) => {
        const { year, month, day: d } = civilOf(day);
        return dayOfCivil(year, month, d) === day;
      }),
    );
    expect(civilOf(dayOfCivil(2024, 2, 29))).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it("weeks start on Monday and months on the first", () => {
    expect(isoDay(weekStart(dayOfCivil(2024, 1, 1)))).toBe("2024-01-01"); // a Monday
    expect(isoDay(weekStart(dayOfCivil(2024, 1, 7)))).toBe("2024-01-01"); // a Sunday
    expect(isoDay(weekStart(dayOfCivil(2024, 1, 8)))).toBe("2024-01-08");
    expect(isoDay(weekStart(dayOfCivil(1969, 12, 31)))).toBe("1969-12-29");
    expect(isoDay(monthStart(dayOfCivil(2024, 2, 29)))).toBe("2024-02-01");
  });
});
