/**
 * A page of users read straight from the service's bytes: what `checkUserPage(JSON.parse(text))`
 * accepts, as a `TeamPage`, without decoding the text or `JSON.parse` (together most of a
 * whole-team load's time). It reads the usual page only — the contract's fields, each once,
 * ASCII strings without escapes, plain integers — and answers null for anything else, which the
 * caller then reads the exact way: so every refusal, and its message, is the checker's, and a
 * page this reads is the one the checker would accept, with the same values (the property tests
 * of `scan-user-page.test.ts` hold it to that). Strings that repeat from user to user (team IDs,
 * sources, time zones, birth dates) are made once; instants and IDs are read where they lie, and
 * become strings only when they must be kept as text.
 */
import { PageIds, PageInstants, type TeamPage, type TeamPageUser } from "./team-page.ts";

/** With `userSpans`, the page read also gives where each user's object starts and ends in `bytes`, pairs in order. */
export function scanUserPage(bytes: Uint8Array, userSpans?: number[]): TeamPage | null {
  try {
    return new PageScanner(bytes, userSpans).page();
  } catch (error) {
    if (error === unusual) return null;
    throw error;
  }
}

/** Thrown where the page is not the usual one. */
const unusual = new Error("not a usual page");

const [quote, backslash, colon, comma, openBrace, closeBrace, openBracket, closeBracket] = [34, 92, 58, 44, 123, 125, 91, 93];
const zero = 48;

/** Each object's keys, in the order of their numbers below (a key's number is its bit in `seen`). */
const keysOf = (...names: string[]) => names.map((name) => new TextEncoder().encode(name));
const pageKeys = keysOf("users", "total", "offset", "limit");
const userKeys = keysOf(
  "user_id",
  "team_id",
  "client_user_id",
  "created_on",
  "connected_sources",
  "fallback_birth_date",
  "fallback_time_zone",
);
const connectedKeys = keysOf("created_on", "source", "provider");
const sourceInfoKeys = keysOf("logo", "name", "slug");
const birthDateKeys = keysOf("source_slug", "updated_at", "value");
const timeZoneKeys = keysOf("id", "source_slug", "updated_at");
const all = (keys: readonly Uint8Array[]) => (1 << keys.length) - 1;
/** `seen` with `key`'s bit, which must not be there yet: a key twice is read the exact way (the last counts). */
function once(seen: number, key: number): number {
  if (seen & (1 << key)) throw unusual;
  return seen | (1 << key);
}

/** A character code array of each short length: `fromCharCode` takes an array's items fast. */
const codesOfLength = Array.from({ length: 65 }, (_, length) => new Array<number>(length).fill(0));

/**
 * Strings that repeat, at a slot of a hash of their bytes, each checked against the bytes when
 * found; a string whose slot another took is made again (and takes it back).
 */
const repeated = new Array<string>(1 << 14).fill("");

/**
 * Sources' objects read before, with their bytes, at a slot of a hash of their logo: a source
 * whose object's bytes are the same is the same object (a team has a handful of sources, written
 * alike on every user). An object that does not begin with its logo is read each time.
 */
const sourceObjects = new Array<{ bytes: DataView; info: SourceInfo } | undefined>(1 << 8);
const logoFirst = new TextEncoder().encode('{"logo":"');

/** The slot in `sourceObjects` of the source object at `start`, by its logo; -1 when it does not begin with one. */
function sourceSlot(bytes: Uint8Array, start: number): number {
  for (let i = 0; i < logoFirst.length; i++) if (bytes[start + i] !== logoFirst[i]) return -1;
  let hash = 0x811c9dc5;
  for (let at = start + logoFirst.length; at < bytes.length; at++) {
    const byte = bytes[at]!;
    if (byte === quote) return hash & (sourceObjects.length - 1);
    hash = Math.imul(hash ^ byte, 0x01000193);
  }
  return -1;
}

class PageScanner {
  readonly #bytes: Uint8Array;
  /** The same bytes, read four at a time where a run of them is compared with another. */
  readonly #words: DataView;
  /** About one in 170 bytes, in the service's pages. */
  readonly #instants: PageInstants;
  /** Two a user; their bytes, about a sixteenth of the page's. */
  readonly #ids: PageIds;
  #at = 0;
  /** The last string read: its bytes' start and end. */
  #start = 0;
  #end = 0;
  /** A user's connected sources as they are read. */
  readonly #readSources: TeamPageUser["connected_sources"] = [];
  /** Where each user's object starts and ends in the bytes, when asked: its JSON as the service wrote it. */
  readonly #userSpans: number[] | undefined;

  constructor(bytes: Uint8Array, userSpans?: number[]) {
    this.#bytes = bytes;
    this.#userSpans = userSpans;
    this.#words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#instants = new PageInstants((bytes.length >> 7) + 16);
    this.#ids = new PageIds((bytes.length >> 8) + 16, (bytes.length >> 3) + 64);
  }

  page(): TeamPage {
    const users: TeamPageUser[] = [];
    const counts = [0, 0, 0, 0];
    let seen = 0;
    for (let key = this.#firstKey(pageKeys); key >= 0; key = this.#nextKey(pageKeys, key)) {
      seen = once(seen, key);
      if (key > 0) counts[key] = this.#count();
      else
        for (let more = this.#firstItem(); more; more = this.#more(closeBracket)) {
          const start = this.#skipSpace();
          users.push(this.#user());
          this.#userSpans?.push(start, this.#at);
        }
    }
    if (seen !== all(pageKeys) || this.#skipSpace() !== this.#bytes.length) throw unusual;
    return { users, instants: this.#instants, ids: this.#ids, total: counts[1]!, offset: counts[2]!, limit: counts[3]! };
  }

  #user(): TeamPageUser {
    let user_id = 0,
      team_id = "",
      client_user_id = 0,
      created_on = 0;
    let connected_sources: TeamPageUser["connected_sources"] | undefined;
    let fallback_birth_date: TeamPageUser["fallback_birth_date"];
    let fallback_time_zone: TeamPageUser["fallback_time_zone"];
    let seen = 0;
    for (let key = this.#firstKey(userKeys); key >= 0; key = this.#nextKey(userKeys, key)) {
      seen = once(seen, key);
      if (key === 0) user_id = this.#id();
      else if (key === 1) team_id = this.#repeated();
      else if (key === 2) client_user_id = this.#id();
      else if (key === 3) created_on = this.#instant();
      else if (key === 4) connected_sources = this.#connectedSources();
      else if (key === 5) fallback_birth_date = this.#null() ? null : this.#birthDate();
      else fallback_time_zone = this.#null() ? null : this.#timeZone();
    }
    if ((seen & 0b11111) !== 0b11111) throw unusual;
    return { user_id, team_id, client_user_id, created_on, connected_sources: connected_sources!, fallback_birth_date, fallback_time_zone };
  }

  /** A user's connected sources, in an array of their number: one grown by pushes holds room for 17. */
  #connectedSources(): TeamPageUser["connected_sources"] {
    const read = this.#readSources; // written by index: setting its length to 0 would free its room
    let count = 0;
    for (let more = this.#firstItem(); more; more = this.#more(closeBracket)) read[count++] = this.#connectedSource();
    return read.slice(0, count);
  }

  #connectedSource(): TeamPageUser["connected_sources"][number] {
    let created_on = 0;
    let source: SourceInfo | undefined;
    let provider: SourceInfo | undefined;
    let seen = 0;
    // Where `source`'s object was written: `provider`, its alias, is most often the same bytes.
    let sourceStart = 0;
    let sourceEnd = 0;
    for (let key = this.#firstKey(connectedKeys); key >= 0; key = this.#nextKey(connectedKeys, key)) {
      seen = once(seen, key);
      if (key === 0) created_on = this.#instant();
      else if (key === 1) {
        sourceStart = this.#skipSpace();
        source = this.#sourceInfo();
        sourceEnd = this.#at;
      } else provider = source && this.#skipCopy(sourceStart, sourceEnd) ? source : this.#sourceInfo();
    }
    if ((seen & 1) === 0 || seen === 1) throw unusual;
    return { created_on, source, provider };
  }

  /** A source's object: the one read before from the same bytes, else read now. */
  #sourceInfo(): SourceInfo {
    const start = this.#skipSpace();
    const slot = sourceSlot(this.#bytes, start);
    if (slot < 0) return this.#sourceInfoRead();
    const known = sourceObjects[slot];
    if (known && this.#skipSame(known.bytes, 0, known.bytes.byteLength)) return known.info;
    const info = this.#sourceInfoRead();
    sourceObjects[slot] = { bytes: new DataView(this.#bytes.slice(start, this.#at).buffer), info };
    return info;
  }

  // Each object's reader is written out, not one taking a callback a key: that one, a closure an
  // object, scanned a page about 10% slower.
  #sourceInfoRead(): SourceInfo {
    let logo = "",
      name = "",
      slug = "";
    let seen = 0;
    for (let key = this.#firstKey(sourceInfoKeys); key >= 0; key = this.#nextKey(sourceInfoKeys, key)) {
      seen = once(seen, key);
      if (key === 0) logo = this.#repeated();
      else if (key === 1) name = this.#repeated();
      else slug = this.#repeated();
    }
    if (seen !== all(sourceInfoKeys)) throw unusual;
    return { logo, name, slug };
  }

  #birthDate() {
    let source_slug = "",
      updated_at = 0,
      value = "";
    let seen = 0;
    for (let key = this.#firstKey(birthDateKeys); key >= 0; key = this.#nextKey(birthDateKeys, key)) {
      seen = once(seen, key);
      if (key === 0) source_slug = this.#repeated();
      else if (key === 1) updated_at = this.#instant();
      else value = this.#repeated();
    }
    if (seen !== all(birthDateKeys)) throw unusual;
    return { source_slug, updated_at, value };
  }

  #timeZone() {
    let id = "",
      source_slug = "",
      updated_at = 0;
    let seen = 0;
    for (let key = this.#firstKey(timeZoneKeys); key >= 0; key = this.#nextKey(timeZoneKeys, key)) {
      seen = once(seen, key);
      if (key === 0) id = this.#repeated();
      else if (key === 1) source_slug = this.#repeated();
      else updated_at = this.#instant();
    }
    if (seen !== all(timeZoneKeys)) throw unusual;
    return { id, source_slug, updated_at };
  }

  /** An object's opening and its first key among `keys` (its number), or -1 when it is empty. */
  #firstKey(keys: readonly Uint8Array[]): number {
    this.#expect(openBrace);
    if (this.#peek() !== closeBrace) return this.#key(keys, -1);
    this.#at++;
    return -1;
  }

  /** After the value of key `previous`: the next key's number, or -1 at the object's end. */
  #nextKey(keys: readonly Uint8Array[], previous: number): number {
    return this.#more(closeBrace) ? this.#key(keys, previous) : -1;
  }

  /** An array's opening: true when an item follows. */
  #firstItem(): boolean {
    this.#expect(openBracket);
    if (this.#peek() !== closeBracket) return true;
    this.#at++;
    return false;
  }

  /** Moves past `null` when it comes next. */
  #null(): boolean {
    if (this.#peek() !== 110) return false; // "n"
    const bytes = this.#bytes;
    const at = this.#at;
    if (bytes[at + 1] !== 117 || bytes[at + 2] !== 108 || bytes[at + 3] !== 108) throw unusual; // "ull"
    this.#at = at + 4;
    return true;
  }

  /**
   * A key among `keys` and its colon: the key's number. The key is compared where it lies, first
   * with the one after `previous` (the service sends them in order); a key that is none of them,
   * or is written with an escape, is unusual.
   */
  #key(keys: readonly Uint8Array[], previous: number): number {
    const bytes = this.#bytes;
    const at = this.#skipSpace() + 1;
    if (bytes[at - 1] !== quote) throw unusual;
    for (let tried = 1; tried <= keys.length; tried++) {
      const key = (previous + tried) % keys.length;
      const name = keys[key]!;
      const length = name.length;
      let i = 0;
      while (i < length && name[i] === bytes[at + i]) i++;
      if (i === length && bytes[at + length] === quote) {
        this.#at = at + length + 1;
        this.#expect(colon);
        return key;
      }
    }
    throw unusual;
  }

  /** After an item: true when a comma says another comes, false at `close`. */
  #more(close: number): boolean {
    const next = this.#peek();
    this.#at++;
    if (next === comma) return true;
    if (next === close) return false;
    throw unusual;
  }

  /** A non-negative integer written plainly, small enough to be exact. */
  #count(): number {
    const bytes = this.#bytes;
    let at = this.#skipSpace();
    const start = at;
    let value = 0;
    for (; at < bytes.length; at++) {
      const digit = bytes[at]! - zero;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
    }
    const digits = at - start;
    if (digits === 0 || digits > 15 || (digits > 1 && bytes[start] === zero)) throw unusual;
    this.#at = at;
    return value;
  }

  /** An ID, read where it lies: its place in the page's IDs. */
  #id(): number {
    this.#string();
    const place = this.#ids.addBytes(this.#bytes, this.#start, this.#end);
    return place >= 0 ? place : this.#ids.add(this.#text());
  }

  /** An instant, read where it lies: its place in the page's instants. */
  #instant(): number {
    this.#string();
    const place = this.#instants.addBytes(this.#bytes, this.#start, this.#end);
    return place >= 0 ? place : this.#instants.add(this.#text());
  }

  /** A string found among those made before, when it was. */
  #repeated(): string {
    const slot = this.#string(true) & (repeated.length - 1);
    const known = repeated[slot]!;
    return this.#is(known) ? known : (repeated[slot] = this.#text());
  }

  /** Moves past the same bytes as those from `start` to `end` when they come next (a value read already). */
  #skipCopy(start: number, end: number): boolean {
    this.#skipSpace();
    return this.#skipSame(this.#words, start, end - start);
  }

  /** Moves past the `length` bytes of `value` from `from` when they come next (the position is on them), compared four at a time. */
  #skipSame(value: DataView, from: number, length: number): boolean {
    const at = this.#at;
    if (at + length > this.#bytes.length) return false;
    const words = this.#words;
    let i = 0;
    for (; i + 4 <= length; i += 4) if (words.getUint32(at + i) !== value.getUint32(from + i)) return false;
    for (; i < length; i++) if (words.getUint8(at + i) !== value.getUint8(from + i)) return false;
    this.#at = at + length;
    return true;
  }

  /** Whether the last string read is `text`. */
  #is(text: string): boolean {
    const bytes = this.#bytes;
    const start = this.#start;
    if (text.length !== this.#end - start) return false;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== bytes[start + i]) return false;
    return true;
  }

  /** The last string read, as text. */
  #text(): string {
    const bytes = this.#bytes;
    const start = this.#start;
    const length = this.#end - start;
    const codes = codesOfLength[length] ?? new Array<number>(length);
    for (let i = 0; i < length; i++) codes[i] = bytes[start + i]!;
    return length <= 8192 ? String.fromCharCode.apply(null, codes) : longText(codes);
  }

  /** Reads a string of ASCII without escapes: its bytes' start and end, and their hash when asked. */
  #string(hashing = false): number {
    this.#expect(quote);
    const bytes = this.#bytes;
    const length = bytes.length;
    const start = this.#at;
    let hash = 0x811c9dc5;
    for (let at = start; at < length; at++) {
      const byte = bytes[at]!;
      if (byte === quote) {
        this.#start = start;
        this.#end = at;
        this.#at = at + 1;
        return hash;
      }
      // A control character is not JSON; the rest is read the exact way.
      if (byte < 0x20 || byte >= 0x80 || byte === backslash) break;
      if (hashing) hash = Math.imul(hash ^ byte, 0x01000193);
    }
    throw unusual;
  }

  #expect(byte: number): void {
    if (this.#peek() !== byte) throw unusual;
    this.#at++;
  }

  /** The next byte after white space (the position is left on it). */
  #peek(): number {
    return this.#bytes[this.#skipSpace()] ?? -1;
  }

  /** Moves past white space: where it ends. */
  #skipSpace(): number {
    const bytes = this.#bytes;
    let at = this.#at;
    for (let byte = bytes[at]; byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09; byte = bytes[++at]);
    return (this.#at = at);
  }
}

type SourceInfo = { logo: string; name: string; slug: string };

/** A string of many codes, a call for each part (far below any engine's limit on arguments). */
function longText(codes: number[]): string {
  let text = "";
  for (let at = 0; at < codes.length; at += 8192) text += String.fromCharCode.apply(null, codes.slice(at, at + 8192));
  return text;
}
