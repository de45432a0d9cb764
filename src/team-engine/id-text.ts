/**
 * The users' IDs as one flat text of bytes: a row is `client\0user\0`, both folded for search and
 * written in UTF-8 (a folded ID holds no zero). It is searched 16 bytes at a time by a small
 * WebAssembly module (id-text.wat), four to five times faster than `indexOf` over strings (a
 * million demo users: about 6 ms against 25, in Node and in a Chromium worker), and held in that
 * module's memory, so that nothing is copied to search it. Where WebAssembly cannot be compiled (a
 * Content-Security-Policy without 'wasm-unsafe-eval', an engine without SIMD), the same text is
 * kept in an ArrayBuffer and searched byte by byte in JavaScript: the same answers, slower.
 *
 * A search of one character (a first keystroke) matches many rows: a hexadecimal digit, the
 * first character of most user IDs typed, nearly every row. A digit, or one of 16 letters (where
 * most client IDs start), is answered from two masks a row, of the digits and of those letters its
 * text holds (two bytes each), made as rows are appended, not by a scan stopping at every row.
 * After a search, what follows it in each row (a mask of the digits, and the other byte: three
 * bytes a row) is worked out, in steps, in the idle time before the next keystroke, which is then
 * read off it.
 */
import { align, compileWasm } from "./compile-wasm.ts";
import { GrowableArray } from "./growable-array.ts";
import { idTextWasm } from "./id-text-wasm.ts";

/** What a scan found: the count, and the rows matched, or those not, in order while they are at most `cap`. */
export interface Scanned {
  count: number;
  rows: Uint32Array | null;
  unmatched: Uint32Array | null;
}

/** Where the text is kept and searched: the module's memory (where it compiles), or JavaScript. */
export type IdTextEngine = "webassembly" | "javascript";

/**
 * Up to this many rows, testing each alone beats the module's scan of the whole text: one row
 * read out of its order, and a call, costs about what the scan of 32 rows in order does.
 */
export const testedAloneOf = (rows: number) => rows >> 5;

/** The byte of a row followed by several others after a search (no UTF-8 byte is 255). */
const several = 255;

interface SearchExports {
  memory: WebAssembly.Memory;
  scan(from: number, to: number, needle: number, m: number, out: number, list: number, cap: number): number;
  withBit(masks: number, rows: number, bit: number, out: number): number;
  marked(marks: number, rows: number, mark: number, list: number): number;
  scanRanges(ranges: number, count: number, needle: number, m: number, scratch: number, hits: number): number;
  follows(from: number, to: number, needle: number, m: number, masks: number, others: number): number;
  equal(bytes: number, rows: number, value: number, out: number): number;
}

const wasmPage = 0x1_0000;
let compiled: WebAssembly.Module | null | undefined;

/** The search module, compiled once; null where WebAssembly or its SIMD is not allowed. */
function searchModule(): WebAssembly.Module | null {
  if (compiled === undefined) compiled = compileWasm(idTextWasm);
  return compiled;
}

/** Each character's bit in a row's mask of the characters it holds, by character code (lower-case: the text is folded). */
const bitsOf = (characters: string) => {
  const bits = new Uint16Array(0x80);
  [...characters].forEach((character, bit) => (bits[character.charCodeAt(0)] = 1 << bit));
  return bits;
};
const digitBits = bitsOf("0123456789abcdef");
/** The letters a row's second mask holds: all but q, x, y and z, which few IDs start with. */
const letterBits = bitsOf("ghijklmnoprstuvw");
/** Each ASCII byte lower-cased, and the digit and letter bits of that, the letters' above. */
const lowered = Uint8Array.from({ length: 0x80 }, (_, byte) => (byte >= 65 && byte <= 90 ? byte + 32 : byte));
const loweredBits = Uint32Array.from(lowered, (byte) => digitBits[byte]! | (letterBits[byte]! << 16));

/**
 * The module of the last text released while no other was held, its memory as grown: the next
 * text of this thread takes it (a worker holds one team, so a Refresh of that team). A Refresh
 * then holds one memory, not a new one beside the old, which the collector frees when it gets to it.
 */
let spare: SearchExports | null = null;
/** Texts holding a module. */
let modulesHeld = 0;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class IdText {
  #module: SearchExports | null = null;
  /** The whole memory (the module's, or an ArrayBuffer's); a new view after each growth. */
  #bytes: Uint8Array;
  #length = 0;
  /** A row's hexadecimal digits, a bit each. */
  #digits = new GrowableArray((n) => new Uint16Array(n));
  /** A row's letters of `letterBits`, a bit each. */
  #letters = new GrowableArray((n) => new Uint16Array(n));
  /** The digits and letters of the row being written. */
  #rowDigits = 0;
  #rowLetters = 0;
  /**
   * What follows a search in each row (in the module's memory, after the text): a mask of the
   * digits, and the other byte (or `several`), worked out in steps up to `row`, whose text starts
   * at `at`. A search of `needle` and one more character is read off the rows done (those
   * followed by several others tested alone, while they are few) and scans the rest. Dropped when
   * a row is appended (the text moves what follows it).
   */
  #follows: { needle: Uint8Array; row: number; at: number; several: number } | null = null;
  /**
   * The text of a search's few rows, copied side by side in steps (the first `done` of `rows`,
   * `length` bytes, after the scratch), so that the next keystroke scans them in order instead of
   * reading each where it lies (a miss of the cache a row). Dropped by anything else that writes
   * past the scratch's start, and when a row is appended.
   */
  #gathered: { rows: Uint32Array; done: number; length: number } | null = null;

  /** `engine` "javascript" keeps the text out of WebAssembly (the fallback, and its tests). */
  constructor(engine: IdTextEngine = "webassembly") {
    const module = engine === "webassembly" ? searchModule() : null;
    if (module) {
      this.#module = spare ?? (new WebAssembly.Instance(module, {}).exports as unknown as SearchExports);
      spare = null;
      modulesHeld++;
      this.#bytes = new Uint8Array(this.#module.memory.buffer);
    } else {
      this.#bytes = new Uint8Array(wasmPage);
    }
  }

  /** Whether the text is searched by the WebAssembly module. */
  get compiled(): boolean {
    return this.#module !== null;
  }

  /** The bytes written. */
  get length(): number {
    return this.#length;
  }

  /** The memory held, room for growth and the search's scratch included. */
  get byteLength(): number {
    return this.#bytes.byteLength;
  }

  /** The text, without a copy; valid until it grows (an append, a reservation, a search). */
  get bytes(): Uint8Array {
    return this.#bytes;
  }

  /** Makes room for `rows` more rows at once (their text grows as it comes). */
  reserve(rows: number): void {
    this.#digits.reserve(this.#digits.length + rows);
    this.#letters.reserve(this.#letters.length + rows);
  }

  /** Gives back the room kept for growth, once no more rows are coming for a while. */
  trim(): void {
    this.#digits.trim();
    this.#letters.trim();
  }

  /** Appends a row, `client\0user\0`; returns where it starts. */
  appendRow(client: string, user: string): number {
    const start = this.#startRow(3 * (client.length + user.length) + 2);
    const clientEnd = this.#write(client, start);
    this.#bytes[clientEnd] = 0;
    return this.#endRow(start, this.#write(user, clientEnd + 1));
  }

  /**
   * Appends a row of IDs of printable ASCII, bytes of `from` (the client user ID's from `client`
   * to `clientEnd`, the user ID's from `user` to `userEnd`), lower-cased as they are copied: their
   * fold for search. Returns where it starts.
   */
  appendLowered(from: Uint8Array, client: number, clientEnd: number, user: number, userEnd: number): number {
    const start = this.#startRow(clientEnd - client + userEnd - user + 2);
    const end = this.#copyLowered(from, client, clientEnd, start);
    this.#bytes[end] = 0;
    return this.#endRow(start, this.#copyLowered(from, user, userEnd, end + 1));
  }

  /** Makes room for a row of `bytes` at most: where it starts. */
  #startRow(bytes: number): number {
    this.#follows = null;
    this.#gathered = null;
    this.#ensure(this.#length + bytes);
    this.#rowDigits = 0;
    this.#rowLetters = 0;
    return this.#length;
  }

  /** Ends the row started at `start` whose text ends at `end`: returns `start`. */
  #endRow(start: number, end: number): number {
    this.#bytes[end] = 0;
    this.#length = end + 1;
    this.#digits.push(this.#rowDigits);
    this.#letters.push(this.#rowLetters);
    return start;
  }

  /** The text between two offsets, decoded. */
  text(from: number, to: number): string {
    const bytes = this.#bytes;
    // An ID in ASCII, the usual case, without a decoder's call (microseconds each in a browser).
    let ascii = to - from <= 64;
    for (let i = from; i < to && ascii; i++) ascii = bytes[i]! < 0x80;
    return ascii
      ? String.fromCharCode.apply(null, bytes.subarray(from, to) as unknown as number[])
      : decoder.decode(bytes.subarray(from, to));
  }

  /** Whether the text from `from` to its next zero is `text`. */
  holdsAt(from: number, text: string): boolean {
    const bytes = this.#bytes;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0x80) return this.text(from, this.zeroAfter(from)) === text;
      if (bytes[from + i] !== unit) return false;
    }
    return bytes[from + text.length] === 0;
  }

  /** Where the zero after `from` is. */
  zeroAfter(from: number): number {
    return this.#bytes.indexOf(0, from);
  }

  /** The needle in the bytes it is searched as. */
  static encode(needle: string): Uint8Array {
    return encoder.encode(needle);
  }

  /** Whether the text between two offsets holds `needle` (not empty). */
  holds(needle: Uint8Array, from: number, to: number): boolean {
    const bytes = this.#bytes;
    const first = needle[0]!;
    for (let at = from, last = to - needle.length; at <= last; at++) {
      if (bytes[at] === first && matchesAt(bytes, at, needle)) return true;
    }
    return false;
  }

  /**
   * Marks in `into` (a byte a row, all written) the rows whose text holds `needle` (not empty, no
   * zero); lists them in order if they are `cap` at most, and those not matched if they are.
   * `starts`: where each row's text starts.
   */
  scan(needle: Uint8Array, starts: Uint32Array, into: Uint8Array, cap: number): Scanned {
    this.#gathered = null; // its scratch reaches over them
    const rows = starts.length;
    const last = needle[needle.length - 1]!;
    // Rows whose characters after the search this one extends are worked out: read off them.
    const followed = this.#module ? Math.min(rows, this.#followedBy(needle)) : 0;
    const digit = followed > 0 ? (digitBits[last] ?? 0) : 0;
    // A character alone (a first keystroke): read off the rows' masks where it has a bit.
    const held = needle.length === 1 ? this.#maskOf(last) : null;
    // Another byte: read off the rows' bytes that follow the search, unless too many rows have several.
    const other = followed > 0 && digit === 0 && this.#follows!.several <= testedAloneOf(rows);
    const alone = other ? this.#follows!.several : 0;
    // The scratch, after the text and what follows a search: the needle, the rows' masks (for a
    // character alone), the marks, the list, and the rows tested alone (their ranges, then the hits).
    const needleAt = this.#scratch();
    const masksAt = align(needleAt + needle.length + 16);
    const out = align(masksAt + (held ? 2 * rows + 32 : 0));
    const list = align(out + rows + 16);
    const aloneAt = align(list + 4 * (cap + 1) + 16);
    this.#ensure(aloneAt + 16 * alone + 48);
    const bytes = this.#bytes;
    let count: number;
    if (followed > 0 && this.#module && (digit !== 0 || other)) {
      count = digit
        ? this.#module.withBit(this.#followsAt(), followed, digit, out)
        : this.#module.equal(this.#othersAt(), followed, last, out);
      bytes.set(needle, needleAt);
      if (alone > 0) {
        // Rows followed by several bytes (`equal` left them out): tested alone.
        const severalRows = new Uint32Array(bytes.buffer, aloneAt, this.#module.marked(this.#othersAt(), followed, several, aloneAt));
        const found = this.#testAlone(needleAt, needle.length, severalRows, starts, aloneAt + 4 * alone);
        for (const row of found) bytes[out + row] = 1;
        count += found.length;
      }
      if (followed < rows) {
        // The rows not worked out yet (the idle time was too short) are scanned: they come after those that were.
        bytes.fill(0, out + followed, out + rows);
        count += this.#module.scan(this.#follows!.at, this.#length, needleAt, needle.length, out + followed, list, 0);
      }
    } else if (held && this.#module) {
      const { masks, bit } = held;
      bytes.set(new Uint8Array(masks.buffer, masks.byteOffset, 2 * rows), masksAt);
      bytes.fill(0, masksAt + 2 * rows, out);
      count = this.#module.withBit(masksAt, rows, bit, out);
    } else if (held) {
      count = withBit(held, rows, bytes.subarray(out, out + rows));
    } else {
      bytes.set(needle, needleAt);
      bytes.fill(0, out, out + rows);
      count = this.#module
        ? this.#module.scan(0, this.#length, needleAt, needle.length, out, list, cap)
        : scanBytes(bytes, this.#length, needle, out);
    }
    into.set(bytes.subarray(out, out + rows));
    /** The rows marked `mark`, listed by the module where it runs (a full scan has listed those matched). */
    const readOff = digit !== 0 || other || held !== null;
    const listOf = (mark: 0 | 1, listed: number) => {
      if (!this.#module) return rowsMarked(into, mark, listed);
      if (mark === 0 || readOff) this.#module.marked(out, rows, mark, list);
      return new Uint32Array(bytes.buffer, list, listed).slice();
    };
    return {
      count,
      rows: count > cap ? null : listOf(1, count),
      unmatched: rows - count > cap ? null : listOf(0, rows - count),
    };
  }

  /**
   * As `scan`, over a few rows (in order) alone: `starts` has where each row of the text starts.
   * Lists the rows matched; those not, if they are `cap` at most.
   */
  scanEach(needle: Uint8Array, candidates: Uint32Array, starts: Uint32Array, into: Uint8Array, cap: number): Scanned {
    into.fill(0);
    const rows = starts.length;
    const endOf = (row: number) => (row + 1 < rows ? starts[row + 1]! : this.#length);
    let found: Uint32Array;
    if (this.#module) {
      const needleAt = this.#placed(needle);
      const at = align(needleAt + needle.length + 16);
      // The rows gathered side by side are scanned in order (their marks and list first), the rest tested alone.
      let gathered = this.#gathered?.rows === candidates ? this.#gathered.done : 0;
      const aloneAt = () => align(at + 5 * gathered + 32);
      const endOfScratch = () => aloneAt() + 12 * (candidates.length - gathered) + 32;
      if (endOfScratch() > this.#gatheredAt()) {
        this.#gathered = null; // the scratch reaches over them
        gathered = 0;
      }
      const alone = aloneAt();
      this.#ensure(endOfScratch());
      const first = gathered > 0 ? this.#scanGathered(needleAt, needle.length, at) : new Uint32Array(0);
      const rest = this.#testAlone(needleAt, needle.length, candidates.subarray(gathered), starts, alone);
      found = rest;
      if (first.length > 0) {
        found = new Uint32Array(first.length + rest.length);
        found.set(first);
        found.set(rest, first.length);
      }
    } else {
      found = candidates.filter((row) => this.holds(needle, starts[row]!, endOf(row)));
    }
    for (let i = 0; i < found.length; i++) into[found[i]!] = 1;
    const count = found.length;
    return { count, rows: found, unmatched: rows - count > cap ? null : rowsMarked(into, 0, rows - count) };
  }

  /**
   * Tests the rows of `candidates` (in order; the needle's `m` bytes at `needleAt`) alone; from
   * `at` (room for 12 bytes a candidate and 32 more), their ranges, a scratch byte and the module's
   * answer. Returns the rows holding the needle, in order.
   */
  #testAlone(needleAt: number, m: number, candidates: Uint32Array, starts: Uint32Array, at: number): Uint32Array {
    const module = this.#module!;
    const scratch = align(at);
    const ranges = scratch + 16;
    const hits = ranges + 8 * candidates.length;
    const spans = new Uint32Array(this.#bytes.buffer, ranges, 2 * candidates.length);
    for (let i = 0; i < candidates.length; i++) {
      const row = candidates[i]!;
      spans[2 * i] = starts[row]!;
      spans[2 * i + 1] = row + 1 < starts.length ? starts[row + 1]! : this.#length;
    }
    const count = module.scanRanges(ranges, candidates.length, needleAt, m, scratch, hits);
    return new Uint32Array(this.#bytes.buffer, hits, count).map((place) => candidates[place]!);
  }

  /**
   * Scans the gathered rows' text (the needle's `m` bytes at `needleAt`; from `at`, room for 5
   * bytes a row: their marks, then the list); returns the rows holding the needle, in order.
   */
  #scanGathered(needleAt: number, m: number, at: number): Uint32Array {
    const { rows, done, length } = this.#gathered!;
    const from = this.#gatheredAt();
    const list = align(at + done + 16);
    this.#ensure(from + length + 32 + m);
    const count = this.#module!.scan(from, from + length, needleAt, m, at, list, done);
    return new Uint32Array(this.#bytes.buffer, list, count).map((place) => rows[place]!);
  }

  /**
   * Starts copying the text of `rows` (a search's few matches) side by side, in steps
   * (`stepGather`): the next keystroke, that search and more, scans them in order.
   */
  prepareGathered(rows: Uint32Array): void {
    this.#follows = null;
    if (this.#module && this.#gathered?.rows !== rows) this.#gathered = { rows, done: 0, length: 0 };
  }

  /** Copies the text of the next `count` gathered rows; true once all are. */
  stepGather(starts: Uint32Array, count: number): boolean {
    const gathered = this.#gathered;
    if (!gathered || gathered.done >= gathered.rows.length) return true;
    const { rows } = gathered;
    const end = Math.min(rows.length, gathered.done + count);
    const endOf = (row: number) => (row + 1 < starts.length ? starts[row + 1]! : this.#length);
    let bytes = 0;
    for (let i = gathered.done; i < end; i++) bytes += endOf(rows[i]!) - starts[rows[i]!]!;
    const at = this.#gatheredAt() + gathered.length;
    this.#ensure(at + bytes + 64);
    const text = this.#bytes;
    for (let i = gathered.done, to = at; i < end; i++) {
      const row = rows[i]!;
      text.copyWithin(to, starts[row]!, endOf(row));
      to += endOf(row) - starts[row]!;
    }
    gathered.done = end;
    gathered.length += bytes;
    return end >= rows.length;
  }

  /** Where the gathered rows' text is: past the room a search of as many rows as are tested alone takes in the scratch. */
  #gatheredAt(): number {
    return align(this.#scratch() + 12 * testedAloneOf(this.#digits.length) + 1024);
  }

  /**
   * Starts working out, in steps (`stepFollows`), which characters follow `needle` in each row, so
   * that the search of `needle` and one more character (the next keystroke's) is read off, not scanned.
   */
  prepareFollows(needle: Uint8Array): void {
    this.#gathered = null;
    if (this.#module && !(this.#follows && equal(this.#follows.needle, needle))) this.#follows = { needle, row: 0, at: 0, several: 0 };
  }

  /** Works out what follows the needle in the next `count` rows (`starts`: each row's start); true once all are done. */
  stepFollows(starts: Uint32Array, count: number): boolean {
    const follows = this.#follows;
    const rows = this.#digits.length;
    if (!this.#module || !follows || follows.row >= rows) return true;
    const end = Math.min(rows, follows.row + count);
    const needleAt = this.#placed(follows.needle);
    if (follows.row === 0) this.#bytes.fill(0, this.#followsAt(), needleAt); // the masks and bytes, and what the module reads past them
    const to = end < rows ? starts[end]! : this.#length;
    const [masks, others] = [this.#followsAt() + 2 * follows.row, this.#othersAt() + follows.row];
    follows.several += this.#module.follows(starts[follows.row]!, to, needleAt, follows.needle.length, masks, others);
    follows.row = end;
    follows.at = to;
    return end >= rows;
  }

  /**
   * When `needle` is the search whose following characters are being worked out, and one byte
   * more: the rows they are worked out for (the first ones); else 0.
   */
  #followedBy(needle: Uint8Array): number {
    const follows = this.#follows;
    if (!follows || needle.length !== follows.needle.length + 1) return 0;
    return equal(follows.needle, needle.subarray(0, follows.needle.length)) ? follows.row : 0;
  }

  /** Writes `needle` at the start of the scratch, with 64 bytes of room after it; returns where. */
  #placed(needle: Uint8Array): number {
    const at = this.#scratch();
    this.#ensure(at + needle.length + 64);
    this.#bytes.set(needle, at);
    return at;
  }

  /** Where the digits that follow a search are: after the text. */
  #followsAt(): number {
    return align(this.#length + 16);
  }

  /** Where the other bytes that follow a search are: after its digits. */
  #othersAt(): number {
    return align(this.#followsAt() + 2 * this.#digits.length + 32);
  }

  /** Where a search's scratch starts: after what follows a search (room for it is kept with the module). */
  #scratch(): number {
    return this.#module ? align(this.#othersAt() + this.#digits.length + 32) : this.#followsAt();
  }

  /** The rows' masks that hold a bit for the character `byte`, and its bit; null for a character without one. */
  #maskOf(byte: number): CharacterMask | null {
    if (digitBits[byte]) return { masks: this.#digits.view(), bit: digitBits[byte] };
    if (letterBits[byte]) return { masks: this.#letters.view(), bit: letterBits[byte] };
    return null;
  }

  /** Drops the text: it must not be read again. */
  release(): void {
    this.#follows = null;
    this.#gathered = null;
    this.#digits.release();
    this.#letters.release();
    if (this.#module && --modulesHeld === 0) spare = this.#module;
    this.#module = null;
    this.#bytes = new Uint8Array(0);
    this.#length = 0;
  }

  /** Grows the memory to hold `bytes`, by an eighth more at least. */
  #ensure(bytes: number): void {
    if (bytes <= this.#bytes.byteLength) return;
    const wanted = Math.max(bytes, this.#bytes.byteLength + (this.#bytes.byteLength >> 3));
    const pages = Math.ceil(wanted / wasmPage);
    if (this.#module) {
      const { memory } = this.#module;
      memory.grow(pages - memory.buffer.byteLength / wasmPage);
      this.#bytes = new Uint8Array(memory.buffer);
    } else {
      const grown = new Uint8Array(pages * wasmPage);
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
  }

  /** Copies printable ASCII, `from` bytes `start` to `end`, lower-cased, to `at`; returns where it ends. */
  #copyLowered(from: Uint8Array, start: number, end: number, at: number): number {
    const bytes = this.#bytes;
    let bits = 0;
    for (let i = start, to = at; i < end; i++, to++) {
      const byte = from[i]!;
      bytes[to] = lowered[byte]!;
      bits |= loweredBits[byte]!;
    }
    this.#rowDigits |= bits & 0xffff;
    this.#rowLetters |= bits >>> 16;
    return at + end - start;
  }

  /** Writes `text` at `at` in UTF-8 (room for three bytes a unit is there); returns where it ends. */
  #write(text: string, at: number): number {
    const bytes = this.#bytes;
    let digits = 0;
    let letters = 0;
    let end = at + text.length;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0x80) {
        end = at + i + encoder.encodeInto(text.slice(i), bytes.subarray(at + i)).written;
        for (let j = i + 1; j < text.length; j++) {
          const later = text.charCodeAt(j);
          digits |= digitBits[later] ?? 0;
          letters |= letterBits[later] ?? 0;
        }
        break;
      }
      bytes[at + i] = unit;
      digits |= digitBits[unit]!;
      letters |= letterBits[unit]!;
    }
    this.#rowDigits |= digits;
    this.#rowLetters |= letters;
    return end;
  }
}

/** A character's bit in one of the rows' masks. */
interface CharacterMask {
  masks: Uint16Array;
  bit: number;
}

/** Marks in `into` the rows whose mask has the bit; returns their count. */
function withBit({ masks, bit }: CharacterMask, rows: number, into: Uint8Array): number {
  let count = 0;
  for (let row = 0; row < rows; row++) count += into[row] = (masks[row]! & bit) === 0 ? 0 : 1;
  return count;
}

/** The `count` rows whose mark is `mark`, in order; four rows at a time are passed over while none is. */
function rowsMarked(marks: Uint8Array, mark: 0 | 1, count: number): Uint32Array {
  const rows = new Uint32Array(count);
  const words = marks.byteOffset % 4 === 0 ? new Uint32Array(marks.buffer, marks.byteOffset, marks.length >> 2) : new Uint32Array(0);
  const none = mark === 1 ? 0 : 0x01010101;
  let next = 0;
  let row = 0;
  for (let word = 0; word < words.length && next < count; word++, row += 4) {
    if (words[word] === none) continue;
    for (let i = row; i < row + 4; i++) if (marks[i] === mark) rows[next++] = i;
  }
  for (; next < count; row++) if (marks[row] === mark) rows[next++] = row;
  return rows;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function matchesAt(bytes: Uint8Array, at: number, needle: Uint8Array): boolean {
  for (let k = 1; k < needle.length; k++) if (bytes[at + k] !== needle[k]) return false;
  return true;
}

/** The module's scan, in JavaScript: the same marks in `bytes` at `out` (the rows are listed from them). */
function scanBytes(bytes: Uint8Array, to: number, needle: Uint8Array, out: number): number {
  const first = needle[0]!;
  let zeros = 0;
  let count = 0;
  for (let at = 0; at < to; at++) {
    const byte = bytes[at]!;
    if (byte === 0) zeros++;
    if (byte !== first || !matchesAt(bytes, at, needle)) continue;
    const row = zeros >> 1;
    bytes[out + row] = 1;
    count++;
    while (zeros < 2 * row + 2) if (bytes[++at] === 0) zeros++; // on to the row's last zero
  }
  return count;
}
