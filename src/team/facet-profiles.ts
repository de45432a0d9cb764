/**
 * Each user's facet profile, interned: the distinct sources they connected, their time zone, and
 * whether their birth date is known. A team has far fewer profiles than users (a few thousand for
 * a million demo users), so the facets and the overview read one code a row and work out the
 * groups once a profile, instead of walking every user's sources.
 */
import { CodeArray, type CodeView } from "./growable-array.ts";

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

/** One number for two codes, exact while both are below 2^26 (and twice it below 2^53): far more than an index holds. */
const pairKey = (first: number, second: number) => first * 2 ** 26 + second;

export class FacetProfiles {
  readonly table = { set: [] as number[], zone: [] as number[], birthKnown: [] as number[], setSlugs: [[]] as number[][] };
  /** Each row's profile. */
  #rows = new CodeArray();
  /** A slug set by (the set without its largest slug, that slug). */
  #sets = new Map<number, number>();
  #profileOf = new Map<number, number>();

  /** Appends a row's profile; `slugs` (its sources' slug codes, in any order, repeats allowed) is sorted in place. */
  push(slugs: number[], zone: number, birthKnown: boolean): void {
    slugs.sort((a, b) => a - b);
    let set = 0;
    for (let i = 0; i < slugs.length; i++) {
      if (i > 0 && slugs[i] === slugs[i - 1]) continue;
      const key = pairKey(set, slugs[i]!);
      let next = this.#sets.get(key);
      if (next === undefined) {
        next = this.table.setSlugs.length;
        this.table.setSlugs.push([...this.table.setSlugs[set]!, slugs[i]!]);
        this.#sets.set(key, next);
      }
      set = next;
    }
    const key = pairKey(set, zone) * 2 + (birthKnown ? 1 : 0);
    let profile = this.#profileOf.get(key);
    if (profile === undefined) {
      profile = this.table.set.length;
      this.table.set.push(set);
      this.table.zone.push(zone);
      this.table.birthKnown.push(birthKnown ? 1 : 0);
      this.#profileOf.set(key, profile);
    }
    this.#rows.push(profile);
  }

  /** Each row's profile code, without a copy; valid until the next push. */
  rows(): CodeView {
    return this.#rows.view();
  }

  reserve(rows: number): void {
    this.#rows.reserve(rows);
  }

  trim(): void {
    this.#rows.trim();
  }
}
