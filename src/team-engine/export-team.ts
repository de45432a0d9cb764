/**
 * Exports of the team, produced chunk by chunk so a large team never sits in memory twice:
 * - CSV of the loaded team or of a selection of it, from the index, in the selection's order;
 * - CSV of a team too large to index, page after page from the service;
 * - NDJSON: each user exactly as the service sent it, pages fetched again (the index keeps no
 *   raw JSON) and written as the bytes they came in, optionally only the users of a selection.
 */
import type { User } from "../api/contract.ts";
import { csvRecord } from "./csv.ts";
import type { PageLines } from "../api/page-lines.ts";
import { release } from "../api/release-memory.ts";
import { pause, type ExportChunk } from "./export-sink.ts";
import { servicePages, type SentTeamPages, type ServicePage } from "./service-pages.ts";
import type { TeamIndex } from "./team-index.ts";
import type { TeamQuery } from "./team-query.ts";
import { rowAt } from "./team-sort.ts";

export type ExportFormat = "csv" | "ndjson";

/** Each format's media type, without parameters (as a save picker's `accept` takes it). */
export const exportMediaTypes: Record<ExportFormat, string> = { csv: "text/csv", ndjson: "application/x-ndjson" };

export interface ExportProgress {
  /** Users written so far. */
  users: number;
  /** Users to write, as far as known. */
  total: number;
}

export interface ExportOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** The most pages in flight when the export reads the service's pages (the pacer's ceiling). */
  maxInFlight?: number;
}

export const csvColumns = [
  "user_id",
  "client_user_id",
  "team_id",
  "created_on",
  "connected_sources",
  "birth_date",
  "birth_date_source",
  "time_zone",
  "time_zone_source",
] as const;

/** What a CSV record reads of a user: a user as sent, or the index's lighter form of one (`TeamIndex.csvUser`). */
export interface CsvUser extends Pick<User, "user_id" | "client_user_id" | "team_id" | "created_on"> {
  connected_sources: readonly { source: { slug: string } }[];
  fallback_birth_date?: { value: string; source_slug: string } | null;
  fallback_time_zone?: { id: string; source_slug: string } | null;
}

/** A user as one CSV record, in the order of `csvColumns`. */
export function userCsvRecord(user: CsvUser): string {
  return csvRecord([
    user.user_id,
    user.client_user_id,
    user.team_id,
    user.created_on,
    user.connected_sources.map((c) => c.source.slug).join(";"),
    user.fallback_birth_date?.value ?? "",
    user.fallback_birth_date?.source_slug ?? "",
    user.fallback_time_zone?.id ?? "",
    user.fallback_time_zone?.source_slug ?? "",
  ]);
}

const csvHeader = csvRecord(csvColumns);
/**
 * The text a chunk is joined to, at least: under the size (128 kB) that V8 allocates straight
 * into its old generation, which only a full collection frees. A chunk lives only until it is
 * written, and the young generation's quick collections take it. (Chunks of 2,000 users, 350 kB
 * of CSV, and of a page's 500, 440 kB of NDJSON, held the team worker tens of megabytes higher
 * while a million users were exported.)
 */
const chunkChars = 48 * 1024;
/** Users between two tasks, when the export reads the index: other work (a view asked of the worker) runs in between. */
const usersPerTask = 2_000;

/** Lets other work (a view asked of the worker) run between two tasks' users. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Lines, joined into chunks of `chunkChars` or a line more. */
function* inChunks(lines: Iterable<string>) {
  let chunk: string[] = [];
  let chars = 0;
  for (const line of lines) {
    chunk.push(line);
    chars += line.length;
    if (chars < chunkChars) continue;
    yield chunk.join("");
    [chunk, chars] = [[], 0];
  }
  if (chunk.length > 0) yield chunk.join("");
}

/** The selection's users (the whole loaded team with no query) as CSV, header first. */
export async function* csvFromIndex(index: TeamIndex, query: TeamQuery = {}, { signal, onProgress }: ExportOptions = {}) {
  const rows = index.select(query);
  const total = rows?.length ?? index.size;
  yield csvHeader;
  for (let start = 0; start < total; start += usersPerTask) {
    signal?.throwIfAborted();
    const end = Math.min(total, start + usersPerTask);
    yield* inChunks(csvRecords(index, rows, start, end));
    yield pause;
    onProgress?.({ users: end, total });
    await nextTask();
  }
}

/** The CSV records of the rows at places `from` to `to`, each made as its chunk is joined: none waits through another chunk's write. */
function* csvRecords(index: TeamIndex, rows: Uint32Array | null, from: number, to: number) {
  for (let place = from; place < to; place++) yield userCsvRecord(index.csvUser(rowAt(rows, place)));
}

/** The whole team as CSV, straight from the service's pages: for a team too large to index. */
export async function* csvFromService(client: SentTeamPages, options: ExportOptions = {}) {
  yield csvHeader;
  const pages = servicePages(async (range, call) => {
    const { page } = await client.listUsersAsSent(range, call);
    return { total: page.total, userIds: page.users.map((user) => user.user_id), users: page.users };
  }, options);
  for await (const { page, kept } of keptUsers(pages, options)) {
    yield* inChunks(kept.map((i) => userCsvRecord(page.users[i]!)));
    yield pause;
  }
}

/**
 * Users as the service sent them, one JSON document a line, a page's lines a chunk of bytes. With
 * `keep`, only the users it accepts (a selection of the index, say); the count to expect is then
 * `expected`.
 */
export async function* ndjsonFromService(
  client: SentTeamPages,
  options: ExportOptions & { keep?: (userId: string) => boolean; expected?: number } = {},
): AsyncGenerator<ExportChunk> {
  const pages = servicePages((range, call) => client.listUserLines(range, call), options);
  for await (const { page, kept } of keptUsers(pages, options)) {
    const lines = keptLines(page, kept);
    if (lines.length > 0) yield lines;
    yield pause;
  }
}

/** The lines of a page's `kept` users: all of them, or a new array of those (the page's then given back). */
function keptLines({ bytes, ends }: PageLines, kept: readonly number[]): Uint8Array {
  if (kept.length === ends.length) return bytes;
  const keptOnes = kept.map((i) => bytes.subarray(i > 0 ? ends[i - 1] : 0, ends[i]));
  const lines = new Uint8Array(keptOnes.reduce((length, line) => length + line.length, 0));
  let at = 0;
  for (const line of keptOnes) {
    lines.set(line, at);
    at += line.length;
  }
  release(bytes);
  return lines;
}

/**
 * The users of each page to write (their places in it): those `keep` accepts, and not one that a
 * shifted page sends again (the team changed between two pages). Only the previous page is
 * remembered, which catches a shift of up to a page without holding every ID of a huge team.
 */
async function* keptUsers<P extends ServicePage>(
  pages: AsyncIterable<P>,
  { onProgress, keep, expected }: ExportOptions & { keep?: (userId: string) => boolean; expected?: number },
) {
  let previousIds = new Set<string>();
  let written = 0;
  for await (const page of pages) {
    const kept: number[] = [];
    for (const [i, id] of page.userIds.entries()) if (!previousIds.has(id) && (keep?.(id) ?? true)) kept.push(i);
    previousIds = new Set(page.userIds);
    written += kept.length;
    yield { page, kept };
    onProgress?.({ users: written, total: expected ?? page.total });
  }
}

/** `team-<team ID>-<UTC time>.csv`, the time without colons so every file system takes it. */
export function exportFileName(teamId: string | undefined, format: ExportFormat, at = new Date()): string {
  const time = `${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;
  const team = teamId ? `team-${teamId.replace(/[^A-Za-z0-9_-]+/g, "_")}` : "team";
  return `${team}-${time}.${format}`;
}

/** The users of a selection of the index, as the service sends them now, each once. */
export function ndjsonOfSelection(client: SentTeamPages, index: TeamIndex, query: TeamQuery, options: ExportOptions = {}) {
  const rows = index.select(query);
  const unwritten = new Uint8Array(index.size);
  if (rows) for (const row of rows) unwritten[row] = 1;
  else unwritten.fill(1);
  const keep = (userId: string) => {
    const row = index.rowOf(userId);
    if (row === undefined || unwritten[row] === 0) return false;
    unwritten[row] = 0;
    return true;
  };
  const lines = ndjsonFromService(client, { ...options, keep, expected: rows?.length ?? index.size });
  return (async function* () {
    try {
      yield* lines;
    } finally {
      index.dropLookups(); // finished, failed or stopped: the user IDs' table goes until the next load or export
    }
  })();
}

export interface ExportSource {
  client: SentTeamPages;
  /** Null when the team was too large to index: the export then streams from the service. */
  index: TeamIndex | null;
}

/**
 * The chunks of an export: a selection (a query) or, with no query, the whole team. Without an
 * index there is nothing to select from: the whole team is streamed whatever the query.
 */
export function exportChunks(
  { client, index }: ExportSource,
  format: ExportFormat,
  query: TeamQuery | null,
  options: ExportOptions = {},
): AsyncGenerator<ExportChunk> {
  if (!index || !readsIndex(format, query)) return format === "csv" ? csvFromService(client, options) : ndjsonFromService(client, options);
  return format === "csv" ? csvFromIndex(index, query ?? {}, options) : ndjsonOfSelection(client, index, query!, options);
}

/**
 * Whether an export reads the loaded team (when there is one): a CSV, or the NDJSON of a
 * selection. The whole team's NDJSON is the service's pages.
 */
export function readsIndex(format: ExportFormat, query: TeamQuery | null): boolean {
  return format === "csv" || query !== null;
}
