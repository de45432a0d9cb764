/**
 * The loaded team, held compactly in columns (team-columns.ts), built page by page as the loader
 * receives them. Answers what the table asks of it: a search, facets and a sort over the whole
 * team (team-selection.ts, team-orderings.ts), and one page of rows rebuilt as `User` objects;
 * and, in the idle time between views, works out what the next keystroke or sort may ask.
 */
import type { User } from "../api/contract.ts";
import { release } from "../api/release-memory.ts";
import type { TeamPage } from "../api/team-page.ts";
import { firstInOrder } from "./first-in-order.ts";
import { defaultPageSize } from "./page-range.ts";
import { TeamColumns, type IndexedCsvUser } from "./team-columns.ts";
import type { FacetCounts } from "./team-facets.ts";
import { TeamOrderings } from "./team-orderings.ts";
import {
  aggregateOverview,
  dayColumns,
  type DayColumns,
  type OverviewColumns,
  type OverviewRequest,
  type TeamOverview,
} from "./team-overview.ts";
import type { TeamQuery, TeamView, TeamViewResult } from "./team-query.ts";
import { heldBy, TeamSelections, type ViewCaches } from "./team-selection.ts";
import { abandon, finish, rowAt } from "./team-sort.ts";

/** The largest page a view returns: a view answer stays small. */
export const maxViewPageSize = 500;

/** Up to this many rows, a view sorts its selection by the service's order rather than walk that order. */
const fewToOrder = 2048;
/**
 * From this many users, the first keystrokes' code is warmed up in full at the end of a load (a
 * few hundred milliseconds at a million), and again once a sort's order is made (see
 * `#keepOrdering`). Below, cold, they take 1–3 ms in Node at 100,000 users.
 */
const defaultFullWarmUpFrom = 250_000;
/**
 * What a warm-up runs: its searches, each `times` (from its matches after the first), `rounds`
 * over; in full, first under a chosen source (`underASource` times each), then under none. Again
 * after a sort, less: the code is back after fewer views, and the idle time is sooner over (a
 * million users' worker: the keystroke after the sorts 7.5–14.7 ms, against 7.2–15.2 with the full
 * warm-up again, eight each).
 */
const broadToNone = ["0", "00", "000", "0000", "00000", ""];
const warmUps = {
  small: { rounds: 1, searches: ["0", "00"], times: 1, underASource: 0 },
  full: { rounds: 2, searches: broadToNone, times: 5, underASource: 1 },
  again: { rounds: 1, searches: broadToNone, times: 2, underASource: 1 },
};
/**
 * What the next keystroke may ask (what follows a search, or a narrower search's rows gathered) is
 * worked out this long a step: a keystroke typed meanwhile waits about that much. In steps of
 * 65,536 rows, after one digit at a million users, it waited up to 3 ms in Node and 3–7 ms in a
 * browser's worker (13 ms the first step after a load).
 */
const nextKeystrokeStepMs = 1;
/** Up to this many rows (the pages up to a view's), a sort not made yet is not made: the rows are picked. */
const firstRowsAtMost = 2048;

export class TeamIndex {
  #columns = new TeamColumns();
  #selections: TeamSelections;
  #orderings: TeamOrderings;

  /** Bumped by every change; the caches below belong to one version. */
  #version = 0;
  #cacheVersion = -1;
  /** The warm-up run again after a sort, a view a step, in idle time (see `#rewarmAfterSort`). */
  #rewarm: Generator<void, void> | undefined;
  #days: (DayColumns & { timeZone: string }) | undefined;

  /** A step of idle work lasts about this long, so that a message coming meanwhile waits little. */
  readonly #idleStepMs: number;
  readonly #fullWarmUpFrom: number;

  constructor({ idleStepMs = 4, fullWarmUpFrom = defaultFullWarmUpFrom }: { idleStepMs?: number; fullWarmUpFrom?: number } = {}) {
    this.#idleStepMs = idleStepMs;
    this.#fullWarmUpFrom = fullWarmUpFrom;
    const dropStale = () => this.#dropStaleCaches();
    this.#selections = new TeamSelections(this.#columns, dropStale);
    this.#orderings = new TeamOrderings(this.#columns, { idleStepMs, dropStale, onKept: () => this.#rewarmAfterSort() });
  }

  get size(): number {
    return this.#columns.size;
  }

  /** The memory held outside the JavaScript heap and its buffers: the IDs' text, in WebAssembly's memory. */
  get outsideHeapBytes(): number {
    return this.#columns.outsideHeapBytes;
  }

  /** The team of the loaded users (the first one's), for file names. */
  get teamId(): string | undefined {
    return this.#columns.teamId;
  }

  /**
   * Adds a page that started at `offset` in the service's order. A user already loaded (seen on
   * an earlier page because the team changed meanwhile) is kept once, where it was first seen.
   * Returns how many users were new.
   */
  addPage(page: Pick<TeamPage, "users" | "instants" | "ids">, offset: number): number {
    const added = this.#columns.addPage(page, offset);
    if (added > 0) this.#version++;
    return added;
  }

  /** The user of a row, rebuilt with the fields of the contract (unknown fields are not kept). */
  user(row: number): User {
    return this.#columns.user(row);
  }

  /**
   * What a CSV record reads of a row's user: no instants written out but its creation's (a
   * connection's and a fallback's are not exported), no source copied.
   */
  csvUser(row: number): IndexedCsvUser {
    return this.#columns.csvUser(row);
  }

  serviceOffset(row: number): number {
    return this.#columns.serviceOffset(row);
  }

  /**
   * Makes room for a team of `users` at once, its connected sources estimated from the users so
   * far: a million users then cost no copies of growing columns, nor their dead copies meanwhile.
   */
  reserve(users: number): void {
    this.#columns.reserve(users);
  }

  /** Gives back the room the columns kept for growth: the load is over, or stopped for a while. */
  trim(): void {
    this.#columns.trim();
  }

  /**
   * Gives back at once what it holds in typed arrays — its columns, and the orders, keys, view
   * arrays and days it keeps between views — and leaves its text to the collector. A Refresh
   * reserves the new index's columns at once, while the old one's would go only at the
   * collector's next full pass. It must not be read again.
   */
  release(): void {
    this.#columns.release();
    const kept = this.#orderings.held();
    kept.push(...heldBy(this.#selections.caches));
    if (this.#days) kept.push(this.#days.createdDay, this.#days.sourceSlot);
    release(...kept);
    this.#version++; // and the caches go (the sort keys given back)
    this.#dropStaleCaches();
  }

  /**
   * At the end of a load, runs the searches an ID's first keystrokes ask, and forgets them: so that
   * the first keystrokes do not pay for collecting the load's garbage, nor, in a large team, for
   * code V8 has not optimized yet. There, one digit, then each longer (a broad match, a narrower
   * one, a few rows, none), a page of the table each, twice over, each worked out five times from
   * its matches: with two searches run once, a browser's worker took 4–15 ms for each of the first
   * four keystrokes of a million users (bench:team:browser, four runs); warmed up, 2–10 ms (six).
   */
  warmUp(large = this.size >= this.#fullWarmUpFrom): void {
    finish(this.#warmUpViews(large ? "full" : "small"));
    const selections = this.#selections;
    selections.facetBaseOf({}); // made by the last search of a full warm-up; a small one's views are uncounted
    // The facets' selection of everybody and the buffers stay, as the first view asks.
    selections.caches = { facetBase: selections.caches.facetBase, buffers: selections.caches.buffers };
  }

  /**
   * The warm-up's views, one a step, in the service's order: without a sort, they leave the
   * user's sort and its order as they are (walking an order is not what needs warming).
   */
  *#warmUpViews(kind: keyof typeof warmUps): Generator<void, void> {
    const { rounds, searches, times, underASource } = warmUps[kind];
    // The facets' code that a search under a chosen source runs: cold, the first keystroke under
    // two sources took a million users' worker 7.5–26.7 ms (median 16.9, six tabs); warmed, 5.2–12.1 (9.3).
    const source = this.#columns.slugs.value(0);
    // Under no filter, the facets are not counted: the filters are closed while one types.
    const passes = [
      ...(underASource > 0 && source ? [{ facets: { sources: [source] }, times: underASource, counted: true }] : []),
      { facets: undefined, times, counted: false }, // last: the facets' selection of everybody stays, as the first view asks
    ];
    const selections = this.#selections;
    for (let round = 0; round < rounds; round++) {
      for (const pass of passes) {
        for (const search of searches) {
          for (let time = 0; time < pass.times; time++) {
            selections.caches.selection = undefined; // the search's matches are kept: their facets and page are worked out again
            selections.warming = true;
            try {
              this.#view({ search, pageIndex: 0, pageSize: defaultPageSize, facets: pass.facets, facetCounts: pass.counted });
            } finally {
              selections.warming = false;
            }
            yield;
          }
        }
      }
    }
  }

  /**
   * Once a column's ordering is made and kept, a large team's warm-up runs again in idle time: the
   * collections of a sort's arrays make V8 throw away the code of keystrokes not typed meanwhile
   * (see `TeamOrderings`).
   */
  #rewarmAfterSort(): void {
    if (this.size >= this.#fullWarmUpFrom) this.#setRewarm(this.#rewarmSteps());
  }

  /**
   * A large team's warm-up again, a view a step, with caches and buffers of its own (4 bytes a
   * user, given back at its end or when it is left): the view the user left and the next
   * keystroke's idle work stay as they were. A step is a view of the whole team (a keystroke's
   * work, up to 10–27 ms at a million in Node on a busy day): a call that comes meanwhile waits
   * for it, as it does for a step of a ranked column's order.
   */
  *#rewarmSteps(): Generator<void, void> {
    const views = this.#warmUpViews("again");
    const selections = this.#selections;
    let own: ViewCaches = {};
    try {
      for (;;) {
        const userCaches = selections.caches;
        selections.caches = own;
        let done: boolean | undefined;
        try {
          done = views.next().done;
        } finally {
          own = selections.caches;
          selections.caches = userCaches;
        }
        if (done) return;
        yield;
      }
    } finally {
      abandon(views);
      release(...heldBy(own));
    }
  }

  /** Replaces the warm-up run in idle time: the one left midway gives its buffers back. */
  #setRewarm(next: Generator<void, void> | undefined): void {
    if (this.#rewarm) abandon(this.#rewarm);
    this.#rewarm = next;
  }

  /**
   * Works a step on what the next keystroke may ask, in the idle time after a view: the whole order
   * of a sort whose rows were picked, what follows the search in each row (or a narrower search's
   * rows gathered), then a warm-up after a sort; true once there is nothing left.
   */
  stepIdle(): boolean {
    this.#dropStaleCaches();
    if (this.#orderings.stepPending()) return false;
    if (!this.#columns.ids.stepIdle(Math.min(this.#idleStepMs, nextKeystrokeStepMs))) return false;
    if (!this.#rewarm) return true;
    if (this.#rewarm.next().done) this.#rewarm = undefined;
    return false;
  }

  /** The row of a user ID; the first lookup after a load makes a hash table of them (8 bytes a user), kept until `dropLookups`. */
  rowOf(userId: string): number | undefined {
    return this.#columns.ids.rowOf(userId);
  }

  /** Gives back what `rowOf` made: its lookups are over. */
  dropLookups(): void {
    this.#columns.ids.dropLookups();
  }

  /**
   * The rows of a selection in its order (read with `rowAt`), or null where that is every row in
   * its own order (the whole team, unsorted, loaded in the service's order): no list of 4 bytes a
   * user is made for it.
   */
  select(query: TeamQuery): Uint32Array | null {
    this.#sortingBy(query.sort);
    const { selected, count } = this.#selections.selection(query);
    const order = this.#orderings.order(query.sort);
    if (count === this.size && order === null) return null;
    const rows = new Uint32Array(count);
    let next = 0;
    for (let place = 0; place < this.size; place++) {
      const row = rowAt(order, place);
      if (selected[row] === 1) rows[next++] = row;
    }
    return rows;
  }

  view(view: TeamView): TeamViewResult {
    this.#sortingBy(view.sort);
    return this.#view(view);
  }

  /** A view, the column sorted by left as it is: a warm-up's, in the service's order, keeps the user's sort. */
  #view({ pageIndex, pageSize, facetCounts = true, ...query }: TeamView): TeamViewResult {
    const { selected, count, rows, facets } = this.#selections.selection(query, facetCounts);
    const size = Math.min(maxViewPageSize, Math.max(1, Math.floor(pageSize)));
    const lastPage = Math.max(0, Math.ceil(count / size) - 1);
    const page = Math.min(lastPage, Math.max(0, Math.floor(pageIndex) || 0));
    let shown: number[] = [];
    if (rows && rows.length <= fewToOrder && !query.sort) {
      // A narrow search in the service's order: its rows by their places, not a walk of everybody.
      shown = Array.from(rows)
        .sort((a, b) => this.serviceOffset(a) - this.serviceOffset(b))
        .slice(page * size, (page + 1) * size);
    } else if (
      query.sort &&
      (page + 1) * size <= firstRowsAtMost &&
      this.#orderings.picks(query.sort.column, this.#selections.key(query))
    ) {
      // A sort just asked for: only the pages up to this one, picked from the selection as it goes by.
      const first = firstInOrder((page + 1) * size, this.#orderings.rowOrder(query.sort), rows ? { list: rows } : { marked: selected });
      shown = first.slice(page * size);
      // The next selection under this sort will walk its whole order: made meanwhile, in idle time.
      this.#orderings.makeInIdleTime(query.sort.column);
    } else {
      // Only as far into the order as the page: a broad search's first page is a short walk.
      const order = this.#orderings.order(query.sort);
      for (let place = 0, seen = 0; place < this.size && shown.length < size; place++) {
        const row = rowAt(order, place);
        if (selected[row] === 1 && seen++ >= page * size) shown.push(row);
      }
    }
    return {
      matches: count,
      total: this.size,
      facets,
      pageIndex: page,
      rows: shown.map((row) => ({ user: this.user(row), serviceOffset: this.serviceOffset(row) })),
    };
  }

  /** The facets' options and their counts over a search and the other groups' choices: what the filters show. */
  facets(query: TeamQuery): FacetCounts {
    return this.#selections.selection(query, true).facets;
  }

  /** The overview of the users a search and facets select (their order does not matter). */
  overview({ search, facets }: TeamQuery, request: OverviewRequest): TeamOverview {
    const { selected, rows, facets: counts } = this.#selections.selection({ search, facets }, true);
    return aggregateOverview(this.#overviewColumns(request.timeZone), rows ? { list: rows } : { marked: selected }, counts, request);
  }

  #overviewColumns(timeZone: string): OverviewColumns {
    this.#dropStaleCaches();
    const columns = this.#columns;
    // Placed on the zone's calendar on the overview's first use, then kept until the team changes,
    // so that a new selection only counts.
    if (this.#days?.timeZone !== timeZone) {
      if (this.#days) release(this.#days.createdDay, this.#days.sourceSlot);
      const sources = { createdOn: columns.sourceCreatedOn, slugCodes: columns.sourceSlugCodes.view(), slugs: columns.slugs.size };
      this.#days = { timeZone, ...dayColumns(columns.createdOn, sources, timeZone) };
    }
    const { firstDay, span, createdDay, sourceSlot } = this.#days;
    return {
      ...columns.facetColumns(),
      ...{ sourceStarts: columns.sourceStarts.view(), createdOn: columns.createdOn, firstDay, span, createdDay, sourceSlot },
    };
  }

  /** Notes a view sorted by `sort`'s column, or by none: see `TeamOrderings.sortingBy`. */
  #sortingBy(sort: TeamQuery["sort"]): void {
    this.#dropStaleCaches();
    this.#orderings.sortingBy(sort);
  }

  #dropStaleCaches(): void {
    if (this.#cacheVersion === this.#version) return;
    this.#cacheVersion = this.#version;
    this.#orderings.drop();
    this.#setRewarm(undefined);
    this.#selections.caches = {};
    this.#days = undefined;
  }
}
