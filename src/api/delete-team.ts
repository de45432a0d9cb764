/** Delete a team — `DELETE /v1/org/{org_id}/team/{team_id}`: the fetcher and its client. */
import type { Connection } from "./connection.ts";
import type { OperationWords } from "./describe-error.ts";
import { joinUrl, send, type CallOptions, type TransportOptions } from "./http.ts";
import { asManagementKey, managementKeyHeld, type ManagementCredential } from "./key-kinds.ts";

export interface TeamTarget {
  orgId: string;
  teamId: string;
}

export interface ManagementClientOptions extends TransportOptions {
  managementUrl: string;
  /** A key typed here, or the deployment's (then no key is sent: the server adds it). */
  managementKey: ManagementCredential;
}

/** The client of the delete operation: it holds a management key and can do nothing else. */
export function createManagementClient({ managementUrl, managementKey, ...transport }: ManagementClientOptions) {
  return {
    /** Deletes a team. Never retried: one call, at most one request. Any 2xx is success. */
    async deleteTeam({ orgId, teamId }: TeamTarget, { signal }: CallOptions = {}): Promise<void> {
      await send(
        {
          url: joinUrl(managementUrl, `/v1/org/${encodeURIComponent(orgId)}/team/${encodeURIComponent(teamId)}`),
          method: "DELETE",
          headers: { Accept: "application/json", ...(typeof managementKey === "string" && { "X-Management-Key": managementKey }) },
          signal,
          retryable: false,
        },
        { ...transport, retries: 0 },
      );
    },
  };
}

/** How the delete operation's own failures read (see describeError). */
export const deleteWords: OperationWords = {
  // The key was never checked before (see docs/using.md, "checked only by a deletion"): say where to give it again.
  rejectedKey: (message) => [
    "The management key was rejected",
    `${message} A management key is checked only when a team is deleted: give the organization its key again on Teams (Set key… or Edit, on its row under Organizations), then try again.`,
  ],
  notFound: ["No such team in this organization", "It may already be deleted.", "fix fields"],
  noAnswer: ["No answer came from the service", "Without an answer, nothing is assumed deleted. Check your network, then try again."],
};

/** What opens a connection's delete: the deployment's key, else the one this tab holds; null with neither. */
export function managementCredentialOf(connection: Connection): ManagementCredential | null {
  if (connection.managementKeyHeld) return managementKeyHeld;
  return connection.managementKey ? asManagementKey(connection.managementKey) : null;
}

/** The management client of a connection, or null without a management key (typed here or held by the deployment). */
export function managementClientOf(connection: Connection) {
  const managementKey = managementCredentialOf(connection);
  return managementKey ? createManagementClient({ managementUrl: connection.managementUrl, managementKey }) : null;
}

/**
 * A management key that is a team API key this browser holds is never sent as one: the browser
 * can tell that much before the service would refuse it.
 */
export const managementKeyIsTeamKey = (connection: Connection, teamKeys: Record<string, string>) =>
  connection.managementKey !== "" && Object.values(teamKeys).includes(connection.managementKey);
