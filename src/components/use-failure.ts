import { useState } from "react";

/** A question's failure as a page shows it: what failed, and how to ask again. */
export interface Failure {
  error: unknown;
  retry: () => void;
  /** Retry is asking: the failure stays said, and Retry keeps the keyboard's focus. */
  retrying: boolean;
}

/** What `useFailure` reads of a query's result (TanStack Query's). */
interface AskedQuery {
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A query's failure, kept while Retry asks again. A query with no data turns "pending" when it is
 * asked again, its error gone: its alert, and the keyboard's focus on Retry, went with it. The
 * error is the one of this query (`errorUpdatedAt` is its own; another key's query differs).
 */
export function useFailure(query: AskedQuery): Failure | null {
  const [last, setLast] = useState<{ error: unknown; at: number } | null>(null);
  if (query.isError && last?.error !== query.error) setLast({ error: query.error, at: query.errorUpdatedAt });
  const retrying = query.isFetching && last !== null && last.at === query.errorUpdatedAt;
  if (!query.isError && !retrying) return null;
  return { error: query.isError ? query.error : last!.error, retry: () => void query.refetch(), retrying: query.isFetching };
}
