import { useState, type FormEvent } from "react";
import { autoLoadUsers, pagesInFlight, readWholeNumber, undoSeconds } from "../../api/preferences.ts";
import { earlierConnection } from "../../api/earlier-connection.ts";
import { savedEntries } from "../../api/saved-entries.ts";
import { formatCount, formatCountOf } from "../../components/format.ts";
import { Link } from "../../components/link.tsx";
import { TextField } from "../../components/text-field.tsx";
import { teamMemoryText } from "../../team/whole-team-words.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import "./settings.css";

type Outcome = { kind: "ok" | "error"; text: string } | null;

const numberFields = [
  {
    name: "undo",
    heading: "Team deletion",
    label: "Undo window (seconds)",
    preference: undoSeconds,
    hint: "A confirmed deletion waits this long, with an Undo, before it is sent; 0 sends it at once.",
  },
  {
    name: "auto-load",
    heading: "Whole team",
    label: "Load automatically up to (users)",
    preference: autoLoadUsers,
    hint: "A team this size or smaller is loaded whole into this tab (for search, filters, sort and export) as soon as its users show; a larger one on request. 0: always on request.",
    // What the value chosen commits a tab to, said before any load starts on its own.
    consequence: (users: number) => (users > 0 ? `A team of ${formatCount(users)} users takes ${teamMemoryText(users)} of memory.` : ""),
  },
  {
    name: "pages-in-flight",
    heading: "Pace",
    label: "Pages in flight at most",
    preference: pagesInFlight,
    hint: "Loading the whole team, and exporting from the service's pages, start with 4 pages asked at once, ask more while the service answers faster, and fewer when it asks to slow down (429, 503) or is slow to answer; never more than this. From 1 to 64.",
  },
] as const;

export function SettingsPage() {
  const saved = useSavedEntries();
  const [rememberKeys, setRememberKeys] = useState(saved.rememberKeys);
  const [numbers, setNumbers] = useState(() =>
    Object.fromEntries(numberFields.map(({ name, preference }) => [name, String(preference.get())])),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);
  const numberReadings = numberFields.map((field) => ({
    field,
    reading: readWholeNumber(numbers[field.name] ?? "", field.preference),
  }));
  const valid = numberReadings.every(({ reading }) => "value" in reading);
  const keyCount = Object.keys(saved.keys.teams).length + Object.keys(saved.keys.orgs).length;

  function save(event: FormEvent) {
    event.preventDefault();
    if (!valid) return setOutcome({ kind: "error", text: "Fix the fields marked above, then save again." });
    savedEntries.setRememberKeys(rememberKeys);
    for (const { field, reading } of numberReadings) if ("value" in reading) field.preference.set(reading.value);
    setOutcome({ kind: "ok", text: "Saved." });
  }

  function forgetKeys() {
    savedEntries.forgetKeys();
    earlierConnection.discard(); // an earlier version's connection, not saved yet, holds keys too
    setOutcome({
      kind: "ok",
      text: "Keys forgotten: removed from this browser's storage and from every open tab of the dashboard, with what was loaded with them. The saved teams stay, without keys.",
    });
  }

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Settings</h1>
          <p>
            How this browser keeps keys, and preferences. Teams, organizations and their keys are added in <Link to="/teams">Teams</Link>.
          </p>
        </div>
      </div>
      <form className="stack" onSubmit={save} noValidate>
        <div className="settings-grid">
          <section className="card stack" aria-labelledby="keys-heading">
            <h2 id="keys-heading" className="section-title">
              Keys
            </h2>
            <p className="small">
              This browser&apos;s open tabs of the dashboard hold {formatCountOf(keyCount, "key", "keys")}, the same in every tab: a tab
              opened from another has them at once. A team API key is sent only to the list operation, a management key only to the delete
              operation.
            </p>
            <label className="checkbox">
              <input type="checkbox" checked={rememberKeys} onChange={(e) => setRememberKeys(e.target.checked)} />
              <span>Remember keys on this device</span>
            </label>
            {rememberKeys ? (
              <p className="alert alert-warning small" role="note">
                The keys will stay in this browser&apos;s local storage after the tab closes, readable by anyone who uses this browser
                profile. Leave this off on a shared computer.
              </p>
            ) : (
              <p className="hint small muted">
                Without this, the keys are kept for this browser&apos;s open tabs of the dashboard, and forgotten when the last one closes.
              </p>
            )}
          </section>
          {numberReadings.map(({ field, reading }) => (
            <section key={field.name} className="card stack" aria-labelledby={`${field.name}-heading`}>
              <h2 id={`${field.name}-heading`} className="section-title">
                {field.heading}
              </h2>
              <TextField
                label={field.label}
                value={numbers[field.name] ?? ""}
                onChange={(text) => setNumbers((n) => ({ ...n, [field.name]: text }))}
                inputMode="numeric"
                hint={[
                  field.hint,
                  "consequence" in field && "value" in reading && field.consequence(reading.value),
                  `Default ${field.preference.default.toLocaleString()}.`,
                ]
                  .filter(Boolean)
                  .join(" ")}
                error={"error" in reading ? reading.error : undefined}
              />
            </section>
          ))}
        </div>
        <div className="row">
          <button type="submit" className="button button-primary">
            Save
          </button>
          <button type="button" className="button button-ghost" onClick={forgetKeys}>
            Forget keys
          </button>
        </div>
        <div role="status" aria-live="polite">
          {outcome?.kind === "ok" && <p className="alert alert-success">{outcome.text}</p>}
        </div>
        <div role="alert">{outcome?.kind === "error" && <p className="alert alert-error">{outcome.text}</p>}</div>
      </form>
    </>
  );
}
