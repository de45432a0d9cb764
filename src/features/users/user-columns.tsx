import { columnVisibilityFeature, createColumnHelper, tableFeatures } from "@tanstack/react-table";
import type { User } from "../../api/contract.ts";
import { CopyButton } from "../../components/copy-button.tsx";
import { formatCalendarDate, formatDateTime } from "../../components/format.ts";
import { SourceLogos } from "./source-logos.tsx";

/** Only the features the table uses are bundled. */
export const userTableFeatures = tableFeatures({ columnVisibilityFeature });
const column = createColumnHelper<typeof userTableFeatures, User>();

function Missing() {
  return (
    <span className="muted" title="Not set">
      —<span className="visually-hidden">not set</span>
    </span>
  );
}

/** Column widths in pixels, by column ID. */
export const columnWidths: Record<string, number> = {
  client_user_id: 300,
  created_on: 170,
  connected_sources: 210,
  birth_date: 150,
  time_zone: 170,
  team_id: 300,
};

export function userColumns(baseUrl: string) {
  return column.columns([
    column.accessor("client_user_id", {
      id: "client_user_id",
      header: "Client user ID",
      enableHiding: false,
      cell: ({ row }) => (
        <div className="identity">
          <span className="identity-main">{row.original.client_user_id}</span>
          <span className="identity-sub">
            <code title="User ID">{row.original.user_id}</code>
            <CopyButton text={row.original.user_id} label="Copy user ID" className="copy-inline" tabIndex={-1} />
          </span>
        </div>
      ),
    }),
    column.accessor("created_on", {
      id: "created_on",
      header: "Created",
      cell: ({ getValue }) => (
        <time dateTime={getValue()} title={getValue()}>
          {formatDateTime(getValue())}
        </time>
      ),
    }),
    column.accessor("connected_sources", {
      id: "connected_sources",
      header: "Connected sources",
      cell: ({ getValue }) => <SourceLogos sources={getValue()} baseUrl={baseUrl} />,
    }),
    column.accessor((u) => u.fallback_birth_date ?? null, {
      id: "birth_date",
      header: "Birth date",
      cell: ({ getValue }) => {
        const birth = getValue();
        return birth ? (
          <div className="two-line">
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
      cell: ({ getValue }) => {
        const zone = getValue();
        return zone ? (
          <div className="two-line">
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
      cell: ({ getValue }) => <code className="small">{getValue()}</code>,
    }),
  ]);
}

export const defaultColumnVisibility = { team_id: false } as const;

export const hideableColumns = [
  { id: "created_on", label: "Created" },
  { id: "connected_sources", label: "Connected sources" },
  { id: "birth_date", label: "Birth date" },
  { id: "time_zone", label: "Time zone" },
  { id: "team_id", label: "Team ID" },
] as const;
