import { downloadAttempts, useDeleteAttempts, type DeleteAttempt } from "./delete-log.ts";
import { EntriesTable, type Column } from "./entries-table.tsx";
import { TableCard } from "./table-card.tsx";

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "medium" });

const columns: Column<DeleteAttempt>[] = [
  { header: "Time", cell: (a) => <time dateTime={a.at}>{timeFormat.format(new Date(a.at))}</time> },
  { header: "Organization", cell: (a) => <code>{a.orgId}</code> },
  { header: "Team", cell: (a) => <code>{a.teamId}</code> },
  {
    header: "Outcome",
    cell: (a) => <span className={`badge ${a.outcome === "deleted" ? "badge-ok" : "badge-missing"}`}>{a.outcome}</span>,
  },
];

/** The delete attempts made since this tab was opened, downloadable as JSON. */
export function DeleteAttempts() {
  const attempts = useDeleteAttempts();
  return (
    <TableCard
      className="stack teams-attempts"
      titleId="attempts-title"
      title="Delete attempts in this tab"
      action={
        <button type="button" className="button button-small" onClick={() => downloadAttempts(attempts)} disabled={attempts.length === 0}>
          Download JSON
        </button>
      }
    >
      {attempts.length === 0 ? (
        <p className="muted small">None yet.</p>
      ) : (
        <EntriesTable className="teams-attempts-table" columns={columns} rows={attempts} rowKey={(a, i) => `${a.at}-${i}`} />
      )}
    </TableCard>
  );
}
