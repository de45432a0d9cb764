import { serviceName } from "../../api/deployment.ts";
import { useServices } from "./use-services.ts";

/** The service an entry names, and whether the deployment provides it: a line under a cell's value. */
export function EntryNotes({ entry }: { entry: { service?: string; provided?: boolean } }) {
  const services = useServices();
  const service = entry.service && services.find((s) => s.name === entry.service);
  const notes = [service ? serviceName(service) : entry.service, entry.provided && "provided by the deployment"].filter(Boolean);
  return notes.length > 0 && <span className="teams-entry-notes small muted">{notes.join(" · ")}</span>;
}
