import { useEffect, useMemo, useRef } from "react";
import type { User } from "../../api/contract.ts";
import { layOutJson } from "../../api/json-text.ts";
import { listWords } from "../../api/list-users.ts";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { CopyButton } from "../../components/copy-button.tsx";
import { useTeam } from "../../components/use-current-team.ts";
import { useSentUser } from "../../team/use-sent-user.ts";
import { formatCalendarDate, formatDateTime } from "../../components/format.ts";
import { SourceLogo } from "./source-logos.tsx";

interface UserDetailPanelProps {
  userId: string;
  /** Undefined when the user is not on the page shown. */
  user: User | undefined;
  /**
   * The user's JSON text as the service wrote it: on the page shown, or to be asked again at its
   * offset (a user of the loaded team).
   */
  sent: { text: string | undefined } | { atOffset: number | undefined };
  baseUrl: string;
  onClose: () => void;
}

function Instant({ value }: { value: string }) {
  return (
    <>
      {formatDateTime(value)} <code className="muted small">{value}</code>
    </>
  );
}

/** Every field of one user, its sources and its JSON. Esc or Close returns to the table. */
export function UserDetailPanel({ userId, user, sent, baseUrl, onClose }: UserDetailPanelProps) {
  const { connection } = useTeam();
  const asked = useSentUser(connection, "atOffset" in sent ? userId : null, "atOffset" in sent ? sent.atOffset : undefined);
  const asSent = "text" in sent ? sent.text : asked.text;
  // Only the answer as sent is shown, laid out for reading: never the parsed user in its place.
  const json = useMemo(() => (asSent === undefined ? null : layOutJson(asSent)), [asSent]);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, [userId]);

  // Esc closes the panel, wherever the focus is, unless a popover or dialog is taking it.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && !event.defaultPrevented && !document.querySelector(":popover-open, dialog[open]")) onClose();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <aside className="users-detail-panel" role="dialog" aria-modal="false" aria-labelledby="user-detail-title">
      <header className="users-detail-header">
        <div>
          <p className="muted small">User</p>
          <h2 id="user-detail-title">{user?.client_user_id ?? userId}</h2>
        </div>
        <button ref={closeRef} type="button" className="button" onClick={onClose} aria-label="Close user details">
          Close
        </button>
      </header>
      {user ? (
        <div className="users-detail-body">
          <dl className="users-detail-fields">
            <dt>User ID</dt>
            <dd className="users-with-copy">
              <code>{user.user_id}</code>
              <CopyButton text={user.user_id} label="Copy user ID" />
            </dd>
            <dt>Client user ID</dt>
            <dd>{user.client_user_id}</dd>
            <dt>Team ID</dt>
            <dd>
              <code>{user.team_id}</code>
            </dd>
            <dt>Created</dt>
            <dd>
              <Instant value={user.created_on} />
            </dd>
            <dt>Birth date</dt>
            <dd>
              {user.fallback_birth_date ? (
                <>
                  {formatCalendarDate(user.fallback_birth_date.value)}{" "}
                  <span className="muted">from {user.fallback_birth_date.source_slug}, updated </span>
                  <Instant value={user.fallback_birth_date.updated_at} />
                </>
              ) : (
                <span className="muted">Not set</span>
              )}
            </dd>
            <dt>Time zone</dt>
            <dd>
              {user.fallback_time_zone ? (
                <>
                  {user.fallback_time_zone.id} <span className="muted">from {user.fallback_time_zone.source_slug}, updated </span>
                  <Instant value={user.fallback_time_zone.updated_at} />
                </>
              ) : (
                <span className="muted">Not set</span>
              )}
            </dd>
          </dl>
          <section aria-labelledby="sources-title" className="stack">
            <h3 id="sources-title" className="section-title">
              Connected sources ({user.connected_sources.length})
            </h3>
            {user.connected_sources.length === 0 ? (
              <p className="muted">No source connected.</p>
            ) : (
              <ul className="list-plain users-source-list">
                {user.connected_sources.map((s, i) => (
                  <li key={`${s.source.slug}-${i}`}>
                    <SourceLogo connected={s} baseUrl={baseUrl} />
                    <span>
                      <strong>{s.source.name}</strong> <code className="muted small">{s.source.slug}</code>
                      <br />
                      <span className="small muted">
                        Connected <Instant value={s.created_on} />
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="json-title" className="stack">
            <div className="row row-spread">
              <h3 id="json-title" className="section-title">
                JSON
              </h3>
              {json !== null && <CopyButton text={json} label="Copy JSON" />}
            </div>
            {json === null && asked.failure ? (
              <ErrorAlert failure={asked.failure} words={listWords} />
            ) : json === null ? (
              <p className="muted small" role="status">
                {asked.moved
                  ? "The service's order has changed since the team was loaded: refresh the whole team to see this user as the service sends it."
                  : "Asking the service for this user as it sends it…"}
              </p>
            ) : (
              <>
                {/* A scrolling region must take the focus, so keyboard users can scroll it. */}
                {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
                <pre className="users-json" tabIndex={0} aria-label="User JSON">
                  {json}
                </pre>
              </>
            )}
          </section>
        </div>
      ) : (
        <p className="users-detail-body muted">This user is not on the page shown. Go to the page that lists them, or close this panel.</p>
      )}
    </aside>
  );
}
