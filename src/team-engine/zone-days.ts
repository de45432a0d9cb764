/**
 * Calendar days of instants in a named time zone (the browser's, for the overview), as day
 * numbers: days since 1970-01-01 on that zone's calendar. Asking Intl for every instant would
 * be slow, so the zone's UTC offset is sampled once a day over the range and each change is
 * pinned to the second; an instant's offset is then a lookup among a handful of transitions.
 */
import { civilOf, dayOfCivil } from "../api/civil-days.ts";

const dayMs = 86_400_000;

/** The zone's offset from UTC at `ms`, in milliseconds (east positive). */
function offsetReader(timeZone: string) {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  return (ms: number): number => {
    const part: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
    const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
    return wall - Math.floor(ms / 1000) * 1000;
  };
}

export interface ZoneDays {
  readonly timeZone: string;
  /** The day number of `ms` on the zone's calendar. */
  dayOf(ms: number): number;
}

/** Day numbers for instants between `fromMs` and `toMs` (others are still right, only slower). */
export function zoneDays(timeZone: string, fromMs: number, toMs: number): ZoneDays {
  const offsetAt = offsetReader(timeZone);
  // starts[i]: from when offsets[i] holds, ascending.
  const starts: number[] = [-Infinity];
  const offsets: number[] = [offsetAt(fromMs - dayMs)];
  for (let at = fromMs; at <= toMs + dayMs; at += dayMs) {
    const offset = offsetAt(at);
    if (offset === offsets.at(-1)) continue;
    // The change lies in (at - 1 day, at]: narrowed to the second.
    let [low, high] = [at - dayMs, at];
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (offsetAt(middle) === offset) high = middle;
      else low = middle;
    }
    starts.push(high);
    offsets.push(offset);
  }
  const single = offsets.length === 1 ? offsets[0]! : undefined;
  return {
    timeZone,
    dayOf(ms: number): number {
      if (single !== undefined) return Math.floor((ms + single) / dayMs);
      if (ms < fromMs - dayMs || ms > toMs + 2 * dayMs) return Math.floor((ms + offsetAt(ms)) / dayMs);
      let i = starts.length - 1;
      while (starts[i]! > ms) i--;
      return Math.floor((ms + offsets[i]!) / dayMs);
    },
  };
}

/** The Monday that starts the week of `day` (1970-01-01, day 0, was a Thursday). */
export const weekStart = (day: number) => day - ((((day + 3) % 7) + 7) % 7);

/** The first day of the month of `day`. */
export function monthStart(day: number): number {
  const { year, month } = civilOf(day);
  return dayOfCivil(year, month, 1);
}

/** `YYYY-MM-DD` of a day number. */
export function isoDay(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}
