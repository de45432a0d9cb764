import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { demoConnectionsOptions, type DemoOrg } from "../../api/demo-connections.ts";
import { exportEntries, fromCredentials, planImport, readEntriesFile, type ImportItems } from "../../api/entries-file.ts";
import { savedEntries, servedAt } from "../../api/saved-entries.ts";
import { download, fileTime } from "../../components/download.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { formatCountOf } from "../../components/format.ts";
import { ModalDialog } from "./modal-dialog.tsx";

/** Adds what a file or the demo offers to the saved entries, and says what came of it. */
export function importItems(items: ImportItems): { text: string; error: boolean } {
  const report = planImport(savedEntries.get(), items, window.location.origin);
  savedEntries.change(report.change);
  const { orgs, teams } = report.added;
  const parts = [
    orgs + teams === 0
      ? "Nothing new to add"
      : `Added ${formatCountOf(orgs, "organization", "organizations")} and ${formatCountOf(teams, "team", "teams")}`,
    report.keysAdded > 0 ? `; ${formatCountOf(report.keysAdded, "key", "keys")} added to saved entries` : "",
    ".",
    report.skipped.length > 0 ? ` Skipped: ${report.skipped.map(({ label, reason }) => `${label} — ${reason}`).join(" ")}` : "",
  ];
  return { text: parts.join(""), error: report.skipped.length > 0 && orgs + teams + report.keysAdded === 0 };
}

/** Import: our own export, or the credentials file that the reference service writes. */
export function ImportButton({ onReport }: { onReport: (report: { text: string; error: boolean }) => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  async function read(file: File) {
    const items = readEntriesFile(await file.text());
    onReport("problem" in items ? { text: items.problem, error: true } : importItems(items));
    if (inputRef.current) inputRef.current.value = "";
  }
  return (
    <>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void read(file);
        }}
      />
      <label htmlFor={id} className="button teams-file-button">
        Import…
      </label>
    </>
  );
}

/** Export: the entries as JSON, without keys unless asked, with a warning. */
export function ExportDialog({ onDone }: { onDone: () => void }) {
  const [withKeys, setWithKeys] = useState(false);
  function save() {
    const text = exportEntries(savedEntries.get(), withKeys);
    download({ fileName: `team-admin-entries-${fileTime()}.json`, blob: new Blob([text], { type: "application/json" }) });
    onDone();
  }
  return (
    <ModalDialog title="Export saved teams" onClose={onDone}>
      <p className="small">
        A JSON file of the saved organizations and teams (labels, environments, URLs and IDs), to import in another browser or give to a
        colleague.
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={withKeys} onChange={(e) => setWithKeys(e.target.checked)} />
        <span>Include the keys this tab holds</span>
      </label>
      {withKeys && (
        <p className="alert alert-warning small" role="note">
          Anyone who has the file can list these teams&apos; users and delete their teams. Keep it like a password, and never commit it.
        </p>
      )}
      <div className="teams-dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={save}>
          {withKeys ? "Download with keys" : "Download"}
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * The demo's teams, when the server that served this page runs the demo it seeded: all of them
 * in one click, or one team (with its organization) to open at once. Renders nothing elsewhere.
 */
export function DemoOffer({
  onReport,
  onOpen,
}: {
  onReport: (report: { text: string; error: boolean }) => void;
  onOpen: (teamId: string) => void;
}) {
  const { data: orgs } = useQuery(demoConnectionsOptions);
  const saved = useSavedEntries();
  if (!orgs || orgs.length === 0) return null;
  const add = (list: DemoOrg[]) => onReport(importItems(fromCredentials({ orgs: list })));
  const isSaved = (teamId: string) =>
    saved.teams.some((team) => team.teamId === teamId.toLowerCase() && servedAt(team.service, team.baseUrl) === "");
  const allSaved = orgs.every((org) => org.teams.every((team) => isSaved(team.team_id)));
  return (
    <section className="card stack teams-demo" aria-labelledby="demo-offer-title">
      <div className="row row-spread">
        <h2 id="demo-offer-title" className="section-title">
          Demo data
        </h2>
        {allSaved ? (
          <span className="small muted">All saved</span>
        ) : (
          <button type="button" className="button button-primary button-small" onClick={() => add(orgs)}>
            Add all demo teams
          </button>
        )}
      </div>
      <p className="small muted">
        This server runs the demo it seeded. Add its teams and organizations with their keys (kept for this browser's open tabs of the
        dashboard), or connect to one team and open it.
      </p>
      {orgs.map((org) => (
        <div key={org.org_id} className="stack">
          <h3 className="teams-demo-org">{org.name}</h3>
          <ul className="list-plain teams-demo-teams">
            {org.teams.map((team) => (
              <li key={team.team_id}>
                <span>
                  <strong>{team.name}</strong> <span className="muted small">{formatCountOf(team.users, "user", "users")}</span>
                </span>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`${isSaved(team.team_id) ? "Open" : "Connect to"} ${team.name} (${org.name})`}
                  onClick={() => {
                    if (!isSaved(team.team_id)) add([{ ...org, teams: [team] }]);
                    onOpen(team.team_id);
                  }}
                >
                  {isSaved(team.team_id) ? "Open" : "Connect"}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
