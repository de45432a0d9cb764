import { savedEntries, type OrgEntry } from "../../api/saved-entries.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { CopyableId } from "./copyable-id.tsx";
import { ConfirmRemove, EditAndRemove } from "./row-actions.tsx";

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

  function removeOrg(org: OrgEntry) {
    savedEntries.change({
      orgs: saved.orgs.filter((o) => o.id !== org.id),
      teams: saved.teams.map((t) => (t.orgEntryId === org.id ? { ...t, orgEntryId: null } : t)),
    });
    onRemoving(null);
    onReport({ text: `Removed ${org.label} from the list; its teams stay, without an organization.`, error: false });
  }

  return (
    <section className="card teams-table-card" aria-labelledby="orgs-table-title">
      <h2 id="orgs-table-title" className="section-title teams-table-head">
        Organizations
      </h2>
      <div className="teams-scroll">
        <table className="teams-table" aria-label="Organizations">
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Organization ID</th>
              <th scope="col">Management API</th>
              <th scope="col">Management key</th>
              <th scope="col" className="teams-number">
                Teams
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {saved.orgs.map((org) => (
              <tr key={org.id}>
                <th scope="row" className="teams-label">
                  {org.label}
                </th>
                <td>
                  <CopyableId id={org.orgId} label={`Copy organization ID of ${org.label}`} />
                </td>
                <td>{org.managementUrl || <span className="muted">This origin</span>}</td>
                <td>
                  <span className={`badge ${saved.keys.orgs[org.id] ? "badge-ok" : "badge-missing"}`}>
                    {saved.keys.orgs[org.id] ? "In this tab" : "Not in this tab"}
                  </span>
                </td>
                <td className="teams-number">{saved.teams.filter((t) => t.orgEntryId === org.id).length}</td>
                <td>
                  <div className="teams-row-actions">
                    {removing === org.id ? (
                      <ConfirmRemove label={org.label} onRemove={() => removeOrg(org)} onKeep={() => onRemoving(null)} />
                    ) : (
                      <EditAndRemove label={org.label} onEdit={() => onEdit(org)} onRemove={() => onRemoving(org.id)} />
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
