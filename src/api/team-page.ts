/**
 * A page of users as the whole-team load hands it to the index: the contract's fields as sent,
 * each instant already read into the page's `instants` and named by its place there, so that
 * the index keeps numbers and never parses, and each ID likewise in its `ids`. The usual page is
 * scanned into one straight from its bytes (`scanUserPage`), where its instants and IDs never
 * become strings; any other is checked the exact way and then converted (`teamPageOf`), to the
 * same values.
 */
import type { ConnectedSource, SentUserPage } from "./contract.ts";
import { keptAsText, parseInstant, readInstant, type InstantFormat } from "./read-instant.ts";
import { asciiText } from "./read-text.ts";

type SourceInfo = ConnectedSource["source"];

/**
 * A user of a `TeamPage`: what the contract checked, each instant as its place in the page's
 * `instants`, each ID as its place in the page's `ids`.
 */
export interface TeamPageUser {
  user_id: number;
  team_id: string;
  client_user_id: number;
  created_on: number;
  connected_sources: { created_on: number; source?: SourceInfo; provider?: SourceInfo }[];
  fallback_birth_date?: { source_slug: string; updated_at: number; value: string } | null;
  fallback_time_zone?: { id: string; source_slug: string; updated_at: number } | null;
}

export interface TeamPage {
  users: TeamPageUser[];
  instants: PageInstants;
  ids: PageIds;
  total: number;
  offset: number;
  limit: number;
}

/** A page's instants, read: each one's milliseconds and how it was written, and its text where only that tells it. */
export class PageInstants {
  #ms: Float64Array;
  #codes: Uint16Array;
  #texts = new Map<number, string>();
  #length = 0;
  #format: InstantFormat = { code: keptAsText };

  constructor(capacity = 16) {
    this.#ms = new Float64Array(capacity);
    this.#codes = new Uint16Array(capacity);
  }

  get length(): number {
    return this.#length;
  }

  /** Milliseconds since the epoch; NaN when unreadable. */
  ms(place: number): number {
    return this.#ms[place]!;
  }

  /** How the instant was written (`formatCode` of read-instant.ts), or `keptAsText`: then `text` has it. */
  code(place: number): number {
    return this.#codes[place]!;
  }

  /** The text of an instant whose code is `keptAsText`. */
  text(place: number): string | undefined {
    return this.#texts.get(place);
  }

  /** Reads an instant from its text: its place. */
  add(text: string): number {
    const ms = parseInstant(text, this.#format);
    const place = this.#push(ms, this.#format.code);
    if (this.#format.code === keptAsText) this.#texts.set(place, text);
    return place;
  }

  /**
   * Reads an instant from bytes of ASCII without escapes (`start` to `end`): its place, or -1
   * when it is not written in a way the codes can write again: `add` its text then.
   */
  addBytes(bytes: Uint8Array, start: number, end: number): number {
    const ms = readInstant(bytes, start, end, this.#format);
    return this.#format.code === keptAsText ? -1 : this.#push(ms, this.#format.code);
  }

  #push(ms: number, code: number): number {
    const place = this.#length++;
    if (place === this.#ms.length) {
      const ms = new Float64Array(place * 2);
      const codes = new Uint16Array(place * 2);
      ms.set(this.#ms);
      codes.set(this.#codes);
      [this.#ms, this.#codes] = [ms, codes];
    }
    this.#ms[place] = ms;
    this.#codes[place] = code;
    return place;
  }
}

const printableAscii = /^[\x20-\x7e]*$/;

/**
 * A page's IDs (user IDs and client user IDs), each named by its place: those of printable ASCII
 * (the usual) as their bytes, side by side, which the index copies where it keeps its IDs, so no
 * string is made of them; any other as its text.
 */
export class PageIds {
  #bytes: Uint8Array;
  /** Where each ID's bytes end: they start where the one before ends (an ID kept as text has none). */
  #ends: Uint32Array;
  #texts = new Map<number, string>();
  #length = 0;

  /** Room for `capacity` IDs, and `byteCapacity` bytes of them, to start with. */
  constructor(capacity = 16, byteCapacity = capacity * 40) {
    this.#ends = new Uint32Array(capacity);
    this.#bytes = new Uint8Array(byteCapacity);
  }

  get length(): number {
    return this.#length;
  }

  /** The IDs' bytes, without a copy; valid until the next ID is added. */
  get bytes(): Uint8Array {
    return this.#bytes;
  }

  /** Whether the ID is printable ASCII: its bytes, from `start` to `end`, are its characters. */
  isPlain(place: number): boolean {
    return !this.#texts.has(place);
  }

  start(place: number): number {
    return place === 0 ? 0 : this.#ends[place - 1]!;
  }

  end(place: number): number {
    return this.#ends[place]!;
  }

  /** The ID as sent. */
  text(place: number): string {
    return this.#texts.get(place) ?? asciiText(this.#bytes.subarray(this.start(place), this.end(place)))!; // plain: ASCII
  }

  /** Adds an ID from its text: its place. */
  add(text: string): number {
    if (!printableAscii.test(text)) {
      this.#texts.set(this.#length, text);
      return this.#push(0);
    }
    const at = this.#room(text.length);
    for (let i = 0; i < text.length; i++) this.#bytes[at + i] = text.charCodeAt(i);
    return this.#push(text.length);
  }

  /**
   * Adds an ID from bytes of ASCII, each a character (no escapes), from `start` to `end`: its
   * place, or -1 when one is not printable: `add` its text then.
   */
  addBytes(bytes: Uint8Array, start: number, end: number): number {
    const at = this.#room(end - start);
    const to = this.#bytes;
    for (let i = start; i < end; i++) {
      const byte = bytes[i]!;
      if (byte < 0x20 || byte > 0x7e) return -1;
      to[at + i - start] = byte;
    }
    return this.#push(end - start);
  }

  /** Where the next ID's bytes go, with room for `length` of them. */
  #room(length: number): number {
    const at = this.start(this.#length);
    if (at + length > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(2 * this.#bytes.length, at + length));
      grown.set(this.#bytes.subarray(0, at));
      this.#bytes = grown;
    }
    return at;
  }

  #push(length: number): number {
    const place = this.#length++;
    if (place === this.#ends.length) {
      const ends = new Uint32Array(place * 2 + 1);
      ends.set(this.#ends);
      this.#ends = ends;
    }
    this.#ends[place] = this.start(place) + length;
    return place;
  }
}

/** A page checked the exact way, with its instants read: the same page `scanUserPage` makes of the usual bytes. */
export function teamPageOf({ users, total, offset, limit }: SentUserPage): TeamPage {
  const instants = new PageInstants(users.length * 4 + 1);
  const ids = new PageIds(users.length * 2 + 1);
  const at = (text: string) => instants.add(text);
  return {
    users: users.map(({ user_id, team_id, client_user_id, created_on, connected_sources, fallback_birth_date, fallback_time_zone }) => ({
      user_id: ids.add(user_id),
      team_id,
      client_user_id: ids.add(client_user_id),
      created_on: at(created_on),
      connected_sources: connected_sources.map(({ created_on, source, provider }) => ({ created_on: at(created_on), source, provider })),
      fallback_birth_date: fallback_birth_date && {
        source_slug: fallback_birth_date.source_slug,
        updated_at: at(fallback_birth_date.updated_at),
        value: fallback_birth_date.value,
      },
      fallback_time_zone: fallback_time_zone && {
        id: fallback_time_zone.id,
        source_slug: fallback_time_zone.source_slug,
        updated_at: at(fallback_time_zone.updated_at),
      },
    })),
    instants,
    ids,
    total,
    offset,
    limit,
  };
}
