/**
 * The whole team of one connection, as the page sees it: a small store of where loading and an
 * export stand, over the team worker that loads, indexes, searches and exports. The worker starts
 * with the first load or export; `dispose` ends it and drops the team (the query cache calls it
 * when the connection's cached data is dropped, or another team is opened). A disposed team stays
 * so: its calls fail, and nothing starts a worker with its key again.
 *
 * An export lives here, not in the buttons that start it: it goes on through a Refresh and while
 * another view is shown, and ends only by Cancel, a failure or `dispose` — each said in words.
 */
import type { Connection } from "../api/connection.ts";
import { pagesInFlight } from "../api/preferences.ts";
import { download } from "../components/download.ts";
import { exportNotice } from "./export-notice.ts";
import type { ExportFormat, ExportProgress } from "../team-engine/export-team.ts";
import { endedExportText, type EndedExport, type ExportEnding } from "./export-words.ts";
import type { LoadProgress } from "../team-engine/load-team.ts";
import type { FacetCounts } from "../team-engine/team-facets.ts";
import type { TeamQuery, TeamView, TeamViewResult } from "../team-engine/team-query.ts";
import { createTeamWorkerClient, type TeamWorkerClient } from "./team-worker-client.ts";
import type { TeamOverview } from "../team-engine/team-overview.ts";
import type { ExportRequest, ExportedFile, LoadReport, OverviewParams, WorkerConnection } from "../team-engine/team-worker-api.ts";

export type WholeTeamState =
  | { status: "idle" }
  | { status: "loading"; progress: LoadProgress | null; resuming: boolean }
  /** A load that ended: complete, too large to index, cancelled or failed (both resumable). */
  | { status: "loaded"; report: LoadReport; version: number };

/**
 * Where loading stands, a load's progress left out: it changes when a load starts or ends, so
 * that what reads it alone (the users page, the overview) is not drawn again with each report.
 */
export type WholeTeamStage = Exclude<WholeTeamState, { status: "loading" }> | { status: "loading"; resuming: boolean };

export interface ExportState {
  running: { format: ExportFormat; progress: ExportProgress | null; expected: number } | null;
  /** How the last export ended, when it did not complete; cleared when the next starts. */
  ended: { text: string; failed: boolean } | null;
}

export interface ExportStart extends ExportRequest {
  /** The users it should write, until the worker says. */
  expected: number;
  /** Named when the export ends with the team. */
  teamLabel: string;
}

export type WholeTeam = ReturnType<typeof createWholeTeam>;

export function createWholeTeam(
  connection: Pick<Connection, "baseUrl" | "teamApiKey" | "heldTeamId">,
  startClient: (connection: WorkerConnection) => TeamWorkerClient = createTeamWorkerClient,
  save: (file: { fileName: string; blob: Blob }) => void = download,
) {
  let state: WholeTeamState = { status: "idle" };
  let exporting: ExportState = { running: null, ended: null };
  /** The running export's controller, and what its words need. */
  let currentExport: { controller: AbortController; words: Omit<EndedExport, "users" | "total"> } | undefined;
  let stage: WholeTeamStage = state;
  let version = 0;
  let client: TeamWorkerClient | undefined;
  let disposed = false;
  const listeners = new Set<() => void>();
  const set = (next: WholeTeamState) => {
    state = next;
    if (next.status !== "loading") stage = next;
    else if (stage.status !== "loading" || stage.resuming !== next.resuming) stage = { status: "loading", resuming: next.resuming };
    listeners.forEach((listener) => listener());
  };
  const setExport = (next: ExportState) => {
    exporting = next;
    listeners.forEach((listener) => listener());
  };
  /** The running export's words for `ending`, at the progress it made. */
  const endingText = (ending: ExportEnding) => {
    const { running } = exporting;
    const progress = running?.progress;
    const at = { users: progress?.users ?? 0, total: progress?.total ?? running?.expected ?? 0 };
    return endedExportText({ ...currentExport!.words, ...at }, ending);
  };
  const worker = () => {
    if (disposed) throw new Error("This loaded team was let go when another team was opened or the keys were forgotten");
    return (client ??= startClient({ baseUrl: connection.baseUrl, apiKey: connection.teamApiKey, heldTeamId: connection.heldTeamId }));
  };

  async function startExport({ expected, teamLabel, ...request }: ExportStart) {
    if (exporting.running || disposed) return;
    const controller = new AbortController();
    const { signal } = controller;
    const words = { format: request.format, fileName: request.target?.name ?? null, teamLabel };
    currentExport = { controller, words };
    setExport({ running: { format: request.format, progress: null, expected }, ended: null });
    const onProgress = (progress: ExportProgress) => {
      if (currentExport?.controller === controller) setExport({ running: { ...exporting.running!, progress }, ended: null });
    };
    let ending: ExportEnding | null = null;
    try {
      const { fileName, blob } = await worker().exportFile({ ...request, maxInFlight: pagesInFlight.get() }, { signal, onProgress });
      // A picked file that was closed is whole, whenever Cancel came; a download not yet made is not made.
      if (blob && signal.aborted) ending = { how: "cancelled" };
      else if (blob) save({ fileName, blob });
    } catch (error) {
      ending = signal.aborted ? { how: "cancelled" } : { how: "failed", message: (error as Error).message };
    }
    // Ended with the team: `dispose` said so.
    if (currentExport?.controller !== controller) return;
    setExport({ running: null, ended: ending && { text: endingText(ending), failed: ending.how === "failed" } });
    currentExport = undefined;
  }

  async function run(mode: "load" | "resume") {
    if (state.status === "loading" || disposed) return;
    set({ status: "loading", progress: null, resuming: mode === "resume" });
    const onProgress = (progress: LoadProgress) => set({ status: "loading", progress, resuming: mode === "resume" });
    try {
      const report = await worker()[mode](onProgress, { maxInFlight: pagesInFlight.get() });
      set({ status: "loaded", report, version: ++version });
    } catch (error) {
      // The worker itself failed (or was disposed): nothing loaded can be trusted.
      if (client)
        set({
          status: "loaded",
          report: { status: "failed", users: 0, total: null, pagesLeft: 0, error: plain(error) },
          version: ++version,
        });
    }
  }

  return {
    get: (): WholeTeamState => state,
    getStage: (): WholeTeamStage => stage,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the whole team; again, to refresh it. */
    load: () => run("load"),
    /** Continues a cancelled or failed load from where it stopped. */
    resume: () => run("resume"),
    cancel: () => client?.cancel(),
    view: async (view: TeamView): Promise<TeamViewResult> => worker().view(view),
    facets: async (query: TeamQuery): Promise<FacetCounts> => worker().facets(query),
    overview: async (params: OverviewParams): Promise<TeamOverview> => worker().overview(params),
    exportFile: async (
      request: ExportRequest,
      options: { onProgress?: (progress: ExportProgress) => void; signal?: AbortSignal },
    ): Promise<ExportedFile> => worker().exportFile(request, options),
    getExport: (): ExportState => exporting,
    /** Starts an export, unless one is running: its progress and end are in `getExport`. */
    startExport,
    /** Stops the running export; it then says it was cancelled and what the file holds. */
    cancelExport: () => currentExport?.controller.abort(),
    dispose() {
      disposed = true;
      if (exporting.running) {
        exportNotice.show(endingText({ how: "let go" }));
        currentExport = undefined;
        setExport({ running: null, ended: null });
      }
      client?.dispose();
      client = undefined;
      if (state.status !== "idle") set({ status: "idle" });
    },
  };
}

function plain(error: unknown) {
  return { name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error) };
}
