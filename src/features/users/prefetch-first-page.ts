import type { QueryClient } from "@tanstack/query-core";
import { connectionStore } from "../../api/connection.ts";
import { usersPageOptions } from "../../api/list-users.ts";
import { normalizePage, normalizePageSize } from "./page-range.ts";

export type FirstPageRequest = ReturnType<typeof requestFirstPage>;

/**
 * On a first visit to /users, the page of users the URL asks for is requested before React and
 * the query client are loaded, so the answer travels while the app starts (see seedFirstPage).
 * Null anywhere else, or without a team API key.
 */
export function requestFirstPage({ pathname, search }: Pick<Location, "pathname" | "search">) {
  const connection = connectionStore.get();
  if (pathname !== "/users" || !connection.teamApiKey) return null;
  const params = new URLSearchParams(search);
  const limit = normalizePageSize(params.get("pageSize"));
  const { queryKey, queryFn } = usersPageOptions(connection, { offset: (normalizePage(params.get("page")) - 1) * limit, limit });
  // Never aborted: it is the page the user opened.
  return { queryKey, answer: queryFn({ signal: new AbortController().signal }) };
}

/** Hands the first page's request to the query client, as if the page's query had sent it. */
export function seedFirstPage(queryClient: QueryClient, request: FirstPageRequest) {
  // The answer is that of the request the key names.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  if (request) void queryClient.prefetchQuery({ queryKey: request.queryKey, queryFn: () => request.answer });
}
