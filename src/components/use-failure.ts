import { useState } from "react";

/** A question's failure as a page shows it: what failed, and how to ask again. */
export interface Failure {
  error: unknown;
  retry: () => void;
  /** Retry is asking: the failure stays said, and Retry keeps the keyboard's focus. */
  retrying: boolean;
}

/** What `useFailure` reads of a query's result (TanStack Query's). */
export interface AskedQuery {
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
  dataUpdatedAt: number;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The last failure seen of a query, and when the query recorded it. */
export interface SeenFailure {
  error: unknown;
  at: number;
}

/**
 * The error to say: the query's, or the last one seen while it is asked again after it (TanStack
 * Query clears the error of a query with no data when it is asked again). Not after an answer
 * came since (a later refetch is no retry), nor for another query (`errorUpdatedAt` is its own).
 */
export function failureToSay(query: AskedQuery, last: SeenFailure | null): { error: unknown } | null {
  if (query.isError) return { error: query.error };
  const retrying = query.isFetching && last !== null && last.at === query.errorUpdatedAt && query.dataUpdatedAt < query.errorUpdatedAt;
  return retrying ? { error: last.error } : null;
}

/**
 * A query's failure, kept while Retry asks again: without it, a query with no data turned
 * "pending" on Retry, and its alert went, with the keyboard's focus on Retry.
 */
export function useFailure(query: AskedQuery): Failure | null {
  const [last, setLast] = useState<SeenFailure | null>(null);
  if (query.isError && last?.error !== query.error) setLast({ error: query.error, at: query.errorUpdatedAt });
  const said = failureToSay(query, last);
  return said && { error: said.error, retry: () => void query.refetch(), retrying: query.isFetching };
}
