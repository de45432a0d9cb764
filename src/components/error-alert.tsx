import { Link } from "./link.tsx";
import type { ErrorDescription } from "../api/describe-error.ts";

interface ErrorAlertProps {
  description: ErrorDescription;
  retry: () => void;
  retrying: boolean;
}

/** An operation's failure as a person reads it, with the remedy at hand. */
export function ErrorAlert({ description, retry, retrying }: ErrorAlertProps) {
  const { title, detail, action, fieldErrors } = description;
  return (
    <div className="alert alert-error" role="alert">
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
      {action === "settings" && (
        <p>
          <Link to="/settings">{description.kind === "rejected key" ? "Check the key in settings" : "Check the address in settings"}</Link>
        </p>
      )}
      {action === "retry" && (
        <p>
          <button type="button" className="button" onClick={retry} disabled={retrying}>
            {retrying && <span className="spinner" aria-hidden="true" />}
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
