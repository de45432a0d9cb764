import { canDelete, teamPath } from "../../api/connection.ts";
import { managementKeyIsTeamKey } from "../../api/delete-team.ts";
import { savedEntries, type TeamEntry } from "../../api/saved-entries.ts";
import { formatCount, formatDateTime } from "../../components/format.ts";
import { Link } from "../../components/link.tsx";
import { EnvironmentBadge } from "../../components/team-name.tsx";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { CopyableId } from "./copyable-id.tsx";
import { EntryNotes } from "./entry-notes.tsx";
import { EntriesTable, type Column } from "./entries-table.tsx";
import { ConfirmRemove, EditAndRemove, SetKey } from "./row-actions.tsx";
import { TableCard } from "./table-card.tsx";
import type { KeyStatus, TeamRow } from "./team-rows.ts";

const keyWords: Record<KeyStatus["kind"], string> = {
  works: "Works",
  held: "Key held by the deployment",
  "no access": "No access",
  checking: "Checking…",
  rejected: "Rejected",
  unreachable: "Unreachable",
  failed: "Failed",
  "not in this tab": "Not in this tab",
  none: "None (delete only)",
  "another team": "Another team's key",
};
const keyBadge: Record<KeyStatus["kind"], string> = {
  works: "badge-ok",
  held: "badge-ok",
  "no access": "badge-missing",
  checking: "badge-environment",
  rejected: "badge-danger",
  unreachable: "badge-danger",
  failed: "badge-danger",
  "not in this tab": "badge-missing",
  none: "badge-environment",
  "another team": "badge-danger",
};

function KeyCell({ status }: { status: KeyStatus }) {
  return (
    <div className="teams-key">
      <span className={`badge ${keyBadge[status.kind]}`}>{keyWords[status.kind]}</span>
      {"reason" in status && <span className="small muted">{status.reason}</span>}
    </div>
  );
}

const columns: Column<TeamRow>[] = [
  { header: "Label", rowHeader: true, cell: ({ team }) => team.label },
  {
    header: "Environment",
    cell: ({ team }) => (
      <>
        <EnvironmentBadge environment={team.environment} />
        <EntryNotes entry={team} />
      </>
    ),
  },
  { header: "Organization", cell: ({ org }) => (org ? org.label : <span className="muted">None</span>) },
  { header: "Team ID", cell: ({ team, name }) => <CopyableId id={team.teamId} label={`Copy team ID of ${name}`} /> },
  { header: "Users", number: true, cell: ({ deletion, users }) => (deletion || users === undefined ? "—" : formatCount(users)) },
  {
    header: "Key",
    cell: ({ deletion, keyStatus }) =>
      deletion ? (
        <div className="teams-key">
          <span className="badge badge-danger">{deletion.kind === "deleted" ? "Deleted" : "Already gone, or of another organization"}</span>
          {deletion.kind === "deleted" && deletion.by && (
            <span className="small muted">
              Deleted by {deletion.by.who ?? "someone not signed in"} on {formatDateTime(deletion.by.at)}
            </span>
          )}
        </div>
      ) : (
        <KeyCell status={keyStatus} />
      ),
  },
];

interface SavedTeamsTableProps {
  rows: TeamRow[];
  /** Why no deletion can start now (one runs at a time), or null. */
  deleteBusy: string | null;
  /** The entry whose Remove asks for confirmation: one at a time, in either table. */
  removing: string | null;
  onRemoving: (entryId: string | null) => void;
  onEdit: (team: TeamEntry) => void;
  onDelete: (row: TeamRow) => void;
  onReport: (report: { text: string; error: boolean }) => void;
}

/** The saved teams and those the deployment provides: each one's size and key, opened, deleted, edited or removed (or only given a key) from its row. */
export function SavedTeamsTable({ rows, deleteBusy, removing, onRemoving, onEdit, onDelete, onReport }: SavedTeamsTableProps) {
  const saved = useSavedEntries();

  function removeTeam(row: TeamRow) {
    savedEntries.change({ teams: saved.teams.filter((t) => t.id !== row.team.id) });
    onRemoving(null);
    onReport({ text: `Removed ${row.team.label} from the list.`, error: false });
  }

  function actions(row: TeamRow) {
    const { team, name, org, deletion, keyStatus, deleteRefused } = row;
    if (removing === team.id) return <ConfirmRemove label={name} onRemove={() => removeTeam(row)} onKeep={() => onRemoving(null)} />;
    if (deletion) {
      // A provided team stays listed until the deployment stops providing it.
      return team.provided ? null : (
        <button type="button" className="button button-small" onClick={() => removeTeam(row)} aria-label={`Remove ${name} from list`}>
          Remove from list
        </button>
      );
    }
    // Nothing of a team on a service the person has no role on: its key cell says why.
    if (keyStatus.kind === "no access") return null;
    return (
      <>
        {keyStatus.kind !== "another team" && (
          <Link className="button button-small" to={teamPath(team, saved.teams)} aria-label={`Open users of ${name}`}>
            Open users
          </Link>
        )}
        {org && deleteRefused && <span className="small muted teams-why">{deleteRefused}</span>}
        {org && !deleteRefused && (
          <button
            type="button"
            className="button button-small button-danger-ghost"
            onClick={() => onDelete(row)}
            disabled={!canDelete(row.connection) || managementKeyIsTeamKey(row.connection, saved.keys.teams) || deleteBusy !== null}
            title={canDelete(row.connection) ? undefined : `This tab has no management key for ${org.label}`}
            aria-describedby={deleteBusy ? "teams-delete-busy" : undefined}
            aria-label={`Delete team ${name}…`}
          >
            Delete team…
          </button>
        )}
        {team.keyHeld ? null : team.provided ? (
          <SetKey label={name} onSetKey={() => onEdit(team)} />
        ) : (
          <EditAndRemove label={name} onEdit={() => onEdit(team)} onRemove={() => onRemoving(team.id)} />
        )}
      </>
    );
  }

  return (
    <TableCard
      className="teams-table-card"
      titleId="teams-table-title"
      title="Saved teams"
      action={
        <button type="button" className="button button-small" onClick={() => rows.forEach((row) => row.refetch())}>
          Refresh
        </button>
      }
    >
      {deleteBusy && (
        <p id="teams-delete-busy" className="small muted teams-delete-busy">
          {deleteBusy}
        </p>
      )}
      <EntriesTable className="teams-table" label="Teams" columns={columns} rows={rows} rowKey={(row) => row.team.id} actions={actions} />
    </TableCard>
  );
}
