import type { TeamIndex } from "./team-index.ts";
import type { TeamQuery } from "./team-query.ts";
import { rowAt } from "./team-sort.ts";

/** The rows of a selection (`TeamIndex.select`'s answer) written out: null is every row of `size`, in its own order. */
export function rowsWritten(rows: Uint32Array | null, size: number): number[] {
  return Array.from({ length: rows?.length ?? size }, (_, place) => rowAt(rows, place));
}

/** The rows `index.select` gives for `query`, written out. */
export const selectedRows = (index: TeamIndex, query: TeamQuery) => rowsWritten(index.select(query), index.size);
