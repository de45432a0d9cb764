/**
 * The overview's daily series, grouped into the periods the operator chooses (days, weeks from
 * Monday, months), per period or cumulative. Day numbers are days since 1970-01-01 on the
 * calendar the worker counted them on (the browser's time zone).
 */
import type { DailySeries } from "../../team-engine/team-overview.ts";
import { civilOf } from "../../api/civil-days.ts";
import { isoDay, monthStart, weekStart } from "../../team-engine/zone-days.ts";

export type Granularity = "day" | "week" | "month";

export interface PeriodSeries {
  /** The first day of each period, ascending and without gaps (a period without any counts 0). */
  starts: number[];
  counts: number[];
}

const startOf: Record<Granularity, (day: number) => number> = { day: (day) => day, week: weekStart, month: monthStart };

/** The first day of the period after the one that starts on `start`. */
export function nextStart(start: number, granularity: Granularity): number {
  if (granularity === "day") return start + 1;
  if (granularity === "week") return start + 7;
  return monthStart(start + 31);
}

/** The periods from the first day of `days` to `lastDay` (inclusive), every one present. */
export function periodStarts(firstDay: number, lastDay: number, granularity: Granularity): number[] {
  const starts: number[] = [];
  for (let start = startOf[granularity](firstDay); start <= lastDay; start = nextStart(start, granularity)) starts.push(start);
  return starts;
}

/** `series` summed by period; several series over the same days share the same periods. */
export function groupSeries({ firstDay, counts }: DailySeries, granularity: Granularity): PeriodSeries {
  if (counts.length === 0) return { starts: [], counts: [] };
  const starts = periodStarts(firstDay, firstDay + counts.length - 1, granularity);
  const grouped = new Array<number>(starts.length).fill(0);
  let period = 0;
  counts.forEach((count, i) => {
    while (period + 1 < starts.length && starts[period + 1]! <= firstDay + i) period++;
    grouped[period]! += count;
  });
  return { starts, counts: grouped };
}

/** Running totals. */
export function cumulative(counts: readonly number[]): number[] {
  let total = 0;
  return counts.map((count) => (total += count));
}

/** Whether the period that starts on `start` holds `today`: it is still running, its counts partial. */
export const isRunning = (start: number, granularity: Granularity, today: number) =>
  start <= today && today < nextStart(start, granularity);

const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * How a period is named in tables, summaries, the chart's readout and files: `2024-03-05`,
 * `week of 2024-03-04`, `Mar 2024`; `, so far` after the one that holds `today`.
 */
export function periodLabel(start: number, granularity: Granularity, today: number): string {
  const { year, month } = civilOf(start);
  const name =
    granularity === "day" ? isoDay(start) : granularity === "week" ? `week of ${isoDay(start)}` : `${monthNames[month - 1]} ${year}`;
  return isRunning(start, granularity, today) ? `${name}, so far` : name;
}

/** The finished period with the most (the first of equals), or -1 when none has finished. */
export function busiestFinished(starts: readonly number[], counts: readonly number[], granularity: Granularity, today: number): number {
  let best = -1;
  counts.forEach((count, i) => {
    if (!isRunning(starts[i]!, granularity, today) && (best < 0 || count > counts[best]!)) best = i;
  });
  return best;
}
