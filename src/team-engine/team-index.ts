/**
 * The loaded team, held compactly: one entry a user in flat columns (typed arrays for numbers and
 * codes, interned strings for what repeats), built page by page as the loader receives them.
 * Answers what the table asks of it: a search, facets and a sort over the whole team, and one
 * page of rows rebuilt as `User` objects.
 */
import type { ConnectedSource, User } from "../api/contract.ts";
import { release } from "../api/release-memory.ts";
import type { PageInstants, TeamPage, TeamPageUser } from "../api/team-page.ts";
import { FacetProfiles } from "./facet-profiles.ts";
import { firstInOrder, type RowOrder } from "./first-in-order.ts";
import { CodeArray, growableUint32, type GrowableArray } from "./growable-array.ts";
import { InstantColumn } from "./instant-column.ts";
import { defaultPageSize } from "./page-range.ts";
import { DateInterner, Interner } from "./interner.ts";
import {
  applyFacets,
  changeFacets,
  type FacetBase,
  type FacetColumns,
  type FacetCounts,
  type FacetSelection,
  type FacetTally,
} from "./team-facets.ts";
import { TeamIds, type SearchMatches } from "./team-ids.ts";
import { choosesAny } from "./team-query-params.ts";
import type { CsvUser } from "./export-team.ts";
import {
  aggregateOverview,
  dayColumns,
  type DayColumns,
  type OverviewColumns,
  type OverviewRequest,
  type TeamOverview,
} from "./team-overview.ts";
import {
  abandon,
  finish,
  orderByRanks,
  orderNumbers,
  orderNumbersSteps,
  rankSourceListsSteps,
  rankStrings,
  rowAt,
  type Ordering,
  type Ranks,
  type ServiceOrder,
  type SortColumn,
} from "./team-sort.ts";

export interface TeamSort {
  column: SortColumn;
  direction: "asc" | "desc";
}

/** Which users, in which order: what a table view and an export of a selection share. */
export interface TeamQuery {
  search?: string;
  facets?: FacetSelection;
  /** Absent: the service's order. */
  sort?: TeamSort | null;
}

export interface TeamView extends TeamQuery {
  /** 0-based, as in the table; clamped to the last page. */
  pageIndex: number;
  pageSize: number;
  /**
   * Whether to count the facets' options (what the filters show); true unless told. False leaves
   * them out (null) where they would be counted for this view alone: a search under no filter is
   * then its matches alone.
   */
  facetCounts?: boolean;
}

export interface TeamRow {
  user: User;
  /** The user's position in the service's order when it was loaded: where to fetch it again. */
  serviceOffset: number;
}

export interface TeamViewResult {
  /** Users that pass the search and the facets. */
  matches: number;
  /** Users in the index. */
  total: number;
  /** Null when the view did not ask for them. */
  facets: FacetCounts | null;
  pageIndex: number;
  rows: TeamRow[];
}

/** The largest page a view returns: a view answer stays small. */
export const maxViewPageSize = 500;

type SourceInfo = ConnectedSource["source"];
/** A CSV's user, its sources those the index holds (`user` reads them). */
interface IndexedCsvUser extends CsvUser {
  connected_sources: { source: SourceInfo }[];
}

/** What `reserve` and `trim` ask of a column. */
interface Column {
  reserve(capacity: number): void;
  trim(): void;
  release(): void;
}

/** The users a search and facets select, in no order: a view or an export then walks an ordering. */
interface Selection {
  /** A 1 for each selected row. */
  selected: Uint8Array;
  count: number;
  /** The selected rows in order, when a search left few; else null. */
  rows: Uint32Array | null;
  /** Null when not asked for (see `TeamView.facetCounts`). */
  facets: FacetCounts | null;
}

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
/** An ordering being made in idle time, a step at a time. */
interface PendingOrdering {
  column: SortColumn;
  steps: Generator<void, Ordering>;
}

/** What a view reads and leaves for the next one: a warm-up run between views keeps its own. */
interface ViewCaches {
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

export class TeamIndex {
  /** The client user IDs and user IDs, and the search over them. */
  #ids = new TeamIds();
  #teamIds = new Interner();
  #teamCodes = new CodeArray();
  /** Read as pages arrive: the overview counts by it. */
  #createdOn = new InstantColumn();
  /** Each row's place in the service's order; null while that is the row's own number (a team loaded in order). */
  #serviceOffsets: GrowableArray<Uint32Array> | null = null;

  /** Row r's connected sources are entries `#sourceStarts[r]` up to `#sourceStarts[r + 1]`. */
  #sourceStarts = growableUint32();
  #sourceInfoCodes = new CodeArray();
  #sourceCreatedOn = new InstantColumn();
  #sourceInfos: SourceInfo[] = [];
  /** Usually one a slug: a slug whose name or logo changed has more. */
  #sourceInfoCodesOfSlug = new Map<string, number[]>();
  #slugCodeOfSourceInfo: number[] = [];
  #sourceSlugCodes = new CodeArray();
  #slugs = new Interner();
  #slugNames: string[] = [];

  /** Where fallback values came from; kept apart from connected sources so facets list only those. */
  #provenance = new Interner();
  #birthDates = new DateInterner();
  /** Each row's birth date's code + 1; 0: none. */
  #birthDateCodes = new CodeArray();
  #birthDateSources = new CodeArray();
  #birthDateUpdatedAt = new InstantColumn();
  #timeZones = new Interner();
  /** Each row's time zone's code + 1; 0: none. */
  #timeZoneCodes = new CodeArray();
  #timeZoneSources = new CodeArray();
  #timeZoneUpdatedAt = new InstantColumn();
  /** What the facets and the overview count by: each row's sources, time zone and birth date known, interned. */
  #profiles = new FacetProfiles();
  /** A row's slug codes while it is appended (one array for all). */
  #rowSlugs: number[] = [];

  /** Bumped by every change; the caches below belong to one version. */
  #version = 0;
  #cacheVersion = -1;
  /**
   * The rows in the service's order (the order without a sort; no descending one is asked for):
   * null when that is their own, row r at place r, as it is unless the team shifted while it loaded
   * (then no 4 bytes a user are held for it); undefined: not worked out yet.
   */
  #serviceOrder: ServiceOrder | undefined;
  #orderings = new Map<SortColumn, Ordering>();
  /** The ordering of a sort whose rows were picked, being made a step at a time in idle time. */
  #pendingOrdering: PendingOrdering | undefined;
  /** The warm-up run again after a sort, a view a step, in idle time (see `#keepOrdering`). */
  #rewarm: Generator<void, void> | undefined;
  /** While a warm-up's view runs: its searches leave the next keystroke's idle work as it was. */
  #warming = false;
  /** A ranked column's rank a row, read to pick a page's rows: 4 bytes a user (below 2²⁴, exact). */
  #sortKeys = new Map<SortColumn, Float32Array>();
  /** The selection each column's rows were first picked from (see `#picks`). */
  #pickedWith = new Map<SortColumn, string>();
  /** The column the last view or selection was sorted by: the one that keeps its order and keys. */
  #sortedColumn: SortColumn | undefined;
  #caches: ViewCaches = {};
  #days: (DayColumns & { timeZone: string }) | undefined;

  /** A step of idle work lasts about this long, so that a message coming meanwhile waits little. */
  readonly #idleStepMs: number;
  readonly #fullWarmUpFrom: number;

  constructor({ idleStepMs = 4, fullWarmUpFrom = defaultFullWarmUpFrom }: { idleStepMs?: number; fullWarmUpFrom?: number } = {}) {
    this.#sourceStarts.push(0);
    this.#idleStepMs = idleStepMs;
    this.#fullWarmUpFrom = fullWarmUpFrom;
  }

  get size(): number {
    return this.#ids.rows;
  }

  /** The memory held outside the JavaScript heap and its buffers: the IDs' text, in WebAssembly's memory. */
  get outsideHeapBytes(): number {
    return this.#ids.textByteLength;
  }

  /** The team of the loaded users (the first one's), for file names. */
  get teamId(): string | undefined {
    return this.size > 0 ? this.#teamIds.value(this.#teamCodes.at(0)) : undefined;
  }

  /**
   * Adds a page that started at `offset` in the service's order. A user already loaded (seen on
   * an earlier page because the team changed meanwhile) is kept once, where it was first seen.
   * Returns how many users were new.
   */
  addPage({ users, instants, ids }: Pick<TeamPage, "users" | "instants" | "ids">, offset: number): number {
    let added = 0;
    users.forEach((user, i) => {
      if (!this.#ids.append(ids, user.client_user_id, user.user_id)) return;
      this.#append(user, instants, offset + i);
      added++;
    });
    if (added > 0) this.#version++;
    return added;
  }

  #append(user: TeamPageUser, instants: PageInstants, serviceOffset: number): void {
    this.#teamCodes.push(this.#teamIds.code(user.team_id));
    this.#createdOn.push(instants, user.created_on);
    const row = this.#teamCodes.length - 1;
    if (this.#serviceOffsets === null && serviceOffset !== row) {
      this.#serviceOffsets = growableUint32();
      for (let earlier = 0; earlier < row; earlier++) this.#serviceOffsets.push(earlier);
    }
    this.#serviceOffsets?.push(serviceOffset);

    const slugs = this.#rowSlugs; // written by index: setting its length to 0 would free its room
    let slugCount = 0;
    for (const { created_on, source, provider } of user.connected_sources) {
      // The contract was checked: one of the two is there.
      const info = this.#sourceInfoCode((source ?? provider)!);
      this.#sourceInfoCodes.push(info);
      const slug = this.#slugCodeOfSourceInfo[info]!;
      slugs[slugCount++] = slug;
      this.#sourceSlugCodes.push(slug);
      this.#sourceCreatedOn.push(instants, created_on);
    }
    this.#sourceStarts.push(this.#sourceInfoCodes.length);

    const birth = user.fallback_birth_date;
    const birthCode = birth ? this.#birthDates.code(birth.value) + 1 : 0;
    this.#birthDateCodes.push(birthCode);
    this.#birthDateSources.push(birth ? this.#provenance.code(birth.source_slug) : 0);
    if (birth) this.#birthDateUpdatedAt.push(instants, birth.updated_at);
    else this.#birthDateUpdatedAt.pushNone();
    const zone = user.fallback_time_zone;
    const zoneCode = zone ? this.#timeZones.code(zone.id) + 1 : 0;
    this.#timeZoneCodes.push(zoneCode);
    this.#timeZoneSources.push(zone ? this.#provenance.code(zone.source_slug) : 0);
    if (zone) this.#timeZoneUpdatedAt.push(instants, zone.updated_at);
    else this.#timeZoneUpdatedAt.pushNone();
    this.#profiles.push(slugs, slugCount, zoneCode, birthCode !== 0);
  }

  /** Sources repeat across users: each distinct {logo, name, slug} is kept once. */
  #sourceInfoCode({ logo, name, slug }: SourceInfo): number {
    const sameSlug = this.#sourceInfoCodesOfSlug.get(slug) ?? [];
    // A loop, not `find`: a closure for each connected source was a tenth of a load's garbage.
    for (const code of sameSlug) if (this.#sourceInfos[code]!.name === name && this.#sourceInfos[code]!.logo === logo) return code;
    const code = this.#sourceInfos.length;
    this.#sourceInfos.push({ logo, name, slug });
    this.#sourceInfoCodesOfSlug.set(slug, [...sameSlug, code]);
    const slugCode = this.#slugs.code(slug);
    this.#slugNames[slugCode] ??= name;
    this.#slugCodeOfSourceInfo.push(slugCode);
    return code;
  }

  /** The user of a row, rebuilt with the fields of the contract (unknown fields are not kept). */
  user(row: number): User {
    const user = this.csvUser(row);
    let s = this.#sourceStarts.at(row);
    return {
      ...user,
      connected_sources: user.connected_sources.map(({ source }) => ({
        created_on: this.#sourceCreatedOn.text(s++),
        source: { ...source },
      })),
      fallback_birth_date: user.fallback_birth_date && { ...user.fallback_birth_date, updated_at: this.#birthDateUpdatedAt.text(row) },
      fallback_time_zone: user.fallback_time_zone && { ...user.fallback_time_zone, updated_at: this.#timeZoneUpdatedAt.text(row) },
    };
  }

  /**
   * What a CSV record reads of a row's user: no instants written out but its creation's (a
   * connection's and a fallback's are not exported), no source copied.
   */
  csvUser(row: number): IndexedCsvUser {
    const connected_sources: { source: SourceInfo }[] = [];
    for (let s = this.#sourceStarts.at(row); s < this.#sourceStarts.at(row + 1); s++)
      connected_sources.push({ source: this.#sourceInfos[this.#sourceInfoCodes.at(s)]! });
    const birth = this.#birthDateCodes.at(row) - 1;
    const zone = this.#timeZoneCodes.at(row) - 1;
    return {
      user_id: this.#ids.userId(row),
      team_id: this.#teamIds.value(this.#teamCodes.at(row)),
      client_user_id: this.#ids.clientUserId(row),
      created_on: this.#createdOn.text(row),
      connected_sources,
      fallback_birth_date:
        birth < 0 ? null : { source_slug: this.#provenance.value(this.#birthDateSources.at(row)), value: this.#birthDates.value(birth) },
      fallback_time_zone:
        zone < 0 ? null : { id: this.#timeZones.value(zone), source_slug: this.#provenance.value(this.#timeZoneSources.at(row)) },
    };
  }

  serviceOffset(row: number): number {
    return this.#serviceOffsets ? this.#serviceOffsets.at(row) : row;
  }

  /**
   * Makes room for a team of `users` at once, its connected sources estimated from the users so
   * far: a million users then cost no copies of growing columns, nor their dead copies meanwhile.
   */
  reserve(users: number): void {
    const { ofUsers, ofSources } = this.#columns();
    ofUsers.forEach((column) => column.reserve(users));
    this.#sourceStarts.reserve(users + 1);
    const sources = this.size > 0 ? Math.ceil((users * this.#sourceInfoCodes.length * 1.1) / this.size) : 0;
    ofSources.forEach((column) => column.reserve(sources));
  }

  /** Gives back the room the columns kept for growth: the load is over, or stopped for a while. */
  trim(): void {
    const { ofUsers, ofSources } = this.#columns();
    [...ofUsers, this.#sourceStarts, ...ofSources].forEach((column) => column.trim());
  }

  /**
   * Gives back at once what it holds in typed arrays — its columns, and the orders, keys, view
   * arrays and days it keeps between views — and leaves its text to the collector. A Refresh
   * reserves the new index's columns at once, while the old one's would go only at the
   * collector's next full pass. It must not be read again.
   */
  release(): void {
    const { ofUsers, ofSources } = this.#columns();
    [...ofUsers, this.#sourceStarts, ...ofSources].forEach((column) => column.release());
    const kept: ArrayBufferView[] = [...this.#orderings.values()].flatMap(({ ascending, descending }) => [ascending, descending]);
    if (this.#serviceOrder) kept.push(this.#serviceOrder);
    kept.push(...heldBy(this.#caches));
    if (this.#days) kept.push(this.#days.createdDay, this.#days.sourceSlot);
    release(...kept);
    this.#version++; // and the caches go (the sort keys given back)
    this.#dropStaleCaches();
  }

  /** The columns of a value a user and of a value a connected source, for `reserve` and `trim`. */
  #columns(): { ofUsers: Column[]; ofSources: Column[] } {
    const ofUsers: (Column | null)[] = [this.#ids, this.#teamCodes, this.#createdOn, this.#serviceOffsets];
    ofUsers.push(this.#birthDateCodes, this.#birthDateSources, this.#birthDateUpdatedAt);
    ofUsers.push(this.#timeZoneCodes, this.#timeZoneSources, this.#timeZoneUpdatedAt, this.#profiles);
    return {
      ofUsers: ofUsers.filter((column) => column !== null),
      ofSources: [this.#sourceInfoCodes, this.#sourceSlugCodes, this.#sourceCreatedOn],
    };
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
    this.#facetBaseOf({}); // made by the last search of a full warm-up; a small one's views are uncounted
    // The facets' selection of everybody and the buffers stay, as the first view asks.
    this.#caches = { facetBase: this.#caches.facetBase, buffers: this.#caches.buffers };
  }

  /**
   * The warm-up's views, one a step, in the service's order: without a sort, they leave the
   * user's sort and its order as they are (walking an order is not what needs warming).
   */
  *#warmUpViews(kind: keyof typeof warmUps): Generator<void, void> {
    const { rounds, searches, times, underASource } = warmUps[kind];
    // The facets' code that a search under a chosen source runs: cold, the first keystroke under
    // two sources took a million users' worker 7.5–26.7 ms (median 16.9, six tabs); warmed, 5.2–12.1 (9.3).
    const source = this.#slugs.value(0);
    // Under no filter, the facets are not counted: the filters are closed while one types.
    const passes = [
      ...(underASource > 0 && source ? [{ facets: { sources: [source] }, times: underASource, counted: true }] : []),
      { facets: undefined, times, counted: false }, // last: the facets' selection of everybody stays, as the first view asks
    ];
    for (let round = 0; round < rounds; round++) {
      for (const pass of passes) {
        for (const search of searches) {
          for (let time = 0; time < pass.times; time++) {
            this.#caches.selection = undefined; // the search's matches are kept: their facets and page are worked out again
            this.#warming = true;
            try {
              this.#view({ search, pageIndex: 0, pageSize: defaultPageSize, facets: pass.facets, facetCounts: pass.counted });
            } finally {
              this.#warming = false;
            }
            yield;
          }
        }
      }
    }
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
    let own: ViewCaches = {};
    try {
      for (;;) {
        const userCaches = this.#caches;
        this.#caches = own;
        let done: boolean | undefined;
        try {
          done = views.next().done;
        } finally {
          own = this.#caches;
          this.#caches = userCaches;
        }
        if (done) return;
        yield;
      }
    } finally {
      abandon(views);
      release(...heldBy(own));
    }
  }

  /**
   * Works a step on what the next keystroke may ask, in the idle time after a view: the whole order
   * of a sort whose rows were picked, what follows the search in each row (or a narrower search's
   * rows gathered), then a warm-up after a sort; true once there is nothing left.
   */
  stepIdle(): boolean {
    this.#dropStaleCaches();
    const pending = this.#pendingOrdering;
    if (pending) {
      const step = pending.steps.next();
      if (step.done) this.#keepOrdering(pending.column, step.value);
      return false;
    }
    if (!this.#ids.stepIdle(Math.min(this.#idleStepMs, nextKeystrokeStepMs))) return false;
    if (!this.#rewarm) return true;
    if (this.#rewarm.next().done) this.#rewarm = undefined;
    return false;
  }

  /** The row of a user ID; the first lookup after a load makes a hash table of them (8 bytes a user), kept until `dropLookups`. */
  rowOf(userId: string): number | undefined {
    return this.#ids.rowOf(userId);
  }

  /** Gives back what `rowOf` made: its lookups are over. */
  dropLookups(): void {
    this.#ids.dropLookups();
  }

  /**
   * The rows of a selection in its order (read with `rowAt`), or null where that is every row in
   * its own order (the whole team, unsorted, loaded in the service's order): no list of 4 bytes a
   * user is made for it.
   */
  select(query: TeamQuery): Uint32Array | null {
    this.#sortingBy(query.sort);
    const { selected, count } = this.#selection(query);
    const order = this.#order(query.sort);
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
    const { selected, count, rows, facets } = this.#selection(query, facetCounts);
    const size = Math.min(maxViewPageSize, Math.max(1, Math.floor(pageSize)));
    const lastPage = Math.max(0, Math.ceil(count / size) - 1);
    const page = Math.min(lastPage, Math.max(0, Math.floor(pageIndex) || 0));
    let shown: number[] = [];
    if (rows && rows.length <= fewToOrder && !query.sort) {
      // A narrow search in the service's order: its rows by their places, not a walk of everybody.
      shown = Array.from(rows)
        .sort((a, b) => this.serviceOffset(a) - this.serviceOffset(b))
        .slice(page * size, (page + 1) * size);
    } else if (query.sort && (page + 1) * size <= firstRowsAtMost && this.#picks(query.sort.column, this.#selectionKey(query))) {
      // A sort just asked for: only the pages up to this one, picked from the selection as it goes by.
      const first = firstInOrder((page + 1) * size, this.#rowOrder(query.sort), rows ? { list: rows } : { marked: selected });
      shown = first.slice(page * size);
      // The next selection under this sort will walk its whole order: made meanwhile, in idle time.
      const { column } = query.sort;
      if (this.#pendingOrdering?.column !== column) this.#setPending({ column, steps: this.#orderingSteps(column, this.#idleStepMs) });
    } else {
      // Only as far into the order as the page: a broad search's first page is a short walk.
      const order = this.#order(query.sort);
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
    return this.#selection(query, true).facets;
  }

  /** The overview of the users a search and facets select (their order does not matter). */
  overview({ search, facets }: TeamQuery, request: OverviewRequest): TeamOverview {
    const { selected, rows, facets: counts } = this.#selection({ search, facets }, true);
    return aggregateOverview(this.#overviewColumns(request.timeZone), rows ? { list: rows } : { marked: selected }, counts, request);
  }

  #overviewColumns(timeZone: string): OverviewColumns {
    this.#dropStaleCaches();
    // Placed on the zone's calendar on the overview's first use, then kept until the team changes,
    // so that a new selection only counts.
    if (this.#days?.timeZone !== timeZone) {
      if (this.#days) release(this.#days.createdDay, this.#days.sourceSlot);
      const sources = { createdOn: this.#sourceCreatedOn, slugCodes: this.#sourceSlugCodes.view(), slugs: this.#slugs.size };
      this.#days = { timeZone, ...dayColumns(this.#createdOn, sources, timeZone) };
    }
    const { firstDay, span, createdDay, sourceSlot } = this.#days;
    return {
      ...this.#facetColumns(),
      ...{ sourceStarts: this.#sourceStarts.view(), createdOn: this.#createdOn, firstDay, span, createdDay, sourceSlot },
    };
  }

  /** What tells two selections apart: the search as it is matched, and the facets. */
  #selectionKey({ search, facets = {} }: TeamQuery): string {
    return JSON.stringify([search?.trim() ?? "", facets]);
  }

  /** The selection of `query`; its facets' counts unless `counted` is false. */
  #selection(query: TeamQuery, counted: true): Selection & { facets: FacetCounts };
  #selection(query: TeamQuery, counted?: boolean): Selection;
  #selection(query: TeamQuery, counted = false): Selection {
    this.#dropStaleCaches();
    const { facets = {} } = query;
    const search = query.search?.trim() ?? "";
    const key = this.#selectionKey(query);
    const cached = this.#caches.selection;
    if (cached?.key === key && (cached.selection.facets || !counted)) return cached.selection;

    const buffers = this.#viewBuffers();
    const earlierSearch = this.#caches.search;
    const matches = search === "" ? null : this.#matching(search, buffers.matched);
    let selection: Selection;
    // No search: the facets' selection of everybody. The next keystroke's search is changed from
    // the last one's where their matches differ. Else a search that matches most users is counted
    // by difference from the facets' selection; a narrower one goes through its matches.
    if (!matches) selection = this.#facetBaseOf(facets);
    else if (!counted && !choosesAny(facets)) {
      // No filter chosen and no count asked (the filters are closed while one types): the search's
      // matches are the selection, and the facets' count, most of a broad keystroke's work, is not made.
      buffers.selected.set(matches.matched);
      selection = { selected: buffers.selected, count: matches.count, rows: matches.rows, facets: null };
      // Those marks are no longer the counted search's: the next count must not be changed from them.
      this.#caches.searched = undefined;
    } else {
      const columns = this.#facetColumns();
      const facetsKey = JSON.stringify(facets);
      const earlier = this.#caches.searched;
      // The earlier search's marks are intact: the new one was marked in the other buffer.
      const fromEarlier = earlier?.facets === facetsKey && earlier.matches === earlierSearch && matches !== earlierSearch;
      const changed = fromEarlier && !matches.rows ? changeFacets(columns, earlier, matches, facets, buffers.selected) : null;
      const base = !changed && matches.count * 2 > this.size ? this.#facetBaseOf(facets) : undefined;
      const { selected, count, rows, counts, tally } = changed ?? applyFacets(columns, matches, facets, buffers.selected, base);
      this.#caches.searched = { matches, facets: facetsKey, tally };
      selection = { selected, count, rows, facets: counts };
    }
    this.#caches.selection = { key, selection };
    return selection;
  }

  /** The facets' selection of everybody, made unless it is the one kept. */
  #facetBaseOf(facets: FacetSelection): FacetBase & Selection {
    const key = JSON.stringify(facets);
    if (this.#caches.facetBase?.key !== key) {
      // The previous base's buffer is free: no cached selection points to it once this one is made.
      const { selected, count, counts, tally } = applyFacets(this.#facetColumns(), null, facets, this.#caches.facetBase?.selected);
      this.#caches.facetBase = { key, selected, count, rows: null, facets: counts, tally };
    }
    return this.#caches.facetBase;
  }

  #viewBuffers() {
    return (this.#caches.buffers ??= { selected: new Uint8Array(this.size), matched: [] });
  }

  /** The rows in the order of a sort (absent: the service's; null: the rows' own, see `rowAt`). */
  #order(sort: TeamSort | null | undefined): Uint32Array | null {
    return sort ? this.#ordering(sort.column)[sort.direction === "desc" ? "descending" : "ascending"] : this.#inServiceOrder();
  }

  /** The rows matching a search (not empty), marked in one of the `matched` buffers. */
  #matching(search: string, matched: Uint8Array[]): SearchMatches {
    if (this.#caches.search?.query !== search) {
      // Two buffers in turn: the earlier search's rows narrow the new one's.
      const into =
        matched.find((buffer) => buffer !== this.#caches.search?.matched) ?? matched[matched.push(new Uint8Array(this.size)) - 1]!;
      this.#caches.search = this.#ids.matches(search, this.#caches.search, into, { prepareNext: !this.#warming });
    }
    return this.#caches.search;
  }

  #facetColumns(): FacetColumns {
    return {
      rows: this.size,
      slugs: this.#slugs,
      slugNames: this.#slugNames,
      timeZones: this.#timeZones,
      profiles: this.#profiles.table,
      rowProfiles: this.#profiles.rows(),
      profileUsers: this.#profiles.users(),
    };
  }

  #dropStaleCaches(): void {
    if (this.#cacheVersion === this.#version) return;
    this.#cacheVersion = this.#version;
    this.#serviceOrder = undefined;
    this.#orderings.clear();
    this.#setPending(undefined);
    this.#setRewarm(undefined);
    this.#sortKeys.forEach((keys) => release(keys)); // read only within a view
    this.#sortKeys.clear();
    this.#pickedWith.clear();
    this.#sortedColumn = undefined;
    this.#caches = {};
    this.#days = undefined;
  }

  /** The rows in the service's order (null: their own), worked out on first use, then kept until the team changes. */
  #inServiceOrder(): ServiceOrder {
    this.#dropStaleCaches();
    if (this.#serviceOrder === undefined) {
      // Rows are appended in the service's order, unless the team shifted while it loaded.
      const offsets = this.#serviceOffsets?.view();
      // Each offset is a place in the service's order that one row holds (pages never overlap).
      this.#serviceOrder = !offsets || isAscending(offsets) ? null : (byPlace(offsets) ?? this.#sortedByOffset(offsets));
    }
    return this.#serviceOrder;
  }

  /** The rows by their offsets, when two share one: the earlier row first. */
  #sortedByOffset(offsets: Uint32Array): Uint32Array {
    const { ascending, descending } = orderNumbers((row) => offsets[row]!, this.size, null);
    release(descending);
    return ascending;
  }

  /**
   * Notes a view sorted by `sort`'s column, or by none. A column's order and keys take 8 to 16 bytes
   * a user (8 to 16 MB at a million): only the column sorted by keeps them, so that a user going
   * through every header holds one, not six, and a view without a sort none. Back to a column, its
   * rows are picked again (well within a sort's 200 ms at a million).
   */
  #sortingBy(sort: TeamSort | null | undefined): void {
    this.#dropStaleCaches();
    const column = this.#sortedColumn;
    this.#sortedColumn = sort?.column;
    if (column !== undefined && column !== sort?.column) {
      const ordering = this.#orderings.get(column);
      if (ordering) release(ordering.ascending, ordering.descending);
      const keys = this.#sortKeys.get(column);
      if (keys) release(keys);
      this.#orderings.delete(column);
      this.#sortKeys.delete(column);
      this.#pickedWith.delete(column);
      if (this.#pendingOrdering?.column === column) this.#setPending(undefined);
    }
  }

  /** Replaces the ordering being made in idle time: the one left midway gives its arrays back. */
  #setPending(next: PendingOrdering | undefined): void {
    if (this.#pendingOrdering) abandon(this.#pendingOrdering.steps);
    this.#pendingOrdering = next;
  }

  /** Replaces the warm-up run in idle time: the one left midway gives its buffers back. */
  #setRewarm(next: Generator<void, void> | undefined): void {
    if (this.#rewarm) abandon(this.#rewarm);
    this.#rewarm = next;
  }

  /** Computed on first use of a column (or in idle time, once its rows were picked), then kept until the team changes or `#sortingBy` gives it back. */
  #ordering(column: SortColumn): Ordering {
    const ordering = this.#orderings.get(column);
    if (ordering) return ordering;
    const steps = this.#pendingOrdering?.column === column ? this.#pendingOrdering.steps : this.#orderingSteps(column, Infinity);
    return this.#keepOrdering(column, finish(steps));
  }

  /**
   * A column's ordering, made in steps (see `clientIdOrderingSteps`, `orderNumbersSteps`,
   * `rankSourceListsSteps`); an interned column's, ranked from its few values, in one.
   */
  *#orderingSteps(column: SortColumn, stepMs: number): Generator<void, Ordering> {
    const service = this.#inServiceOrder();
    if (column === "created_on") return yield* orderNumbersSteps(this.#createdOn.msReader(), this.size, service);
    // Case-insensitive; IDs that differ only in case keep the service's order.
    if (column === "client_user_id") return yield* this.#ids.clientIdOrderingSteps(service, stepMs);
    const ranks = column === "connected_sources" ? yield* this.#sourceListRankSteps() : this.#codeRankArray(column);
    const ordering = orderByRanks(ranks, this.size, service);
    release(ranks.ranks);
    return ordering;
  }

  /**
   * Keeps a column's ordering made. A large team's warm-up then runs again in idle time: the
   * collections of a sort's arrays make V8 throw away the code of keystrokes not typed meanwhile,
   * and a keystroke after sorts by each column took a million users' worker 12.5–16.2 ms instead
   * of 7.1–10.4 (Chromium, four each; the latter with `--no-flush-bytecode`).
   */
  #keepOrdering(column: SortColumn, ordering: Ordering): Ordering {
    this.#orderings.set(column, ordering);
    if (this.#pendingOrdering?.column === column) this.#pendingOrdering = undefined;
    // Picking is over for this column: its keys go.
    const keys = this.#sortKeys.get(column);
    if (keys) release(keys);
    this.#sortKeys.delete(column);
    if (this.size >= this.#fullWarmUpFrom) this.#setRewarm(this.#rewarmSteps());
    return ordering;
  }

  /**
   * Whether a view sorted by `column` picks its rows instead of walking the column's whole order:
   * while that order is not made and the selection is the one the column was first sorted with
   * (a click on a header, then its direction or pages). Once the selection changes under the sort
   * (typing, facets), the whole order is made and kept: picking would go through the selection
   * again at each keystroke, and IDs that share a long prefix ("patient-…") cost it a full
   * comparison a row.
   */
  #picks(column: SortColumn, selection: string): boolean {
    if (this.#orderings.has(column)) return false;
    const first = this.#pickedWith.get(column);
    if (first === undefined) this.#pickedWith.set(column, selection);
    return first === undefined || first === selection;
  }

  /**
   * A sort's order of rows, as its ordering puts them: by the column's values (the direction's
   * way), rows without a value last, equal values in the service's order.
   */
  #rowOrder({ column, direction }: TeamSort): RowOrder {
    const { key, compareValues } = this.#sortKeyOf(column);
    const sign = direction === "desc" ? -1 : 1;
    return {
      key,
      descending: direction === "desc",
      // Instants and client IDs' prefixes are mostly distinct; ranks and lists' lengths are not.
      keysRepeat: column !== "created_on" && column !== "client_user_id",
      compareTies: (a, b) => {
        const byValue = compareValues ? sign * compareValues(a, b) : 0; // such keys are never NaN
        return byValue || this.serviceOffset(a) - this.serviceOffset(b) || a - b;
      },
    };
  }

  /**
   * A column's values as a number a row (NaN: no value), and how rows of one key compare where
   * the key is not the whole value. Creation instants are read where they are held. Client IDs'
   * keys are their first seven characters, read where the IDs lie (kept, they took 8 bytes a user
   * while the column's order was made beside them); lists of sources', how many and the first (all
   * the lists ranked first, a million demo users' first view took 150–210 ms in Node on a busy day,
   * 99–125 ms with these keys; the ranking is left to the column's order, made in idle time). The
   * interned columns' ranks are made on the column's first pick and kept while its rows are picked.
   */
  #sortKeyOf(column: SortColumn): { key: (row: number) => number; compareValues?: (a: number, b: number) => number } {
    if (column === "created_on") return { key: this.#createdOn.msReader() };
    if (column === "client_user_id")
      return { key: this.#ids.clientIdPrefixes(), compareValues: (a, b) => this.#ids.compareClientIds(a, b) };
    if (column === "connected_sources") return this.#sourceListKeys();
    let keys = this.#sortKeys.get(column);
    if (!keys) {
      keys = new Float32Array(this.size);
      const { rankOf } = this.#codeRanks(column);
      for (let row = 0; row < keys.length; row++) {
        const rank = rankOf(row);
        keys[row] = rank < 0 ? Number.NaN : rank;
      }
      this.#sortKeys.set(column, keys);
    }
    const made = keys;
    return { key: (row) => made[row]! };
  }

  /**
   * Each row's list of sources as a key, its length and first slug (never NaN: an empty list is
   * 0), and lists compared slug by slug: as `rankSourceListsSteps` orders them.
   */
  #sourceListKeys(): { key: (row: number) => number; compareValues: (a: number, b: number) => number } {
    const slugRanks = this.#slugRanks();
    const starts = this.#sourceStarts.view();
    const slugs = this.#sourceSlugCodes.view();
    const keysPerLength = slugRanks.length + 1;
    return {
      key: (row) => {
        const from = starts[row]!;
        const length = starts[row + 1]! - from;
        return length === 0 ? 0 : length * keysPerLength + slugRanks[slugs[from]!]! + 1;
      },
      compareValues: (a, b) => {
        // Not destructured: this runs for every row whose key ties with the first rows' last.
        const fromA = starts[a]!;
        const fromB = starts[b]!;
        const lengthA = starts[a + 1]! - fromA;
        const lengthB = starts[b + 1]! - fromB;
        if (lengthA !== lengthB) return lengthA - lengthB;
        for (let i = 0; i < lengthA; i++) {
          const byRank = slugRanks[slugs[fromA + i]!]! - slugRanks[slugs[fromB + i]!]!;
          if (byRank !== 0) return byRank;
        }
        return 0;
      },
    };
  }

  /** Each row's rank in an interned column. */
  #codeRankArray(column: "birth_date" | "time_zone" | "team_id"): Ranks {
    const { rankOf, count } = this.#codeRanks(column);
    const ranks = new Int32Array(this.size);
    for (let row = 0; row < ranks.length; row++) ranks[row] = rankOf(row);
    return { ranks, count };
  }

  /**
   * An interned column's rank a row (-1: no value) and how many ranks there are: its few distinct
   * values are ranked, then each row takes its code's.
   */
  #codeRanks(column: "birth_date" | "time_zone" | "team_id"): { rankOf: (row: number) => number; count: number } {
    // `shift`: the codes are a value's code + 1, and 0 is none.
    const [dictionary, codes, shift] =
      column === "birth_date"
        ? [this.#birthDates, this.#birthDateCodes.view(), 1]
        : column === "time_zone"
          ? [this.#timeZones, this.#timeZoneCodes.view(), 1]
          : [this.#teamIds, this.#teamCodes.view(), 0];
    const { ranks, count } = rankStrings(dictionary.values);
    return { rankOf: (row) => (codes[row]! < shift ? -1 : ranks[codes[row]! - shift]!), count };
  }

  /** Each slug code's rank among the slugs, by their text. */
  #slugRanks(): Int32Array {
    return rankStrings(this.#slugs.values).ranks;
  }

  /**
   * Each row's rank among the distinct lists of connected sources: by how many, then by which
   * (slug by slug, in the user's order, slugs by their text); see `rankSourceListsSteps`.
   */
  *#sourceListRankSteps(): Generator<void, Ranks> {
    const slugRanks = this.#slugRanks();
    const ranks = yield* rankSourceListsSteps(this.#sourceStarts.view(), this.#sourceSlugCodes.view(), this.size, slugRanks);
    release(slugRanks);
    return ranks;
  }
}

/** The typed arrays views' caches hold, each once. */
function heldBy({ buffers, facetBase, search, selection }: ViewCaches): ArrayBufferView[] {
  const held: ArrayBufferView[] = buffers ? [buffers.selected, ...buffers.matched] : [];
  if (facetBase) held.push(facetBase.selected);
  for (const rows of [search?.rows, selection?.selection.rows]) if (rows) held.push(rows);
  return held;
}

function isAscending(values: Uint32Array): boolean {
  for (let i = 1; i < values.length; i++) if (values[i - 1]! >= values[i]!) return false;
  return true;
}

/** The rows put each at its place, in the order of the places; null if two rows share one. */
function byPlace(places: Uint32Array): Uint32Array | null {
  let last = 0;
  for (let row = 0; row < places.length; row++) last = Math.max(last, places[row]!);
  const rowOfPlace = new Int32Array(last + 1).fill(-1);
  for (let row = 0; row < places.length; row++) rowOfPlace[places[row]!] = row;
  const ordered = new Uint32Array(places.length);
  let next = 0;
  for (let place = 0; place <= last; place++) if (rowOfPlace[place]! >= 0) ordered[next++] = rowOfPlace[place]!;
  release(rowOfPlace);
  return next === places.length ? ordered : null;
}
