import type { Connection } from "../../api/connection.ts";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog.tsx";
import type { FieldErrors } from "./delete-flow.ts";
import { useDeleteTeam } from "./use-delete-team.ts";
import { useTeamSize } from "./use-team-size.ts";

interface DeleteTeamDialogProps {
  /** The organization's ID and management key; the team's key too when it is saved (its cache is dropped). */
  connection: Connection;
  teamId: string;
  /** A saved team's label, which may be typed to confirm. */
  label?: string;
  /**
   * The dialog is done: cancelled or finished (focus goes back to what opened it), or confirmed
   * into the undo window (the countdown's Undo has the focus).
   */
  onClose: (returnFocus: boolean) => void;
  /** The service refused the IDs (422), field by field. */
  onInvalid?: (errors: FieldErrors) => void;
}

/**
 * The confirmation of a deletion and what follows it: with an undo window it closes at once (the
 * countdown's Undo takes the focus); without one the request runs while it is open, and an
 * error stays inside it. One confirmation, one request.
 */
export function DeleteTeamDialog({ connection, teamId, label, onClose, onInvalid }: DeleteTeamDialogProps) {
  const flow = useDeleteTeam(connection);
  const size = useTeamSize(teamId, true);
  const { state } = flow;
  const pending = state.phase === "sending" && !state.delayed;
  // Another deletion, waiting in its undo window or on its way (this one's own request is `pending`).
  const blockedBy = pending ? null : flow.busy;
  const error = state.phase === "finished" && !state.delayed && state.outcome.kind === "failed" ? state.outcome.message : blockedBy;

  async function confirm() {
    if (blockedBy) return;
    const note = size.savedTeam ? " Its saved team API key no longer works." : "";
    const outcome = flow.confirm({ orgId: connection.orgId, teamId }, note);
    if (flow.undoSeconds > 0) onClose(false);
    const result = await outcome;
    if (result.kind === "invalid") onInvalid?.(result.fieldErrors);
    if (flow.undoSeconds === 0 && (result.kind === "deleted" || result.kind === "invalid")) onClose(true);
  }

  return (
    <ConfirmDeleteDialog
      orgId={connection.orgId}
      teamId={teamId}
      label={label}
      userCount={size.userCount}
      undoSeconds={flow.undoSeconds}
      pending={pending}
      blocked={blockedBy !== null}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(true)}
    />
  );
}
