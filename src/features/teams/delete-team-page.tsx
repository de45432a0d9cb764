import { useId, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { canDelete, orgConnection } from "../../api/connection.ts";
import { Link } from "../../components/link.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { isUuid, uuidProblem } from "../../api/uuid.ts";
import { DeleteAttempts } from "./delete-attempts.tsx";
import { deleteFlow, type FieldErrors } from "./delete-flow.ts";
import { DeleteTeamDialog } from "./delete-team-dialog.tsx";
import { useDeleteTeam } from "./use-delete-team.ts";
import "./teams.css";

/** Deletes a team that is not saved: a saved organization (its ID and key), and the team ID typed. */
export function DeleteTeamPage() {
  const saved = useSavedEntries();
  const [search] = useSearchParams();
  const selectId = useId();
  const [orgEntryId, setOrgEntryId] = useState(saved.orgs[0]?.id ?? "");
  const [teamId, setTeamId] = useState(search.get("teamId") ?? "");
  const org = saved.orgs.find((o) => o.id === orgEntryId);
  const connection = org ? orgConnection(saved, org) : { baseUrl: "", managementUrl: "", orgId: "", teamApiKey: "", managementKey: "" };
  const orgId = connection.orgId;
  const [confirming, setConfirming] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const flow = useDeleteTeam(connection);
  const ready = flow.canDelete && !flow.busy && isUuid(orgId) && isUuid(teamId);

  function closeDialog(returnFocus: boolean) {
    setConfirming(false);
    if (returnFocus) requestAnimationFrame(() => triggerRef.current?.focus());
  }

  function openDialog(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setFieldErrors({});
    deleteFlow.dismiss();
    setConfirming(true);
  }

  const header = (
    <div className="page-header">
      <div>
        <h1>Delete a team by ID</h1>
        <p>
          Removes a team of a saved organization, with its users and their connections. A saved team is deleted from its row in{" "}
          <Link to="/teams">Teams</Link>.
        </p>
      </div>
    </div>
  );

  if (saved.orgs.length === 0) {
    return (
      <>
        {header}
        <div className="card empty-state">
          <h2>An organization is needed</h2>
          <p>
            Deleting a team needs your organization&apos;s ID and management key. Add the organization in Teams; its key stays in this
            browser.
          </p>
          <Link className="button button-primary" to="/teams">
            Go to Teams
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
          {flow.keyIsTeamKey && org && (
            <div className="alert alert-error" role="alert">
              <p className="alert-title">The management key saved for {org.label} is a team API key</p>
              <p>
                A team API key cannot delete teams, and it is never sent as a management key.{" "}
                <Link to="/teams">Enter the organization&apos;s management key in Teams</Link>.
              </p>
            </div>
          )}
          <div className="field">
            <label htmlFor={selectId}>Organization</label>
            <select
              id={selectId}
              className="select"
              value={orgEntryId}
              onChange={(e) => setOrgEntryId(e.target.value)}
              aria-describedby={`${selectId}-hint`}
            >
              {saved.orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label} ({o.orgId})
                </option>
              ))}
            </select>
            <p id={`${selectId}-hint`} className="hint small muted">
              {connection.managementKeyHeld
                ? "Its management key is held by the deployment: its server adds it to the deletion."
                : canDelete(connection)
                  ? "Its management key, kept in this browser, is sent with the deletion."
                  : "This tab has no management key for this organization: add it in Teams."}
            </p>
            {fieldErrors.org_id && <p className="field-error small">{fieldErrors.org_id.join(" ")}</p>}
          </div>
          <TextField
            label="Team ID"
            value={teamId}
            onChange={(value) => {
              setTeamId(value);
              setFieldErrors((errors) => ({ ...errors, team_id: undefined }));
            }}
            className="mono"
            spellCheck={false}
            autoComplete="off"
            error={uuidProblem(teamId, "The team ID") ?? fieldErrors.team_id?.join(" ")}
          />
          {fieldErrors.other && (
            <div className="alert alert-error" role="alert">
              {fieldErrors.other.join(" ")}
            </div>
          )}
          <div className="row">
            <button ref={triggerRef} type="submit" className="button button-danger" disabled={!ready} aria-describedby={`${selectId}-busy`}>
              Delete team
            </button>
            <span id={`${selectId}-busy`} className="small muted">
              {flow.busy ?? "You will be asked to confirm."}
            </span>
          </div>
        </form>
      </div>
      <DeleteAttempts />
      {confirming && <DeleteTeamDialog connection={connection} teamId={teamId.trim()} onClose={closeDialog} onInvalid={setFieldErrors} />}
    </>
  );
}
