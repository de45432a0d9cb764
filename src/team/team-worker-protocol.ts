/**
 * The messages between the page and the team worker. Each is small: a progress report, one
 * page of rows, or a finished export as a Blob (a handle, not a copy of the data).
 */
import type { ApiError } from "../api/errors.ts";
import type { ExportFormat, ExportProgress } from "./export-team.ts";
import type { LoadOutcome, LoadProgress } from "./load-team.ts";
import type { TeamQuery, TeamView, TeamViewResult } from "./team-index.ts";
import type { OverviewRequest, TeamOverview } from "./team-overview.ts";

/** The overview of the users a search and facets select. */
export interface OverviewParams extends OverviewRequest {
  query: TeamQuery;
}

export interface WorkerConnection {
  /** Empty: the page's origin. */
  baseUrl: string;
  apiKey: string;
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

export interface ExportRequest {
  format: ExportFormat;
  /** Null: the whole team. */
  query: TeamQuery | null;
}

export interface ExportedFile {
  fileName: string;
  blob: Blob;
}

/** Each call: what it takes, what it reports on the way, what it answers. */
export interface WorkerCalls {
  /** `fresh` drops the loaded team and loads it again; `resume` continues a stopped load. */
  load: { params: { mode: "fresh" | "resume" }; progress: LoadProgress; result: LoadReport };
  view: { params: TeamView; progress: never; result: TeamViewResult };
  overview: { params: OverviewParams; progress: never; result: TeamOverview };
  export: { params: ExportRequest; progress: ExportProgress; result: ExportedFile };
}
export type WorkerMethod = keyof WorkerCalls;

export type WorkerRequest =
  /** First, once: where to load from. A new connection gets a new worker. */
  | { kind: "connect"; connection: WorkerConnection }
  | { [M in WorkerMethod]: { kind: "call"; id: number; method: M; params: WorkerCalls[M]["params"] } }[WorkerMethod]
  /** Stops a load or an export; the call then answers (a load: `cancelled`; an export: an error). */
  | { kind: "cancel"; id: number };

export type WorkerReply =
  | { [M in WorkerMethod]: { kind: "progress"; id: number; progress: WorkerCalls[M]["progress"] } }[WorkerMethod]
  | { [M in WorkerMethod]: { kind: "result"; id: number; result: WorkerCalls[M]["result"] } }[WorkerMethod]
  | { kind: "error"; id: number; error: WorkerError };

/** An error made plain for the page; the key is blanked out wherever it might have slipped in. */
export function plainError(error: unknown, secret: string): WorkerError {
  const { name, message, status } =
    error instanceof Error ? (error as ApiError) : { name: "Error", message: String(error), status: undefined };
  const safeMessage = secret ? message.replaceAll(secret, "[key]") : message;
  return status === undefined ? { name, message: safeMessage } : { name, message: safeMessage, status };
}
