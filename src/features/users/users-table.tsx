import { flexRender, useTable, type ColumnVisibilityState, type OnChangeFn, type Row } from "@tanstack/react-table";
import { memo, useDeferredValue, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { User } from "../../api/contract.ts";
import { columnWidths, userColumns, userTableFeatures } from "./user-columns.tsx";

interface UsersTableProps {
  users: User[];
  baseUrl: string;
  /** Filters the rows of this page by client user ID or user ID. */
  filter: string;
  columnVisibility: ColumnVisibilityState;
  onColumnVisibilityChange: OnChangeFn<ColumnVisibilityState>;
  openUserId: string | null;
  onOpenUser: (user: User) => void;
}

export function userMatchesFilter(user: User, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  return needle === "" || user.client_user_id.toLowerCase().includes(needle) || user.user_id.toLowerCase().includes(needle);
}

/**
 * The users of one page, at most 500 rows. They are not virtualized: `npm run bench:table`
 * shows a page of 500 scrolls with no long frame, and a virtualizer would not fit the users
 * route's bundle budget. Rows are memoized. Arrow keys or j/k move the row focus; Enter opens.
 */
export function UsersTable({
  users,
  baseUrl,
  filter,
  columnVisibility,
  onColumnVisibilityChange,
  openUserId,
  onOpenUser,
}: UsersTableProps) {
  const columns = useMemo(() => userColumns(baseUrl), [baseUrl]);
  // Typing stays responsive while up to 500 rows are filtered behind it.
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(
    () => (deferredFilter ? users.filter((u) => userMatchesFilter(u, deferredFilter)) : users),
    [users, deferredFilter],
  );
  const table = useTable({
    features: userTableFeatures,
    data: shown,
    columns,
    state: { columnVisibility },
    onColumnVisibilityChange,
    getRowId: (user) => user.user_id,
  });
  const rows = table.getRowModel().rows;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const active = Math.min(activeIndex, Math.max(0, rows.length - 1));

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActiveIndex(next);
    bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${next}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof HTMLTableRowElement)) return;
    const actions: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      j: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      k: () => moveTo(active - 1),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      Enter: () => {
        const row = rows[active];
        if (row) onOpenUser(row.original);
      },
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  const visibleColumns = table.getVisibleLeafColumns();
  const visibilityKey = visibleColumns.map((c) => c.id).join();
  return (
    <div className="table-scroll">
      <table className="users-table" aria-label="Users">
        <colgroup>
          {visibleColumns.map((c) => (
            <col key={c.id} style={{ width: columnWidths[c.id] }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        {/* The rows' keys are handled once, here; each row is focusable (roving tabindex). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <tbody ref={bodyRef} onKeyDown={onKeyDown}>
          {rows.map((row, index) => (
            <UserRow
              key={row.id}
              row={row}
              index={index}
              focusable={index === active}
              open={row.id === openUserId}
              visibilityKey={visibilityKey}
              onActivate={setActiveIndex}
              onOpenUser={onOpenUser}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && users.length > 0 && <p className="table-note">No user on this page matches the filter.</p>}
    </div>
  );
}

interface UserRowProps {
  row: Row<typeof userTableFeatures, User>;
  index: number;
  focusable: boolean;
  open: boolean;
  /** Re-renders the row when the visible columns change. */
  visibilityKey: string;
  onActivate: (index: number) => void;
  onOpenUser: (user: User) => void;
}

/** Memoized: opening a user or moving the focus re-renders two rows, not five hundred. */
const UserRow = memo(function UserRow({ row, index, focusable, open, onActivate, onOpenUser }: UserRowProps) {
  return (
    <tr
      data-index={index}
      data-user-id={row.id}
      tabIndex={focusable ? 0 : -1}
      className={open ? "is-open" : undefined}
      onClick={() => {
        onActivate(index);
        onOpenUser(row.original);
      }}
      onFocus={() => onActivate(index)}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id}>
          <div className="cell">{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
        </td>
      ))}
    </tr>
  );
});
