import { savedEntries, type OrgEntry } from "../../api/saved-entries.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { CopyableId } from "./copyable-id.tsx";
import { EntriesTable, type Column } from "./entries-table.tsx";
import { EntryNotes } from "./entry-notes.tsx";
import { ConfirmRemove, EditAndRemove, SetKey } from "./row-actions.tsx";
import { rowNames } from "./row-names.ts";
import { TableCard } from "./table-card.tsx";

interface OrganizationsTableProps {
  /** The entry whose Remove asks for confirmation: one at a time, in either table. */
  removing: string | null;
  onRemoving: (entryId: string | null) => void;
  onEdit: (org: OrgEntry) => void;
  onReport: (report: { text: string; error: boolean }) => void;
}

/** The saved organizations: where their teams are deleted, and whether this tab holds the key. */
export function OrganizationsTable({ removing, onRemoving, onEdit, onReport }: OrganizationsTableProps) {
  const saved = useSavedEntries();
  const names = rowNames(
    saved.orgs.map((org) => ({ id: org.id, label: org.label, service: org.service, url: org.managementUrl, key: org.orgId })),
  );
  const nameOf = (org: OrgEntry) => names.get(org.id) ?? org.label;

  function removeOrg(org: OrgEntry) {
    savedEntries.change({
      orgs: saved.orgs.filter((o) => o.id !== org.id),
      teams: saved.teams.map((t) => (t.orgEntryId === org.id ? { ...t, orgEntryId: null } : t)),
    });
    onRemoving(null);
    onReport({ text: `Removed ${org.label} from the list; its teams stay, without an organization.`, error: false });
  }

  const columns: Column<OrgEntry>[] = [
    { header: "Label", rowHeader: true, cell: (org) => org.label },
    { header: "Organization ID", cell: (org) => <CopyableId id={org.orgId} label={`Copy organization ID of ${nameOf(org)}`} /> },
    {
      header: "Management API",
      cell: (org) => (org.service ? <EntryNotes entry={org} /> : org.managementUrl || <span className="muted">This origin</span>),
    },
    {
      header: "Management key",
      // The service has no operation that reads a management key: a deletion is its only check (see docs/using.md).
      cell: (org) =>
        org.keyHeld ? (
          <span className="badge badge-ok">Key held by the deployment</span>
        ) : saved.keys.orgs[org.id] ? (
          <div className="teams-key">
            <span className="badge badge-environment">In this tab</span>
            <span className="small muted">Checked only by a deletion</span>
          </div>
        ) : (
          <span className="badge badge-missing">Not in this tab</span>
        ),
    },
    { header: "Teams", number: true, cell: (org) => saved.teams.filter((t) => t.orgEntryId === org.id).length },
  ];

  return (
    <TableCard className="teams-table-card" titleId="orgs-table-title" title="Organizations">
      <EntriesTable
        className="teams-table"
        label="Organizations"
        columns={columns}
        rows={saved.orgs}
        rowKey={(org) => org.id}
        actions={(org) =>
          removing === org.id ? (
            <ConfirmRemove label={nameOf(org)} onRemove={() => removeOrg(org)} onKeep={() => onRemoving(null)} />
          ) : org.keyHeld ? null : org.provided ? (
            <SetKey label={nameOf(org)} onSetKey={() => onEdit(org)} />
          ) : (
            <EditAndRemove label={nameOf(org)} onEdit={() => onEdit(org)} onRemove={() => onRemoving(org.id)} />
          )
        }
      />
    </TableCard>
  );
}
