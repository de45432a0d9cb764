import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import type { TeamQuery } from "../../team-engine/team-query.ts";
import { defaultPageSize, normalizePage, normalizePageSize } from "../../team-engine/page-range.ts";
import { readTeamQuery, writeTeamQuery } from "../../team-engine/team-query-params.ts";

export interface PageParams {
  /** 1-based, as in the URL. */
  page: number;
  pageSize: number;
  /** The user whose detail panel is open. */
  userId: string | null;
  /** The whole team's search, facets and sort. */
  teamQuery: TeamQuery;
}

/**
 * Page, page size, the open user and the whole team's query live in the URL (defaults left out), so back, forward,
 * reload and a shared link all restore the same view. Corrections replace the history entry.
 */
export function usePageParams() {
  const [search, setSearch] = useSearchParams();
  const params: PageParams = useMemo(
    () => ({
      page: normalizePage(search.get("page")),
      pageSize: normalizePageSize(search.get("pageSize")),
      userId: search.get("user"),
      teamQuery: readTeamQuery(search),
    }),
    [search],
  );
  const needsCorrection =
    (search.has("page") && String(params.page) !== search.get("page")) ||
    (search.has("pageSize") && String(params.pageSize) !== search.get("pageSize"));

  // React Router's setter changes with every URL; `update` stays the same function, so rows
  // and effects that hold it do not re-render or re-run when the page changes.
  const setSearchRef = useRef(setSearch);
  useLayoutEffect(() => {
    setSearchRef.current = setSearch;
  }, [setSearch]);

  const update = useCallback((change: Partial<PageParams>, { replace = false } = {}) => {
    setSearchRef.current(
      (current) => {
        const next = new URLSearchParams(current);
        // A new search, facet or sort starts from the first page.
        const page = change.page ?? (change.teamQuery ? 1 : normalizePage(current.get("page")));
        const pageSize = change.pageSize ?? normalizePageSize(current.get("pageSize"));
        const userId = change.userId === undefined ? current.get("user") : change.userId;
        if (page === 1) next.delete("page");
        else next.set("page", String(page));
        if (pageSize === defaultPageSize) next.delete("pageSize");
        else next.set("pageSize", String(pageSize));
        if (userId) next.set("user", userId);
        else next.delete("user");
        if (change.teamQuery) writeTeamQuery(next, change.teamQuery);
        return next;
      },
      { replace },
    );
  }, []);
  return { params, needsCorrection, update };
}

/**
 * A URL asking for an impossible page or size is corrected in place: a malformed value at once,
 * a page past the last once the current page's total says where the last is.
 */
export function usePageCorrection(
  { needsCorrection, update }: Pick<ReturnType<typeof usePageParams>, "needsCorrection" | "update">,
  { page, pageCount }: { page: number; pageCount: number | undefined },
) {
  useEffect(() => {
    if (needsCorrection) update({}, { replace: true });
  }, [needsCorrection, update]);
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) update({ page: pageCount }, { replace: true });
  }, [page, pageCount, update]);
}
