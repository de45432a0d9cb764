/**
 * The first rows of an order without the order (what a database does for ORDER BY … LIMIT): the
 * rows go by once, and a max-heap keeps the `count` that come first so far. A row whose key comes
 * after the heap's last is passed over with one comparison of numbers; the heap works only for the
 * few rows that enter it.
 */

/** An order of rows: by `key` (lower first), rows of equal keys by `compareTies` (a total order). */
export interface RowOrder {
  key: (row: number) => number;
  /** Negative when row a comes first; 0 only for a row with itself. */
  compareTies: (a: number, b: number) => number;
}

/** The first `count` of the rows that `each` visits, in order. */
export function firstInOrder(count: number, { key, compareTies }: RowOrder, each: (visit: (row: number) => void) => void): number[] {
  const rows: number[] = [];
  const keys: number[] = [];
  if (count <= 0) return rows;
  const compare = (i: number, j: number) => keys[i]! - keys[j]! || compareTies(rows[i]!, rows[j]!);
  const swap = (i: number, j: number) => {
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  };
  each((row) => {
    const rowKey = key(row);
    if (rows.length < count) {
      rows.push(row);
      keys.push(rowKey);
      for (let at = rows.length - 1; at > 0 && compare(at, (at - 1) >> 1) > 0; at = (at - 1) >> 1) swap(at, (at - 1) >> 1);
      return;
    }
    if (rowKey > keys[0]! || (rowKey === keys[0] && compareTies(row, rows[0]!) > 0)) return;
    rows[0] = row;
    keys[0] = rowKey;
    for (let at = 0; ; ) {
      const [left, right] = [2 * at + 1, 2 * at + 2];
      let last = at;
      if (left < rows.length && compare(left, last) > 0) last = left;
      if (right < rows.length && compare(right, last) > 0) last = right;
      if (last === at) return;
      swap(at, last);
      at = last;
    }
  });
  const byKey = new Map(rows.map((row, i) => [row, keys[i]!]));
  return rows.sort((a, b) => byKey.get(a)! - byKey.get(b)! || compareTies(a, b));
}
