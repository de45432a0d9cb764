import { useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { findTeamByRef, teamPath } from "../../api/connection.ts";
import { managementKeyIsTeamKey } from "../../api/delete-team.ts";
import { savedEntries, type OrgEntry, type TeamEntry } from "../../api/saved-entries.ts";
import { CopyButton } from "../../components/copy-button.tsx";
import { formatCount } from "../../components/format.ts";
import { Link } from "../../components/link.tsx";
import { EnvironmentBadge } from "../../components/team-name.tsx";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { useStoredValue } from "../../components/use-stored-value.ts";
import { useDeleteAttempts } from "./delete-log.ts";
import { busyReason, deleteFlow } from "./delete-flow.ts";
import { DeleteTeamDialog } from "./delete-team-dialog.tsx";
import { EarlierConnectionNotice } from "./earlier-connection-notice.tsx";
import { DemoOffer, ExportDialog, ImportButton } from "./entries-transfer.tsx";
import { OrgForm } from "./org-form.tsx";
import { TeamForm } from "./team-form.tsx";
import { useTeamRows, type KeyStatus, type TeamRow } from "./team-rows.ts";
import "./teams.css";

type Dialog =
  | { kind: "team"; editing?: TeamEntry }
  | { kind: "org"; editing?: OrgEntry }
  | { kind: "export" }
  | { kind: "delete"; row: TeamRow }
  | null;

type Report = { text: string; error: boolean } | null;

const keyWords: Record<KeyStatus["kind"], string> = {
  works: "Works",
  checking: "Checking…",
  rejected: "Rejected",
  unreachable: "Unreachable",
  failed: "Failed",
  "not in this tab": "Not in this tab",
  none: "None (delete only)",
};
const keyBadge: Record<KeyStatus["kind"], string> = {
  works: "badge-ok",
  checking: "badge-environment",
  rejected: "badge-danger",
  unreachable: "badge-danger",
  failed: "badge-danger",
  "not in this tab": "badge-missing",
  none: "badge-environment",
};

function KeyCell({ status }: { status: KeyStatus }) {
  return (
    <div className="teams-key">
      <span className={`badge ${keyBadge[status.kind]}`}>{keyWords[status.kind]}</span>
      {"reason" in status && <span className="small muted">{status.reason}</span>}
    </div>
  );
}

const CopyableId = ({ id, label }: { id: string; label: string }) => (
  <span className="teams-id">
    <code>{id}</code>
    <CopyButton text={id} label={label} />
  </span>
);

/** A row's Edit and Remove; Remove asks once more, in place (see ConfirmRemove). */
function EditAndRemove({ label, onEdit, onRemove }: { label: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <>
      <button type="button" className="button button-small button-ghost" onClick={onEdit} aria-label={`Edit ${label}`}>
        Edit
      </button>
      <button type="button" className="button button-small button-ghost" onClick={onRemove} aria-label={`Remove ${label}`}>
        Remove
      </button>
    </>
  );
}

/** Removing an entry from the list (nothing is sent to the service), confirmed in place. */
function ConfirmRemove({ label, onRemove, onKeep }: { label: string; onRemove: () => void; onKeep: () => void }) {
  return (
    <>
      <button type="button" className="button button-small button-danger" onClick={onRemove}>
        Remove {label}
      </button>
      <button type="button" className="button button-small" onClick={onKeep}>
        Keep
      </button>
    </>
  );
}

/**
 * The saved teams and organizations: the dashboard's own list of teams, since the service has
 * none. Each team's size and key are checked; a team is opened or deleted from its row.
 */
export function TeamsPage() {
  const saved = useSavedEntries();
  const attempts = useDeleteAttempts();
  const rows = useTeamRows(saved, attempts);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [report, setReport] = useState<Report>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // One deletion at a time: while one waits in its undo window, the rows' Delete buttons say why they are off.
  const deleteBusy = busyReason(useStoredValue(deleteFlow));

  // `?delete=<ref>`: the users page's "Delete this team…" opens the row's dialog.
  const deleteRef = params.get("delete");
  const linked = deleteRef === null ? undefined : findTeamByRef(saved.teams, deleteRef);
  const linkedRow = linked && rows.find((row) => row.team.id === linked.id);
  const shown: Dialog =
    dialog ?? (linkedRow?.org && linkedRow.connection.managementKey && !deleteBusy ? { kind: "delete", row: linkedRow } : null);

  function open(next: NonNullable<Dialog>) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (next.kind === "delete") deleteFlow.dismiss();
    setDialog(next);
  }
  function close(message: string | null = null, returnFocus = true) {
    setDialog(null);
    if (deleteRef !== null) setParams({}, { replace: true });
    if (message) setReport({ text: message, error: false });
    if (returnFocus) requestAnimationFrame(() => openerRef.current?.focus());
  }

  function removeTeam(row: TeamRow) {
    savedEntries.change({ teams: saved.teams.filter((t) => t.id !== row.team.id) });
    setRemoving(null);
    setReport({ text: `Removed ${row.team.label} from the list.`, error: false });
  }
  function removeOrg(org: OrgEntry) {
    savedEntries.change({
      orgs: saved.orgs.filter((o) => o.id !== org.id),
      teams: saved.teams.map((t) => (t.orgEntryId === org.id ? { ...t, orgEntryId: null } : t)),
    });
    setRemoving(null);
    setReport({ text: `Removed ${org.label} from the list; its teams stay, without an organization.`, error: false });
  }

  const empty = saved.teams.length === 0;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Teams</h1>
          <p>
            The teams and organizations saved in this browser. Keys are kept for this browser’s open tabs of the dashboard, until the last
            one closes, unless you chose to remember them.
          </p>
        </div>
        <div className="row teams-actions">
          <button type="button" className="button button-primary" onClick={() => open({ kind: "team" })}>
            Add team
          </button>
          <button type="button" className="button" onClick={() => open({ kind: "org" })}>
            Add organization
          </button>
          <ImportButton onReport={setReport} />
          <button type="button" className="button" onClick={() => open({ kind: "export" })} disabled={empty && saved.orgs.length === 0}>
            Export…
          </button>
        </div>
      </div>

      <div role="status" aria-live="polite">
        {report && !report.error && <p className="alert alert-success teams-report">{report.text}</p>}
      </div>
      <div role="alert">{report?.error && <p className="alert alert-error teams-report">{report.text}</p>}</div>

      <EarlierConnectionNotice onReport={setReport} />

      {empty ? (
        <div className="card empty-state teams-empty">
          <h2>No teams saved yet</h2>
          <p>
            Add a team with its team API key: the dashboard checks it with the service and learns the team&apos;s ID and size. Add its
            organization (ID and management key) to delete teams from here. Or import a file of saved teams, or the credentials file that
            the reference service writes.
          </p>
        </div>
      ) : (
        <section className="card teams-table-card" aria-labelledby="teams-table-title">
          <div className="row row-spread teams-table-head">
            <h2 id="teams-table-title" className="section-title">
              Saved teams
            </h2>
            <button type="button" className="button button-small" onClick={() => rows.forEach((row) => row.refetch())}>
              Refresh
            </button>
          </div>
          {deleteBusy && (
            <p id="teams-delete-busy" className="small muted teams-delete-busy">
              {deleteBusy}
            </p>
          )}
          <div className="teams-scroll">
            <table className="teams-table" aria-label="Teams">
              <thead>
                <tr>
                  <th scope="col">Label</th>
                  <th scope="col">Environment</th>
                  <th scope="col">Organization</th>
                  <th scope="col">Team ID</th>
                  <th scope="col" className="teams-number">
                    Users
                  </th>
                  <th scope="col">Key</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const { team, org, deletion } = row;
                  return (
                    <tr key={team.id}>
                      <th scope="row" className="teams-label">
                        {team.label}
                      </th>
                      <td>
                        <EnvironmentBadge environment={team.environment} />
                      </td>
                      <td>{org ? org.label : <span className="muted">None</span>}</td>
                      <td>
                        <CopyableId id={team.teamId} label={`Copy team ID of ${team.label}`} />
                      </td>
                      <td className="teams-number">{deletion || row.users === undefined ? "—" : formatCount(row.users)}</td>
                      <td>
                        {deletion ? (
                          <span className="badge badge-danger">
                            {deletion.kind === "deleted" ? "Deleted" : "Already gone, or of another organization"}
                          </span>
                        ) : (
                          <KeyCell status={row.keyStatus} />
                        )}
                      </td>
                      <td>
                        <div className="teams-row-actions">
                          {removing === team.id ? (
                            <ConfirmRemove label={team.label} onRemove={() => removeTeam(row)} onKeep={() => setRemoving(null)} />
                          ) : deletion ? (
                            <button
                              type="button"
                              className="button button-small"
                              onClick={() => removeTeam(row)}
                              aria-label={`Remove ${team.label} from list`}
                            >
                              Remove from list
                            </button>
                          ) : (
                            <>
                              <Link
                                className="button button-small"
                                to={teamPath(team, saved.teams)}
                                aria-label={`Open users of ${team.label}`}
                              >
                                Open users
                              </Link>
                              {org && (
                                <button
                                  type="button"
                                  className="button button-small button-danger-ghost"
                                  onClick={() => open({ kind: "delete", row })}
                                  disabled={
                                    !row.connection.managementKey ||
                                    managementKeyIsTeamKey(row.connection, saved.keys.teams) ||
                                    deleteBusy !== null
                                  }
                                  title={row.connection.managementKey ? undefined : `This tab has no management key for ${org.label}`}
                                  aria-describedby={deleteBusy ? "teams-delete-busy" : undefined}
                                  aria-label={`Delete team ${team.label}…`}
                                >
                                  Delete team…
                                </button>
                              )}
                              <EditAndRemove
                                label={team.label}
                                onEdit={() => open({ kind: "team", editing: team })}
                                onRemove={() => setRemoving(team.id)}
                              />
                            </>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {saved.orgs.length > 0 && (
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
                          <ConfirmRemove label={org.label} onRemove={() => removeOrg(org)} onKeep={() => setRemoving(null)} />
                        ) : (
                          <EditAndRemove
                            label={org.label}
                            onEdit={() => open({ kind: "org", editing: org })}
                            onRemove={() => setRemoving(org.id)}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <DemoOffer
        onReport={setReport}
        onOpen={(teamId) => {
          const latest = savedEntries.get();
          const team = latest.teams.find((t) => t.teamId === teamId.toLowerCase());
          if (team) void navigate(teamPath(team, latest.teams));
        }}
      />

      <p className="small muted teams-footnote">
        A team that is not saved can be deleted by its ID: <Link to="/teams/delete">Delete a team by ID</Link>.
      </p>

      {shown?.kind === "team" && <TeamForm editing={shown.editing} onDone={(message) => close(message)} />}
      {shown?.kind === "org" && <OrgForm editing={shown.editing} onDone={(message) => close(message)} />}
      {shown?.kind === "export" && <ExportDialog onDone={() => close()} />}
      {shown?.kind === "delete" && shown.row.org && (
        <DeleteTeamDialog
          connection={shown.row.connection}
          teamId={shown.row.team.teamId}
          label={shown.row.team.label}
          onClose={(returnFocus) => close(null, returnFocus)}
        />
      )}
    </>
  );
}
