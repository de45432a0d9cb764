import { useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { managementKeyIsTeamKey } from "../../api/delete-team.ts";
import { TextField } from "../../components/text-field.tsx";
import { useConnection } from "../../components/use-connection.ts";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog.tsx";
import { DeleteAttempts } from "./delete-attempts.tsx";
import { deleteFlow, type FieldErrors } from "./delete-flow.ts";
import { useDeleteTeam } from "./use-delete-team.ts";
import { useConfiguredTeamSize } from "./use-team-size.ts";
import { isUuid, uuidProblem } from "./uuid.ts";
import "./teams.css";

const idFields = [
  { field: "org_id", label: "Organization ID", what: "The organization ID", hint: "Pre-filled from settings." },
  { field: "team_id", label: "Team ID", what: "The team ID", hint: undefined },
] as const;

export function DeleteTeamPage() {
  const connection = useConnection();
  const [search] = useSearchParams();
  const [ids, setIds] = useState({ org_id: connection.orgId, team_id: search.get("teamId") ?? "" });
  const orgId = ids.org_id;
  const teamId = ids.team_id;
  const [confirming, setConfirming] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const flow = useDeleteTeam(connection);
  const teamSize = useConfiguredTeamSize(connection, teamId, confirming);

  const keyIsTeamKey = managementKeyIsTeamKey(connection);
  const ready = flow.canDelete && !keyIsTeamKey && !flow.busy && isUuid(orgId) && isUuid(teamId);
  // With no undo window the request runs while the dialog is open, and its error stays there.
  const { state } = flow;
  const pending = state.phase === "sending" && !state.delayed;
  const dialogError = state.phase === "finished" && !state.delayed && state.outcome.kind === "failed" ? state.outcome.message : null;

  function closeDialog() {
    setConfirming(false);
    requestAnimationFrame(() => triggerRef.current?.focus());
  }

  function openDialog(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setFieldErrors({});
    deleteFlow.dismiss();
    setConfirming(true);
  }

  async function confirm() {
    const note = teamSize.isConfiguredTeam ? " The team API key in settings belonged to it and no longer works." : "";
    const outcome = flow.confirm({ orgId: orgId.trim(), teamId: teamId.trim() }, note);
    // With an undo window the dialog closes at once; the countdown's Undo takes the focus.
    if (flow.undoSeconds > 0) setConfirming(false);
    const result = await outcome;
    if (result?.kind === "invalid") setFieldErrors(result.fieldErrors);
    if (result?.kind === "deleted" || result?.kind === "invalid") {
      if (flow.undoSeconds > 0) return;
      closeDialog();
    }
  }

  const header = (
    <div className="page-header">
      <div>
        <h1>Delete a team</h1>
        <p>Removes a team of your organization, with its users and their connections.</p>
      </div>
    </div>
  );

  if (!connection.managementKey) {
    return (
      <>
        {header}
        <div className="card empty-state">
          <h2>A management key is needed</h2>
          <p>Deleting a team needs your organization&apos;s management key. Add it in settings; it stays in this browser.</p>
          <Link className="button button-primary" to="/settings">
            Open settings
          </Link>
        </div>
        <DeleteAttempts />
      </>
    );
  }

  return (
    <>
      {header}
      <div className="teams-layout">
        <form className="card stack" onSubmit={openDialog} noValidate aria-label="Team to delete">
          {keyIsTeamKey && (
            <div className="alert alert-error" role="alert">
              <p className="alert-title">The management key in settings is the team API key</p>
              <p>
                A team API key cannot delete teams, and it is never sent as a management key.{" "}
                <Link to="/settings">Enter the management key in settings</Link>.
              </p>
            </div>
          )}
          {idFields.map(({ field, label, what, hint }) => (
            <TextField
              key={field}
              label={label}
              value={ids[field]}
              onChange={(value) => {
                setIds((current) => ({ ...current, [field]: value }));
                setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
              }}
              className="mono"
              spellCheck={false}
              autoComplete="off"
              error={uuidProblem(ids[field], what) ?? fieldErrors[field]?.join(" ")}
              hint={hint}
            />
          ))}
          {fieldErrors.other && (
            <div className="alert alert-error" role="alert">
              {fieldErrors.other.join(" ")}
            </div>
          )}
          <div className="row">
            <button ref={triggerRef} type="submit" className="button button-danger" disabled={!ready}>
              Delete team
            </button>
            <span className="small muted">You will be asked to confirm.</span>
          </div>
        </form>
      </div>
      <DeleteAttempts />
      {confirming && (
        <ConfirmDeleteDialog
          orgId={orgId.trim()}
          teamId={teamId.trim()}
          userCount={teamSize.userCount}
          undoSeconds={flow.undoSeconds}
          pending={pending}
          error={dialogError}
          onConfirm={() => void confirm()}
          onCancel={closeDialog}
        />
      )}
    </>
  );
}
