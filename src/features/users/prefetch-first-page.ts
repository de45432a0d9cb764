import type { QueryClient } from "@tanstack/react-query";
import { connectionStore } from "../../api/connection.ts";
import { usersPageOptions } from "../../api/list-users.ts";
import { normalizePage, normalizePageSize } from "./page-params.ts";

/**
 * On a first visit to /users, the page of users the URL asks for is requested before React
 * renders anything, so the answer travels while the app starts; the page's query then finds it.
 */
export function prefetchFirstPage(queryClient: QueryClient, { pathname, search }: Pick<Location, "pathname" | "search">) {
  const connection = connectionStore.get();
  if (pathname !== "/users" || !connection.teamApiKey) return;
  const params = new URLSearchParams(search);
  const limit = normalizePageSize(params.get("pageSize"));
  void queryClient.prefetchQuery(usersPageOptions(connection, { offset: (normalizePage(params.get("page")) - 1) * limit, limit }));
}
