/** What an export that ended before its end says: how far it got, and what the file now holds. */
import { formatCount } from "../components/format.ts";
import type { ExportFormat } from "../team-engine/export-team.ts";

export interface EndedExport {
  format: ExportFormat;
  /** Users written so far, and to write. */
  users: number;
  total: number;
  /** The file the operator picked; null: the export was to be downloaded at its end. */
  fileName: string | null;
  /** The team's label, said when the team is no longer on screen. */
  teamLabel: string;
}

export type ExportEnding = { how: "cancelled" } | { how: "failed"; message: string } | { how: "let go" };

/**
 * A picked file is written through a swap file that replaces it only once the export is complete
 * (`writeChunks`), and a download happens only at the end: an export ended early leaves nothing.
 */
const whatTheFileHolds = (fileName: string | null) => (fileName ? `${fileName} was left as it was` : "nothing was downloaded");

export function endedExportText({ format, users, total, fileName, teamLabel }: EndedExport, ending: ExportEnding): string {
  const kind = format.toUpperCase();
  const at = `at ${formatCount(users)} of ${formatCount(total)} users`;
  const file = whatTheFileHolds(fileName);
  switch (ending.how) {
    case "cancelled":
      return `The ${kind} export was cancelled ${at}: ${file}.`;
    case "failed":
      return `The ${kind} export stopped ${at}: ${ending.message.replace(/\.$/, "")}; ${file}.`;
    case "let go":
      return `The ${kind} export of ${teamLabel} stopped ${at} when this tab let go of the team (its key was forgotten or changed, or another team was opened): ${file}.`;
  }
}
