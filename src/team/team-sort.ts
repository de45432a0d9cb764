/**
 * Sort orders of the loaded team, stable in both directions: users with equal keys keep the
 * service's order whichever way the column is sorted, and users without a value come last.
 */
import { release } from "../api/release-memory.ts";
import { KeySorter } from "./radix-sort.ts";

/** The columns the loaded team sorts by (the URL names them). */
export const sortColumns = ["client_user_id", "created_on", "connected_sources", "birth_date", "time_zone", "team_id"] as const;
export type SortColumn = (typeof sortColumns)[number];

export interface Ordering {
  ascending: Uint32Array;
  descending: Uint32Array;
}

/** Each row's rank in a column (-1: no value), and how many ranks there are. */
export interface Ranks {
  ranks: Int32Array;
  count: number;
}

/** Ranks of strings, by UTF-16 code units (undefined: no value). */
export function rankStrings(values: ArrayLike<string | undefined>): Ranks {
  const present: string[] = [];
  for (let row = 0; row < values.length; row++) if (values[row] !== undefined) present.push(values[row]!);
  // The built-in order of strings is `<`'s, and much faster than a comparator.
  const distinct = [...new Set(present)].sort();
  const rankOf = new Map(distinct.map((value, rank) => [value, rank]));
  const ranks = new Int32Array(values.length);
  for (let row = 0; row < values.length; row++) ranks[row] = rankOf.get(values[row]!) ?? -1;
  return { ranks, count: distinct.length };
}

/**
 * Both orders of the rows by a number (`valueOf` a row; NaN: no value, last either way), equal
 * numbers in `serviceOrder` (the rows in the service's order) either way. No rank a row, no `Set`,
 * `Map` or comparator: the rows, taken in the service's order, are radix-sorted by their numbers'
 * 64 bits made to order as unsigned integers, a word at a time (a stable sort keeps that order
 * among equals), and the descending order is the ascending one's runs of equal numbers, last run first.
 */
export function orderNumbers(valueOf: (row: number) => number, rows: number, serviceOrder: ServiceOrder): Ordering {
  return finish(orderNumbersSteps(valueOf, rows, serviceOrder));
}

/**
 * The rows in the service's order: written out, or null where that is the rows' own order (a team
 * loaded as the service sent it), which a sort then reads without a list of 4 bytes a user.
 */
export type ServiceOrder = Uint32Array | null;

/** The row at a place of an order; a null order is the rows' own. */
export function rowAt(order: ServiceOrder, place: number): number {
  return order ? order[place]! : place;
}

/** Rows gone through in a step of work made in idle time: a millisecond or two. */
export const stepRows = 0x1_0000;

/** `orderNumbers` in steps (of `stepRows` rows, or a pass of the sort): to be made in idle time. */
export function* orderNumbersSteps(valueOf: (row: number) => number, rows: number, serviceOrder: ServiceOrder): Generator<void, Ordering> {
  let count = 0;
  for (let row = 0; row < rows; row++) {
    if (!Number.isNaN(valueOf(row))) count++;
    if (row % stepRows === stepRows - 1) yield;
  }
  const sorter = new KeySorter(count);
  const { items, keys } = sorter;
  const descending = new Uint32Array(rows);
  let ascending = items;
  let made = false;
  try {
    // The low words of the numbers' keys first, then their high words (the sort is stable).
    let i = 0;
    let withoutValue = count;
    for (let place = 0; place < rows; place++) {
      const row = rowAt(serviceOrder, place);
      const value = valueOf(row);
      if (Number.isNaN(value)) {
        descending[withoutValue++] = row;
        continue;
      }
      items[i] = row;
      keys[i++] = keyWord(value, 0);
      if (place % stepRows === stepRows - 1) yield;
    }
    yield* sorter.sortSteps(0, count);
    for (let at = 0; at < count; at++) {
      keys[at] = keyWord(valueOf(items[at]!), 1);
      if (at % stepRows === stepRows - 1) yield;
    }
    yield* sorter.sortSteps(0, count);
    // Every row with a value (the usual case): the sorted rows are the ascending order.
    if (count < rows) {
      ascending = new Uint32Array(rows);
      ascending.set(items);
      ascending.set(descending.subarray(count), count);
    }
    let written = 0;
    for (let end = count, due = stepRows; end > 0;) {
      // Equal numbers share their high words, which are in order: a row whose word differs ends
      // the run without its number read again.
      const word = keys[end - 1]!;
      const value = valueOf(items[end - 1]!);
      let start = end - 1;
      while (start > 0 && keys[start - 1] === word && valueOf(items[start - 1]!) === value) start--;
      for (let at = start; at < end; at++) descending[written++] = items[at]!;
      end = start;
      if (written >= due) {
        due = written + stepRows;
        yield;
      }
    }
    sorter.release();
    if (ascending !== items) release(items);
    made = true;
    return { ascending, descending };
  } finally {
    // Stopped midway (`abandon`): the sort's arrays go at once, not at the collector's next full pass.
    if (!made) {
      sorter.release();
      release(items, descending, ascending);
    }
  }
}

/** The bits of a number, the low (0) or high (1) word, flipped so that unsigned order is numeric order. */
function keyWord(value: number, word: 0 | 1): number {
  keyNumber[0] = value + 0; // -0 + 0 is 0: one key for both zeros
  const negative = keyWords[1]! >>> 31 === 1;
  if (negative) return ~keyWords[word]! >>> 0;
  return word === 1 ? (keyWords[1]! | 0x8000_0000) >>> 0 : keyWords[0]!;
}
const keyNumber = new Float64Array(1);
const keyWords = new Uint32Array(keyNumber.buffer);

/** Stops steps midway: what they hold is given back (in their `finally`). */
export function abandon(steps: Generator<void, unknown>): void {
  steps.return(undefined);
}

/**
 * Both orders of the rows by rank, by counting: rows of equal rank keep `serviceOrder` (the rows
 * in the service's order) whichever way, and rows without a value come last.
 */
export function orderByRanks({ ranks, count }: Ranks, rows: number, serviceOrder: ServiceOrder): Ordering {
  // starts[r]: where rank r's rows begin in `byRank`; the rows without a value go last.
  const starts = new Uint32Array(count + 2);
  for (let row = 0; row < rows; row++) starts[(ranks[row]! < 0 ? count : ranks[row]!) + 1]!++;
  for (let r = 1; r < starts.length; r++) starts[r]! += starts[r - 1]!;
  const next = starts.slice(0, count + 1);
  const ascending = new Uint32Array(rows);
  for (let place = 0; place < rows; place++) {
    const row = rowAt(serviceOrder, place);
    ascending[next[ranks[row]! < 0 ? count : ranks[row]!]!++] = row;
  }

  // Ranks in reverse, each rank's rows in the service's order; copied by hand, as a subarray a rank
  // would cost an object each for a million distinct values.
  const descending = new Uint32Array(rows);
  let written = 0;
  for (let r = count - 1; r >= 0; r--) for (let i = starts[r]!; i < starts[r + 1]!; i++) descending[written++] = ascending[i]!;
  for (let i = starts[count]!; i < rows; i++) descending[written++] = ascending[i]!;
  return { ascending, descending };
}

/** Runs steps to their end: what they make. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
