/**
 * The page's side of the team worker, over Comlink: each call a promise, progress through a
 * callback. One client (and one worker) per connection: when the connection changes or its cached
 * data is dropped, `dispose` it, and the loaded team goes with the worker.
 */
import { proxy, wrap, type Endpoint } from "comlink";
import type { ExportProgress } from "../team-engine/export-team.ts";
import type { LoadProgress } from "../team-engine/load-team.ts";
import type { FacetCounts } from "../team-engine/team-facets.ts";
import type { TeamQuery, TeamView, TeamViewResult } from "../team-engine/team-query.ts";
import type { TeamOverview } from "../team-engine/team-overview.ts";
import type {
  ExportRequest,
  ExportedFile,
  LoadReport,
  LoadRequest,
  OverviewParams,
  TeamWorkerApi,
  WorkerConnection,
  WorkerError,
} from "../team-engine/team-worker-api.ts";
import { keptMeasure } from "../team-engine/kept-measure.ts";

/** What the client needs of a Worker; tests give it one end of a MessageChannel. */
export interface WorkerPort extends Endpoint {
  terminate(): void;
}

/** An error that came from the worker, with the name and status of the original. */
export class TeamWorkerError extends Error {
  readonly status: number | undefined;
  constructor({ name, message, status }: WorkerError) {
    super(message);
    this.name = name;
    this.status = status;
  }
}

export function startTeamWorker(): WorkerPort {
  return new Worker(new URL("../team-engine/team.worker.ts", import.meta.url), { type: "module", name: "team" });
}

const stopped = () => new Error("The team worker was stopped");

/** How long `dispose` waits for the worker to confirm it stopped before ending it all the same (a worker stuck in a long task). */
const stopAnswerMs = 1_000;

export function createTeamWorkerClient(connection: WorkerConnection, worker: WorkerPort = startTeamWorker()) {
  const api = wrap<TeamWorkerApi>(worker);
  let nextId = 1;
  let runningLoad: number | undefined;
  let disposed = false;
  let end: (error: Error) => void = () => {};
  /** Rejects once the worker is stopped or failed: Comlink's calls to it would wait forever. */
  const ended = new Promise<never>((_, reject) => (end = reject));
  ended.catch(() => {});

  worker.addEventListener("error", (event) => end(new Error(`The team worker failed: ${(event as ErrorEvent).message}`)));
  void api.connect(connection);

  /** A progress callback that the worker's reports no longer reach once disposed (it may send some before it hears the stop). */
  const unlessDisposed =
    <P>(onProgress: (progress: P) => void) =>
    (progress: P) => {
      if (!disposed) onProgress(progress);
    };

  function call<R>(start: () => Promise<R>): Promise<R> {
    if (disposed) return Promise.reject(stopped());
    const answer = start().catch((error: WorkerError | Error) => {
      throw new TeamWorkerError({ name: error.name, message: error.message, status: "status" in error ? error.status : undefined });
    });
    return Promise.race([answer, ended]);
  }

  /** A call `cancel(id)` stops; `signal` cancels it too. */
  function cancellable<R>(start: (callId: number) => Promise<R>, signal?: AbortSignal): { id: number; answer: Promise<R> } {
    const id = nextId++;
    const answer = call(() => start(id));
    const cancel = () => void api.cancel(id);
    if (signal?.aborted) cancel();
    else signal?.addEventListener("abort", cancel, { once: true });
    return { id, answer };
  }

  async function load(mode: "load" | "resume", onProgress?: (progress: LoadProgress) => void, request?: LoadRequest): Promise<LoadReport> {
    const { id, answer } = cancellable<LoadReport>((callId) => api[mode](callId, onProgress && proxy(unlessDisposed(onProgress)), request));
    runningLoad = id;
    try {
      return await answer;
    } finally {
      if (runningLoad === id) runningLoad = undefined;
    }
  }

  return {
    /** Loads the whole team, dropping any team loaded before. */
    load: (onProgress?: (progress: LoadProgress) => void, request?: LoadRequest) => load("load", onProgress, request),
    /** Continues a cancelled or failed load from where it stopped (a fresh load if none did). */
    resume: (onProgress?: (progress: LoadProgress) => void, request?: LoadRequest) => load("resume", onProgress, request),
    /** Loads the team again, to see users added or removed since. */
    refresh: (onProgress?: (progress: LoadProgress) => void, request?: LoadRequest) => load("load", onProgress, request),
    /** Stops the running load; it then reports `cancelled` and can be resumed. */
    cancel(): void {
      if (runningLoad !== undefined) void api.cancel(runningLoad);
    },
    /** One page of the loaded team's search, facets and sort. */
    view: (view: TeamView): Promise<TeamViewResult> => measured("team view", () => call(() => api.view(view))),
    /** The filters' options and counts for a search and facets. */
    facets: (query: TeamQuery): Promise<FacetCounts> => measured("team facets", () => call(() => api.facets(query))),
    /** The overview's figures and series for a selection. */
    overview: (params: OverviewParams): Promise<TeamOverview> => measured("team overview", () => call(() => api.overview(params))),
    /** A file of the whole team or of a selection; `signal` cancels it. */
    exportFile: (
      request: ExportRequest,
      { onProgress, signal }: { onProgress?: (progress: ExportProgress) => void; signal?: AbortSignal } = {},
    ): Promise<ExportedFile> =>
      cancellable((callId) => api.exportFile(callId, request, onProgress && proxy(unlessDisposed(onProgress))), signal).answer,
    /**
     * Ends the worker and drops the loaded team with it; every call still waiting fails at once.
     * The worker is told to stop first, which aborts its requests and lets none start: Chromium
     * carries out `terminate()` later, and meanwhile the worker would go on asking for pages.
     */
    dispose(): void {
      if (disposed) return;
      disposed = true;
      end(stopped());
      const stopping = api.stop();
      const late = new Promise((resolve) => setTimeout(resolve, stopAnswerMs));
      void Promise.race([stopping, late])
        .catch(() => {})
        .then(() => worker.terminate());
    },
  };
}

/**
 * Each answer's round trip becomes a User Timing measure: what a search, facet, sort or selection
 * costs as the page waits for it, seen in DevTools' timeline and read by the browser bench.
 */
function measured<R>(name: string, ask: () => Promise<R>): Promise<R> {
  // From before the question is posted: the worker can start on it before this thread goes on.
  const start = performance.now();
  return ask().then((value) => {
    keptMeasure(name, { start });
    return value;
  });
}

export type TeamWorkerClient = ReturnType<typeof createTeamWorkerClient>;
