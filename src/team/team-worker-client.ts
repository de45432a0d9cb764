/**
 * The page's side of the team worker: each call a promise, progress through a callback. One
 * client (and one worker) per connection: when the connection changes or its cached data is
 * dropped, `dispose` it, and the loaded team goes with the worker.
 */
import type { TeamView, TeamViewResult } from "./team-index.ts";
import type { TeamOverview } from "./team-overview.ts";
import type { ExportProgress } from "./export-team.ts";
import type { LoadProgress } from "./load-team.ts";
import type {
  ExportRequest,
  ExportedFile,
  LoadReport,
  OverviewParams,
  WorkerCalls,
  WorkerConnection,
  WorkerError,
  WorkerMethod,
  WorkerReply,
  WorkerRequest,
} from "./team-worker-protocol.ts";

/** What the client needs of a Worker; tests give it an in-process stand-in. */
export interface WorkerPort {
  postMessage(message: WorkerRequest): void;
  addEventListener(type: "message", listener: (event: MessageEvent<WorkerReply>) => void): void;
  addEventListener(type: "error", listener: (event: ErrorEvent) => void): void;
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
  return new Worker(new URL("./team.worker.ts", import.meta.url), { type: "module", name: "team" }) as WorkerPort;
}

const stopped = () => new Error("The team worker was stopped");

interface Pending {
  resolve: (result: never) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: never) => void;
}

export function createTeamWorkerClient(connection: WorkerConnection, worker: WorkerPort = startTeamWorker()) {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let runningLoad: number | undefined;
  let disposed = false;

  const failAll = (error: Error) => {
    pending.forEach((call) => call.reject(error));
    pending.clear();
  };

  worker.addEventListener("message", ({ data: reply }) => {
    const call = pending.get(reply.id);
    if (!call) return;
    if (reply.kind === "progress") return call.onProgress?.(reply.progress as never);
    pending.delete(reply.id);
    if (reply.kind === "result") call.resolve(reply.result as never);
    else call.reject(new TeamWorkerError(reply.error));
  });
  worker.addEventListener("error", (event) => failAll(new Error(`The team worker failed: ${event.message}`)));
  worker.postMessage({ kind: "connect", connection });

  function request<M extends WorkerMethod>(
    method: M,
    params: WorkerCalls[M]["params"],
    onProgress?: (progress: WorkerCalls[M]["progress"]) => void,
    signal?: AbortSignal,
  ): { id: number; result: Promise<WorkerCalls[M]["result"]> } {
    const id = nextId++;
    const result = new Promise<WorkerCalls[M]["result"]>((resolve, reject) => {
      if (disposed) return reject(stopped());
      pending.set(id, { resolve, reject, onProgress } as Pending);
      worker.postMessage({ kind: "call", id, method, params } as WorkerRequest);
      const cancel = () => worker.postMessage({ kind: "cancel", id });
      if (signal?.aborted) cancel();
      else signal?.addEventListener("abort", cancel, { once: true });
    });
    return { id, result };
  }

  async function load(mode: "fresh" | "resume", onProgress?: (progress: LoadProgress) => void): Promise<LoadReport> {
    const { id, result } = request("load", { mode }, onProgress);
    runningLoad = id;
    try {
      return await result;
    } finally {
      if (runningLoad === id) runningLoad = undefined;
    }
  }

  return {
    /** Loads the whole team, dropping any team loaded before. */
    load: (onProgress?: (progress: LoadProgress) => void) => load("fresh", onProgress),
    /** Continues a cancelled or failed load from where it stopped (a fresh load if none did). */
    resume: (onProgress?: (progress: LoadProgress) => void) => load("resume", onProgress),
    /** Loads the team again, to see users added or removed since. */
    refresh: (onProgress?: (progress: LoadProgress) => void) => load("fresh", onProgress),
    /** Stops the running load; it then reports `cancelled` and can be resumed. */
    cancel(): void {
      if (runningLoad !== undefined) worker.postMessage({ kind: "cancel", id: runningLoad });
    },
    /** One page of the loaded team's search, facets and sort. */
    view: (view: TeamView): Promise<TeamViewResult> => request("view", view).result,
    /** The overview's figures and series for a selection. */
    overview: (params: OverviewParams): Promise<TeamOverview> => request("overview", params).result,
    /** A file of the whole team or of a selection; `signal` cancels it. */
    exportFile: (
      exportRequest: ExportRequest,
      { onProgress, signal }: { onProgress?: (progress: ExportProgress) => void; signal?: AbortSignal } = {},
    ): Promise<ExportedFile> => request("export", exportRequest, onProgress, signal).result,
    /** Ends the worker and drops the loaded team with it. */
    dispose(): void {
      disposed = true;
      worker.terminate();
      failAll(stopped());
    },
  };
}

export type TeamWorkerClient = ReturnType<typeof createTeamWorkerClient>;
