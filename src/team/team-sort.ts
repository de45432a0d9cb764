/**
 * Sort orders of the loaded team, stable in both directions: users with equal keys keep the
 * service's order whichever way the column is sorted, and users without a value come last.
 */

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
 * Ranks of numbers (NaN: no value), without a Set, a Map or a comparator: each number's 64 bits
 * made to order as unsigned integers, sorted by an LSD radix sort in four passes of 16 bits,
 * then ranked in one walk — a million instants in tens of milliseconds.
 */
export function rankNumbers(values: ArrayLike<number>): Ranks {
  const ranks = new Int32Array(values.length).fill(-1);
  const present: number[] = [];
  for (let row = 0; row < values.length; row++) if (values[row] === values[row]) present.push(row); // NaN !== NaN
  const count = present.length;
  // The bits of each number, high and low words, flipped so that unsigned order is numeric order.
  const high = new Uint32Array(count);
  const low = new Uint32Array(count);
  const number = new Float64Array(1);
  const words = new Uint32Array(number.buffer);
  for (let i = 0; i < count; i++) {
    number[0] = values[present[i]!]! + 0; // -0 + 0 is 0: one key for both zeros
    const negative = words[1]! >>> 31 === 1;
    high[i] = negative ? ~words[1]! : words[1]! | 0x8000_0000;
    low[i] = negative ? ~words[0]! : words[0]!;
  }
  let order = Uint32Array.from({ length: count }, (_, i) => i);
  let spare = new Uint32Array(count);
  const counts = new Uint32Array(0x1_0000);
  for (const [word, shift] of [
    [low, 0],
    [low, 16],
    [high, 0],
    [high, 16],
  ] as const) {
    counts.fill(0);
    for (let i = 0; i < count; i++) counts[(word[order[i]!]! >>> shift) & 0xffff]!++;
    for (let digit = 0, start = 0; digit < 0x1_0000; digit++) {
      const many = counts[digit]!;
      counts[digit] = start; // where this digit's numbers go
      start += many;
    }
    for (let i = 0; i < count; i++) spare[counts[(word[order[i]!]! >>> shift) & 0xffff]!++] = order[i]!;
    [order, spare] = [spare, order];
  }
  let rank = -1;
  for (let i = 0; i < count; i++) {
    const at = order[i]!;
    const previous = order[i - 1];
    if (previous === undefined || high[at] !== high[previous] || low[at] !== low[previous]) rank++;
    ranks[present[at]!] = rank;
  }
  return { ranks, count: rank + 1 };
}

/**
 * Both orders of the rows by rank, by counting: rows of equal rank keep `serviceOrder` (the rows
 * in the service's order) whichever way, and rows without a value come last.
 */
export function orderByRanks({ ranks, count }: Ranks, serviceOrder: Uint32Array): Ordering {
  const rows = serviceOrder.length;
  // starts[r]: where rank r's rows begin in `byRank`; the rows without a value go last.
  const starts = new Uint32Array(count + 2);
  for (let row = 0; row < rows; row++) starts[(ranks[row]! < 0 ? count : ranks[row]!) + 1]!++;
  for (let r = 1; r < starts.length; r++) starts[r]! += starts[r - 1]!;
  const next = starts.slice(0, count + 1);
  const ascending = new Uint32Array(rows);
  for (const row of serviceOrder) ascending[next[ranks[row]! < 0 ? count : ranks[row]!]!++] = row;

  const descending = new Uint32Array(rows);
  let written = 0;
  for (let r = count - 1; r >= 0; r--) {
    descending.set(ascending.subarray(starts[r], starts[r + 1]), written);
    written += starts[r + 1]! - starts[r]!;
  }
  descending.set(ascending.subarray(starts[count]), written);
  return { ascending, descending };
}
