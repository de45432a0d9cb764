import { useLayoutEffect, useRef } from "react";
import { Link } from "./link.tsx";
import { describeError, type OperationWords } from "../api/describe-error.ts";
import type { Failure } from "./use-failure.ts";

interface ErrorAlertProps {
  /** What failed, and how to ask again (see useFailure). */
  failure: Failure;
  /** The operation's own words (see describeError). */
  words: OperationWords;
}

const tabbable = "input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex='0']";

/** An operation's failure as a person reads it, with the remedy at hand. */
export function ErrorAlert({ failure: { error, retry, retrying }, words }: ErrorAlertProps) {
  const description = describeError(error, words);
  const { title, detail, action, fieldErrors } = description;
  const alertRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const alert = alertRef.current!;
    // Retry answered: the focus goes with the alert, to what took its place rather than the body.
    return () => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLButtonElement && alert.contains(focused))) return; // its one button, Retry
      const [parent, before] = [alert.parentElement, alert.previousElementSibling];
      queueMicrotask(() => {
        const taken = before ? before.nextElementSibling : parent?.firstElementChild;
        if (!taken || !(document.activeElement === document.body || document.activeElement === null)) return;
        (taken.matches(tabbable) ? (taken as HTMLElement) : taken.querySelector<HTMLElement>(tabbable))?.focus();
      });
    };
  }, []);
  return (
    <div ref={alertRef} className="alert alert-error" role="alert">
      <p className="alert-title">{title}</p>
      {fieldErrors.length > 0 ? (
        <ul>
          {fieldErrors.map((f, i) => (
            <li key={i}>
              {f.message} <span className="muted small">({f.where})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>{detail}</p>
      )}
      {action === "teams" && (
        <p>
          <Link to="/teams">
            {description.kind === "rejected key" ? "Check the team's key in Teams" : "Check the team's address in Teams"}
          </Link>
        </p>
      )}
      {action === "retry" && (
        <p>
          {/* Not `disabled` while it asks: a disabled button loses the keyboard's focus. */}
          <button type="button" className="button" onClick={retrying ? undefined : retry} aria-disabled={retrying}>
            {retrying && <span className="spinner" aria-hidden="true" />}
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
