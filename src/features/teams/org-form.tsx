import { useState, type FormEvent } from "react";
import { hasProblems, normalizeUrl, orgDraftProblems, type OrgDraft, type Problems } from "../../api/entry-rules.ts";
import { newEntryId, savedEntries, type OrgEntry } from "../../api/saved-entries.ts";
import { keyTail } from "../../components/format.ts";
import { SecretInput } from "../../components/secret-input.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useProblemFocus } from "../../components/use-problem-focus.tsx";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { ModalDialog } from "./modal-dialog.tsx";
import { ServiceField } from "./service-field.tsx";
import { usePlaceProblems, useServices } from "./use-services.ts";

interface OrgFormProps {
  editing?: OrgEntry;
  /** A new entry's fields, filled in beforehand (an earlier version's connection). */
  initial?: Partial<OrgDraft>;
  onDone: (message: string | null) => void;
}

/** Adds or edits a saved organization: what deleting its teams needs. One the deployment provides is given only its key. */
export function OrgForm({ editing, initial, onDone }: OrgFormProps) {
  const saved = useSavedEntries();
  const services = useServices();
  const placeProblems = usePlaceProblems();
  const provided = editing?.provided === true;
  const origin = window.location.origin;
  const savedKey = editing ? (saved.keys.orgs[editing.id] ?? "") : "";
  const [draft, setDraft] = useState<OrgDraft>({
    label: editing?.label ?? "",
    orgId: editing?.orgId ?? "",
    service: editing ? (editing.service ?? "") : (services[0]?.name ?? ""),
    managementUrl: editing?.managementUrl ?? "",
    managementKey: "",
    ...initial,
  });
  const [shown, setShown] = useState<Problems<OrgDraft>>({});
  const { formRef, clear, refused, announcement } = useProblemFocus();
  const set = (field: keyof OrgDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setShown((s) => ({ ...s, [field]: undefined }));
  };

  function save(event: FormEvent) {
    event.preventDefault();
    clear();
    const problems = {
      ...(provided ? {} : placeProblems(draft.service, draft.managementUrl, "managementUrl")),
      ...orgDraftProblems(draft, saved, origin, editing?.id),
    };
    setShown(problems);
    if (hasProblems(problems)) return refused(problems);
    const service = services.some((s) => s.name === draft.service) ? draft.service : undefined;
    const entry: OrgEntry = provided
      ? editing
      : {
          id: editing?.id ?? newEntryId(),
          label: draft.label.trim(),
          orgId: draft.orgId.trim().toLowerCase(),
          managementUrl: service ? "" : normalizeUrl(draft.managementUrl, origin),
          ...(service && { service }),
        };
    savedEntries.change({
      orgs: editing ? saved.orgs.map((o) => (o.id === entry.id ? entry : o)) : [...saved.orgs, entry],
      orgKeys: draft.managementKey.trim() ? { [entry.id]: draft.managementKey } : {},
    });
    onDone(provided ? `Saved the key of ${entry.label}.` : editing ? `Saved ${entry.label}.` : `Added ${entry.label}.`);
  }

  const title = provided ? `Key for ${editing.label}` : editing ? `Edit ${editing.label}` : "Add an organization";

  return (
    <ModalDialog title={title} onClose={() => onDone(null)}>
      <form ref={formRef} className="stack" onSubmit={save} noValidate aria-label={title}>
        {provided ? (
          <p className="muted">Provided by this deployment: only its management key is yours to give, for this browser.</p>
        ) : (
          <>
            <TextField label="Label" value={draft.label} onChange={set("label")} error={shown.label} hint="The name you know it by." />
            <TextField
              label="Organization ID"
              value={draft.orgId}
              onChange={set("orgId")}
              error={shown.orgId}
              className="mono"
              spellCheck={false}
              autoComplete="off"
            />
            <ServiceField
              services={services}
              value={draft.service ?? ""}
              onChange={set("service")}
              hint="Where its teams are deleted."
              error={shown.service}
            />
            {!draft.service && (
              <TextField
                label="Management API URL"
                value={draft.managementUrl}
                onChange={set("managementUrl")}
                error={shown.managementUrl}
                placeholder={origin}
                inputMode="url"
                spellCheck={false}
                hint="Where teams are deleted. Empty: this origin."
              />
            )}
          </>
        )}
        <SecretInput
          label="Management key"
          value={draft.managementKey}
          onChange={set("managementKey")}
          error={shown.managementKey}
          hint={
            savedKey
              ? `Leave empty to keep the key ending in ${keyTail(savedKey)}. Sent only to the delete operation.`
              : "Deletes this organization's teams. Sent only to the delete operation."
          }
        />
        {announcement}
        <div className="teams-dialog-actions">
          <button type="button" className="button" onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="submit" className="button button-primary">
            {provided ? "Save key" : editing ? "Save organization" : "Add organization"}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
