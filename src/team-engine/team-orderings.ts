/**
 * The loaded team's sorts: each column's order of rows, made on first use or a step at a time in
 * idle time, the service's order, and the keys a sort's first rows are picked by before its whole
 * order is made. Only the column sorted by keeps its order and keys.
 */
import { release } from "../api/release-memory.ts";
import type { RowOrder } from "./first-in-order.ts";
import type { TeamColumns } from "./team-columns.ts";
import type { TeamSort } from "./team-query.ts";
import {
  abandon,
  finish,
  orderByRanks,
  orderNumbers,
  orderNumbersSteps,
  rankSourceListsSteps,
  rankStrings,
  type Ordering,
  type Ranks,
  type ServiceOrder,
  type SortColumn,
} from "./team-sort.ts";

/** An ordering being made in idle time, a step at a time. */
interface PendingOrdering {
  column: SortColumn;
  steps: Generator<void, Ordering>;
}

export class TeamOrderings {
  readonly #columns: TeamColumns;
  /**
   * The rows in the service's order (the order without a sort; no descending one is asked for):
   * null when that is their own, row r at place r, as it is unless the team shifted while it loaded
   * (then no 4 bytes a user are held for it); undefined: not worked out yet.
   */
  #serviceOrder: ServiceOrder | undefined;
  #orderings = new Map<SortColumn, Ordering>();
  /** The ordering of a sort whose rows were picked, being made a step at a time in idle time. */
  #pendingOrdering: PendingOrdering | undefined;
  /** A ranked column's rank a row, read to pick a page's rows: 4 bytes a user (below 2²⁴, exact). */
  #sortKeys = new Map<SortColumn, Float32Array>();
  /** The selection each column's rows were first picked from (see `picks`). */
  #pickedWith = new Map<SortColumn, string>();
  /** The column the last view or selection was sorted by: the one that keeps its order and keys. */
  #sortedColumn: SortColumn | undefined;

  /** A step of an ordering made in idle time lasts about this long. */
  readonly #idleStepMs: number;
  /** Drops what the team's change made stale (the index's caches, these among them). */
  readonly #dropStale: () => void;
  /** Told when a column's ordering is made and kept. */
  readonly #onKept: () => void;

  constructor(columns: TeamColumns, { idleStepMs, dropStale, onKept }: { idleStepMs: number; dropStale: () => void; onKept: () => void }) {
    this.#columns = columns;
    this.#idleStepMs = idleStepMs;
    this.#dropStale = dropStale;
    this.#onKept = onKept;
  }

  get #size(): number {
    return this.#columns.size;
  }

  /** Forgets every order and key: the team changed. The ordering being made gives its arrays back. */
  drop(): void {
    this.#serviceOrder = undefined;
    this.#orderings.clear();
    this.#setPending(undefined);
    this.#sortKeys.forEach((keys) => release(keys)); // read only within a view
    this.#sortKeys.clear();
    this.#pickedWith.clear();
    this.#sortedColumn = undefined;
  }

  /** The typed arrays of the orders kept (the keys are given back by `drop`). */
  held(): ArrayBufferView[] {
    const kept: ArrayBufferView[] = [...this.#orderings.values()].flatMap(({ ascending, descending }) => [ascending, descending]);
    if (this.#serviceOrder) kept.push(this.#serviceOrder);
    return kept;
  }

  /** Works a step on the ordering being made in idle time; false when there is none. */
  stepPending(): boolean {
    const pending = this.#pendingOrdering;
    if (!pending) return false;
    const step = pending.steps.next();
    if (step.done) this.#keepOrdering(pending.column, step.value);
    return true;
  }

  /** Makes `column`'s whole order in idle time, unless it is being made. */
  makeInIdleTime(column: SortColumn): void {
    if (this.#pendingOrdering?.column !== column) this.#setPending({ column, steps: this.#orderingSteps(column, this.#idleStepMs) });
  }

  /** The rows in the order of a sort (absent: the service's; null: the rows' own, see `rowAt`). */
  order(sort: TeamSort | null | undefined): Uint32Array | null {
    return sort ? this.#ordering(sort.column)[sort.direction === "desc" ? "descending" : "ascending"] : this.#inServiceOrder();
  }

  /** The rows in the service's order (null: their own), worked out on first use, then kept until the team changes. */
  #inServiceOrder(): ServiceOrder {
    this.#dropStale();
    if (this.#serviceOrder === undefined) {
      // Rows are appended in the service's order, unless the team shifted while it loaded.
      const offsets = this.#columns.serviceOffsets?.view();
      // Each offset is a place in the service's order that one row holds (pages never overlap).
      this.#serviceOrder = !offsets || isAscending(offsets) ? null : (byPlace(offsets) ?? this.#sortedByOffset(offsets));
    }
    return this.#serviceOrder;
  }

  /** The rows by their offsets, when two share one: the earlier row first. */
  #sortedByOffset(offsets: Uint32Array): Uint32Array {
    const { ascending, descending } = orderNumbers((row) => offsets[row]!, this.#size, null);
    release(descending);
    return ascending;
  }

  /**
   * Notes a view sorted by `sort`'s column, or by none (the caches made fresh first). A column's
   * order and keys take 8 to 16 bytes a user (8 to 16 MB at a million): only the column sorted by
   * keeps them, so that a user going through every header holds one, not six, and a view without
   * a sort none. Back to a column, its rows are picked again (well within a sort's 200 ms at a million).
   */
  sortingBy(sort: TeamSort | null | undefined): void {
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

  /** Computed on first use of a column (or in idle time, once its rows were picked), then kept until the team changes or `sortingBy` gives it back. */
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
    if (column === "created_on") return yield* orderNumbersSteps(this.#columns.createdOn.msReader(), this.#size, service);
    // Case-insensitive; IDs that differ only in case keep the service's order.
    if (column === "client_user_id") return yield* this.#columns.ids.clientIdOrderingSteps(service, stepMs);
    const ranks = column === "connected_sources" ? yield* this.#sourceListRankSteps() : this.#codeRankArray(column);
    const ordering = orderByRanks(ranks, this.#size, service);
    release(ranks.ranks);
    return ordering;
  }

  /**
   * Keeps a column's ordering made. A large team's warm-up then runs again in idle time (`onKept`):
   * the collections of a sort's arrays make V8 throw away the code of keystrokes not typed
   * meanwhile, and a keystroke after sorts by each column took a million users' worker 12.5–16.2 ms
   * instead of 7.1–10.4 (Chromium, four each; the latter with `--no-flush-bytecode`).
   */
  #keepOrdering(column: SortColumn, ordering: Ordering): Ordering {
    this.#orderings.set(column, ordering);
    if (this.#pendingOrdering?.column === column) this.#pendingOrdering = undefined;
    // Picking is over for this column: its keys go.
    const keys = this.#sortKeys.get(column);
    if (keys) release(keys);
    this.#sortKeys.delete(column);
    this.#onKept();
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
  picks(column: SortColumn, selection: string): boolean {
    if (this.#orderings.has(column)) return false;
    const first = this.#pickedWith.get(column);
    if (first === undefined) this.#pickedWith.set(column, selection);
    return first === undefined || first === selection;
  }

  /**
   * A sort's order of rows, as its ordering puts them: by the column's values (the direction's
   * way), rows without a value last, equal values in the service's order.
   */
  rowOrder({ column, direction }: TeamSort): RowOrder {
    const { key, compareValues } = this.#sortKeyOf(column);
    const sign = direction === "desc" ? -1 : 1;
    const columns = this.#columns;
    return {
      key,
      descending: direction === "desc",
      // Instants and client IDs' prefixes are mostly distinct; ranks and lists' lengths are not.
      keysRepeat: column !== "created_on" && column !== "client_user_id",
      compareTies: (a, b) => {
        const byValue = compareValues ? sign * compareValues(a, b) : 0; // such keys are never NaN
        return byValue || columns.serviceOffset(a) - columns.serviceOffset(b) || a - b;
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
    const { ids } = this.#columns;
    if (column === "created_on") return { key: this.#columns.createdOn.msReader() };
    if (column === "client_user_id") return { key: ids.clientIdPrefixes(), compareValues: (a, b) => ids.compareClientIds(a, b) };
    if (column === "connected_sources") return this.#sourceListKeys();
    let keys = this.#sortKeys.get(column);
    if (!keys) {
      keys = new Float32Array(this.#size);
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
    const starts = this.#columns.sourceStarts.view();
    const slugs = this.#columns.sourceSlugCodes.view();
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
    const ranks = new Int32Array(this.#size);
    for (let row = 0; row < ranks.length; row++) ranks[row] = rankOf(row);
    return { ranks, count };
  }

  /**
   * An interned column's rank a row (-1: no value) and how many ranks there are: its few distinct
   * values are ranked, then each row takes its code's.
   */
  #codeRanks(column: "birth_date" | "time_zone" | "team_id"): { rankOf: (row: number) => number; count: number } {
    const columns = this.#columns;
    // `shift`: the codes are a value's code + 1, and 0 is none.
    const [dictionary, codes, shift] =
      column === "birth_date"
        ? [columns.birthDates, columns.birthDateCodes.view(), 1]
        : column === "time_zone"
          ? [columns.timeZones, columns.timeZoneCodes.view(), 1]
          : [columns.teamIds, columns.teamCodes.view(), 0];
    const { ranks, count } = rankStrings(dictionary.values);
    return { rankOf: (row) => (codes[row]! < shift ? -1 : ranks[codes[row]! - shift]!), count };
  }

  /** Each slug code's rank among the slugs, by their text. */
  #slugRanks(): Int32Array {
    return rankStrings(this.#columns.slugs.values).ranks;
  }

  /**
   * Each row's rank among the distinct lists of connected sources: by how many, then by which
   * (slug by slug, in the user's order, slugs by their text); see `rankSourceListsSteps`.
   */
  *#sourceListRankSteps(): Generator<void, Ranks> {
    const slugRanks = this.#slugRanks();
    const columns = this.#columns;
    const ranks = yield* rankSourceListsSteps(columns.sourceStarts.view(), columns.sourceSlugCodes.view(), this.#size, slugRanks);
    release(slugRanks);
    return ranks;
  }
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
