import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";

interface ModalDialogProps {
  title: string;
  /** "alertdialog" for a destructive confirmation. */
  role?: "dialog" | "alertdialog";
  /** Where focus starts; the first field otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Esc: the dialog asks to close; it closes once the page stops rendering it. */
  onClose: () => void;
  /** While true, Esc does not close it (a request is running). */
  busy?: boolean;
  className?: string;
  /** Describes the dialog: the id of an element inside it. */
  describedBy?: string;
  children: ReactNode;
}

const focusable = "button:not(:disabled), input:not(:disabled), select:not(:disabled), a[href], [tabindex]:not([tabindex='-1'])";

/**
 * A modal dialog (the native one, so the page behind it is inert): focus starts inside and stays
 * there, Esc closes it unless busy, and the page returns focus to what opened it.
 */
export function ModalDialog({
  title,
  role = "dialog",
  initialFocus,
  onClose,
  busy = false,
  className = "",
  describedBy,
  children,
}: ModalDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    (initialFocus?.current ?? dialog?.querySelector<HTMLElement>(focusable))?.focus();
    // Where focus starts is decided once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
      className={`teams-dialog ${className}`}
      role={role}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onKeyDown={trapFocus}
      onCancel={(event) => {
        event.preventDefault(); // Esc: closed by the page
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}
