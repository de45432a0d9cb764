import { useRef, useState } from "react";
import { earlierConnection, type EarlierConnection } from "../../api/earlier-connection.ts";
import { normalizeUrl } from "../../api/entry-rules.ts";
import { savedEntries } from "../../api/saved-entries.ts";
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
  if (earlier.orgId || earlier.managementKey)
    parts.push(
      [
        earlier.orgId && `organization ${earlier.orgId}`,
        earlier.managementKey && `the management key ending in ${keyTail(earlier.managementKey)}`,
      ]
        .filter(Boolean)
        .join(" with "),
    );
  return parts.join(", and ");
}

/**
 * The connection an earlier version kept (see earlier-connection.ts), offered once on the Teams
 * page: saved through the usual forms, filled in (its organization first, then its team), or
 * discarded. Renders nothing when there is none.
 */
export function EarlierConnectionNotice({ onReport }: { onReport: (report: { text: string; error: boolean }) => void }) {
  const earlier = useStoredValue(earlierConnection);
  const saved = useSavedEntries();
  const [step, setStep] = useState<{ form: "org" | "team"; remember: boolean; orgEntryId?: string } | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  if (!earlier) return null;

  const origin = window.location.origin;
  const savedOrg = saved.orgs.find(
    (org) => org.orgId === earlier.orgId.toLowerCase() && org.managementUrl === normalizeUrl(earlier.managementUrl, origin),
  );
  const hasOrg = (earlier.orgId !== "" || earlier.managementKey !== "") && !savedOrg;

  function start() {
    // Keys the earlier version remembered stay remembered, unless keys are already kept for this tab only.
    const noKeysYet = Object.keys(saved.keys.teams).length + Object.keys(saved.keys.orgs).length === 0;
    setStep({ form: hasOrg ? "org" : "team", remember: earlier!.remembered && noKeysYet, orgEntryId: savedOrg?.id });
  }
  function cancel() {
    setStep(null);
    requestAnimationFrame(() => startRef.current?.focus());
  }
  function finish(message: string) {
    if (step?.remember) savedEntries.setRememberKeys(true);
    earlierConnection.discard();
    setStep(null);
    onReport({ text: `${message} The connection of the earlier version is saved.`, error: false });
    // The notice is gone: the page takes the focus, and its status says what happened.
    requestAnimationFrame(() => document.getElementById("main")?.focus());
  }

  return (
    <section className="card stack teams-earlier" aria-labelledby="earlier-connection-title">
      <h2 id="earlier-connection-title" className="section-title">
        Kept by the earlier version
      </h2>
      <p>
        Before it saved teams by name, this dashboard kept one connection in this browser: {describe(earlier)}. Save it to keep using it
        {earlier.remembered ? "; its keys stay remembered in this browser" : "; its keys stay in this tab"}.
      </p>
      <div className="row">
        <button ref={startRef} type="button" className="button button-primary button-small" onClick={start}>
          {earlier.teamApiKey ? (hasOrg ? "Save its organization and team…" : "Save as a team…") : "Save as an organization…"}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            earlierConnection.discard();
            onReport({ text: "The connection of the earlier version is discarded, with its keys.", error: false });
          }}
        >
          Discard it
        </button>
      </div>
      {step?.form === "org" && (
        <OrgForm
          initial={{ orgId: earlier.orgId, managementUrl: earlier.managementUrl, managementKey: earlier.managementKey }}
          onDone={(message) => {
            if (message === null) cancel();
            // The organization just added (the form appends it), whatever ID was typed.
            else if (earlier.teamApiKey) setStep({ ...step, form: "team", orgEntryId: savedEntries.get().orgs.at(-1)?.id });
            else finish(message);
          }}
        />
      )}
      {step?.form === "team" && (
        <TeamForm
          initial={{ baseUrl: earlier.baseUrl, teamApiKey: earlier.teamApiKey, orgEntryId: step.orgEntryId ?? null }}
          onDone={(message) => (message === null ? cancel() : finish(message))}
        />
      )}
    </section>
  );
}
