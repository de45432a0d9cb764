/**
 * What the team worker exposes to the page through Comlink: it holds the connection, the loaded
 * team and a stopped load's resume point. Free of worker globals, so tests drive it in Node over
 * a MessageChannel. Each answer is small — one page of rows, the overview's figures, a finished
 * export as a Blob (a handle, not a copy of the data) or nothing, when it was written to the file
 * the page gave — so nothing is worth transferring.
 */
import { releaseProxy, type ProxyMarked, type ProxyMethods } from "comlink";
import type { ApiError } from "../api/errors.ts";
import type { TransportOptions } from "../api/http.ts";
import { asTeamApiKey, teamKeyHeld } from "../api/key-kinds.ts";
import { createTeamClient } from "../api/list-users.ts";
import { exportChunks, exportFileName, exportMediaTypes, readsIndex, type ExportFormat, type ExportProgress } from "./export-team.ts";
import { blobOfChunks, writeChunks } from "./export-sink.ts";
import { loadTeam, type LoadOutcome, type LoadProgress, type ResumePoint } from "./load-team.ts";
import type { SentTeamPages } from "./service-pages.ts";
import { TeamIndex } from "./team-index.ts";
import type { TeamQuery, TeamView, TeamViewResult } from "./team-query.ts";
import type { FacetCounts } from "./team-facets.ts";
import type { OverviewRequest, TeamOverview } from "./team-overview.ts";
import { teamMaxRetryAfterMs } from "./whole-team-limits.ts";
import { keptMeasure } from "./kept-measure.ts";

/** The overview of the users a search and facets select. */
export interface OverviewParams extends OverviewRequest {
  query: TeamQuery;
}

export interface WorkerConnection {
  /** Empty: the page's origin. */
  baseUrl: string;
  apiKey: string;
  /** The team's ID when the deployment holds its key (then apiKey is empty): see TeamKeyHeld. */
  heldTeamId?: string | undefined;
}

/** An error as it crosses to the page: the class name (`RateLimitedError`…), a message, the status. */
export interface WorkerError {
  name: string;
  message: string;
  status?: number;
}

/** How a load ended, as the page sees it: a stopped load says how many pages are left to resume. */
export type LoadReport =
  | Extract<LoadOutcome, { status: "complete" | "too-large" }>
  | (Omit<Extract<LoadOutcome, { status: "cancelled" }>, "resume"> & { pagesLeft: number })
  | (Omit<Extract<LoadOutcome, { status: "failed" }>, "resume" | "error"> & { pagesLeft: number; error: WorkerError });

/** What the page says with a load: the most pages in flight (Settings), the pacer's ceiling. */
export interface LoadRequest {
  maxInFlight?: number;
}

export interface ExportRequest {
  format: ExportFormat;
  /** The most pages in flight when the export reads the service's pages (Settings). */
  maxInFlight?: number;
  /** Null: the whole team. */
  query: TeamQuery | null;
  /** The file the operator picked: each chunk is written to it as it is produced. Without it, a Blob. */
  target?: FileSystemFileHandle;
}

export interface ExportedFile {
  fileName: string;
  /** Null when the export was written to the request's `target`. */
  blob: Blob | null;
}

/** A callback of the page's, passed with `Comlink.proxy`: here each call is a message, answered once the page ran it. */
export type ProgressCallback<P> = ((progress: P) => void) & ProxyMarked;

export interface TeamWorkerApiOptions {
  /** Passed to the team client: tests inject `fetch`. */
  transport?: TransportOptions;
  /** A team larger than this is not indexed (its exports stream from the service). */
  maxUsers?: number;
}

/** The API to expose, and `stop`, which aborts whatever runs and every request (tests call it as a worker's end). */
export function createTeamWorkerApi({ transport, maxUsers }: TeamWorkerApiOptions = {}) {
  /**
   * Aborted by `stop`: every request in flight is aborted with it, and none starts after it. The
   * page sends `stop` before `terminate()`, which Chromium carries out later (meanwhile the worker
   * would answer pages and ask for more with a forgotten key).
   */
  const stopping = new AbortController();
  const fetchOnce = transport?.fetch ?? ((input, init) => fetch(input, init));
  const stoppableFetch: typeof fetch = (input, init) => {
    if (stopping.signal.aborted) return Promise.reject(stopping.signal.reason);
    const signal = init?.signal ? AbortSignal.any([init.signal, stopping.signal]) : stopping.signal;
    return fetchOnce(input, { ...init, signal });
  };
  let connection = { client: null as ReturnType<typeof createTeamClient> | null, apiKey: "" };
  let index = new TeamIndex();
  /** Whether the team is in the index: not before a load, nor when it was too large; exports then stream from the service. */
  let indexed = false;
  let resumePoint: ResumePoint | undefined;
  /** The running load: a new one stops it, and starts once it has stopped. */
  let currentLoad: { controller: AbortController; done: Promise<unknown> } | undefined;
  /** The loads and exports running, by the ids the page gave them to cancel them. */
  const running = new Map<number, AbortController>();
  /** The exports reading each index: one a Refresh replaced is given back when the last ends. */
  const readers = new Map<TeamIndex, number>();
  /** Indexes replaced while exports read them. */
  const replaced = new Set<TeamIndex>();
  const stop = () => {
    stopping.abort(new DOMException("The team worker was stopped", "AbortError"));
    running.forEach((controller) => controller.abort());
  };

  /** Gives back an index that was replaced, at once unless an export still reads it. */
  function retire(old: TeamIndex): void {
    if (readers.has(old)) replaced.add(old);
    else old.release();
  }

  /** Runs an export that reads `read`, which stays whole until it ends. */
  async function reading<R>(read: TeamIndex, run: () => Promise<R>): Promise<R> {
    readers.set(read, (readers.get(read) ?? 0) + 1);
    try {
      return await run();
    } finally {
      const left = readers.get(read)! - 1;
      if (left > 0) readers.set(read, left);
      else {
        readers.delete(read);
        if (replaced.delete(read)) read.release();
      }
    }
  }

  const teamClient = () => {
    if (!connection.client) throw new Error("The team worker has no connection yet");
    return connection.client;
  };

  /**
   * An error reaches the page as a plain `WorkerError`, the key blanked out: Comlink would pass an
   * Error's name and message, not its status.
   */
  async function answer<R>(run: () => Promise<R>): Promise<R> {
    try {
      return await run();
    } catch (error) {
      throw plainError(error, connection.apiKey);
    }
  }

  /**
   * A call the page may cancel by its id. Its progress reports travel on a channel of their own,
   * so the last is awaited before the answer (none may arrive after it); then that channel closes.
   */
  function cancellable<P, R>(
    callId: number,
    onProgress: ProgressCallback<P> | undefined,
    run: (signal: AbortSignal, report: (progress: P) => void) => Promise<R>,
  ): Promise<R> {
    const controller = new AbortController();
    running.set(callId, controller);
    const remote = onProgress as unknown as (((progress: P) => Promise<void>) & ProxyMethods) | undefined;
    let lastReport: Promise<unknown> | undefined;
    const report = (progress: P) => void (lastReport = remote?.(progress).catch(() => {}));
    return answer(() => run(controller.signal, report)).finally(async () => {
      running.delete(callId);
      await lastReport;
      remote?.[releaseProxy]();
    });
  }

  function load(
    callId: number,
    mode: "fresh" | "resume",
    onProgress: ProgressCallback<LoadProgress> | undefined,
    { maxInFlight }: LoadRequest = {},
  ): Promise<LoadReport> {
    return cancellable(callId, onProgress, (signal, report) => {
      const previous = currentLoad;
      const done = (async () => {
        previous?.controller.abort();
        await previous?.done;
        const resume = mode === "resume" ? resumePoint : undefined;
        if (!resume) {
          retire(index);
          index = new TeamIndex();
          indexed = true;
        }
        const outcome = await loadTeam(teamClient(), index, { signal, onProgress: report, resume, maxUsers, maxInFlight });
        index.trim();
        if (outcome.status === "complete") {
          const start = performance.now();
          index.warmUp();
          keptMeasure("team warm-up", { start }); // part of the load's time, in DevTools' timeline and the bench
        }
        resumePoint = outcome.status === "cancelled" || outcome.status === "failed" ? outcome.resume : undefined;
        if (outcome.status === "too-large") indexed = false;
        return reportOf(outcome, connection.apiKey);
      })();
      currentLoad = { controller: running.get(callId)!, done: done.catch(() => {}) };
      return done;
    });
  }

  async function exportFile(
    loaded: TeamIndex,
    { format, query, target, maxInFlight }: ExportRequest,
    signal: AbortSignal,
    onProgress: (progress: ExportProgress) => void,
  ): Promise<ExportedFile> {
    // A streamed export learns the team from the first user the service sends.
    let teamId = loaded.teamId;
    const client = teamClient();
    const noticingTeam: SentTeamPages = {
      listUsersAsSent: async (range, options) => {
        const answer = await client.listUsersAsSent(range, options);
        teamId ??= answer.page.users[0]?.team_id;
        return answer;
      },
      listUserLines: async (range, options) => {
        const answer = await client.listUserLines(range, options);
        teamId ??= answer.teamId;
        return answer;
      },
    };
    const chunks = exportChunks({ client: noticingTeam, index: indexed ? loaded : null }, format, query, {
      signal,
      onProgress,
      maxInFlight,
    });
    if (target) {
      await writeChunks(chunks, await target.createWritable());
      return { fileName: target.name, blob: null };
    }
    const blob = await blobOfChunks(chunks, `${exportMediaTypes[format]};charset=utf-8`);
    return { fileName: exportFileName(teamId, format), blob };
  }

  /**
   * What the next keystroke may ask, worked out a step at a time after a view, between messages:
   * a call that comes meanwhile waits one step at most (about a millisecond after a search; a
   * ranked column's order, or a warm-up's view after a sort, more: see `TeamIndex.stepIdle`).
   */
  const idle = new MessageChannel();
  (idle.port1 as { unref?: () => void }).unref?.(); // in Node (tests), the port keeps nothing alive
  let idleQueued = false;
  const queueIdle = () => {
    if (idleQueued) return;
    idleQueued = true;
    idle.port2.postMessage(null);
  };
  idle.port1.onmessage = () => {
    idleQueued = false;
    if (!index.stepIdle()) queueIdle();
  };

  const api = {
    /** First, once: where to load from. A new connection gets a new worker. */
    connect({ baseUrl, apiKey, heldTeamId }: WorkerConnection): void {
      const client = createTeamClient({
        maxRetryAfterMs: teamMaxRetryAfterMs,
        ...transport,
        fetch: stoppableFetch,
        baseUrl,
        apiKey: heldTeamId ? teamKeyHeld(heldTeamId) : asTeamApiKey(apiKey),
      });
      connection = { client, apiKey };
    },
    /** Drops the loaded team and loads it again. */
    load: (callId: number, onProgress?: ProgressCallback<LoadProgress>, request?: LoadRequest) =>
      load(callId, "fresh", onProgress, request),
    /** Continues a stopped load (a fresh load if none stopped). */
    resume: (callId: number, onProgress?: ProgressCallback<LoadProgress>, request?: LoadRequest) =>
      load(callId, "resume", onProgress, request),
    /** Stops a load or an export: a load then reports `cancelled`, an export fails. */
    cancel(callId: number): void {
      running.get(callId)?.abort();
    },
    /** Aborts every load, export and request, for good: the page's last call before it ends the worker. */
    stop,
    view: (view: TeamView): Promise<TeamViewResult> =>
      answer(async () => {
        const start = performance.now();
        const result = index.view(view);
        // The worker's own part of the page's "team view" round trip, in DevTools' timeline and the
        // browser bench, named by its search (as the URL names it).
        keptMeasure("team view work", { start, detail: { search: view.search ?? "" } });
        queueIdle();
        return result;
      }),
    /** The filters' counts, asked apart from the view: only while a filter is open. */
    facets: (query: TeamQuery): Promise<FacetCounts> =>
      answer(async () => {
        const start = performance.now();
        const facets = index.facets(query);
        keptMeasure("team facets work", { start }); // the worker's part of the page's "team facets"
        queueIdle();
        return facets;
      }),
    overview: ({ query, ...request }: OverviewParams): Promise<TeamOverview> =>
      answer(async () => {
        const start = performance.now();
        const overview = index.overview(query, request);
        keptMeasure("team overview work", { start }); // the worker's part of the page's "team overview"
        return overview;
      }),
    exportFile: (callId: number, request: ExportRequest, onProgress?: ProgressCallback<ExportProgress>): Promise<ExportedFile> =>
      cancellable(callId, onProgress, (signal, report) => {
        const run = () => exportFile(index, request, signal, report);
        // Only an export that reads the loaded team holds it through a Refresh.
        return indexed && readsIndex(request.format, request.query) ? reading(index, run) : run();
      }),
  };
  return { api, stop };
}

export type TeamWorkerApi = ReturnType<typeof createTeamWorkerApi>["api"];

function reportOf(outcome: LoadOutcome, apiKey: string): LoadReport {
  if (outcome.status === "complete" || outcome.status === "too-large") return outcome;
  const { resume, ...stopped } = outcome;
  const pagesLeft = resume.pendingOffsets.length;
  return stopped.status === "failed" ? { ...stopped, pagesLeft, error: plainError(stopped.error, apiKey) } : { ...stopped, pagesLeft };
}

/** An error made plain for the page; the key is blanked out wherever it might have slipped in. */
function plainError(error: unknown, secret: string): WorkerError {
  const { name, message, status } =
    error instanceof Error ? (error as ApiError) : { name: "Error", message: String(error), status: undefined };
  const safeMessage = secret ? message.replaceAll(secret, "[key]") : message;
  return status === undefined ? { name, message: safeMessage } : { name, message: safeMessage, status };
}
