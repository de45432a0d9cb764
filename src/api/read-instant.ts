/**
 * ISO 8601 instants as the service writes them (`2024-01-03T00:00:00+05:30`, `…Z`, with or
 * without a fraction), read without Date.parse, which was once most of the overview's first count
 * for a team of 100,000 users and their sources. They are read from bytes, as a page of users is
 * scanned, so that the usual instant never becomes a string; text is read the same way. Anything
 * else goes to Date.parse (NaN when unreadable).
 */
import { dayOfCivil } from "./civil-days.ts";

const [zero, dash, colon, dot, plus, upperT, lowerT, upperZ, lowerZ] = [48, 45, 58, 46, 43, 84, 116, 90, 122];
const monthDays = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two digits at `at`; -1 when either is not a digit. */
function two(bytes: Uint8Array, at: number): number {
  const a = bytes[at]! - zero;
  const b = bytes[at + 1]! - zero;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** How an instant was written: enough to write it again exactly (see team-engine/instant-column.ts). */
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

/**
 * The milliseconds since the epoch of the instant written in `bytes` from `start` to `end`
 * (ASCII), and in `format` how it was written; NaN when it is not written
 * `YYYY-MM-DDTHH:MM:SS[.f…](Z|±HH:MM)`: only Date.parse can tell then.
 */
export function readInstant(bytes: Uint8Array, start: number, end: number, format: InstantFormat): number {
  format.code = keptAsText;
  if (
    end - start < 20 ||
    bytes[start + 4] !== dash ||
    bytes[start + 7] !== dash ||
    bytes[start + 13] !== colon ||
    bytes[start + 16] !== colon
  )
    return Number.NaN;
  const t = bytes[start + 10];
  const century = two(bytes, start);
  const yy = two(bytes, start + 2);
  const month = two(bytes, start + 5);
  const day = two(bytes, start + 8);
  const hour = two(bytes, start + 11);
  const minute = two(bytes, start + 14);
  const second = two(bytes, start + 17);
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
    return Number.NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > monthDays[month - 1]! || (month === 2 && day === 29 && !leap)) return Number.NaN;

  let at = start + 19;
  let fraction = 0;
  let fractionDigits = 0;
  if (bytes[at] === dot) {
    let scale = 100;
    for (at++; at < end; at++) {
      const digit = bytes[at]! - zero;
      if (digit < 0 || digit > 9) break;
      fraction += digit * scale;
      scale /= 10;
      fractionDigits++;
    }
    fraction = Math.floor(fraction);
  }
  let offset = 0;
  const zone = at < end ? bytes[at] : undefined;
  if (zone === upperZ || zone === lowerZ) {
    if (at + 1 !== end) return Number.NaN;
    if (t === upperT && zone === upperZ && fractionDigits <= 3) format.code = formatCode(0, fractionDigits, true);
  } else if ((zone === plus || zone === dash) && at + 6 === end && bytes[at + 3] === colon) {
    const hours = two(bytes, at + 1);
    const minutes = two(bytes, at + 4);
    if (hours < 0 || minutes < 0) return Number.NaN;
    const offsetMinutes = (zone === plus ? 1 : -1) * (hours * 60 + minutes);
    offset = offsetMinutes * 60_000;
    // Written again from its parts, -00:00 would read +00:00, and 05:75 would read 06:15.
    const rewritable = t === upperT && fractionDigits <= 3 && hours < 24 && minutes < 60 && (zone === plus || offsetMinutes !== 0);
    if (rewritable) format.code = formatCode(offsetMinutes, fractionDigits, false);
  } else return Number.NaN;
  return dayOfCivil(year, month, day) * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000 + fraction - offset;
}

/** Text read by `readInstant`: an instant is far shorter. */
const textBytes = new Uint8Array(64);

/** The instant's milliseconds since the epoch (NaN when unreadable); `format`, when given, says how it was written. */
export function parseInstant(text: string, format: InstantFormat = { code: keptAsText }): number {
  format.code = keptAsText;
  const length = text.length;
  if (length >= textBytes.length) return Date.parse(text);
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x80) return Date.parse(text);
    textBytes[i] = unit;
  }
  const ms = readInstant(textBytes, 0, length, format);
  return Number.isNaN(ms) ? Date.parse(text) : ms;
}
