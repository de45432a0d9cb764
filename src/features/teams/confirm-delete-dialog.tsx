import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatCount } from "../../components/format.ts";

interface ConfirmDeleteDialogProps {
  orgId: string;
  teamId: string;
  /** How many users will go, when the configured team key belongs to this team. */
  userCount: number | undefined;
  /** Seconds the deletion waits for an Undo once confirmed; 0: sent at once. */
  undoSeconds: number;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

const focusable = "button:not(:disabled), input:not(:disabled), a[href], [tabindex]:not([tabindex='-1'])";

/**
 * The last step before a team is deleted. A modal alertdialog: focus starts on Cancel and stays
 * inside; Esc and Cancel close it; Enter never confirms; the team ID must be typed.
 */
export function ConfirmDeleteDialog({
  orgId,
  teamId,
  userCount,
  undoSeconds,
  pending,
  error,
  onConfirm,
  onCancel,
}: ConfirmDeleteDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState("");
  const confirmed = typed.trim().toLowerCase() === teamId.trim().toLowerCase();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    cancelRef.current?.focus();
  }, []);

  function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = [...(dialogRef.current?.querySelectorAll<HTMLElement>(focusable) ?? [])];
    const [first, last] = [items[0], items.at(-1)];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="teams-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onKeyDown={trapFocus}
      onCancel={(event) => {
        event.preventDefault(); // Esc: closed by the page, once no request is running
        if (!pending) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Delete team</h2>
      <div id={`${id}-description`} className="stack small">
        <p>
          Team <code>{teamId}</code> of organization <code>{orgId}</code> will be deleted: the team, all its users and their connected
          sources are removed, and the team&apos;s API keys stop working.
        </p>
        {userCount !== undefined && (
          <div className="alert alert-warning">
            <p>
              <strong>
                {formatCount(userCount)} {userCount === 1 ? "user" : "users"}
              </strong>{" "}
              will be deleted with it.
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
        <label htmlFor={`${id}-confirm`}>Type the team ID to confirm</label>
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
          placeholder={teamId}
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
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={!confirmed || pending}>
          {pending && <span className="spinner" aria-hidden="true" />}
          Delete this team
        </button>
      </div>
    </dialog>
  );
}
