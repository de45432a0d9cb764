import { describe, expect, it } from "vitest";
import { dayOfCivil } from "../../team/zone-days.ts";
import { cumulative, groupSeries, periodLabel, periodStarts } from "./periods.ts";

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
    expect(periodLabel(day("2024-03-04"), "day")).toBe("2024-03-04");
    expect(periodLabel(day("2024-03-04"), "week")).toBe("week of 2024-03-04");
    expect(periodLabel(day("2024-03-04"), "month")).toBe("Mar 2024");
  });
});
