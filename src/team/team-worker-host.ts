/**
 * The worker's side of the protocol: holds the connection, the loaded team and a stopped load's
 * resume point, and answers the page's calls. Free of worker globals, so tests drive it in Node.
 */
import { asTeamApiKey } from "../api/key-kinds.ts";
import { createTeamClient } from "../api/list-users.ts";
import type { TransportOptions } from "../api/http.ts";
import { exportChunks, exportFileName, type ExportProgress } from "./export-team.ts";
import { loadTeam, type LoadOutcome, type LoadProgress, type ResumePoint } from "./load-team.ts";
import type { SentTeamPages } from "./service-pages.ts";
import { TeamIndex, type TeamView } from "./team-index.ts";
import { teamMaxRetryAfterMs } from "./whole-team-limits.ts";
import {
  plainError,
  type ExportRequest,
  type ExportedFile,
  type LoadReport,
  type WorkerReply,
  type WorkerRequest,
} from "./team-worker-protocol.ts";

/** Strings are gathered into a Blob every few megabytes, so a large export lives in Blob storage. */
const blobBatchChars = 4_000_000;

export interface TeamWorkerHostOptions {
  /** Passed to the team client: tests inject `fetch`. */
  transport?: TransportOptions;
  /** A team larger than this is not indexed (its exports stream from the service). */
  maxUsers?: number;
}

export function createTeamWorkerHost(post: (reply: WorkerReply) => void, { transport, maxUsers }: TeamWorkerHostOptions = {}) {
  let connection = { client: null as ReturnType<typeof createTeamClient> | null, apiKey: "" };
  let index = new TeamIndex();
  /** False when the team was too large to index. */
  let indexed = true;
  let resumePoint: ResumePoint | undefined;
  /** The running load: a new one stops it, and starts once it has stopped. */
  let currentLoad: { controller: AbortController; done: Promise<unknown> } | undefined;
  const running = new Map<number, AbortController>();

  const teamClient = () => {
    if (!connection.client) throw new Error("The team worker has no connection yet");
    return connection.client;
  };

  async function load(id: number, mode: "fresh" | "resume", signal: AbortSignal): Promise<LoadReport> {
    const previous = currentLoad;
    const done = (async () => {
      previous?.controller.abort();
      await previous?.done;
      const resume = mode === "resume" ? resumePoint : undefined;
      if (!resume) {
        index = new TeamIndex();
        indexed = true;
      }
      const onProgress = (progress: LoadProgress) => post({ kind: "progress", id, progress });
      const outcome = await loadTeam(teamClient(), index, { signal, onProgress, resume, maxUsers });
      resumePoint = outcome.status === "cancelled" || outcome.status === "failed" ? outcome.resume : undefined;
      if (outcome.status === "too-large") indexed = false;
      return reportOf(outcome, connection.apiKey);
    })();
    currentLoad = { controller: running.get(id)!, done: done.catch(() => {}) };
    return done;
  }

  function view(params: TeamView) {
    return index.view(params);
  }

  async function exportFile(id: number, { format, query }: ExportRequest, signal: AbortSignal): Promise<ExportedFile> {
    const onProgress = (progress: ExportProgress) => post({ kind: "progress", id, progress });
    // A streamed export learns the team from the first user the service sends.
    let teamId = index.teamId;
    const client = teamClient();
    const noticingTeam: SentTeamPages = {
      listUsersAsSent: async (range, options) => {
        const answer = await client.listUsersAsSent(range, options);
        teamId ??= answer.page.users[0]?.team_id;
        return answer;
      },
    };
    let parts: BlobPart[] = [];
    let pendingChars = 0;
    for await (const chunk of exportChunks({ client: noticingTeam, index: indexed ? index : null }, format, query, {
      signal,
      onProgress,
    })) {
      parts.push(chunk);
      pendingChars += chunk.length;
      if (pendingChars > blobBatchChars) {
        parts = [new Blob(parts)];
        pendingChars = 0;
      }
    }
    const type = format === "csv" ? "text/csv;charset=utf-8" : "application/x-ndjson;charset=utf-8";
    return { fileName: exportFileName(teamId, format), blob: new Blob(parts, { type }) };
  }

  async function call(id: number, run: (signal: AbortSignal) => Promise<unknown>) {
    const controller = new AbortController();
    running.set(id, controller);
    try {
      post({ kind: "result", id, result: await run(controller.signal) } as WorkerReply);
    } catch (error) {
      post({ kind: "error", id, error: plainError(error, connection.apiKey) });
    } finally {
      running.delete(id);
    }
  }

  return {
    receive(message: WorkerRequest): void {
      switch (message.kind) {
        case "connect": {
          const { baseUrl, apiKey } = message.connection;
          const client = createTeamClient({ maxRetryAfterMs: teamMaxRetryAfterMs, ...transport, baseUrl, apiKey: asTeamApiKey(apiKey) });
          connection = { client, apiKey };
          return;
        }
        case "cancel":
          return running.get(message.id)?.abort();
        case "call": {
          const { id } = message;
          if (message.method === "load") return void call(id, (signal) => load(id, message.params.mode, signal));
          if (message.method === "view") return void call(id, async () => view(message.params));
          if (message.method === "overview") return void call(id, async () => index.overview(message.params.query, message.params));
          return void call(id, (signal) => exportFile(id, message.params, signal));
        }
      }
    },
    /** Stops whatever runs; the worker is about to end. */
    dispose(): void {
      running.forEach((controller) => controller.abort());
    },
  };
}

function reportOf(outcome: LoadOutcome, apiKey: string): LoadReport {
  if (outcome.status === "complete" || outcome.status === "too-large") return outcome;
  const { resume, ...stopped } = outcome;
  const pagesLeft = resume.pendingOffsets.length;
  return stopped.status === "failed" ? { ...stopped, pagesLeft, error: plainError(stopped.error, apiKey) } : { ...stopped, pagesLeft };
}
