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

const compareKeys = (a: SortKey, b: SortKey) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Both orders of `rows` rows by `keys` (undefined or NaN: no value), ties broken by `tieRank`
 * (the position in the service's order).
 */
export function orderRows(keys: readonly (SortKey | undefined)[], tieRank: ArrayLike<number>): Ordering {
  const rows = keys.length;
  const present: number[] = [];
  const missing: number[] = [];
  for (let row = 0; row < rows; row++) {
    const key = keys[row];
    (key === undefined || (typeof key === "number" && Number.isNaN(key)) ? missing : present).push(row);
  }
  const byTie = (a: number, b: number) => tieRank[a]! - tieRank[b]! || a - b;
  present.sort((a, b) => compareKeys(keys[a]!, keys[b]!) || byTie(a, b));
  missing.sort(byTie);

  const ascending = new Uint32Array(rows);
  ascending.set(present);
  ascending.set(missing, present.length);

  // Descending: the runs of equal keys in reverse, each run still in service order.
  const descending = new Uint32Array(rows);
  let written = 0;
  for (let runEnd = present.length; runEnd > 0;) {
    let runStart = runEnd - 1;
    while (runStart > 0 && compareKeys(keys[present[runStart - 1]!]!, keys[present[runEnd - 1]!]!) === 0) runStart--;
    for (let i = runStart; i < runEnd; i++) descending[written++] = present[i]!;
    runEnd = runStart;
  }
  descending.set(missing, written);
  return { ascending, descending };
}
