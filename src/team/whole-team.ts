/**
 * The whole team of one connection, as the page sees it: a small store of where loading stands,
 * over the team worker that loads, indexes, searches and exports. The worker starts with the
 * first load; `dispose` ends it and drops the team (the query cache calls it when the
 * connection's cached data is dropped, or another team is opened). A disposed team stays so: its
 * calls fail, and nothing starts a worker with its key again.
 */
import type { Connection } from "../api/connection.ts";
import type { ExportProgress } from "./export-team.ts";
import type { LoadProgress } from "./load-team.ts";
import type { FacetCounts } from "./team-facets.ts";
import type { TeamQuery, TeamView, TeamViewResult } from "./team-index.ts";
import { createTeamWorkerClient, type TeamWorkerClient } from "./team-worker-client.ts";
import type { TeamOverview } from "./team-overview.ts";
import type { ExportRequest, ExportedFile, LoadReport, OverviewParams, WorkerConnection } from "./team-worker-api.ts";

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

export type WholeTeam = ReturnType<typeof createWholeTeam>;

export function createWholeTeam(
  connection: Pick<Connection, "baseUrl" | "teamApiKey">,
  startClient: (connection: WorkerConnection) => TeamWorkerClient = createTeamWorkerClient,
) {
  let state: WholeTeamState = { status: "idle" };
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
  const worker = () => {
    if (disposed) throw new Error("This loaded team was let go when another team was opened or the keys were forgotten");
    return (client ??= startClient({ baseUrl: connection.baseUrl, apiKey: connection.teamApiKey }));
  };

  async function run(mode: "load" | "resume") {
    if (state.status === "loading" || disposed) return;
    set({ status: "loading", progress: null, resuming: mode === "resume" });
    const onProgress = (progress: LoadProgress) => set({ status: "loading", progress, resuming: mode === "resume" });
    try {
      const report = await worker()[mode](onProgress);
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
    dispose() {
      disposed = true;
      client?.dispose();
      client = undefined;
      if (state.status !== "idle") set({ status: "idle" });
    },
  };
}

function plain(error: unknown) {
  return { name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error) };
}
