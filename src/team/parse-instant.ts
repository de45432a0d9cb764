/**
 * ISO 8601 instants as the service writes them (`2024-01-03T00:00:00+05:30`, `…Z`, with or
 * without a fraction), read without Date.parse, which a team of 100,000 users and their sources
 * would otherwise spend most of the overview's first count on. Anything else goes to Date.parse
 * (NaN when unreadable).
 */
import { dayOfCivil } from "./zone-days.ts";

const [zero, dash, colon, dot, plus, upperT, lowerT, upperZ, lowerZ] = [48, 45, 58, 46, 43, 84, 116, 90, 122];
const monthDays = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two digits of `text` at `at`; -1 when either is not a digit. */
function two(text: string, at: number): number {
  const a = text.charCodeAt(at) - zero;
  const b = text.charCodeAt(at + 1) - zero;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** How `parseInstant` read an instant: enough to write it again exactly (see instant-column.ts). */
export interface InstantFormat {
  /** `formatCode` of the offset, the fraction's digits and `Z`; `keptAsText` when the text must be kept. */
  code: number;
}

export const keptAsText = 0xffff;

/**
 * The format of an instant written `YYYY-MM-DDTHH:MM:SS[.f{1,3}](Z|±HH:MM)`, in 16 bits: the
 * offset in minutes (±23:59), up to three digits of fraction, and whether it is `Z`.
 */
export const formatCode = (offsetMinutes: number, fractionDigits: number, zulu: boolean) =>
  ((offsetMinutes + 1440) << 3) | (fractionDigits << 1) | (zulu ? 1 : 0);

/** The instant's milliseconds since the epoch (NaN when unreadable); `format`, when given, says how it was written. */
export function parseInstant(text: string, format?: InstantFormat): number {
  if (format) format.code = keptAsText;
  const length = text.length;
  // YYYY-MM-DDTHH:MM:SS, then an optional fraction, then Z or ±HH:MM.
  if (
    length < 20 ||
    text.charCodeAt(4) !== dash ||
    text.charCodeAt(7) !== dash ||
    text.charCodeAt(13) !== colon ||
    text.charCodeAt(16) !== colon
  )
    return Date.parse(text);
  const t = text.charCodeAt(10);
  const century = two(text, 0);
  const yy = two(text, 2);
  const month = two(text, 5);
  const day = two(text, 8);
  const hour = two(text, 11);
  const minute = two(text, 14);
  const second = two(text, 17);
  const year = century * 100 + yy;
  if (
    (t !== upperT && t !== lowerT) ||
    century < 0 ||
    yy < 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59
  )
    return Date.parse(text);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > monthDays[month - 1]! || (month === 2 && day === 29 && !leap)) return Date.parse(text);

  let at = 19;
  let fraction = 0;
  let fractionDigits = 0;
  if (text.charCodeAt(at) === dot) {
    let scale = 100;
    for (at++; at < length; at++) {
      const digit = text.charCodeAt(at) - zero;
      if (digit < 0 || digit > 9) break;
      fraction += digit * scale;
      scale /= 10;
      fractionDigits++;
    }
    fraction = Math.floor(fraction);
  }
  let offset = 0;
  const zone = text.charCodeAt(at);
  if (zone === upperZ || zone === lowerZ) {
    if (at + 1 !== length) return Date.parse(text);
    if (format && t === upperT && zone === upperZ && fractionDigits <= 3) format.code = formatCode(0, fractionDigits, true);
  } else if ((zone === plus || zone === dash) && at + 6 === length && text.charCodeAt(at + 3) === colon) {
    const hours = two(text, at + 1);
    const minutes = two(text, at + 4);
    if (hours < 0 || minutes < 0) return Date.parse(text);
    const offsetMinutes = (zone === plus ? 1 : -1) * (hours * 60 + minutes);
    offset = offsetMinutes * 60_000;
    // Written again from its parts, -00:00 would read +00:00, and 05:75 would read 06:15.
    const rewritable = t === upperT && fractionDigits <= 3 && hours < 24 && minutes < 60 && (zone === plus || offsetMinutes !== 0);
    if (format && rewritable) format.code = formatCode(offsetMinutes, fractionDigits, false);
  } else return Date.parse(text);
  return dayOfCivil(year, month, day) * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000 + fraction - offset;
}
