import { useRef, useState, useSyncExternalStore } from "react";
import { formatCount } from "../components/format.ts";
import type { ExportFormat } from "../team-engine/export-team.ts";
import { milestoneText, ProgressStatus } from "./progress-status.tsx";
import type { TeamQuery } from "../team-engine/team-query.ts";
import type { WholeTeam } from "./whole-team.ts";
import { useTeam } from "../components/use-current-team.ts";
import { pickExportFile } from "./save-file-picker.ts";

interface ExportButtonsProps {
  team: WholeTeam;
  /** The selection shown, when a search or facet narrows it; null: only the whole team. */
  selection: { query: TeamQuery; users: number } | null;
  /** The whole team's size. */
  total: number;
  /** Whether an export may start now; without it, only a running export and how the last one ended show. */
  offer?: boolean;
}

/**
 * Exports as CSV or NDJSON, of the whole team or of the selection shown, with progress and Cancel:
 * written to a file the operator picks as it is produced where the browser can, else downloaded.
 * The export runs in the whole team's store, so these buttons come and go (a Refresh, another
 * view) without ending it.
 */
export function ExportButtons({ team, selection, total, offer = true }: ExportButtonsProps) {
  const { teamId, label } = useTeam().team;
  const { running, ended } = useSyncExternalStore(team.subscribe, team.getExport);
  const [scope, setScope] = useState<"team" | "selection">("team");
  const [pickFailure, setPickFailure] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);
  const query = scope === "selection" && selection ? selection.query : null;
  const expected = query ? (selection?.users ?? total) : total;

  function choose(format: ExportFormat) {
    setPickFailure(null);
    // Before anything awaits: the picker needs this click's user activation.
    const picking = pickExportFile(teamId, format);
    if (!picking) return start(format);
    picking.then(
      (target) => start(format, target),
      (error: Error) => {
        // Dismissing the picker is a choice, not a failure.
        if (error.name !== "AbortError") setPickFailure(`The file could not be chosen: ${error.message}`);
      },
    );
  }

  function start(format: ExportFormat, target?: FileSystemFileHandle) {
    void team.startExport({ format, query, target, expected, teamLabel: label });
    requestAnimationFrame(() => cancelRef.current?.focus());
  }

  function cancel() {
    team.cancelExport();
    // The Cancel button goes: the focus goes to the buttons that take its place.
    requestAnimationFrame(() => firstRef.current?.focus());
  }

  if (!offer && !running && !ended) return null;
  const kind = running?.format.toUpperCase();
  const done = running?.progress?.users ?? 0;
  const toDo = running?.progress?.total ?? running?.expected ?? 0;
  const failure = pickFailure ?? (ended?.failed ? ended.text : null);
  return (
    <div className="team-export" role="group" aria-label="Export">
      {selection && offer && (
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
          <progress className="team-progress" aria-label={`Exporting ${kind}`} max={toDo || 1} value={done} />
          <span className="small" role="status">
            <ProgressStatus
              shown={`Exporting ${kind}: ${formatCount(done)} of ${formatCount(toDo)} users`}
              said={`Exporting ${kind}: ${milestoneText(done, toDo)}`}
            />
          </span>
          <button ref={cancelRef} type="button" className="button button-small" onClick={cancel}>
            Cancel export
          </button>
        </>
      ) : (
        offer && (
          <>
            <button ref={firstRef} type="button" className="button button-small" onClick={() => choose("csv")}>
              Export CSV
            </button>
            <button type="button" className="button button-small" onClick={() => choose("ndjson")}>
              Export NDJSON
            </button>
          </>
        )
      )}
      {ended && !ended.failed && (
        <p className="small team-export-ended" role="status">
          {ended.text}
        </p>
      )}
      {failure && (
        <p className="small team-export-failure" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
