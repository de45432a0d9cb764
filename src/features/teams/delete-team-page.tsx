import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { managementClientOf, teamClientOf, teamTag } from "../../api/connection.ts";
import { AuthenticationError, NetworkError, NotFoundError, ValidationError } from "../../api/errors.ts";
import { usersKeys } from "../../api/query-keys.ts";
import { commonErrorText } from "../../components/error-text.ts";
import { TextField } from "../../components/text-field.tsx";
import { useConnection } from "../../components/use-connection.ts";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog.tsx";
import { DeleteAttempts } from "./delete-attempts.tsx";
import { recordAttempt, type DeleteAttempt } from "./delete-log.ts";
import "./teams.css";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidProblem(value: string, what: string): string | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  if (uuidPattern.test(text)) return undefined;
  if (/[^0-9a-f-]/i.test(text)) return `${what} is a UUID: only the digits 0–9, the letters a–f and hyphens.`;
  return `${what} is a UUID of 36 characters, in groups of 8-4-4-4-12 (${text.length} so far).`;
}

type FieldErrors = { org_id?: string[]; team_id?: string[]; other?: string[] };

function outcomeOf(error: unknown): Pick<DeleteAttempt, "outcome" | "detail"> {
  if (error instanceof AuthenticationError) return { outcome: "rejected key", detail: `The management key was rejected. ${error.message}` };
  if (error instanceof NotFoundError)
    return { outcome: "not found", detail: "No such team in this organization (it may already be deleted)." };
  if (error instanceof ValidationError) return { outcome: "invalid", detail: error.message };
  if (error instanceof NetworkError) {
    return {
      outcome: "network error",
      detail: "No answer came from the service, so nothing is assumed deleted. Check your network, then try again.",
    };
  }
  return { outcome: "failed", detail: commonErrorText(error) };
}

export function DeleteTeamPage() {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [orgId, setOrgId] = useState(connection.orgId);
  const [teamId, setTeamId] = useState(search.get("teamId") ?? "");
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [deleted, setDeleted] = useState<string | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inFlight = useRef(false);

  const client = managementClientOf(connection);
  const teamClient = teamClientOf(connection);
  const keyIsTeamKey = connection.managementKey !== "" && connection.managementKey === connection.teamApiKey;
  const problems = { org_id: uuidProblem(orgId, "The organization ID"), team_id: uuidProblem(teamId, "The team ID") };
  const ready = client !== null && !keyIsTeamKey && uuidPattern.test(orgId.trim()) && uuidPattern.test(teamId.trim());

  // When the configured team key belongs to this team, the dialog says how many users will go.
  const team = useQuery({
    queryKey: usersKeys.list({ team: teamTag(connection), offset: 0, limit: 1 }),
    queryFn: ({ signal }) => teamClient!.listUsers({ offset: 0, limit: 1 }, { signal }),
    enabled: confirming && teamClient !== null,
  });
  const configuredTeamId = team.data?.users[0]?.team_id?.toLowerCase();
  const userCount = configuredTeamId !== undefined && configuredTeamId === teamId.trim().toLowerCase() ? team.data?.total : undefined;

  const mutation = useMutation({
    mutationFn: (target: { orgId: string; teamId: string }) => client!.deleteTeam(target),
  });

  function closeDialog() {
    setConfirming(false);
    requestAnimationFrame(() => triggerRef.current?.focus());
  }

  function openDialog(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setFieldErrors({});
    setDialogError(null);
    setDeleted(null);
    setConfirming(true);
  }

  async function confirm() {
    if (inFlight.current || !client) return; // one confirmation, one request
    inFlight.current = true;
    const target = { orgId: orgId.trim(), teamId: teamId.trim() };
    const wasConfiguredTeam = configuredTeamId === target.teamId.toLowerCase();
    setDialogError(null);
    try {
      await mutation.mutateAsync(target);
      recordAttempt({ at: new Date().toISOString(), ...target, outcome: "deleted", detail: "Deleted." });
      // Cached pages may show users that no longer exist; the users page fetches afresh.
      queryClient.removeQueries({ queryKey: usersKeys.all });
      setDeleted(
        `Team ${target.teamId} was deleted.${wasConfiguredTeam ? " The team API key in settings belonged to it and no longer works." : ""}`,
      );
      closeDialog();
    } catch (error) {
      const outcome = outcomeOf(error);
      recordAttempt({ at: new Date().toISOString(), ...target, ...outcome });
      if (error instanceof ValidationError) {
        // Each detail goes beside the field its loc names.
        const byField: FieldErrors = {};
        for (const item of error.detail) {
          const field = item.loc[1] === "org_id" || item.loc[1] === "team_id" ? item.loc[1] : "other";
          (byField[field] ??= []).push(item.msg);
        }
        setFieldErrors(byField);
        closeDialog();
      } else {
        setDialogError(outcome.detail);
      }
    } finally {
      inFlight.current = false;
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
      <div className="delete-layout">
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
          <TextField
            label="Organization ID"
            value={orgId}
            onChange={(value) => {
              setOrgId(value);
              setFieldErrors((e) => ({ ...e, org_id: undefined }));
            }}
            className="mono"
            spellCheck={false}
            autoComplete="off"
            error={problems.org_id ?? fieldErrors.org_id?.join(" ")}
            hint="Pre-filled from settings."
          />
          <TextField
            label="Team ID"
            value={teamId}
            onChange={(value) => {
              setTeamId(value);
              setFieldErrors((e) => ({ ...e, team_id: undefined }));
            }}
            className="mono"
            spellCheck={false}
            autoComplete="off"
            error={problems.team_id ?? fieldErrors.team_id?.join(" ")}
          />
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
        <div role="status" aria-live="polite" className="delete-status">
          {deleted && <p className="alert alert-success">{deleted}</p>}
        </div>
      </div>
      <DeleteAttempts />
      {confirming && (
        <ConfirmDeleteDialog
          orgId={orgId.trim()}
          teamId={teamId.trim()}
          userCount={userCount}
          pending={mutation.isPending}
          error={dialogError}
          onConfirm={() => void confirm()}
          onCancel={closeDialog}
        />
      )}
    </>
  );
}
