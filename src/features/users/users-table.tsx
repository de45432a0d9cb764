import { replaceEqualDeep } from "@tanstack/react-query";
import { flexRender, type Cell, type Row } from "@tanstack/react-table";
import { memo, useImperativeHandle, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type Ref } from "react";
import type { User } from "../../api/contract.ts";
import { CopyButton } from "../../components/copy-button.tsx";
import { useAfterFirstPaint } from "../../components/use-after-first-paint.ts";
import { LogosReady } from "./source-tiles.tsx";
import type { UsersTableModel } from "./use-users-table.ts";
import type { userTableFeatures } from "./user-columns.tsx";
import type { TeamSort } from "../../team-engine/team-query.ts";
import type { SortColumn } from "../../team-engine/team-sort.ts";

/** Enough rows to fill the window: a row is 57px high (users.css). */
const firstScreenRows = () => Math.ceil(window.innerHeight / 57);

export interface UsersTableHandle {
  /** Moves the keyboard focus to a user's row, if it is shown. */
  focusRow(userId: string): void;
}

interface UsersTableProps {
  table: UsersTableModel;
  openUserId: string | null;
  onOpenUser: (user: User) => void;
  /** Shown in place of the rows when there are none. */
  empty: string;
  /** The order, when the rows can be sorted (a loaded team); the headers then sort on click. */
  sort?: TeamSort | null;
  onSort?: (column: SortColumn) => void;
  ref?: Ref<UsersTableHandle>;
}

/**
 * The users of one page, at most 500 rows. Rows are memoized. Arrow keys or j/k move the row
 * focus (a roving tabindex); Home and End go to the first and last row; Enter opens.
 */
export function UsersTable({ table, openUserId, onOpenUser, empty, sort, onSort, ref }: UsersTableProps) {
  const rows = table.getRowModel().rows;
  // When the table first shows, the rows a window holds come first, as text; the other rows and
  // the logos (an SVG logo is a document to build) follow once those are painted.
  const painted = useAfterFirstPaint();
  // Each column's share of the width, in proportion to its width in meta.
  const columnTemplate = table
    .getVisibleLeafColumns()
    .map((c) => `minmax(0, ${c.columnDef.meta?.width ?? 150}fr)`)
    .join(" ");
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [hoveredIndex, setHoveredIndex] = useState<number | null>(null);
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null);
  const rowIndexOf = (target: EventTarget) => (target as Element).closest("tr")?.sectionRowIndex ?? null;
  const active = Math.min(activeIndex, Math.max(0, rows.length - 1));
  // Before the first paint, rows down to the active one (End, a row focused from outside) too.
  const rendered = painted ? rows : rows.slice(0, Math.max(firstScreenRows(), active + 1));

  // A row not rendered yet is focused once it is.
  const pendingFocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    bodyRef.current?.rows[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  });

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActiveIndex(next);
    const row = bodyRef.current?.rows[next];
    if (row) row.focus();
    else pendingFocus.current = next;
  }

  useImperativeHandle(ref, () => ({
    focusRow(userId) {
      const index = rows.findIndex((row) => row.id === userId);
      if (index >= 0) moveTo(index);
    },
  }));

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

  return (
    <div className="users-table-scroll">
      {/*
        Laid out as a grid (users.css), each row a block that the browser can skip while it is off
        screen (content-visibility); the roles keep the table's semantics whatever its layout.
      */}
      <table className="users-table" aria-label="Users" role="table" style={{ "--users-columns": columnTemplate } as CSSProperties}>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when display changes (Safari) */}
        <thead role="rowgroup">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} role="row">
              {group.headers.map((header) => {
                const label = flexRender(header.column.columnDef.header, header.getContext());
                const column = header.column.id as SortColumn;
                const direction = sort?.column === column ? sort.direction : null;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    role="columnheader"
                    aria-sort={onSort ? (direction ? `${direction}ending` : "none") : undefined}
                  >
                    {onSort ? (
                      <button type="button" className="users-sort" onClick={() => onSort(column)}>
                        {label}
                        <span aria-hidden="true">{direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        {/* The rows' keys are handled once, here; each row is focusable (roving tabindex). */}
        {/* The copy control follows the mouse, and the keyboard's focus (each row's onFocus). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-redundant-roles -- roles kept when display changes (Safari) */}
        <tbody
          role="rowgroup"
          ref={bodyRef}
          onKeyDown={onKeyDown}
          onMouseOver={(event) => setHoveredIndex(rowIndexOf(event.target))}
          onFocus={(event) => setFocusedIndex(rowIndexOf(event.target))}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocusedIndex(null);
          }}
          onMouseLeave={() => setHoveredIndex(null)}
        >
          {/* Keyed by position: a new page reuses the rows' elements instead of building new ones. */}
          <LogosReady value={painted}>
            {rendered.map((row, index) => (
              <UserRow
                key={index}
                row={row}
                cells={row.getVisibleCells()}
                index={index}
                focusable={index === active}
                copyable={index === focusedIndex || index === hoveredIndex}
                open={row.id === openUserId}
                onActivate={setActiveIndex}
                onOpenUser={onOpenUser}
              />
            ))}
          </LogosReady>
        </tbody>
      </table>
      {rows.length === 0 && <p className="users-table-note">{empty}</p>}
    </div>
  );
}

export interface UserRowProps {
  row: Row<typeof userTableFeatures, User>;
  /** The row's visible cells: their column definitions, compared by `sameRow`, say what the row shows. */
  cells: Cell<typeof userTableFeatures, User, unknown>[];
  index: number;
  focusable: boolean;
  /** The focused or hovered row: the only one with a copy control, so rows stay light. */
  copyable: boolean;
  open: boolean;
  onActivate: (index: number) => void;
  onOpenUser: (user: User) => void;
}

/** Memoized: opening a user or moving the focus re-renders two rows, not five hundred. */
const UserRow = memo(function UserRow({ row, cells, index, focusable, copyable, open, onActivate, onOpenUser }: UserRowProps) {
  return (
    <tr
      role="row"
      data-user-id={row.id}
      tabIndex={focusable ? 0 : -1}
      className={open ? "users-row-open" : undefined}
      onClick={() => {
        onActivate(index);
        onOpenUser(row.original);
      }}
      onFocus={() => onActivate(index)}
    >
      {cells.map((cell) => (
        // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a cell of a clickable row, kept a cell when display changes
        <td key={cell.column.id} role="cell" className={cell.column.columnDef.meta?.className}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
          {copyable && cell.column.id === "client_user_id" && (
            <CopyButton text={row.original.user_id} label="Copy user ID" className="users-copy-inline" tabIndex={-1} />
          )}
        </td>
      ))}
    </tr>
  );
}, sameRow);

/**
 * A row shows the same as before when its user is equal field by field, not only the same object:
 * a new answer of the loaded team (a search, a facet, a sort) or the switch from the service's page
 * to the loaded team's brings the users it shares with the rows shown as new objects.
 */
export function sameRow(before: UserRowProps, after: UserRowProps): boolean {
  return (
    before.index === after.index &&
    before.focusable === after.focusable &&
    before.copyable === after.copyable &&
    before.open === after.open &&
    before.onActivate === after.onActivate &&
    before.onOpenUser === after.onOpenUser &&
    before.cells.length === after.cells.length &&
    before.cells.every((cell, i) => cell.column.columnDef === after.cells[i]!.column.columnDef) &&
    replaceEqualDeep(before.row.original, after.row.original) === before.row.original
  );
}
