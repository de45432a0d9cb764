import { useSyncExternalStore } from "react";
import { formatCount } from "../components/format.ts";
import { ExportButtons } from "./export-button.tsx";
import type { LoadProgress } from "../team-engine/load-team.ts";
import { milestoneText, ProgressStatus } from "./progress-status.tsx";
import type { TeamQuery } from "../team-engine/team-query.ts";
import type { LoadReport } from "../team-engine/team-worker-api.ts";
import { WaitCountdown } from "./wait-countdown.tsx";
import { indexMaxUsers } from "../team-engine/whole-team-limits.ts";
import { pagesPerSecondText, teamMemoryText, tooLargeText } from "./whole-team-words.ts";
import type { WholeTeam } from "./whole-team.ts";
import "./team.css";

interface WholeTeamBarProps {
  team: WholeTeam;
  /** The team's size, as the service's page says. */
  total: number;
  /** The selection shown, when the URL narrows it. */
  selection: { query: TeamQuery; users: number } | null;
  /** The URL asks a search, filter or order of the team, which is not loaded yet: no table shows. */
  waiting: boolean;
}

const seconds = (s: number) => (s < 1.5 ? "about 1 s" : s < 90 ? `about ${Math.round(s)} s` : `about ${Math.round(s / 60)} min`);

function progressText({ pagesDone, pagesTotal, users, total, ratePerSecond, pagesPerSecond, secondsLeft }: LoadProgress): string {
  const parts = [`page ${formatCount(pagesDone)} of ${formatCount(pagesTotal)}`, `${formatCount(users)} of ${formatCount(total)} users`];
  // How fast the service lets the pages come (the pacer's doing), beside the users it makes.
  if (pagesPerSecond > 0) parts.push(pagesPerSecondText(pagesPerSecond));
  if (ratePerSecond > 0) parts.push(`${formatCount(Math.round(ratePerSecond))} users/s`);
  if (secondsLeft !== null) parts.push(`${seconds(secondsLeft)} left`);
  return parts.join(" · ");
}

/** What a finished load says, and whether it is a failure. */
function reportText(report: LoadReport): { text: string; failed: boolean } {
  switch (report.status) {
    case "complete":
      return {
        text: `All ${formatCount(report.users)} users are loaded: search, facets, sort and export cover the whole team.`,
        failed: false,
      };
    case "too-large":
      return { text: tooLargeText(report.total, report.maxUsers), failed: false };
    case "cancelled":
      return {
        text: `Loading was cancelled with ${formatCount(report.users)} of ${formatCount(report.total ?? 0)} users loaded; search covers those. Resume loads the ${formatCount(report.pagesLeft)} pages left.`,
        failed: false,
      };
    case "failed":
      return {
        text: `Loading stopped with ${formatCount(report.users)} of ${formatCount(report.total ?? 0)} users loaded: ${report.error.message}. What was loaded is kept; Resume loads the ${formatCount(report.pagesLeft)} pages left.`,
        failed: true,
      };
  }
}

/**
 * Loading the whole team, so that search, facets, sort and export can answer what the service
 * cannot: a button, then progress with Cancel, then what came of it (drift included), Resume,
 * Refresh and Export.
 */
export function WholeTeamBar({ team, total, selection, waiting }: WholeTeamBarProps) {
  // The bar alone follows each progress report; the page reads the stage (useWholeTeam).
  const state = useSyncExternalStore(team.subscribe, team.get);
  if (state.status === "idle" && total > indexMaxUsers) {
    // Loading would end at its first page: the export, which streams the service's pages, is offered at once.
    return (
      <div className="team-bar">
        <p className="small">{tooLargeText(total)}</p>
        <ExportButtons team={team} selection={null} total={total} />
      </div>
    );
  }
  if (state.status === "idle") {
    return (
      <div className="team-bar">
        <p className="small">
          Search, filter, sort and export all {formatCount(total)} users by loading the whole team into this tab: {teamMemoryText(total)} of
          memory.
        </p>
        <button type="button" className="button button-small" onClick={() => void team.load()}>
          Load the whole team
        </button>
      </div>
    );
  }
  if (state.status === "loading") {
    const progress = state.progress;
    const doing = state.resuming ? "Resuming" : "Loading the whole team";
    const said =
      progress && progress.waitingUntil !== null
        ? "the service asked to wait; loading goes on after the wait"
        : milestoneText(progress?.users ?? 0, progress?.total ?? 0);
    return (
      <div className="team-bar">
        <progress className="team-progress" aria-label="Loading the whole team" max={progress?.total || 1} value={progress?.users ?? 0} />
        <p className="small" role="status">
          <ProgressStatus shown={`${doing}: ${progress?.pagesDone ? progressText(progress) : "starting…"}`} said={`${doing}: ${said}`} />
        </p>
        {progress && progress.waitingUntil !== null && <WaitCountdown until={progress.waitingUntil} />}
        <button type="button" className="button button-small" onClick={team.cancel}>
          Cancel
        </button>
        {waiting && <p className="small">The search, filters or order in the address apply once the whole team is loaded.</p>}
        {/* An export started before a Refresh goes on: its progress and Cancel stay. */}
        <ExportButtons team={team} selection={null} total={total} offer={false} />
      </div>
    );
  }
  const { report } = state;
  const { text, failed } = reportText(report);
  const stopped = report.status === "cancelled" || report.status === "failed";
  return (
    <div className="team-bar">
      <div className="team-bar-report">
        <p className={`small ${failed ? "team-failure" : ""}`} role={failed ? "alert" : "status"}>
          {text}
        </p>
        {report.status === "complete" && report.drift && (
          <p className="small team-drift" role="note">
            {report.drift} Refresh to load the team as it is now.
          </p>
        )}
      </div>
      <div className="row">
        {stopped && (
          <button type="button" className="button button-small button-primary" onClick={() => void team.resume()}>
            Resume
          </button>
        )}
        <button type="button" className="button button-small" onClick={() => void team.load()}>
          {report.status === "complete" ? "Refresh" : "Load again"}
        </button>
        <ExportButtons team={team} selection={selection} total={total} offer={!stopped} />
      </div>
    </div>
  );
}
