/** A saved entry's Edit and Remove; Remove asks once more, in place (see ConfirmRemove). */
export function EditAndRemove({ label, onEdit, onRemove }: { label: string; onEdit: () => void; onRemove: () => void }) {
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

/** An entry the deployment provides is not edited or removed here: it is only given a key. */
export function SetKey({ label, onSetKey }: { label: string; onSetKey: () => void }) {
  return (
    <button type="button" className="button button-small button-ghost" onClick={onSetKey} aria-label={`Set key of ${label}…`}>
      Set key…
    </button>
  );
}

/** Removing an entry from the list (nothing is sent to the service), confirmed in place. */
export function ConfirmRemove({ label, onRemove, onKeep }: { label: string; onRemove: () => void; onKeep: () => void }) {
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
