import { useId, useRef, useState } from "react";
import { formatCountOf } from "../../components/format.ts";
import { ModalDialog } from "./modal-dialog.tsx";

interface ConfirmDeleteDialogProps {
  orgId: string;
  teamId: string;
  /** The saved team's label, which may be typed instead of its ID; none for a team that is not saved. */
  label?: string;
  /** How many users will go, when a key of this team tells. */
  userCount: number | undefined;
  /** Seconds the deletion waits for an Undo once confirmed; 0: sent at once. */
  undoSeconds: number;
  pending: boolean;
  /** Another deletion must end first (the error says which): confirming is off. */
  blocked: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Whether `typed` confirms: the team's label, or its ID in any case, spaces around ignored. */
export function confirms(typed: string, teamId: string, label?: string): boolean {
  const text = typed.trim();
  return text !== "" && (text.toLowerCase() === teamId.trim().toLowerCase() || (label !== undefined && text === label.trim()));
}

/**
 * The last step before a team is deleted. A modal alertdialog: focus starts on Cancel and stays
 * inside; Esc and Cancel close it; Enter never confirms; the team's label or ID must be typed.
 */
export function ConfirmDeleteDialog({
  orgId,
  teamId,
  label,
  userCount,
  undoSeconds,
  pending,
  blocked,
  error,
  onConfirm,
  onCancel,
}: ConfirmDeleteDialogProps) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState("");
  const confirmed = confirms(typed, teamId, label);

  return (
    <ModalDialog
      title={label ? `Delete team ${label}` : "Delete team"}
      role="alertdialog"
      initialFocus={cancelRef}
      onClose={onCancel}
      busy={pending}
      describedBy={`${id}-description`}
    >
      <div id={`${id}-description`} className="stack small">
        <p>
          Team {label && <strong>{label}</strong>} <code>{teamId}</code> of organization <code>{orgId}</code> will be deleted: the team, all
          its users and their connected sources are removed, and the team&apos;s API keys stop working.
        </p>
        {userCount !== undefined && (
          <div className="alert alert-warning">
            <p>
              <strong>{formatCountOf(userCount, "user", "users")}</strong> will be deleted with it.
            </p>
          </div>
        )}
        {undoSeconds > 0 ? (
          <p>
            After you confirm, you have <strong>{undoSeconds} seconds to undo</strong>: nothing is sent until then, and closing or reloading
            this tab in that time cancels the deletion. <strong>Once sent, it cannot be undone.</strong>
          </p>
        ) : (
          <p>
            <strong>This cannot be undone.</strong>
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-confirm`}>{label ? "Type the team's label or ID to confirm" : "Type the team ID to confirm"}</label>
        <input
          id={`${id}-confirm`}
          className="input mono"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") e.preventDefault(); // never confirms by accident
          }}
          autoComplete="off"
          spellCheck={false}
          disabled={pending}
          placeholder={label ?? teamId}
        />
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="teams-dialog-actions">
        <button ref={cancelRef} type="button" className="button" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={!confirmed || pending || blocked}>
          {pending && <span className="spinner" aria-hidden="true" />}
          Delete this team
        </button>
      </div>
    </ModalDialog>
  );
}
