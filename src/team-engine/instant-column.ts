/**
 * A column of instants as the service wrote them, in 6 bytes each instead of a string of 25 or
 * more: the whole seconds since 1970 (4 bytes, up to 2106), and in two more the milliseconds within
 * that second and how the instant was written (the offset, the fraction's digits, `Z`: one of the
 * few ways a team's instants are written, by its number), from which the same text is written
 * again. An instant outside those seconds keeps its milliseconds apart; text that cannot be
 * written again exactly (an unusual form, or unreadable) is kept as it came.
 */
import { keptAsText } from "../api/read-instant.ts";
import { writeInstant } from "../api/write-instant.ts";
import type { PageInstants } from "../api/team-page.ts";
import { CodeArray, growableUint32 } from "./growable-array.ts";

/** In `#seconds`: the instant is not in that range (none, unreadable, before 1970 or after 2106). */
const elsewhere = 0xffff_ffff;
const millisBits = 10;
const millisMask = (1 << millisBits) - 1;

/** What the sort and the overview read of a column of instants. */
export interface Instants {
  readonly length: number;
  /** Reads each instant's milliseconds since the epoch (NaN: none, or unreadable); valid until the column next changes (a push, a reserve or a trim). */
  msReader(): (index: number) => number;
}

export class InstantColumn implements Instants {
  #seconds = growableUint32();
  /** Each instant's way of writing, as its place in `#formatCodes`, then its milliseconds within the second. */
  #parts = new CodeArray();
  #formatCodes: number[] = [];
  #formatOfCode = new Map<number, number>();
  /** The milliseconds of the instants that are `elsewhere`, unless they have none. */
  #outliers = new Map<number, number>();
  #texts = new Map<number, string>();

  get length(): number {
    return this.#seconds.length;
  }

  /** The memory the column's arrays take (the few instants kept apart, as text or outliers, aside). */
  get byteLength(): number {
    return this.#seconds.byteLength + this.#parts.byteLength;
  }

  /** Appends the instant at `place` of a page's instants. */
  push(instants: PageInstants, place: number): void {
    const code = instants.code(place);
    if (code === keptAsText) this.#texts.set(this.length, instants.text(place)!);
    this.#append(instants.ms(place), code);
  }

  /** Appends no value: it reads back as "". */
  pushNone(): void {
    this.#append(Number.NaN, keptAsText);
  }

  #append(ms: number, code: number): void {
    const index = this.length;
    const seconds = Math.floor(ms / 1000);
    const inRange = seconds >= 0 && seconds < elsewhere; // false for NaN
    if (!inRange && !Number.isNaN(ms)) this.#outliers.set(index, ms);
    this.#seconds.push(inRange ? seconds : elsewhere);
    this.#parts.push((this.#formatOf(code) << millisBits) | (inRange ? ms - seconds * 1000 : 0));
  }

  #formatOf(code: number): number {
    let format = this.#formatOfCode.get(code);
    if (format === undefined) {
      format = this.#formatCodes.push(code) - 1;
      this.#formatOfCode.set(code, format);
    }
    return format;
  }

  reserve(capacity: number): void {
    this.#seconds.reserve(capacity);
    this.#parts.reserve(capacity);
  }

  /** Gives back the room kept for growth. */
  trim(): void {
    this.#seconds.trim();
    this.#parts.trim();
  }

  /** Gives the column's memory back at once; it must not be read again. */
  release(): void {
    this.#seconds.release();
    this.#parts.release();
  }

  ms(index: number): number {
    return msOf(this.#seconds.at(index), this.#parts.at(index), index, this.#outliers);
  }

  msReader(): (index: number) => number {
    const [seconds, parts, outliers] = [this.#seconds.view(), this.#parts.view(), this.#outliers];
    return (index) => msOf(seconds[index]!, parts[index]!, index, outliers);
  }

  /** The instant exactly as it came. */
  text(index: number): string {
    const code = this.#formatCodes[this.#parts.at(index) >> millisBits] ?? keptAsText;
    return code === keptAsText ? (this.#texts.get(index) ?? "") : writeInstant(this.ms(index), code);
  }
}

/** The milliseconds of the instant at `index`, from its whole seconds and its parts. */
function msOf(seconds: number, parts: number, index: number, outliers: ReadonlyMap<number, number>): number {
  return seconds === elsewhere ? (outliers.get(index) ?? Number.NaN) : seconds * 1000 + (parts & millisMask);
}
