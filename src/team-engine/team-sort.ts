/**
 * Sort orders of the loaded team, stable in both directions: users with equal keys keep the
 * service's order whichever way the column is sorted, and users without a value come last.
 */
import { release } from "../api/release-memory.ts";
import { growableUint32, type GrowableArray } from "./growable-array.ts";
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

/** A (list, slug) pair's first slot in a table of 2^(32 − `shift`) slots. */
function slotOf(list: number, slug: number, shift: number): number {
  return Math.imul(Math.imul(list, 0x9e3779b1) ^ slug, 0x85ebca6b) >>> shift;
}

/**
 * Each row's rank by its list of sources as sent (each `slugCodes` of `starts[row]` to
 * `starts[row + 1]`): shorter lists first, lists of one length by their slugs' ranks, first slug
 * first. The lists are a tree, each a shorter one and a last slug (92,000 for a million demo
 * users), found through a hash table of (list, slug) and ranked by a walk of the tree: typed
 * arrays alone, given back at the end. As JavaScript arrays, a list each, they left about 28 MB a
 * sort for the collector. Made in steps of `stepRows` rows, in idle time (at a million, in one
 * step, a view asked meanwhile waited 130 ms for it); stopped midway (`abandon`), its arrays go.
 */
export function* rankSourceListsSteps(
  starts: ArrayLike<number>,
  slugCodes: ArrayLike<number>,
  rows: number,
  slugRanks: Int32Array,
): Generator<void, Ranks> {
  /** Each list's parent, last slug and length, by list (list 0, the empty one, is all zeros). */
  const [parentOf, lastSlugOf, lengthOf] = [growableUint32(), growableUint32(), growableUint32()];
  for (const column of [parentOf, lastSlugOf, lengthOf]) column.push(0);
  /** Open addressing: each slot a list + 1 (0: empty), found by its parent and last slug. */
  let slots: Uint32Array = new Uint32Array(1 << 12);
  const ranks = new Int32Array(rows); // each row's list, then its rank
  let made = false;
  try {
    for (let from = 0; from < rows; from += stepRows) {
      slots = addLists(starts, slugCodes, from, Math.min(rows, from + stepRows), { parentOf, lastSlugOf, lengthOf, slots }, ranks);
      yield;
    }
    rankLists({ parentOf, lastSlugOf, lengthOf }, slugRanks, ranks);
    made = true;
    // The lists made on the way to longer ones are ranked too: ranks go up to their count.
    return { ranks, count: parentOf.length };
  } finally {
    release(slots);
    for (const column of [parentOf, lastSlugOf, lengthOf]) column.release();
    if (!made) release(ranks);
  }
}

/** The lists found so far: each one's parent, last slug and length, by list. */
interface ListTree {
  parentOf: GrowableArray<Uint32Array>;
  lastSlugOf: GrowableArray<Uint32Array>;
  lengthOf: GrowableArray<Uint32Array>;
}

/**
 * Finds (or adds) the list of each row from `from` to `to`, written in `lists`; returns the hash
 * table, grown if it had to (the one given is then given back).
 */
function addLists(
  starts: ArrayLike<number>,
  slugCodes: ArrayLike<number>,
  from: number,
  to: number,
  { parentOf, lastSlugOf, lengthOf, slots: table }: ListTree & { slots: Uint32Array },
  lists: Int32Array,
): Uint32Array {
  let slots: Uint32Array = table;
  let shift = Math.clz32(slots.length) + 1;
  for (let row = from; row < to; row++) {
    let list = 0;
    for (let s = starts[row]!, end = starts[row + 1]!; s < end; s++) {
      const slug = slugCodes[s]!;
      const mask = slots.length - 1;
      let slot = slotOf(list, slug, shift);
      let child = 0;
      for (let entry = slots[slot]!; entry !== 0; entry = slots[(slot = (slot + 1) & mask)]!) {
        if (parentOf.at(entry - 1) === list && lastSlugOf.at(entry - 1) === slug) {
          child = entry - 1;
          break;
        }
      }
      if (child === 0) {
        child = parentOf.length;
        parentOf.push(list);
        lastSlugOf.push(slug);
        lengthOf.push(lengthOf.at(list) + 1);
        if (2 * child < slots.length) slots[slot] = child + 1;
        else {
          const grown = new Uint32Array(2 * slots.length);
          release(slots);
          slots = grown;
          shift = Math.clz32(slots.length) + 1;
          for (let known = 1; known <= child; known++) {
            let free = slotOf(parentOf.at(known), lastSlugOf.at(known), shift);
            while (slots[free] !== 0) free = (free + 1) & (slots.length - 1);
            slots[free] = known + 1;
          }
        }
      }
      list = child;
    }
    lists[row] = list;
  }
  return slots;
}

/** Ranks the lists of `tree`, then writes each row's rank over its list in `ranks`. */
function rankLists({ parentOf, lastSlugOf, lengthOf }: ListTree, slugRanks: Int32Array, ranks: Int32Array): void {
  const [lists, parents, lastSlugs, lengths] = [parentOf.length, parentOf.view(), lastSlugOf.view(), lengthOf.view()];
  // Each list's children, together, by their last slug's rank (a list has a few: insertion sort).
  const childStarts = new Uint32Array(lists + 1);
  for (let list = 1; list < lists; list++) childStarts[parents[list]! + 1]!++;
  for (let list = 0; list < lists; list++) childStarts[list + 1]! += childStarts[list]!;
  const children = new Uint32Array(lists);
  const filled = childStarts.slice(0, lists);
  for (let list = 1; list < lists; list++) children[filled[parents[list]!]!++] = list;
  release(filled);
  for (let list = 0; list < lists; list++) {
    for (let i = childStarts[list]! + 1; i < childStarts[list + 1]!; i++) {
      const child = children[i]!;
      let j = i;
      for (; j > childStarts[list]! && slugRanks[lastSlugs[children[j - 1]!]!]! > slugRanks[lastSlugs[child]!]!; j--)
        children[j] = children[j - 1]!;
      children[j] = child;
    }
  }
  // Depth first, a list's smallest child on top of the stack: the lists in their slugs' order, each
  // before its longer ones; then ranked by length, and in that order within one.
  let longest = 0;
  for (let list = 0; list < lists; list++) longest = Math.max(longest, lengths[list]!);
  const firstOfLength = new Uint32Array(longest + 2);
  for (let list = 0; list < lists; list++) firstOfLength[lengths[list]! + 1]!++;
  for (let length = 1; length < firstOfLength.length; length++) firstOfLength[length]! += firstOfLength[length - 1]!;
  const rankOfList = new Uint32Array(lists);
  const stack = new Uint32Array(lists);
  for (let top = 1; top > 0;) {
    const list = stack[--top]!;
    rankOfList[list] = firstOfLength[lengths[list]!]!++;
    for (let i = childStarts[list + 1]!; i > childStarts[list]!;) stack[top++] = children[--i]!;
  }
  for (let row = 0; row < ranks.length; row++) ranks[row] = rankOfList[ranks[row]!]!;
  release(childStarts, children, rankOfList, stack);
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
