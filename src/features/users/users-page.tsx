import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useDeferredValue, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { User } from "../../api/contract.ts";
import { describeError } from "../../api/describe-error.ts";
import { DemoConnect } from "../../components/demo-connect.tsx";
import { usersPageOptions } from "../../api/list-users.ts";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { formatCount } from "../../components/format.ts";
import { useConnection } from "../../components/use-connection.ts";
import { ColumnMenu } from "./column-menu.tsx";
import { filterUsers } from "./filter-users.ts";
import { usePageCorrection, usePageParams } from "./page-params.ts";
import { PaginationBar } from "./pagination-bar.tsx";
import { ShortcutsHelp } from "./shortcuts-help.tsx";
import { usePageShortcuts } from "./use-page-shortcuts.ts";
import { usePrefetchNextPage } from "./use-prefetch-next-page.ts";
import { useUsersTable } from "./use-users-table.ts";
import { UsersSkeleton } from "./users-skeleton.tsx";
import { UsersTable, type UsersTableHandle } from "./users-table.tsx";
import "./users.css";

// Opened on demand; not part of the page's first load.
const UserDetailPanel = lazy(async () => ({ default: (await import("./user-detail-panel.tsx")).UserDetailPanel }));

const noUsers: User[] = [];

export function UsersPage() {
  const connection = useConnection();
  const pageParams = usePageParams();
  const { params, update } = pageParams;
  const { page, pageSize, userId } = params;
  const offset = (page - 1) * pageSize;

  const query = useQuery(usersPageOptions(connection, { offset, limit: pageSize }));
  const data = query.data?.page;
  const current = data !== undefined && !query.isPlaceholderData;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / pageSize)) : undefined;

  usePageCorrection(pageParams, { page, pageCount: current ? pageCount : undefined });
  usePrefetchNextPage(connection, { offset, limit: pageSize, total: current ? data.total : undefined });
  const goTo = useCallback((next: number) => update({ page: next }), [update]);
  usePageShortcuts({ page, pageCount }, goTo);

  // The filter is applied once, to the deferred text, so typing stays responsive and the match
  // count always describes the rows shown.
  const [filter, setFilter] = useState("");
  const deferredFilter = useDeferredValue(filter);
  const users = data?.users ?? noUsers;
  const shown = useMemo(() => filterUsers(users, deferredFilter), [users, deferredFilter]);
  const table = useUsersTable(shown, connection.baseUrl);
  const tableRef = useRef<UsersTableHandle>(null);
  const filterId = useId();

  const openUser = useCallback((user: User) => update({ userId: user.user_id }), [update]);
  const closeDetail = useCallback(() => {
    update({ userId: null });
    if (userId) requestAnimationFrame(() => tableRef.current?.focusRow(userId));
  }, [update, userId]);

  const teamId = data?.users[0]?.team_id;
  const header = (
    <div className="page-header">
      <div>
        <h1>Users</h1>
        <p>The users of the team whose API key is set in settings.</p>
      </div>
      {teamId && (
        <Link className="button button-ghost users-danger-link" to={`/teams/delete?teamId=${encodeURIComponent(teamId)}`}>
          Delete this team…
        </Link>
      )}
    </div>
  );

  if (!connection.teamApiKey) {
    return (
      <>
        {header}
        <div className="stack">
          <div className="card empty-state">
            <h2>Connect a team</h2>
            <p>Enter your team API key in settings to list the team&apos;s users. The key stays in this browser.</p>
            <Link className="button button-primary" to="/settings">
              Open settings
            </Link>
          </div>
          <DemoConnect />
        </div>
      </>
    );
  }

  let body;
  if (query.isPending) {
    body = <UsersSkeleton rows={Math.min(pageSize, 12)} />;
  } else if (query.isError) {
    body = <ErrorAlert description={describeError(query.error, "list")} retry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (data && data.total === 0) {
    body = (
      <div className="card empty-state">
        <h2>No users yet</h2>
        <p>This team has no users. Users appear here once they are created through the service.</p>
      </div>
    );
  } else if (data) {
    body = (
      <div className={`users-layout ${userId ? "users-with-panel" : ""}`}>
        <div className="users-main card users-flush">
          <div className="users-toolbar">
            <div className="users-filter">
              <label htmlFor={filterId} className="label">
                Filter this page
              </label>
              <input
                id={filterId}
                className="input"
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="Client user ID or user ID"
                aria-describedby={`${filterId}-hint`}
                spellCheck={false}
              />
              <p id={`${filterId}-hint`} className="hint small muted">
                Only the {formatCount(users.length)} rows of this page are searched
                {deferredFilter.trim() ? `: ${formatCount(shown.length)} match` : ""}.
              </p>
            </div>
            <div className="row users-toolbar-actions">
              <ColumnMenu table={table} />
              <ShortcutsHelp />
            </div>
          </div>
          <UsersTable
            ref={tableRef}
            table={table}
            openUserId={userId}
            onOpenUser={openUser}
            empty="No user on this page matches the filter."
          />
          <PaginationBar
            view={{
              page,
              pageCount: pageCount ?? 1,
              pageSize,
              total: data.total,
              rowsOnPage: users.length,
              loading: query.isPlaceholderData,
            }}
            onChange={update}
          />
        </div>
        {userId && (
          <Suspense fallback={<aside className="users-detail-panel" aria-busy="true" />}>
            <UserDetailPanel
              userId={userId}
              user={users.find((u) => u.user_id === userId)}
              sent={query.data?.sent[users.findIndex((u) => u.user_id === userId)]}
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
