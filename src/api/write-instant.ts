/** An instant written again from its milliseconds and its way of writing (`formatCode` in read-instant.ts). */
import { civilOf } from "./civil-days.ts";

/** "00" to "99": the two digits of a part of a date, a time or an offset. */
const twoDigits = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));

/**
 * The instant's text in its way of writing, worked out from its numbers, not through a Date: the
 * loaded team writes each instant a view shows, the demo seed a million users' instants.
 */
export function writeInstant(ms: number, code: number): string {
  const offsetMinutes = (code >> 3) - 1440;
  const fractionDigits = (code >> 1) & 3;
  const wallClock = ms + offsetMinutes * 60_000;
  const day = Math.floor(wallClock / 86_400_000);
  const inDay = wallClock - day * 86_400_000;
  const { year, month, day: date } = civilOf(day);
  const seconds = Math.floor(inDay / 1000);
  const time = `${twoDigits[Math.floor(seconds / 3600)]}:${twoDigits[Math.floor(seconds / 60) % 60]}:${twoDigits[seconds % 60]}`;
  const fraction = fractionDigits > 0 ? `.${String((inDay % 1000) + 1000).slice(1, 1 + fractionDigits)}` : "";
  const text = `${twoDigits[Math.floor(year / 100)]}${twoDigits[year % 100]}-${twoDigits[month]}-${twoDigits[date]}T${time}${fraction}`;
  if (code & 1) return `${text}Z`;
  const size = Math.abs(offsetMinutes);
  return `${text}${offsetMinutes < 0 ? "-" : "+"}${twoDigits[Math.floor(size / 60)]}:${twoDigits[size % 60]}`;
}
