import { useServices } from "./use-services.ts";

/** An entry's label, with the service it names and whether the deployment provides it. */
export function EntryLabel({ entry }: { entry: { label: string; service?: string; provided?: boolean } }) {
  const services = useServices();
  const service = entry.service && (services.find((s) => s.name === entry.service)?.label ?? entry.service);
  const notes = [service, entry.provided && "provided by the deployment"].filter(Boolean);
  return (
    <>
      {entry.label}
      {notes.length > 0 && <span className="teams-entry-notes small muted">{notes.join(" · ")}</span>}
    </>
  );
}
