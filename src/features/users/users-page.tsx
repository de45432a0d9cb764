import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { User } from "../../api/contract.ts";
import { describeError } from "../../api/describe-error.ts";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { formatCount } from "../../components/format.ts";
import { useConnection } from "../../components/use-connection.ts";
import { usersPageOptions } from "../../api/list-users.ts";
import { ColumnMenu, useColumnVisibility } from "./column-menu.tsx";
import { usePageParams } from "./page-params.ts";
import { PaginationBar } from "./pagination-bar.tsx";
import { ShortcutsHelp } from "./shortcuts-help.tsx";
import { userMatchesFilter, UsersTable } from "./users-table.tsx";
import { UsersSkeleton } from "./users-skeleton.tsx";
import "./users.css";

// Opened on demand; not part of the page's first load.
const UserDetailPanel = lazy(async () => ({ default: (await import("./user-detail-panel.tsx")).UserDetailPanel }));

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

export function UsersPage() {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const { params, needsCorrection, update } = usePageParams();
  const [filter, setFilter] = useState("");
  const [visibility, setVisibility] = useColumnVisibility();
  const filterId = useId();

  const { page, pageSize, userId } = params;
  const offset = (page - 1) * pageSize;
  const options = usersPageOptions(connection, { offset, limit: pageSize });
  const query = useQuery(options);
  const data = query.data;
  const current = data !== undefined && !query.isPlaceholderData;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / pageSize)) : undefined;

  // A URL asking for an impossible page or size is corrected, in place.
  useEffect(() => {
    if (needsCorrection) update({}, { replace: true });
  }, [needsCorrection, update]);
  useEffect(() => {
    if (current && pageCount !== undefined && page > pageCount) update({ page: pageCount }, { replace: true });
  }, [current, page, pageCount, update]);

  // The next page is fetched before it is asked for.
  useEffect(() => {
    if (current && pageCount !== undefined && page < pageCount) {
      void queryClient.prefetchQuery(usersPageOptions(connection, { offset: offset + pageSize, limit: pageSize }));
    }
  }, [current, page, pageCount, offset, pageSize, connection, queryClient]);

  // [ and ] change page, unless the user is typing.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (pageCount === undefined || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === "[" && page > 1) update({ page: page - 1 });
      if (event.key === "]" && page < pageCount) update({ page: page + 1 });
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [page, pageCount, update]);

  // A stable callback, so that the memoized rows do not re-render when the URL changes.
  const updateRef = useRef(update);
  useLayoutEffect(() => {
    updateRef.current = update;
  }, [update]);
  const openUser = useCallback((user: User) => updateRef.current({ userId: user.user_id }), []);

  const closeDetail = () => {
    const id = userId;
    update({ userId: null });
    if (id) requestAnimationFrame(() => document.querySelector<HTMLElement>(`tr[data-user-id="${CSS.escape(id)}"]`)?.focus());
  };

  const teamId = data?.users[0]?.team_id;
  const header = (
    <div className="page-header">
      <div>
        <h1>Users</h1>
        <p>The users of the team whose API key is set in settings.</p>
      </div>
      {teamId && (
        <Link className="button button-ghost danger-link" to={`/teams/delete?teamId=${encodeURIComponent(teamId)}`}>
          Delete this team…
        </Link>
      )}
    </div>
  );

  if (!connection.teamApiKey) {
    return (
      <>
        {header}
        <div className="card empty-state">
          <h2>Connect a team</h2>
          <p>Enter your team API key in settings to list the team&apos;s users. The key stays in this browser.</p>
          <Link className="button button-primary" to="/settings">
            Open settings
          </Link>
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
    const shown = filter ? data.users.filter((u) => userMatchesFilter(u, filter)).length : data.users.length;
    body = (
      <div className={`users-layout ${userId ? "with-panel" : ""}`}>
        <div className="users-main card flush">
          <div className="toolbar">
            <div className="filter">
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
                Only the {formatCount(data.users.length)} rows of this page are searched{filter ? `: ${formatCount(shown)} match` : ""}.
              </p>
            </div>
            <div className="row toolbar-actions">
              <ColumnMenu visibility={visibility} onChange={setVisibility} />
              <ShortcutsHelp />
            </div>
          </div>
          <UsersTable
            users={data.users}
            baseUrl={connection.baseUrl}
            filter={filter}
            columnVisibility={visibility}
            onColumnVisibilityChange={setVisibility}
            openUserId={userId}
            onOpenUser={openUser}
          />
          <PaginationBar
            page={page}
            pageCount={pageCount ?? 1}
            pageSize={pageSize}
            total={data.total}
            rowsOnPage={data.users.length}
            loading={query.isPlaceholderData}
            onPageChange={(next) => update({ page: next })}
            onPageSizeChange={(size) => update({ pageSize: size, page: Math.floor(offset / size) + 1 })}
          />
        </div>
        {userId && (
          <Suspense fallback={<aside className="detail-panel" aria-busy="true" />}>
            <UserDetailPanel
              userId={userId}
              user={data.users.find((u) => u.user_id === userId)}
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
