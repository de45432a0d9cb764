import { useRef, useState } from "react";
import { earlierConnection, type EarlierConnection } from "../../api/earlier-connection.ts";
import { normalizeUrl } from "../../api/entry-rules.ts";
import { savedEntries, type OrgEntry, type SavedEntries } from "../../api/saved-entries.ts";
import { keyTail } from "../../components/format.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { useStoredValue } from "../../components/use-stored-value.ts";
import { OrgForm } from "./org-form.tsx";
import { TeamForm } from "./team-form.tsx";

/** What the earlier connection holds, in words; a key shows as its last four characters. */
function describe(earlier: EarlierConnection): string {
  const parts: string[] = [];
  if (earlier.teamApiKey)
    parts.push(`the team API key ending in ${keyTail(earlier.teamApiKey)}${earlier.baseUrl ? ` for ${earlier.baseUrl}` : ""}`);
  const org = [
    earlier.orgId && `organization ${earlier.orgId}`,
    earlier.managementKey && `the management key ending in ${keyTail(earlier.managementKey)}`,
  ];
  if (earlier.orgId || earlier.managementKey) parts.push(org.filter(Boolean).join(" with "));
  return parts.join(", and ");
}

/**
 * What is left to save of the earlier connection, given what is saved already: its organization
 * (new, or a saved one that lacks its management key in this tab) and its team (unless its key is
 * saved). `org` is the saved organization it matches, by key or by ID and URL.
 */
function planOf(earlier: EarlierConnection, saved: SavedEntries, origin: string) {
  const org: OrgEntry | undefined =
    saved.orgs.find((o) => earlier.managementKey !== "" && saved.keys.orgs[o.id] === earlier.managementKey) ??
    saved.orgs.find(
      (o) =>
        earlier.orgId !== "" && o.orgId === earlier.orgId.toLowerCase() && o.managementUrl === normalizeUrl(earlier.managementUrl, origin),
    );
  const orgToSave =
    (earlier.orgId !== "" || earlier.managementKey !== "") && (!org || (earlier.managementKey !== "" && !saved.keys.orgs[org.id]));
  const teamToSave = earlier.teamApiKey !== "" && !Object.values(saved.keys.teams).includes(earlier.teamApiKey);
  return { org, orgToSave, teamToSave };
}

/** Where the keys will be kept: remembered ones stay remembered unless this tab already keeps its keys for itself. */
function remembers(earlier: EarlierConnection, saved: SavedEntries): boolean {
  const noKeysYet = Object.keys(saved.keys.teams).length + Object.keys(saved.keys.orgs).length === 0;
  return saved.rememberKeys || (earlier.remembered && noKeysYet);
}

const focusMain = () => requestAnimationFrame(() => document.getElementById("main")?.focus());

/**
 * The connection an earlier version kept (see earlier-connection.ts), offered on the Teams page:
 * saved through the usual forms, filled in (its organization first, then its team), or
 * discarded. Renders nothing when there is none.
 */
export function EarlierConnectionNotice({ onReport }: { onReport: (report: { text: string; error: boolean }) => void }) {
  const earlier = useStoredValue(earlierConnection);
  const saved = useSavedEntries();
  const [form, setForm] = useState<"org" | "team" | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  if (!earlier) return null;

  const origin = window.location.origin;
  const { org, orgToSave, teamToSave } = planOf(earlier, saved, origin);
  const remember = remembers(earlier, saved);
  const hasKeys = earlier.teamApiKey !== "" || earlier.managementKey !== "";

  /** After each save: the keys go where the notice said, before the next form or the discard. */
  function onSaved(message: string) {
    if (remember) savedEntries.setRememberKeys(true);
    const next = planOf(earlier!, savedEntries.get(), origin);
    if (form === "org" && next.teamToSave) return setForm("team");
    earlierConnection.discard();
    setForm(null);
    onReport({ text: `${message} The connection of the earlier version is saved.`, error: false });
    focusMain(); // the notice is gone: the page takes the focus, and its status says what happened
  }
  function cancel() {
    setForm(null);
    requestAnimationFrame(() => startRef.current?.focus());
  }

  const start =
    orgToSave && teamToSave
      ? "Save its organization and team…"
      : orgToSave
        ? org
          ? "Save its management key…"
          : "Save as an organization…"
        : "Save as a team…";
  return (
    <section className="card stack teams-earlier" aria-labelledby="earlier-connection-title">
      <h2 id="earlier-connection-title" className="section-title">
        Kept by the earlier version
      </h2>
      <p>
        Before it saved teams by name, this dashboard kept one connection in this browser: {describe(earlier)}.{" "}
        {orgToSave || teamToSave
          ? `Save it to keep using it${hasKeys ? (remember ? "; its keys will be remembered in this browser" : "; its keys will be kept for this browser's open tabs only") : ""}.`
          : "Everything it holds is saved already."}
      </p>
      <div className="row">
        {(orgToSave || teamToSave) && (
          <button
            ref={startRef}
            type="button"
            className="button button-primary button-small"
            onClick={() => setForm(orgToSave ? "org" : "team")}
          >
            {start}
          </button>
        )}
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            earlierConnection.discard();
            onReport({ text: "The connection of the earlier version is discarded, with its keys.", error: false });
            focusMain();
          }}
        >
          Discard it
        </button>
      </div>
      {form === "org" && (
        <OrgForm
          // A saved organization without its key in this tab gets it; otherwise a new one is filled in.
          editing={org}
          initial={
            org
              ? { managementKey: earlier.managementKey }
              : { orgId: earlier.orgId, managementUrl: earlier.managementUrl, managementKey: earlier.managementKey }
          }
          onDone={(message) => (message === null ? cancel() : onSaved(message))}
        />
      )}
      {form === "team" && (
        <TeamForm
          initial={{ baseUrl: earlier.baseUrl, teamApiKey: earlier.teamApiKey, orgEntryId: org?.id ?? null }}
          onDone={(message) => (message === null ? cancel() : onSaved(message))}
        />
      )}
    </section>
  );
}
