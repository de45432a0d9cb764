/**
 * The user IDs that are UUIDs (36 characters, lower-case once folded), held in 16 bytes each
 * instead of 36 characters, with an index of what they contain that answers a search without
 * reading them: a bit a row for each hexadecimal digit, and for each pair of adjacent characters
 * the rows holding it (`PostingLists`, about six bits a row it holds). A search of one or two
 * characters is read off the index; a longer one from the rows holding its rarest pairs, each
 * of which is then checked.
 */
import { growableUint32 } from "./growable-array.ts";
import { PostingLists } from "./posting-lists.ts";
import { release } from "./release-memory.ts";

/** A character's code in a UUID: 0–15 the hexadecimal digits, 16 the dash. */
const dash = 16;
const alphabet = 17;
const hexDigits = "0123456789abcdef";
/** Where the dashes are, and so which of the 36 characters are the 32 digits. */
const isDashAt = (at: number) => at === 8 || at === 13 || at === 18 || at === 23;
/** Where the group of digits holding the digit of this index (0–31) ends. */
const groupEnd = (digit: number) => (digit < 8 ? 8 : digit < 20 ? (digit & ~3) + 4 : 32);
/** The digit of this index (0–31) of a row's UUID, in the column's `words`. */
const digitOf = (words: Uint32Array, row: number, digit: number) => (words[row * 4 + (digit >> 3)]! >>> (28 - 4 * (digit & 7))) & 0xf;
/** Whether a dash comes before the digit of this index (0–31). */
const dashBefore = (digit: number) => (digit & 3) === 0 && digit >= 8 && digit <= 20;

/** Each ASCII unit's code, -1 for those no folded UUID holds. */
const codeOfUnit = new Int8Array(128).fill(-1);
for (const [at, digit] of [...hexDigits].entries()) codeOfUnit[digit.charCodeAt(0)] = at;
codeOfUnit["-".charCodeAt(0)] = dash;

/** The code of a character (by its UTF-16 unit), or -1 for one no folded UUID holds. */
const codeOf = (unit: number) => (unit < 128 ? codeOfUnit[unit]! : -1);

/**
 * Whether `folded` is a UUID (lower-case hexadecimal digits, 8-4-4-4-12); if so, writes its 32
 * digits into `words`, eight a word.
 */
export function readUuid(folded: string, words: Uint32Array): boolean {
  if (folded.length !== 36) return false;
  for (let word = 0, at = 0; word < 4; word++) {
    let digits = 0;
    for (let digit = 0; digit < 8; digit++, at++) {
      if (isDashAt(at) && folded.charCodeAt(at++) !== 0x2d) return false;
      const code = codeOf(folded.charCodeAt(at));
      if (code < 0 || code === dash) return false;
      digits = (digits << 4) | code;
    }
    words[word] = digits >>> 0;
  }
  return true;
}

/** A needle as a UUID is searched for: its characters' codes, and whether one is a dash. */
export interface UuidNeedle {
  codes: readonly number[];
  dashes: boolean;
}

/** `needle` (folded) as a UUID is searched for, or null if no UUID can hold it. */
export function uuidNeedle(needle: string): UuidNeedle | null {
  if (needle.length > 36) return null;
  const codes: number[] = [];
  for (let at = 0; at < needle.length; at++) {
    const code = codeOf(needle.charCodeAt(at));
    if (code === -1) return null;
    codes.push(code);
  }
  return { codes, dashes: codes.includes(dash) };
}

/** Codes of the planes of bits a group of 32 rows has: whether a row is a UUID, then each digit. */
const isUuidPlane = 0;
const planes = 1 + 16;

export class UuidColumn {
  #rows = 0;
  /** Four words a row, the digits in order (zero for a row that is not a UUID). */
  #words = growableUint32();
  /** `planes` words a group of 32 rows, a bit a row. */
  #bits = growableUint32();
  /** The rows holding each pair of adjacent characters (first code × 17 + second). */
  #pairs = new PostingLists();
  #codes = new Uint8Array(36);
  /** `#words`' view, until a row is appended. */
  #view: Uint32Array | null = null;

  constructor() {
    this.#pairs.open(alphabet * alphabet);
  }

  get rows(): number {
    return this.#rows;
  }

  /** Appends a row: its user ID's digits if it is a UUID (`readUuid`), else null. */
  append(words: Uint32Array | null): void {
    const row = this.#rows++;
    this.#view = null;
    if (row % 32 === 0) for (let plane = 0; plane < planes; plane++) this.#bits.push(0);
    for (let word = 0; word < 4; word++) this.#words.push(words ? words[word]! : 0);
    if (!words) return;
    this.#setBit(isUuidPlane, row);
    let [seen, previous] = [0, -1];
    for (let digit = 0; digit < 32; digit++) {
      const code = (words[digit >> 3]! >>> (28 - 4 * (digit & 7))) & 0xf;
      seen |= 1 << code;
      if (dashBefore(digit)) {
        this.#pairs.add(previous * alphabet + dash, row);
        this.#pairs.add(dash * alphabet + code, row);
      } else if (digit > 0) this.#pairs.add(previous * alphabet + code, row);
      previous = code;
    }
    for (let digit = 0; digit < 16; digit++) if (seen & (1 << digit)) this.#setBit(1 + digit, row);
  }

  isUuid(row: number): boolean {
    return (this.#bits.at((row >> 5) * planes + isUuidPlane) & (1 << (row & 31))) !== 0;
  }

  /** A UUID row's ID, folded (lower-case). */
  text(row: number): string {
    let text = "";
    const words = this.#wordsView();
    for (let at = 0, digit = 0; at < 36; at++) {
      if (isDashAt(at)) text += "-";
      else text += hexDigits[digitOf(words, row, digit++)];
    }
    return text;
  }

  /** Whether a row is a UUID whose 4 words are `words`. */
  holdsWords(row: number, words: Uint32Array): boolean {
    if (!this.isUuid(row)) return false;
    for (let word = 0; word < 4; word++) if (this.#words.at(row * 4 + word) !== words[word]) return false;
    return true;
  }

  /**
   * Marks in `into` (a byte a row) the UUID rows whose ID contains `needle` (folded, not empty),
   * leaving marked rows as they are; returns how many it marked.
   */
  mark(needle: string, into: Uint8Array): number {
    const wanted = uuidNeedle(needle);
    if (!wanted) return 0;
    const held = wanted.codes;
    if (held.length === 1) return this.#markPlane(held[0] === dash ? isUuidPlane : 1 + held[0]!, into);
    // The rows holding its rarest pairs (two characters: exactly the rows holding it).
    const rows = this.#pairs.common(held.slice(1).map((code, at) => held[at]! * alphabet + code));
    const words = this.#wordsView();
    let marked = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      if (into[row] === 0 && (held.length === 2 || this.#holds(words, row, wanted))) {
        into[row] = 1;
        marked++;
      }
    }
    release(rows);
    return marked;
  }

  reserve(rows: number): void {
    this.#view = null;
    this.#words.reserve(rows * 4);
    this.#bits.reserve(Math.ceil(rows / 32) * planes);
  }

  trim(): void {
    this.#view = null;
    this.#words.trim();
    this.#bits.trim();
    this.#pairs.trim();
  }

  /** Whether a row is a UUID whose ID holds `wanted`. */
  holds(row: number, wanted: UuidNeedle): boolean {
    return this.isUuid(row) && this.#holds(this.#wordsView(), row, wanted);
  }

  /** Whether a UUID row's ID (`words`: the column's) holds the characters of `wanted`, in a row. */
  #holds(words: Uint32Array, row: number, wanted: UuidNeedle): boolean {
    if (wanted.dashes) return this.#holdsWithDashes(words, row, wanted.codes);
    const codes = wanted.codes;
    // Digits only: the needle lies within one group of digits. Where its first digit is, eight
    // digits at a time: a nibble of `t` is 0 where it is, and a 0 nibble alone gets its top bit set.
    const pattern = codes[0]! * 0x1111_1111;
    for (let word = 0; word < 4; word++) {
      const t = words[row * 4 + word]! ^ pattern;
      for (let zeros = ~(((t & 0x7777_7777) + 0x7777_7777) | t | 0x7777_7777) & 0x8888_8888; zeros !== 0;) {
        const bit = 31 - Math.clz32(zeros); // the first digit left
        zeros ^= 1 << bit;
        const digit = word * 8 + 7 - (bit >> 2);
        if (digit + codes.length > groupEnd(digit)) continue;
        let same = 1;
        while (same < codes.length && digitOf(words, row, digit + same) === codes[same]) same++;
        if (same === codes.length) return true;
      }
    }
    return false;
  }

  /** `#holds` for a needle with dashes: the row's 36 characters' codes, searched. */
  #holdsWithDashes(words: Uint32Array, row: number, wanted: readonly number[]): boolean {
    const held = this.#codes;
    for (let at = 0, digit = 0; at < 36; at++) held[at] = isDashAt(at) ? dash : digitOf(words, row, digit++);
    for (let start = 0; start + wanted.length <= 36; start++) {
      let same = 0;
      while (same < wanted.length && held[start + same] === wanted[same]) same++;
      if (same === wanted.length) return true;
    }
    return false;
  }

  /** Marks the rows whose bit is set in a plane. */
  #markPlane(plane: number, into: Uint8Array): number {
    const bits = this.#bits.view();
    let marked = 0;
    for (let group = 0, at = plane; at < bits.length; group++, at += planes) {
      for (let word = bits[at]!; word !== 0; word &= word - 1) {
        const row = group * 32 + (31 - Math.clz32(word & -word));
        if (into[row] === 0) {
          into[row] = 1;
          marked++;
        }
      }
    }
    return marked;
  }

  #wordsView(): Uint32Array {
    return (this.#view ??= this.#words.view());
  }

  #setBit(plane: number, row: number): void {
    const at = (row >> 5) * planes + plane;
    this.#bits.set(at, this.#bits.at(at) | (1 << (row & 31)));
  }
}
