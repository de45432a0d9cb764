/**
 * The users a search and facets select, in no order, and what a view leaves for the next one: the
 * last search's matches, the facets' selection of everybody, the last counted search's tally and
 * the view's arrays of a byte a user, kept so that the next keystroke changes rather than redoes.
 */
import type { TeamColumns } from "./team-columns.ts";
import { applyFacets, changeFacets, type FacetBase, type FacetCounts, type FacetSelection, type FacetTally } from "./team-facets.ts";
import type { SearchMatches } from "./team-ids.ts";
import type { TeamQuery } from "./team-query.ts";
import { choosesAny } from "./team-query-params.ts";

/** The users a search and facets select, in no order: a view or an export then walks an ordering. */
export interface Selection {
  /** A 1 for each selected row. */
  selected: Uint8Array;
  count: number;
  /** The selected rows in order, when a search left few; else null. */
  rows: Uint32Array | null;
  /** Null when not asked for (see `TeamView.facetCounts`). */
  facets: FacetCounts | null;
}

/** What a view reads and leaves for the next one: a warm-up run between views keeps its own. */
export interface ViewCaches {
  search?: SearchMatches;
  selection?: { key: string; selection: Selection };
  /** The selection by the facets alone (no search) last asked for: a search is counted against it. */
  facetBase?: FacetBase & Selection & { key: string };
  /**
   * The last search, its facets and its tally (its selection is the one marked in the view
   * buffers' `selected`): the next keystroke's selection is changed from it where the matches
   * changed.
   */
  searched?: { matches: SearchMatches; facets: string; tally: FacetTally };
  /**
   * A view's arrays of a byte a user, kept from one view to the next: a million users'
   * keystrokes would otherwise leave megabytes each for the collector.
   */
  buffers?: { selected: Uint8Array; matched: Uint8Array[] };
}

export class TeamSelections {
  readonly #columns: TeamColumns;
  /** Drops what the team's change made stale (the index's caches, these among them). */
  readonly #dropStale: () => void;
  /** What the views read and leave: a warm-up between views puts its own in their place meanwhile. */
  caches: ViewCaches = {};
  /** While a warm-up's view runs: its searches leave the next keystroke's idle work as it was. */
  warming = false;

  constructor(columns: TeamColumns, dropStale: () => void) {
    this.#columns = columns;
    this.#dropStale = dropStale;
  }

  /** What tells two selections apart: the search as it is matched, and the facets. */
  key({ search, facets = {} }: TeamQuery): string {
    return JSON.stringify([search?.trim() ?? "", facets]);
  }

  /** The selection of `query`; its facets' counts unless `counted` is false. */
  selection(query: TeamQuery, counted: true): Selection & { facets: FacetCounts };
  selection(query: TeamQuery, counted?: boolean): Selection;
  selection(query: TeamQuery, counted = false): Selection {
    this.#dropStale();
    const { facets = {} } = query;
    const search = query.search?.trim() ?? "";
    const key = this.key(query);
    const cached = this.caches.selection;
    if (cached?.key === key && (cached.selection.facets || !counted)) return cached.selection;

    const buffers = this.#viewBuffers();
    const earlierSearch = this.caches.search;
    const matches = search === "" ? null : this.#matching(search, buffers.matched);
    let selection: Selection;
    // No search: the facets' selection of everybody. The next keystroke's search is changed from
    // the last one's where their matches differ. Else a search that matches most users is counted
    // by difference from the facets' selection; a narrower one goes through its matches.
    if (!matches) selection = this.facetBaseOf(facets);
    else if (!counted && !choosesAny(facets)) {
      // No filter chosen and no count asked (the filters are closed while one types): the search's
      // matches are the selection, and the facets' count, most of a broad keystroke's work, is not made.
      buffers.selected.set(matches.matched);
      selection = { selected: buffers.selected, count: matches.count, rows: matches.rows, facets: null };
      // Those marks are no longer the counted search's: the next count must not be changed from them.
      this.caches.searched = undefined;
    } else {
      const columns = this.#columns.facetColumns();
      const facetsKey = JSON.stringify(facets);
      const earlier = this.caches.searched;
      // The earlier search's marks are intact: the new one was marked in the other buffer.
      const fromEarlier = earlier?.facets === facetsKey && earlier.matches === earlierSearch && matches !== earlierSearch;
      const changed = fromEarlier && !matches.rows ? changeFacets(columns, earlier, matches, facets, buffers.selected) : null;
      const base = !changed && matches.count * 2 > this.#columns.size ? this.facetBaseOf(facets) : undefined;
      const { selected, count, rows, counts, tally } = changed ?? applyFacets(columns, matches, facets, buffers.selected, base);
      this.caches.searched = { matches, facets: facetsKey, tally };
      selection = { selected, count, rows, facets: counts };
    }
    this.caches.selection = { key, selection };
    return selection;
  }

  /** The facets' selection of everybody, made unless it is the one kept. */
  facetBaseOf(facets: FacetSelection): FacetBase & Selection {
    const key = JSON.stringify(facets);
    if (this.caches.facetBase?.key !== key) {
      // The previous base's buffer is free: no cached selection points to it once this one is made.
      const { selected, count, counts, tally } = applyFacets(this.#columns.facetColumns(), null, facets, this.caches.facetBase?.selected);
      this.caches.facetBase = { key, selected, count, rows: null, facets: counts, tally };
    }
    return this.caches.facetBase;
  }

  #viewBuffers() {
    return (this.caches.buffers ??= { selected: new Uint8Array(this.#columns.size), matched: [] });
  }

  /** The rows matching a search (not empty), marked in one of the `matched` buffers. */
  #matching(search: string, matched: Uint8Array[]): SearchMatches {
    if (this.caches.search?.query !== search) {
      // Two buffers in turn: the earlier search's rows narrow the new one's.
      const into =
        matched.find((buffer) => buffer !== this.caches.search?.matched) ?? matched[matched.push(new Uint8Array(this.#columns.size)) - 1]!;
      this.caches.search = this.#columns.ids.matches(search, this.caches.search, into, { prepareNext: !this.warming });
    }
    return this.caches.search;
  }
}

/** The typed arrays views' caches hold, each once. */
export function heldBy({ buffers, facetBase, search, selection }: ViewCaches): ArrayBufferView[] {
  const held: ArrayBufferView[] = buffers ? [buffers.selected, ...buffers.matched] : [];
  if (facetBase) held.push(facetBase.selected);
  for (const rows of [search?.rows, selection?.selection.rows]) if (rows) held.push(rows);
  return held;
}
