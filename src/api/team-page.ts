/**
 * A page of users as the whole-team load hands it to the index: the contract's fields as sent,
 * each instant already read into the page's `instants` and named by its place there, so that
 * the index keeps numbers and never parses. The usual page is scanned into one straight from its
 * bytes (`scanUserPage`), where its instants never become strings; any other is checked the
 * exact way and then converted (`teamPageOf`), to the same values.
 */
import type { ConnectedSource, SentUserPage } from "./contract.ts";
import { keptAsText, parseInstant, readInstant, type InstantFormat } from "./read-instant.ts";

type SourceInfo = ConnectedSource["source"];

/** A user of a `TeamPage`: what the contract checked, each instant as its place in the page's `instants`. */
export interface TeamPageUser {
  user_id: string;
  team_id: string;
  client_user_id: string;
  created_on: number;
  connected_sources: { created_on: number; source?: SourceInfo; provider?: SourceInfo }[];
  fallback_birth_date?: { source_slug: string; updated_at: number; value: string } | null;
  fallback_time_zone?: { id: string; source_slug: string; updated_at: number } | null;
}

export interface TeamPage {
  users: TeamPageUser[];
  instants: PageInstants;
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

/** A page checked the exact way, with its instants read: the same page `scanUserPage` makes of the usual bytes. */
export function teamPageOf({ users, total, offset, limit }: SentUserPage): TeamPage {
  const instants = new PageInstants(users.length * 4 + 1);
  const at = (text: string) => instants.add(text);
  return {
    users: users.map(({ user_id, team_id, client_user_id, created_on, connected_sources, fallback_birth_date, fallback_time_zone }) => ({
      user_id,
      team_id,
      client_user_id,
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
    total,
    offset,
    limit,
  };
}
