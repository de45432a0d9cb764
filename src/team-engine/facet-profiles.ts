/**
 * Each user's facet profile, interned: the distinct sources they connected, their time zone, and
 * whether their birth date is known. A team has far fewer profiles than users (22,144 for the
 * demo's 100,000 users, 34,538 for its million), so the facets and the overview read one code a
 * row and work out the groups once a profile, instead of walking every user's sources.
 */
import { CodeArray, growableUint32, type CodeView } from "./growable-array.ts";

/** The profiles, a column each (profile code → value), and the slug sets they name. */
export interface ProfileTable {
  /** Each profile's slug set: the distinct slug codes of the user's sources. */
  set: readonly number[];
  /** Each profile's time zone code + 1; 0: none. */
  zone: readonly number[];
  /** 1 where the profile's birth date is known. */
  birthKnown: readonly number[];
  /** Each slug set's slug codes, ascending; set 0 is the empty one. */
  setSlugs: readonly (readonly number[])[];
}

export class FacetProfiles {
  #table = { set: [] as number[], zone: [] as number[], birthKnown: [] as number[], setSlugs: [[]] as number[][] };
  /** Each row's profile. */
  #rows = new CodeArray();
  /** How many rows have each profile. */
  #users = growableUint32();
  /** A set's larger sets by one slug: set → slug (above the set's) → set. Small integers index arrays: no hashing a user. */
  #setsWith: number[][] = [[]];
  /** A set's profiles: set → time zone code × 2 + birth date known → profile. */
  #profilesOf: number[][] = [[]];

  /**
   * Appends a row's profile: its sources' slug codes are the first `count` of `slugs` (in any
   * order, repeats allowed; `count` at most its length), which are sorted in place.
   */
  push(slugs: number[], count: number, zone: number, birthKnown: boolean): void {
    // Insertion sort: a user has a few sources.
    for (let i = 1; i < count; i++) {
      const slug = slugs[i]!;
      let j = i;
      for (; j > 0 && slugs[j - 1]! > slug; j--) slugs[j] = slugs[j - 1]!;
      slugs[j] = slug;
    }
    let set = 0;
    for (let i = 0; i < count; i++) {
      if (i > 0 && slugs[i] === slugs[i - 1]) continue;
      set = this.#setsWith[set]![slugs[i]!] ?? this.#addSet(set, slugs[i]!);
    }
    const at = zone * 2 + (birthKnown ? 1 : 0);
    const profile = this.#profilesOf[set]![at] ?? this.#addProfile(set, zone, birthKnown);
    this.#rows.push(profile);
    this.#users.add(profile, 1);
  }

  #addSet(set: number, slug: number): number {
    const added = this.#table.setSlugs.push([...this.#table.setSlugs[set]!, slug]) - 1;
    this.#setsWith[set]![slug] = added;
    this.#setsWith[added] = [];
    this.#profilesOf[added] = [];
    return added;
  }

  #addProfile(set: number, zone: number, birthKnown: boolean): number {
    const added = this.#table.set.push(set) - 1;
    this.#users.push(0);
    this.#table.zone.push(zone);
    this.#table.birthKnown.push(birthKnown ? 1 : 0);
    this.#profilesOf[set]![zone * 2 + (birthKnown ? 1 : 0)] = added;
    return added;
  }

  get table(): ProfileTable {
    return this.#table;
  }

  /** How many rows have each profile, without a copy; valid until the profiles next change. */
  users(): Uint32Array {
    return this.#users.view();
  }

  /** Each row's profile code, without a copy; valid until the profiles next change (a push, a reserve or a trim). */
  rows(): CodeView {
    return this.#rows.view();
  }

  reserve(rows: number): void {
    this.#rows.reserve(rows);
  }

  trim(): void {
    this.#rows.trim();
  }

  /** Gives the rows' codes and counts back at once; they must not be read again. */
  release(): void {
    this.#rows.release();
    this.#users.release();
  }
}
