import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { Link } from "../../components/link.tsx";
import { useAfterFirstPaint } from "../../components/use-after-first-paint.ts";
import { useFailure } from "../../components/use-failure.ts";
import type { User } from "../../api/contract.ts";
import { listWords, usersPageOptions } from "../../api/list-users.ts";
import { useLocation } from "react-router-dom";
import { teamPath, teamRef } from "../../api/connection.ts";
import { TeamName } from "../../components/team-name.tsx";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { useTeam } from "../../components/use-current-team.ts";
import { useSession } from "../../components/use-session.ts";
import { allows } from "../../api/roles.ts";
import { ColumnMenu } from "./column-menu.tsx";
import { filterUsers } from "./filter-users.ts";
import { usePageCorrection, usePageParams } from "./page-params.ts";
import { usePageShortcuts } from "./use-page-shortcuts.ts";
import { usePrefetchNextPage } from "./use-prefetch-next-page.ts";
import { useUsersTable } from "./use-users-table.ts";
import { UsersSkeleton } from "../../components/users-skeleton.tsx";
import { ShortcutsHelp } from "./shortcuts-help.tsx";
import { UsersSearch } from "./users-search.tsx";
import { UsersTable, type UsersTableHandle } from "./users-table.tsx";
import type { TeamQuery, TeamRow } from "../../team-engine/team-query.ts";
import type { SortColumn } from "../../team-engine/team-sort.ts";
import { loadedTeamWords } from "../../team/loaded-team-words.ts";
import { useTeamView } from "../../team/use-team-view.ts";
import { searchableUsers } from "../../team/use-whole-team.ts";
import { selectionSearch } from "../../team-engine/team-query-params.ts";
import { indexMaxUsers } from "../../team-engine/whole-team-limits.ts";
import "../../team/team.css";
import "./users.css";
import { isFirstPage, leaveFirstPage } from "./prefetch-first-page.ts";

// Opened on demand; not part of the page's first load.
const ErrorAlert = lazy(async () => ({ default: (await import("../../components/error-alert.tsx")).ErrorAlert }));
const UserDetailPanel = lazy(async () => ({ default: (await import("./user-detail-panel.tsx")).UserDetailPanel }));
const WholeTeamBar = lazy(async () => ({ default: (await import("../../team/whole-team-bar.tsx")).WholeTeamBar }));
const PaginationBar = lazy(async () => ({ default: (await import("./pagination-bar.tsx")).PaginationBar }));
const TeamFacetsBar = lazy(async () => ({ default: (await import("../../team/team-facets-bar.tsx")).TeamFacetsBar }));

const noUsers: User[] = [];
// The whole-team bar's and the filters' places (their heights: users.css) while their code loads.
const wholeTeamPlace = <div className="team-bar" />;
const filtersPlace = <div className="team-facets" />;
// The pagination bar sits under the rows, below the first screen: its code follows the first paint.
const paginationPlace = <div className="users-pagination" />;

const noRows: TeamRow[] = [];
const lowerCase = (text: string) => text.toLowerCase();

export function UsersPage() {
  const { team, org, connection } = useTeam();
  // Delete is offered where the role on the organization's service allows it (the server refuses the rest).
  const mayDelete = allows(useSession(), org?.service ?? team.service, "delete");
  const { teams } = useSavedEntries();
  const pageParams = usePageParams();
  const { search } = useLocation();
  const { params, update } = pageParams;
  const { page, pageSize, userId, teamQuery } = params;
  const offset = (page - 1) * pageSize;

  // The service's page: what the table shows unless the whole team's view does. The first
  // load's page was asked before React started: a failure of it is not asked again on mount.
  const pageOptions = usersPageOptions(connection, { offset, limit: pageSize });
  const query = useQuery({ ...pageOptions, retryOnMount: !isFirstPage(pageOptions.queryKey) });
  useEffect(() => leaveFirstPage, []);
  const failure = useFailure(query);
  const data = query.data?.page;
  const current = data !== undefined && !query.isPlaceholderData;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const whole = useTeamView(connection, { teamQuery, page, pageSize, filtersOpen }, data?.total);
  // The filters' code waits for the first rows to be painted; their place does not.
  const painted = useAfterFirstPaint();
  const teamView = whole.view;

  const total = whole.active ? teamView?.matches : data?.total;
  const pageCount = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  usePageCorrection(pageParams, {
    page,
    pageCount: whole.active ? (teamView && !whole.updating ? pageCount : undefined) : current ? pageCount : undefined,
  });
  usePrefetchNextPage(connection, { offset, limit: pageSize, total: current && !whole.active ? data.total : undefined });
  const goTo = useCallback((next: number) => update({ page: next }), [update]);
  usePageShortcuts({ page, pageCount }, goTo);

  // Before the team is loaded the field filters the page, once, on the deferred text (so typing
  // stays responsive and the count describes the rows shown); after, it searches the team.
  const [filter, setFilter] = useState("");
  const deferredFilter = useDeferredValue(filter);
  const pageUsers = data?.users ?? noUsers;
  // The fold's code comes with the first letter typed; until then (a moment) plain lower-casing.
  const [fold, setFold] = useState<(text: string) => string>(() => lowerCase);
  useEffect(() => {
    if (filter && fold === lowerCase)
      void import("../../team-engine/fold-text.ts").then(({ foldForSearch }) => setFold(() => foldForSearch));
  }, [filter, fold]);
  const filtered = useMemo(() => filterUsers(pageUsers, deferredFilter, fold), [pageUsers, deferredFilter, fold]);
  const teamRows = teamView?.rows;
  const shown = useMemo(() => (whole.active ? (teamRows ?? noRows).map((row) => row.user) : filtered), [whole.active, teamRows, filtered]);
  // A new answer's rows render in the background, a render React interrupts: the thread stays free
  // for the next keystroke and the worker's next answer, and rows a newer answer replaces are not
  // finished. (An answer's store update alone renders at once, in one piece of up to 90 ms.)
  // The first rows (none shown before) come at once: nothing to interrupt, and no empty table meanwhile.
  const deferredRows = useDeferredValue(shown);
  const rows = deferredRows.length === 0 ? shown : deferredRows;
  const table = useUsersTable(rows, connection.baseUrl);
  const tableRef = useRef<UsersTableHandle>(null);

  // The page filter's text becomes the team's search once the team can answer it.
  const carryFilter = useEffectEvent(() => {
    if (filter.trim() && !teamQuery.search) update({ teamQuery: { ...teamQuery, search: filter } }, { replace: true });
  });
  useEffect(() => {
    if (whole.searchable) carryFilter();
  }, [whole.searchable]);

  const setTeamQuery = (change: Partial<TeamQuery>, replace = false) => update({ teamQuery: { ...teamQuery, ...change } }, { replace });
  const sortBy = (column: SortColumn) => {
    const sort = teamQuery.sort;
    setTeamQuery({
      sort: sort?.column !== column ? { column, direction: "asc" } : sort.direction === "asc" ? { column, direction: "desc" } : null,
    });
  };

  const openUser = useCallback((user: User) => update({ userId: user.user_id }), [update]);
  const closeDetail = useCallback(() => {
    update({ userId: null });
    if (userId) requestAnimationFrame(() => tableRef.current?.focusRow(userId));
  }, [update, userId]);

  const openRow = whole.active ? teamRows?.find((row) => row.user.user_id === userId) : undefined;
  const pageIndexOfUser = pageUsers.findIndex((u) => u.user_id === userId);

  const header = (
    <div className="page-header">
      <div>
        <h1>Users</h1>
        <p>
          The users of <TeamName team={team} />.
        </p>
      </div>
      <div className="row">
        <Link className="button" to={`${teamPath(team, teams, "overview")}${selectionSearch(search)}`}>
          {selectionSearch(search) ? "Chart these users" : "Chart the team"}
        </Link>
        {org && mayDelete && (
          <Link className="button button-ghost users-danger-link" to={`/teams?delete=${encodeURIComponent(teamRef(team, teams))}`}>
            Delete this team…
          </Link>
        )}
      </div>
    </div>
  );

  let body;
  if (failure) {
    body = (
      <Suspense fallback={<UsersSkeleton />}>
        <ErrorAlert failure={failure} words={listWords} />
      </Suspense>
    );
  } else if (query.isPending) {
    body = <UsersSkeleton />;
  } else if (data && data.total === 0) {
    body = (
      <div className="card empty-state">
        <h2>No users yet</h2>
        <p>This team has no users. Users appear here once they are created through the service.</p>
      </div>
    );
  } else if (data) {
    const searchingTeam = whole.searchable;
    const selection = whole.active && teamView ? { query: teamQuery, users: teamView.matches } : null;
    const filterable = data.total <= indexMaxUsers;
    body = (
      <div className={`users-layout ${userId ? "users-with-panel" : ""}`}>
        <div className="users-main card card-flush">
          <div className="split users-toolbar">
            <UsersSearch
              scope={searchingTeam ? "team" : "page"}
              value={searchingTeam ? (teamQuery.search ?? "") : filter}
              onChange={searchingTeam ? (text) => setTeamQuery({ search: text }, true) : setFilter}
              searched={searchingTeam ? searchableUsers(whole.stage) : pageUsers.length}
              matches={
                searchingTeam
                  ? teamQuery.search?.trim()
                    ? teamView?.matches
                    : undefined
                  : deferredFilter.trim()
                    ? filtered.length
                    : undefined
              }
            />
            <div className="row users-toolbar-actions">
              <ColumnMenu table={table} />
              <ShortcutsHelp />
            </div>
          </div>
          {/* The bar and the filters hold their places from the first rows on (the same heights while their code loads): nothing under the pointer moves as the team loads. */}
          <Suspense fallback={wholeTeamPlace}>
            {whole.team ? (
              <WholeTeamBar team={whole.team} total={data.total} selection={selection} waiting={whole.waiting} />
            ) : (
              wholeTeamPlace
            )}
          </Suspense>
          {filterable && (
            <Suspense fallback={filtersPlace}>
              {painted ? (
                <TeamFacetsBar
                  facets={whole.facets}
                  pending={whole.facetsPending}
                  failure={whole.facetsFailure}
                  selection={teamQuery.facets ?? {}}
                  onChange={(facets) => setTeamQuery({ facets })}
                  onOpenChange={setFiltersOpen}
                />
              ) : (
                filtersPlace
              )}
            </Suspense>
          )}
          {whole.waiting ? null : whole.failure ? (
            <Suspense fallback={null}>
              <ErrorAlert failure={whole.failure} words={loadedTeamWords("The search")} />
            </Suspense>
          ) : (
            <>
              <UsersTable
                ref={tableRef}
                table={table}
                openUserId={userId}
                onOpenUser={openUser}
                empty={whole.active ? "No user of the team matches the search and filters." : "No user on this page matches the filter."}
                {...(searchingTeam ? { sort: teamQuery.sort ?? null, onSort: sortBy } : {})}
              />
              <Suspense fallback={paginationPlace}>
                {painted ? (
                  <PaginationBar
                    view={{
                      page,
                      pageCount: pageCount ?? 1,
                      pageSize,
                      total: total ?? 0,
                      rowsOnPage: shown.length,
                      loading: whole.active ? whole.updating : query.isPlaceholderData,
                    }}
                    onChange={update}
                  />
                ) : (
                  paginationPlace
                )}
              </Suspense>
            </>
          )}
        </div>
        {userId && (
          <Suspense fallback={<aside className="users-detail-panel" aria-busy="true" />}>
            <UserDetailPanel
              userId={userId}
              user={whole.active ? openRow?.user : pageUsers[pageIndexOfUser]}
              sent={whole.active ? { atOffset: openRow?.serviceOffset } : { text: query.data?.texts[pageIndexOfUser] }}
              baseUrl={connection.baseUrl}
              onClose={closeDetail}
            />
          </Suspense>
        )}
      </div>
    );
  }

  return (
    <>
      {header}
      {body}
    </>
  );
}
