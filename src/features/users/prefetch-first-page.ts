import { hashKey, type QueryClient, type QueryKey } from "@tanstack/query-core";
import { canList, connectionOf, findTeamByRef } from "../../api/connection.ts";
import { usersPageOptions } from "../../api/list-users.ts";
import { savedEntries } from "../../api/saved-entries.ts";
import { normalizePage, normalizePageSize } from "../../team-engine/page-range.ts";

export type FirstPageRequest = ReturnType<typeof requestFirstPage>;

const usersPath = /^\/t\/([^/]+)\/users\/?$/;

/**
 * On a first visit to a team's users (`/t/<ref>/users`), the page of users the URL asks for is
 * requested before React and the query client are loaded, so the answer travels while the app
 * starts (see seedFirstPage). Null anywhere else, or without the team's key in this tab.
 */
export function requestFirstPage({ pathname, search }: Pick<Location, "pathname" | "search">) {
  const ref = decoded(usersPath.exec(pathname)?.[1]);
  if (ref === undefined) return null;
  const saved = savedEntries.get();
  const team = findTeamByRef(saved.teams, ref);
  const connection = team && connectionOf(saved, team);
  if (!connection || !canList(connection)) return null;
  const params = new URLSearchParams(search);
  const limit = normalizePageSize(params.get("pageSize"));
  const { queryKey, queryFn } = usersPageOptions(connection, { offset: (normalizePage(params.get("page")) - 1) * limit, limit });
  // Never aborted: it is the page the user opened.
  return { queryKey, answer: queryFn({ signal: new AbortController().signal }) };
}

/** A path segment decoded; undefined for none, or a malformed one (`abc%2`): the router shows its not-found page. */
function decoded(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The query of the page the first load asked for, until the users page that shows it is left. */
let firstPageKey: string | undefined;

/** Hands the first page's request to the query client, as if the page's query had sent it. */
export function seedFirstPage(queryClient: QueryClient, request: FirstPageRequest) {
  if (!request) return;
  firstPageKey = hashKey(request.queryKey);
  // The answer is that of the request the key names.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  void queryClient.prefetchQuery({ queryKey: request.queryKey, queryFn: () => request.answer });
}

/**
 * Whether `queryKey` is the first load's page: its answer, a failure included, is the page's
 * first answer, not asked again when the page mounts (one request per first load). Opening the
 * view again asks as usual: see `leaveFirstPage`.
 */
export const isFirstPage = (queryKey: QueryKey) => firstPageKey === hashKey(queryKey);

/** The users page that showed the first load's page was left. */
export function leaveFirstPage() {
  firstPageKey = undefined;
}
