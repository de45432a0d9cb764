import { columnVisibilityFeature, createColumnHelper, tableFeatures } from "@tanstack/react-table";
import type { User } from "../../api/contract.ts";
import { formatCalendarDate, formatDateTime } from "../../components/format.ts";
import { SourceTiles } from "./source-tiles.tsx";

/** What each column says of itself: the column menu, the widths and the defaults read it. */
export interface UserColumnMeta {
  /** The column's name in the column menu. */
  label: string;
  /** In pixels. */
  width: number;
  hiddenByDefault?: boolean;
  /** The class of the column's cells: cells lay their content out themselves, with no wrapper. */
  className?: string;
}

/** Only the features the table uses are bundled. */
export const userTableFeatures = tableFeatures({ columnVisibilityFeature, columnMeta: {} as UserColumnMeta });
const column = createColumnHelper<typeof userTableFeatures, User>();

/** Reads "not set"; shows a dash (users.css). */
const Missing = () => <span className="users-missing">not set</span>;

export function userColumns(baseUrl: string) {
  return column.columns([
    column.accessor("client_user_id", {
      id: "client_user_id",
      header: "Client user ID",
      meta: { label: "Client user ID", width: 300, className: "users-identity" },
      enableHiding: false,
      cell: ({ row }) => (
        <>
          <b>{row.original.client_user_id}</b>
          <code title="User ID">{row.original.user_id}</code>
        </>
      ),
    }),
    column.accessor("created_on", {
      id: "created_on",
      header: "Created",
      meta: { label: "Created", width: 170 },
      // The instant as the service sent it, with its UTC offset: on hover here, and in the
      // user's panel (Enter on a row) for the keyboard.
      cell: ({ getValue }) => (
        <time dateTime={getValue()} title={getValue()}>
          {formatDateTime(getValue())}
        </time>
      ),
    }),
    column.accessor("connected_sources", {
      id: "connected_sources",
      header: "Connected sources",
      meta: { label: "Connected sources", width: 210, className: "users-sources" },
      cell: ({ row, getValue }) => <SourceTiles sources={getValue()} userId={row.original.user_id} baseUrl={baseUrl} />,
    }),
    column.accessor((u) => u.fallback_birth_date ?? null, {
      id: "birth_date",
      header: "Birth date",
      meta: { label: "Birth date", width: 150, className: "users-two-line" },
      cell: ({ getValue }) => {
        const birth = getValue();
        return birth ? (
          <>
            {formatCalendarDate(birth.value)}
            <small>from {birth.source_slug}</small>
          </>
        ) : (
          <Missing />
        );
      },
    }),
    column.accessor((u) => u.fallback_time_zone ?? null, {
      id: "time_zone",
      header: "Time zone",
      meta: { label: "Time zone", width: 170, className: "users-two-line" },
      cell: ({ getValue }) => {
        const zone = getValue();
        return zone ? (
          <>
            {zone.id}
            <small>from {zone.source_slug}</small>
          </>
        ) : (
          <Missing />
        );
      },
    }),
    column.accessor("team_id", {
      id: "team_id",
      header: "Team ID",
      meta: { label: "Team ID", width: 300, hiddenByDefault: true },
      cell: ({ getValue }) => <code className="small">{getValue()}</code>,
    }),
  ]);
}

/** Columns shown unless the user chose otherwise. */
export const defaultColumnVisibility: Record<string, boolean> = Object.fromEntries(
  userColumns("")
    .filter((c) => c.meta?.hiddenByDefault)
    .map((c) => [c.id, false]),
);
