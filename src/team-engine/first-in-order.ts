/**
 * The first rows of an order without the order (what a database does for ORDER BY … LIMIT): the
 * rows go by once, and a max-heap keeps the `count` that come first so far. A row whose key comes
 * after the heap's last is passed over with one comparison of numbers read from a column; the
 * heap works only for the few rows that enter it.
 */

/** An order of rows by a number a row; rows of equal numbers by `compareTies`. */
export interface RowOrder {
  /** A row's key (NaN: no value, last whichever the direction), read for every row and at every comparison in the heap: it must be cheap to read. */
  key: (row: number) => number;
  descending: boolean;
  /** Negative when row a comes first: a total order among rows of equal keys. */
  compareTies: (a: number, b: number) => number;
  /**
   * Whether many rows share a key (a rank of a few values, a list's length): the rows then go by
   * forwards, in the order their ties keep.
   */
  keysRepeat?: boolean;
}

/** The rows to pick from: a list, or a byte a row (1: in). */
export type RowsFrom = { list: ArrayLike<number> } | { marked: Uint8Array };

/** The first `count` of the rows, in order. */
export function firstInOrder(count: number, { key, descending, compareTies, keysRepeat = false }: RowOrder, from: RowsFrom): number[] {
  const rows: number[] = [];
  if (count <= 0) return rows;
  const keyOf = (row: number) => {
    const value = key(row);
    return Number.isNaN(value) ? Infinity : descending ? -value : value;
  };
  // Infinity − Infinity is NaN, which `||` passes over like 0: rows without a value tie.
  const compareRows = (a: number, b: number) => keyOf(a) - keyOf(b) || compareTies(a, b);
  const compare = (i: number, j: number) => compareRows(rows[i]!, rows[j]!);
  const swap = (i: number, j: number) => {
    // Not destructured: that costs an array and an iterator a swap where the code is not optimized.
    const row = rows[i]!;
    rows[i] = rows[j]!;
    rows[j] = row;
  };
  /** The key of the heap's top, the last row kept so far: read again only when the top changes. */
  let lastKey = Number.NaN;
  const visit = (row: number) => {
    if (rows.length < count) {
      rows.push(row);
      for (let at = rows.length - 1; at > 0 && compare(at, (at - 1) >> 1) > 0; at = (at - 1) >> 1) swap(at, (at - 1) >> 1);
      lastKey = keyOf(rows[0]!);
      return;
    }
    const rowKey = keyOf(row);
    if (rowKey > lastKey || (rowKey === lastKey && compareTies(row, rows[0]!) > 0)) return;
    rows[0] = row;
    for (let at = 0; ;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let last = at;
      if (left < rows.length && compare(left, last) > 0) last = left;
      if (right < rows.length && compare(right, last) > 0) last = right;
      if (last === at) break;
      swap(at, last);
      at = last;
    }
    lastKey = keyOf(rows[0]!);
  };
  // Rows often lie in a column's order (a team the service lists by creation): forwards, a
  // descending sort would meet its first rows last and put every row through the heap. When the
  // last row comes before the first, they go by backwards, unless keys repeat: ties go forwards
  // (equal keys are mostly in rows' order), and backwards each tie would enter the heap.
  const list = "list" in from ? from.list : null;
  const marked = "marked" in from ? from.marked : null;
  const size = list ? list.length : marked!.length;
  const at = (i: number) => (list ? list[i]! : i);
  const isIn = (i: number) => list !== null || marked![i] === 1;
  let [first, last] = [0, size - 1];
  while (first < size && !isIn(first)) first++;
  while (last > first && !isIn(last)) last--;
  if (!keysRepeat && first < size && keyOf(at(last)) < keyOf(at(first))) {
    for (let i = last; i >= first; i--) if (isIn(i)) visit(at(i));
  } else {
    for (let i = first; i <= last; i++) if (isIn(i)) visit(at(i));
  }
  return rows.sort(compareRows);
}
