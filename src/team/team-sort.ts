/**
 * Sort orders of the loaded team, stable in both directions: users with equal keys keep the
 * service's order whichever way the column is sorted, and users without a value come last.
 */

/** The columns the loaded team sorts by (the URL names them). */
export const sortColumns = ["client_user_id", "created_on", "connected_sources", "birth_date", "time_zone", "team_id"] as const;
export type SortColumn = (typeof sortColumns)[number];

export type SortKey = string | number;

export interface Ordering {
  ascending: Uint32Array;
  descending: Uint32Array;
}

/** Each row's rank in a column (-1: no value), and how many ranks there are. */
export interface Ranks {
  ranks: Int32Array;
  count: number;
}

/** Ranks of values that compare with `<` (strings by UTF-16 code units, numbers; NaN: no value). */
export function rankValues(values: ArrayLike<SortKey | undefined>): Ranks {
  const present: SortKey[] = [];
  for (let row = 0; row < values.length; row++) {
    const value = values[row];
    if (value !== undefined && value === value) present.push(value); // NaN !== NaN
  }
  // The built-in order of strings and of numbers is `<`'s, and much faster than a comparator.
  const distinct = [...new Set(present)];
  if (typeof distinct[0] === "number")
    Float64Array.from(distinct as number[])
      .sort()
      .forEach((v, i) => (distinct[i] = v));
  else distinct.sort();
  const rankOf = new Map(distinct.map((value, rank) => [value, rank]));
  const ranks = new Int32Array(values.length);
  for (let row = 0; row < values.length; row++) ranks[row] = rankOf.get(values[row]!) ?? -1;
  return { ranks, count: distinct.length };
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
