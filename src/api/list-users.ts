/**
 * List users — `GET /v2/user/`: the fetcher, the query keys and the query options, so every
 * feature that reads a page of users reads it the same way and shares the cache.
 */
import type { Connection } from "./connection.ts";
import { teamTag } from "./connection.ts";
import type { UserPage } from "./contract.ts";
import { checkUserPage, readUserPage, type ContractPath } from "./contract-reader.ts";
import type { OperationWords } from "./describe-error.ts";
import { ContractError } from "./errors.ts";
import { joinUrl, send, type CallOptions, type RequestSpec, type TransportOptions } from "./http.ts";
import { scanUserPage } from "./scan-user-page.ts";
import { teamPageOf, type TeamPage } from "./team-page.ts";
import { asTeamApiKey, teamKeyHeld, type TeamCredential } from "./key-kinds.ts";
import { arrayItemTexts } from "./json-text.ts";
import { pageLinesOfTexts, scannedPageLines, type PageLines } from "./page-lines.ts";

export interface PageRange {
  offset: number;
  limit: number;
}

/** A page parsed, and each of its users exactly as the service sent it, in the same order. */
export interface PageAsSent {
  page: UserPage;
  /** Each user's JSON text, as the service wrote it (every field kept). */
  texts: string[];
}

export interface TeamClientOptions extends TransportOptions {
  baseUrl: string;
  /** A key typed here, or the deployment's (then the request names the team and the server adds the key). */
  apiKey: TeamCredential;
}

/** The header that opens a team's list: its key, or the team named for the server that holds its key. */
export const listCredentialHeader = (apiKey: TeamCredential): Record<string, string> =>
  typeof apiKey === "string" ? { "x-service-api-key": apiKey } : { "X-Dashboard-Team": apiKey.teamId };

/** The request and the readings that both list clients share. */
function listClientParts({ baseUrl, apiKey, ...transport }: TeamClientOptions) {
  const get = ({ offset, limit }: PageRange, { signal, onWait, onPushback }: CallOptions, readOk?: RequestSpec["readOk"]) =>
    send(
      {
        url: joinUrl(baseUrl, `/v2/user/?${new URLSearchParams({ offset: String(offset), limit: String(limit) }).toString()}`),
        method: "GET",
        headers: { Accept: "application/json", ...listCredentialHeader(apiKey) },
        signal,
        onWait,
        onPushback,
        retryable: true,
        readOk,
      },
      transport,
    );
  const mismatch = (path: ContractPath, status: number) =>
    new ContractError(`The service's user page does not match the contract (at ${path.join(".") || "the body"})`, status);
  /** A page read the exact way: parsed, checked, and each user's text as sent. */
  const asSent = (status: number, body: unknown, text: string | undefined): PageAsSent => {
    const read = readUserPage(body);
    if ("mismatch" in read) throw mismatch(read.mismatch, status);
    const sent = (body as { users: unknown[] }).users;
    const texts = (text !== undefined && arrayItemTexts(text, "users")) || [];
    // The split reads the text JSON.parse read, so the counts agree; were they ever not to, each user is written anew.
    return { page: read.page, texts: texts.length === sent.length ? texts : sent.map((user) => JSON.stringify(user)) };
  };
  return { get, mismatch, asSent };
}

/**
 * The page's client of the list operation: pages of users as the table shows them. Apart from
 * the whole team's readings (createTeamClient), so the users page's first load does not carry them.
 */
export function createUsersClient(options: TeamClientOptions) {
  const { get, asSent } = listClientParts(options);
  const client = {
    /**
     * A page of the team's users, parsed, beside each user exactly as the service sent it (field
     * order, `provider`, unknown fields), for the detail panel's JSON and the NDJSON export.
     * Retried on network errors, 429 and 503.
     */
    async listUsersAsSent(range: PageRange, options: CallOptions = {}): Promise<PageAsSent> {
      const { status, body, text } = await get(range, options);
      return asSent(status, body, text);
    },

    /** A page of the team's users. Retried on network errors, 429 and 503. */
    async listUsers(range: PageRange, options: CallOptions = {}): Promise<UserPage> {
      return (await client.listUsersAsSent(range, options)).page;
    },
  };
  return client;
}

/** The client of the list operation: it holds a team API key and can do nothing else. */
export function createTeamClient(options: TeamClientOptions) {
  const { get, mismatch, asSent } = listClientParts(options);
  return {
    ...createUsersClient(options),

    /**
     * A page of the team's users as NDJSON lines, each user's JSON as the service wrote it, checked
     * as `listUsersAsSent` checks it: the usual page cut straight from its bytes, any other page
     * from its text. Retried on network errors, 429 and 503.
     */
    async listUserLines(range: PageRange, options: CallOptions = {}): Promise<PageLines> {
      const { status, body, fromBytes, text } = await get(range, options, scannedPageLines);
      if (fromBytes) return body as PageLines;
      const { page, texts } = asSent(status, body, text);
      return pageLinesOfTexts(page, texts);
    },

    /**
     * A page of the team's users checked against the contract, as sent, its instants read: what
     * the whole-team load indexes. The usual page is read straight from its bytes
     * (`scanUserPage`), any other through JSON.parse and the check. Retried on network errors,
     * 429 and 503.
     */
    async listTeamPage(range: PageRange, options: CallOptions = {}): Promise<TeamPage> {
      const { status, body, fromBytes } = await get(range, options, scanUserPage);
      if (fromBytes) return body as TeamPage;
      const checked = checkUserPage(body);
      if ("mismatch" in checked) throw mismatch(checked.mismatch, status);
      return teamPageOf(checked.page);
    },
  };
}

export type TeamClient = ReturnType<typeof createTeamClient>;
export type UsersClient = ReturnType<typeof createUsersClient>;

/** What opens a connection's list: the deployment's key, else the one this tab holds; null with neither. */
export function teamCredentialOf(connection: Connection): TeamCredential | null {
  if (connection.heldTeamId) return teamKeyHeld(connection.heldTeamId);
  return connection.teamApiKey ? asTeamApiKey(connection.teamApiKey) : null;
}

/** The team client of a connection, or null without a key (typed here or held by the deployment). */
export function teamClientOf(connection: Connection): UsersClient | null {
  const apiKey = teamCredentialOf(connection);
  return apiKey ? createUsersClient({ baseUrl: connection.baseUrl, apiKey }) : null;
}

/** How the list operation's own failures read (see describeError). */
export const listWords: OperationWords = {
  rejectedKey: (message) => ["The team API key was rejected", `${message} If the team was deleted, its key no longer works.`],
  notFound: ["No user list at this address", "The service answered 404. Check the team's API base URL in Teams.", "teams"],
};

/** Query keys of the users' pages. `team` is the connection's tag (see teamTag), never a key. */
export const usersKeys = {
  all: ["users"] as const,
  team: (team: string) => [...usersKeys.all, team] as const,
  list: ({ team, offset, limit }: PageRange & { team: string }) => [...usersKeys.team(team), "list", { offset, limit }] as const,
  /** The whole team loaded in the browser, dropped with the team's pages. */
  wholeTeam: (team: string) => [...usersKeys.team(team), "whole-team"] as const,
};

/**
 * A query filter of every loaded team but `team`'s, and of their views: what opening `team`
 * lets go, so that a tab holds one loaded team (its worker, its index, its load or export).
 */
export const otherLoadedTeams = (team: string) => ({
  predicate: ({ queryKey }: { queryKey: readonly unknown[] }) =>
    queryKey[0] === usersKeys.all[0] && queryKey[1] !== team && queryKey[2] === "whole-team",
});

/**
 * One page of the connection's team, parsed (`page`) and as sent (`sent`, for the detail panel's
 * JSON): shared by the users page, its prefetch and the delete dialog.
 */
export function usersPageOptions(connection: Connection, { offset, limit }: PageRange) {
  const client = teamClientOf(connection);
  // The client is a function of the connection, which teamTag identifies in the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return {
    queryKey: usersKeys.list({ team: teamTag(connection), offset, limit }),
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      if (!client) throw new Error("No team API key");
      return client.listUsersAsSent({ offset, limit }, { signal });
    },
    enabled: client !== null,
    placeholderData: keepTeamData(teamTag(connection)),
  };
}

/**
 * `placeholderData` for a team's queries: the previous answer stays on screen while the next
 * one loads, but only the same team's — after a switch, the new team shows its own loading
 * state, never the old team's rows, total or figures.
 */
export function keepTeamData(team: string) {
  return <T>(previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    previousQuery?.queryKey[0] === usersKeys.all[0] && previousQuery.queryKey[1] === team ? previous : undefined;
}
