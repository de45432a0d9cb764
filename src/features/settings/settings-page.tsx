import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { connectionStore, type Connection } from "../../api/connection.ts";
import { describeError, errorSentence } from "../../api/describe-error.ts";
import { listWords, teamClientOf } from "../../api/list-users.ts";
import { autoLoadUsers, undoSeconds, type NumberPreference } from "../../api/preferences.ts";
import { DemoConnect } from "../../components/demo-connect.tsx";
import { SecretInput } from "../../components/secret-input.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useConnection } from "../../components/use-connection.ts";
import "./settings.css";

type Outcome = { kind: "ok" | "error"; text: string } | null;

function urlProblem(value: string): string | undefined {
  if (value.trim() === "") return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? undefined : "Use an http:// or https:// address.";
  } catch {
    return "Enter a full address, such as https://api.example.com, or leave it empty for this origin.";
  }
}

const urlFields = [
  { name: "baseUrl", label: "API base URL", hint: "Where users are listed. Empty: this origin." },
  { name: "managementUrl", label: "Management API URL", hint: "Where teams are deleted. Empty: this origin." },
] as const;

/** What a person typed for a preference: the number, or what is wrong with it. */
function readNumberPreference(text: string, { max, unit }: NumberPreference): { value: number } | { error: string } {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(value) && value >= 0 && value <= max
    ? { value }
    : { error: `A whole number of ${unit} from 0 to ${max.toLocaleString()}.` };
}

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
  },
] as const;

export function SettingsPage() {
  const saved = useConnection();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Connection>(saved);
  const [numbers, setNumbers] = useState(() =>
    Object.fromEntries(numberFields.map(({ name, preference }) => [name, String(preference.get())])),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [testing, setTesting] = useState(false);
  const set =
    <K extends keyof Connection>(name: K) =>
    (value: Connection[K]) =>
      setForm((f) => ({ ...f, [name]: value }));

  const errors = {
    baseUrl: urlProblem(form.baseUrl),
    managementUrl: urlProblem(form.managementUrl),
    managementKey:
      form.managementKey.trim() !== "" && form.managementKey.trim() === form.teamApiKey.trim()
        ? "This is the team API key. Deleting a team needs the organization's management key."
        : undefined,
  };
  const numberReadings = numberFields.map((field) => ({
    field,
    reading: readNumberPreference(numbers[field.name] ?? "", field.preference),
  }));
  const valid =
    !errors.baseUrl && !errors.managementUrl && !errors.managementKey && numberReadings.every(({ reading }) => "value" in reading);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!valid) return setOutcome({ kind: "error", text: "Fix the fields marked above, then save again." });
    connectionStore.save(form);
    for (const { field, reading } of numberReadings) if ("value" in reading) field.preference.set(reading.value);
    setOutcome({ kind: "ok", text: "Saved." });
  }

  async function testConnection() {
    const client = teamClientOf({ ...form, teamApiKey: form.teamApiKey.trim(), baseUrl: form.baseUrl.trim() });
    if (!client) return setOutcome({ kind: "error", text: "Enter a team API key to test the connection." });
    if (errors.baseUrl) return setOutcome({ kind: "error", text: errors.baseUrl });
    setTesting(true);
    setOutcome(null);
    try {
      const page = await client.listUsers({ offset: 0, limit: 1 });
      setOutcome({ kind: "ok", text: `Connected. The team has ${page.total.toLocaleString()} ${page.total === 1 ? "user" : "users"}.` });
    } catch (error) {
      setOutcome({ kind: "error", text: errorSentence(describeError(error, listWords)) });
    } finally {
      setTesting(false);
    }
  }

  function forgetKeys() {
    connectionStore.forgetKeys();
    queryClient.clear();
    setForm((f) => ({ ...f, teamApiKey: "", managementKey: "", rememberKeys: false }));
    setOutcome({ kind: "ok", text: "Keys forgotten: removed from this browser's storage and from memory." });
  }

  const origin = window.location.origin;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Settings</h1>
          <p>Where the dashboard connects, and the keys it uses. Keys stay in this browser.</p>
        </div>
      </div>
      <DemoConnect onConnected={() => void navigate("/users")} />
      <form className="stack" onSubmit={save} noValidate>
        <div className="settings-grid">
          <section className="card stack" aria-labelledby="service-heading">
            <h2 id="service-heading" className="section-title">
              Service
            </h2>
            {urlFields.map(({ name, label, hint }) => (
              <TextField
                key={name}
                label={label}
                value={form[name]}
                onChange={set(name)}
                placeholder={origin}
                hint={hint}
                error={errors[name]}
                inputMode="url"
                spellCheck={false}
              />
            ))}
            <TextField
              label="Organization ID"
              value={form.orgId}
              onChange={set("orgId")}
              className="mono"
              hint="Used to pre-fill the delete form."
              spellCheck={false}
            />
          </section>
          <section className="card stack" aria-labelledby="keys-heading">
            <h2 id="keys-heading" className="section-title">
              Keys
            </h2>
            <SecretInput
              label="Team API key"
              value={form.teamApiKey}
              onChange={set("teamApiKey")}
              hint="Lists the users of one team. Sent only to the list operation."
            />
            <SecretInput
              label="Management key"
              value={form.managementKey}
              onChange={set("managementKey")}
              hint="Deletes teams of your organization. Sent only to the delete operation."
              error={errors.managementKey}
            />
            <label className="checkbox">
              <input type="checkbox" checked={form.rememberKeys} onChange={(e) => set("rememberKeys")(e.target.checked)} />
              <span>Remember keys on this device</span>
            </label>
            {form.rememberKeys ? (
              <p className="alert alert-warning small" role="note">
                The keys will stay in this browser&apos;s local storage after the tab closes, readable by anyone who uses this browser
                profile. Leave this off on a shared computer.
              </p>
            ) : (
              <p className="hint small muted">Without this, the keys are forgotten when the tab closes.</p>
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
                hint={`${field.hint} Default ${field.preference.default.toLocaleString()}.`}
                error={"error" in reading ? reading.error : undefined}
              />
            </section>
          ))}
        </div>
        <div className="row">
          <button type="submit" className="button button-primary">
            Save
          </button>
          <button type="button" className="button" onClick={() => void testConnection()} disabled={testing}>
            {testing && <span className="spinner" aria-hidden="true" />}
            Test connection
          </button>
          <button type="button" className="button button-ghost" onClick={forgetKeys}>
            Forget keys
          </button>
        </div>
        <div role="status" aria-live="polite">
          {outcome?.kind === "ok" && <p className="alert alert-success">{outcome.text}</p>}
        </div>
        <div role="alert">{outcome?.kind === "error" && <p className="alert alert-error">{outcome.text}</p>}</div>
        {saved.teamApiKey && (
          <p className="small muted">
            Next: <Link to="/users">browse the team&apos;s users</Link>.
          </p>
        )}
      </form>
    </>
  );
}
