import { columnVisibilityFeature, createColumnHelper, tableFeatures } from "@tanstack/react-table";
import type { User } from "../../api/contract.ts";
import { CopyButton } from "../../components/copy-button.tsx";
import { formatCalendarDate, formatDateTime } from "../../components/format.ts";
import { SourceLogos } from "./source-logos.tsx";

/** What each column says of itself: the column menu, the widths and the defaults read it. */
export interface UserColumnMeta {
  /** The column's name in the column menu. */
  label: string;
  /** In pixels. */
  width: number;
  hiddenByDefault?: boolean;
}

/** Only the features the table uses are bundled. */
export const userTableFeatures = tableFeatures({ columnVisibilityFeature, columnMeta: {} as UserColumnMeta });
const column = createColumnHelper<typeof userTableFeatures, User>();

function Missing() {
  return (
    <span className="muted" title="Not set">
      —<span className="visually-hidden">not set</span>
    </span>
  );
}

export function userColumns(baseUrl: string) {
  return column.columns([
    column.accessor("client_user_id", {
      id: "client_user_id",
      header: "Client user ID",
      meta: { label: "Client user ID", width: 300 },
      enableHiding: false,
      cell: ({ row }) => (
        <div className="users-identity">
          <span className="users-identity-main">{row.original.client_user_id}</span>
          <span className="users-identity-sub">
            <code title="User ID">{row.original.user_id}</code>
            <CopyButton text={row.original.user_id} label="Copy user ID" className="users-copy-inline" tabIndex={-1} />
          </span>
        </div>
      ),
    }),
    column.accessor("created_on", {
      id: "created_on",
      header: "Created",
      meta: { label: "Created", width: 170 },
      cell: ({ getValue }) => (
        <time dateTime={getValue()} title={getValue()}>
          {formatDateTime(getValue())}
        </time>
      ),
    }),
    column.accessor("connected_sources", {
      id: "connected_sources",
      header: "Connected sources",
      meta: { label: "Connected sources", width: 210 },
      cell: ({ getValue }) => <SourceLogos sources={getValue()} baseUrl={baseUrl} />,
    }),
    column.accessor((u) => u.fallback_birth_date ?? null, {
      id: "birth_date",
      header: "Birth date",
      meta: { label: "Birth date", width: 150 },
      cell: ({ getValue }) => {
        const birth = getValue();
        return birth ? (
          <div className="users-two-line">
            <span>{formatCalendarDate(birth.value)}</span>
            <span className="muted small">from {birth.source_slug}</span>
          </div>
        ) : (
          <Missing />
        );
      },
    }),
    column.accessor((u) => u.fallback_time_zone ?? null, {
      id: "time_zone",
      header: "Time zone",
      meta: { label: "Time zone", width: 170 },
      cell: ({ getValue }) => {
        const zone = getValue();
        return zone ? (
          <div className="users-two-line">
            <span>{zone.id}</span>
            <span className="muted small">from {zone.source_slug}</span>
          </div>
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
