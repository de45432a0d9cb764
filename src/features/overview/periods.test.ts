import { describe, expect, it } from "vitest";
import { dayOfCivil } from "../../api/civil-days.ts";
import { busiestFinished, cumulative, groupSeries, isRunning, periodLabel, periodStarts } from "./periods.ts";

const day = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return dayOfCivil(y!, m!, d!);
};

describe("periods of a daily series", () => {
  // Counts on Sat 2024-02-24 … Tue 2024-03-05 (11 days): 1, 2, 0, …, 0, 3, 4.
  const series = { firstDay: day("2024-02-24"), counts: [1, 2, 0, 0, 0, 0, 0, 0, 0, 3, 4] };

  it("keeps days as they are", () => {
    expect(groupSeries(series, "day")).toEqual({ starts: series.counts.map((_, i) => series.firstDay + i), counts: series.counts });
  });

  it("sums weeks that start on Monday, the first one before the series starts", () => {
    expect(groupSeries(series, "week")).toEqual({ starts: [day("2024-02-19"), day("2024-02-26"), day("2024-03-04")], counts: [3, 0, 7] });
  });

  it("sums months, leap day included", () => {
    expect(groupSeries(series, "month")).toEqual({ starts: [day("2024-02-01"), day("2024-03-01")], counts: [3, 7] });
  });

  it("lists every period, empty ones too", () => {
    expect(periodStarts(day("2024-01-31"), day("2024-04-01"), "month")).toEqual([
      day("2024-01-01"),
      day("2024-02-01"),
      day("2024-03-01"),
      day("2024-04-01"),
    ]);
    expect(groupSeries({ firstDay: 0, counts: [] }, "week")).toEqual({ starts: [], counts: [] });
  });

  it("runs totals and names periods", () => {
    expect(cumulative([3, 0, 7])).toEqual([3, 3, 10]);
    const later = day("2025-01-01");
    expect(periodLabel(day("2024-03-04"), "day", later)).toBe("2024-03-04");
    expect(periodLabel(day("2024-03-04"), "week", later)).toBe("week of 2024-03-04");
    expect(periodLabel(day("2024-03-04"), "month", later)).toBe("Mar 2024");
  });
});

describe("the running period", () => {
  // Today is Wednesday 2024-03-06.
  const today = day("2024-03-06");

  it("is the day, week and month that hold today, and no other", () => {
    expect(isRunning(today, "day", today)).toBe(true);
    expect(isRunning(today - 1, "day", today)).toBe(false);
    expect(isRunning(day("2024-03-04"), "week", today)).toBe(true);
    expect(isRunning(day("2024-02-26"), "week", today)).toBe(false);
    expect(isRunning(day("2024-03-01"), "month", today)).toBe(true);
    expect(isRunning(day("2024-02-01"), "month", today)).toBe(false);
    expect(isRunning(day("2024-04-01"), "month", today)).toBe(false);
  });

  it("is named as running, so far", () => {
    expect(periodLabel(today, "day", today)).toBe("2024-03-06, so far");
    expect(periodLabel(day("2024-03-04"), "week", today)).toBe("week of 2024-03-04, so far");
    expect(periodLabel(day("2024-03-01"), "month", today)).toBe("Mar 2024, so far");
  });

  it("is left out of the busiest", () => {
    const starts = [day("2024-01-01"), day("2024-02-01"), day("2024-03-01")];
    expect(busiestFinished(starts, [4, 5, 9], "month", today)).toBe(1); // March's 9 is partial
    expect(busiestFinished(starts, [4, 5, 9], "month", day("2024-04-01"))).toBe(2); // once March is over
    expect(busiestFinished([day("2024-03-01")], [9], "month", today)).toBe(-1);
  });
});
