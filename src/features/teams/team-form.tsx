import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { checkTeamKey } from "../../api/check-team-key.ts";
import { teamTag } from "../../api/connection.ts";
import {
  draftPlace,
  environments,
  hasProblems,
  normalizeUrl,
  teamDraftProblems,
  type Problems,
  type TeamDraft,
} from "../../api/entry-rules.ts";
import { usersKeys } from "../../api/list-users.ts";
import { newEntryId, savedEntries, type TeamEntry } from "../../api/saved-entries.ts";
import { keyTail } from "../../components/format.ts";
import { SecretInput } from "../../components/secret-input.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useProblemFocus } from "../../components/use-problem-focus.tsx";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { ModalDialog } from "./modal-dialog.tsx";
import { ServiceField } from "./service-field.tsx";
import { usePlaceProblems, useServices } from "./use-services.ts";

interface TeamFormProps {
  /** The entry to edit; a new one otherwise. */
  editing?: TeamEntry;
  /** A new entry's fields, filled in beforehand (an earlier version's connection). */
  initial?: Partial<TeamDraft>;
  onDone: (message: string | null) => void;
}

/** The draft's fields of text, the service's among them (absent: ""); the organization's is a choice among the saved ones. */
type TextOfDraft = { [K in keyof TeamDraft]-?: Exclude<TeamDraft[K], undefined> extends string ? K : never }[keyof TeamDraft];

/**
 * Adds or edits a saved team. A key is checked with the service before it is saved (`GET
 * /v2/user/?limit=1`), which also tells the team's ID and size; an empty team's ID is typed.
 * A team the deployment provides is given only its key here.
 */
export function TeamForm({ editing, initial, onDone }: TeamFormProps) {
  const saved = useSavedEntries();
  const services = useServices();
  const placeProblems = usePlaceProblems();
  const provided = editing?.provided === true;
  const queryClient = useQueryClient();
  const ids = useId();
  const origin = window.location.origin;
  const savedKey = editing ? (saved.keys.teams[editing.id] ?? "") : "";
  const [draft, setDraft] = useState<TeamDraft>({
    label: editing?.label ?? "",
    service: editing ? (editing.service ?? "") : (services[0]?.name ?? ""),
    environment: editing?.environment ?? "",
    baseUrl: editing?.baseUrl ?? "",
    teamApiKey: "",
    teamId: editing?.teamId ?? "",
    orgEntryId: editing?.orgEntryId ?? saved.orgs[0]?.id ?? null,
    ...initial,
  });
  const [shown, setShown] = useState<Problems<TeamDraft>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { formRef, clear, refused, announcement } = useProblemFocus();
  const set = (field: keyof TeamDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setShown((s) => ({ ...s, [field]: undefined }));
  };
  /** A field's text, its change and its problem shown: what each of the form's fields of text is given. */
  const bind = (field: TextOfDraft) => ({ value: draft[field] ?? "", onChange: set(field), error: shown[field] });

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    clear();
    const refuse = (problems: Problems<TeamDraft>) => {
      setShown(problems);
      refused(problems);
    };
    const problems = {
      ...(provided ? {} : placeProblems(draft.service, draft.baseUrl, "baseUrl")),
      ...teamDraftProblems(draft, saved, origin, editing),
    };
    if (hasProblems(problems)) return refuse(problems);
    setShown({});
    const service = services.find((s) => s.name === draft.service);
    const place = draftPlace(service?.name, draft.baseUrl, origin);
    const key = draft.teamApiKey.trim() || savedKey;
    let teamId = draft.teamId.trim().toLowerCase();
    let checked;
    if (key) {
      setChecking(true);
      const team = provided ? { saved: editing } : { typedId: draft.teamId, editing };
      const result = await checkTeamKey(saved, { key, baseUrl: place, team });
      setChecking(false);
      if ("failure" in result) return setFailure(result.failure);
      if ("problem" in result) return refuse({ [result.field]: result.problem });
      ({ teamId, checked } = result);
    }

    const entry: TeamEntry = provided
      ? { ...editing, hasKey: true }
      : {
          id: editing?.id ?? newEntryId(),
          label: draft.label.trim(),
          // A service's team takes its environment and place from the service.
          environment: service ? service.environment : draft.environment.trim(),
          baseUrl: service ? "" : normalizeUrl(draft.baseUrl, origin),
          teamId,
          orgEntryId: draft.orgEntryId || null,
          hasKey: key !== "",
          ...(service && { service: service.name }),
        };
    // The new answer seeds the count (what was cached under an old key or place goes with it: see query-client.ts).
    if (checked)
      queryClient.setQueryData(usersKeys.list({ team: teamTag({ baseUrl: place, teamApiKey: key }), offset: 0, limit: 1 }), checked);
    savedEntries.change({
      teams: editing ? saved.teams.map((t) => (t.id === entry.id ? entry : t)) : [...saved.teams, entry],
      teamKeys: { [entry.id]: key },
    });
    onDone(provided ? `Saved the key of ${entry.label}.` : editing ? `Saved ${entry.label}.` : `Added ${entry.label}.`);
  }

  const keyHint = savedKey
    ? `Leave empty to keep the key ending in ${keyTail(savedKey)}. Sent only to the list operation.`
    : editing?.hasKey
      ? "This tab has no key for this team: enter it to list its users. Sent only to the list operation."
      : "Optional: without it the team can be deleted, not browsed. Checked with the service before it is saved.";
  const teamIdHint =
    draft.teamApiKey.trim() || savedKey
      ? "Optional with a key: the service tells it (type it for an empty team)."
      : "Required without a key.";

  const title = provided ? `Key for ${editing.label}` : editing ? `Edit ${editing.label}` : "Add a team";

  return (
    <ModalDialog title={title} onClose={() => onDone(null)} busy={checking}>
      <form ref={formRef} className="stack" onSubmit={(e) => void save(e)} noValidate aria-label={title}>
        {provided ? (
          <p className="muted">Provided by this deployment: only its key is yours to give, for this browser.</p>
        ) : (
          <>
            <TextField label="Label" {...bind("label")} hint="The name you know this team by." />
            <ServiceField services={services} {...bind("service")} hint="Where the team is listed." />
          </>
        )}
        {!provided && !draft.service && (
          <>
            <TextField
              label="Environment"
              {...bind("environment")}
              list={`${ids}-environments`}
              hint="Production, sandbox, or your own word. Production stands out wherever the team is named."
              autoComplete="off"
            />
            <datalist id={`${ids}-environments`}>
              {environments.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <TextField
              label="API base URL"
              {...bind("baseUrl")}
              placeholder={origin}
              inputMode="url"
              spellCheck={false}
              hint="Where users are listed. Empty: this origin."
            />
          </>
        )}
        <SecretInput label="Team API key" {...bind("teamApiKey")} hint={keyHint} />
        {!provided && (
          <>
            <div className="field">
              <label htmlFor={`${ids}-org`}>Organization</label>
              <select
                id={`${ids}-org`}
                className="select"
                value={draft.orgEntryId ?? ""}
                onChange={(e) => setDraft((d) => ({ ...d, orgEntryId: e.target.value || null }))}
                aria-describedby={`${ids}-org-hint`}
              >
                <option value="">None (browse only)</option>
                {saved.orgs.map((org) => (
                  <option key={org.id} value={org.id}>
                    {org.label}
                  </option>
                ))}
              </select>
              <p id={`${ids}-org-hint`} className="hint small muted">
                The organization whose management key deletes this team.
              </p>
            </div>
            <TextField label="Team ID" {...bind("teamId")} className="mono" spellCheck={false} autoComplete="off" hint={teamIdHint} />
          </>
        )}
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        {announcement}
        <div className="teams-dialog-actions">
          <button type="button" className="button" onClick={() => onDone(null)} disabled={checking}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={checking}>
            {checking && <span className="spinner" aria-hidden="true" />}
            {provided ? "Save key" : editing ? "Save team" : "Add team"}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
