import { useEffect, useRef, useState } from "react";
import { formatCount } from "../components/format.ts";
import type { ExportFormat, ExportProgress } from "./export-team.ts";
import { milestoneText, ProgressStatus } from "./progress-status.tsx";
import type { TeamQuery } from "./team-index.ts";
import type { WholeTeam } from "./whole-team.ts";
import { download } from "../components/download.ts";
import { useTeam } from "../components/use-current-team.ts";
import { pickExportFile } from "./save-file-picker.ts";

interface ExportButtonsProps {
  team: WholeTeam;
  /** The selection shown, when a search or facet narrows it; null: only the whole team. */
  selection: { query: TeamQuery; users: number } | null;
  /** The whole team's size. */
  total: number;
}

type Running = { format: ExportFormat; progress: ExportProgress | null; controller: AbortController };

/**
 * Exports as CSV or NDJSON, of the whole team or of the selection shown, with progress and Cancel:
 * written to a file the operator picks as it is produced where the browser can, else downloaded.
 */
export function ExportButtons({ team, selection, total }: ExportButtonsProps) {
  const { teamId } = useTeam().team;
  const [scope, setScope] = useState<"team" | "selection">("team");
  const [running, setRunning] = useState<Running | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const runningRef = useRef<AbortController | null>(null);
  const query = scope === "selection" && selection ? selection.query : null;

  // The operator left the view: the export stops, rather than finish later over another page.
  useEffect(() => () => runningRef.current?.abort(), []);

  function choose(format: ExportFormat) {
    setFailure(null);
    // Before anything awaits: the picker needs this click's user activation.
    const picking = pickExportFile(teamId, format);
    if (!picking) return void start(format);
    picking.then(
      (target) => void start(format, target),
      (error: Error) => {
        // Dismissing the picker is a choice, not a failure.
        if (error.name !== "AbortError") setFailure(`The file could not be chosen: ${error.message}`);
      },
    );
  }

  async function start(format: ExportFormat, target?: FileSystemFileHandle) {
    const controller = new AbortController();
    runningRef.current = controller;
    setRunning({ format, progress: null, controller });
    requestAnimationFrame(() => cancelRef.current?.focus());
    try {
      const { fileName, blob } = await team.exportFile(
        { format, query, target },
        { signal: controller.signal, onProgress: (progress) => setRunning((r) => r && { ...r, progress }) },
      );
      if (!controller.signal.aborted && blob) download({ fileName, blob });
    } catch (error) {
      if (!controller.signal.aborted) setFailure(`The export stopped: ${(error as Error).message}`);
    } finally {
      if (runningRef.current === controller) runningRef.current = null;
      setRunning(null);
    }
  }

  const kind = running?.format.toUpperCase();
  const done = running?.progress?.users ?? 0;
  const toDo = running?.progress?.total ?? (query ? (selection?.users ?? total) : total);
  return (
    <div className="team-export" role="group" aria-label="Export">
      {selection && (
        <label className="team-export-scope">
          <span className="visually-hidden">What to export</span>
          <select
            className="select"
            value={scope}
            onChange={(e) => setScope(e.target.value as "team" | "selection")}
            disabled={running !== null}
          >
            <option value="team">Whole team ({formatCount(total)})</option>
            <option value="selection">This selection ({formatCount(selection.users)})</option>
          </select>
        </label>
      )}
      {running ? (
        <>
          <progress className="team-progress" aria-label={`Exporting ${kind}`} max={running.progress?.total || 1} value={done} />
          <span className="small" role="status">
            <ProgressStatus
              shown={`Exporting ${kind}: ${formatCount(done)} of ${formatCount(toDo)} users`}
              said={`Exporting ${kind}: ${milestoneText(done, toDo)}`}
            />
          </span>
          <button ref={cancelRef} type="button" className="button button-small" onClick={() => running.controller.abort()}>
            Cancel export
          </button>
        </>
      ) : (
        <>
          <button type="button" className="button button-small" onClick={() => choose("csv")}>
            Export CSV
          </button>
          <button type="button" className="button button-small" onClick={() => choose("ndjson")}>
            Export NDJSON
          </button>
        </>
      )}
      {failure && (
        <p className="small team-export-failure" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
