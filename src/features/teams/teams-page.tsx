import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { canDelete, findTeamByRef, teamPath } from "../../api/connection.ts";
import { fetchDeletions, type ServerDeletion } from "../../api/deletions.ts";
import type { DeployedService } from "../../api/deployment.ts";
import { savedEntries, type OrgEntry, type TeamEntry } from "../../api/saved-entries.ts";
import { Link } from "../../components/link.tsx";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { useSession } from "../../components/use-session.ts";
import { useStoredValue } from "../../components/use-stored-value.ts";
import { useDeleteAttempts } from "./delete-log.ts";
import { busyReason, deleteFlow } from "./delete-flow.ts";
import { DeleteTeamDialog } from "./delete-team-dialog.tsx";
import { EarlierConnectionNotice } from "./earlier-connection-notice.tsx";
import { DemoOffer, ExportDialog, ImportButton } from "./entries-transfer.tsx";
import { OrganizationsTable } from "./organizations-table.tsx";
import { OrgForm } from "./org-form.tsx";
import { SavedTeamsTable } from "./saved-teams-table.tsx";
import { TeamForm } from "./team-form.tsx";
import { useTeamRows, type TeamRow } from "./team-rows.ts";
import { useServices } from "./use-services.ts";
import "./teams.css";

type Dialog =
  | { kind: "team"; editing?: TeamEntry }
  | { kind: "org"; editing?: OrgEntry }
  | { kind: "export" }
  | { kind: "delete"; row: TeamRow }
  | null;

type Report = { text: string; error: boolean } | null;

const noDeletions: Record<string, ServerDeletion> = {};

/** A service as a sentence names it: "US production"; its name when the deployment does not say. */
const sentenceName = (services: readonly DeployedService[]) => (name: string) => {
  const service = services.find((s) => s.name === name);
  return service ? `${service.label} ${service.environment}` : name || "this service";
};

/** Who deleted the provided teams and when, from the server's record: only when the deployment signs people in (it keeps one then). */
function useServerDeletions(teamIds: string[], signedIn: boolean) {
  const { data } = useQuery({
    queryKey: ["deletions", teamIds],
    queryFn: ({ signal }) => fetchDeletions(teamIds, signal),
    enabled: signedIn && teamIds.length > 0,
  });
  return data ?? noDeletions;
}

/**
 * The saved teams and organizations: the dashboard's own list of teams, since the service has
 * none. Each team's size and key are checked; a team is opened or deleted from its row.
 */
export function TeamsPage() {
  const saved = useSavedEntries();
  const attempts = useDeleteAttempts();
  const session = useSession();
  // The forms' Service list is known before one opens; the rows' sentences name the services.
  const services = useServices();
  const deletions = useServerDeletions(
    saved.teams.filter((team) => team.provided).map((team) => team.teamId),
    session.auth !== null && session.signedIn,
  );
  const rows = useTeamRows(saved, attempts, { session, serviceName: sentenceName(services), deletions });
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
    dialog ??
    (linkedRow?.org && canDelete(linkedRow.connection) && !linkedRow.deleteRefused && !deleteBusy
      ? { kind: "delete", row: linkedRow }
      : null);

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

  const empty = saved.teams.length === 0;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Teams</h1>
          <p>
            The teams and organizations saved in this browser, and those this deployment provides. Keys are kept for this browser’s open
            tabs of the dashboard, until the last one closes, unless you chose to remember them.
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
        <SavedTeamsTable
          rows={rows}
          deleteBusy={deleteBusy}
          removing={removing}
          onRemoving={setRemoving}
          onEdit={(team) => open({ kind: "team", editing: team })}
          onDelete={(row) => open({ kind: "delete", row })}
          onReport={setReport}
        />
      )}

      {saved.orgs.length > 0 && (
        <OrganizationsTable
          removing={removing}
          onRemoving={setRemoving}
          onEdit={(org) => open({ kind: "org", editing: org })}
          onReport={setReport}
        />
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
