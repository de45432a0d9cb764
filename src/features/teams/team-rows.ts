/**
 * What the Teams table says of each saved team: its size (the `total` of a one-user page, the
 * same query as the delete dialog's, at most 4 asked at a time), whether its key works, and
 * what became of a deletion from this tab.
 */
import { useQueries, type UseQueryResult } from "@tanstack/react-query";
import { concurrencyLimit } from "../../api/concurrency.ts";
import { connectionOf, type Connection } from "../../api/connection.ts";
import { describeError, errorSentence } from "../../api/describe-error.ts";
import { AuthenticationError, NetworkError } from "../../api/errors.ts";
import { listWords, usersPageOptions, type PageAsSent } from "../../api/list-users.ts";
import { orgOf, servedAt, type OrgEntry, type SavedEntries, type TeamEntry } from "../../api/saved-entries.ts";
import type { DeleteAttempt } from "./delete-log.ts";
import { rowNames } from "./row-names.ts";

export type KeyStatus =
  | { kind: "works" }
  | { kind: "checking" }
  | { kind: "rejected" | "unreachable" | "failed"; reason: string }
  /** The service lists another team with this key: not trusted as this team's. */
  | { kind: "another team"; reason: string }
  /** Saved with a key, which this tab does not hold. */
  | { kind: "not in this tab" }
  /** Saved without a key: delete-only. */
  | { kind: "none" };

/** A deletion of this team from this tab, as the record of attempts has it. */
export type Deletion = { kind: "deleted" } | { kind: "gone" } | null;

export interface TeamRow {
  team: TeamEntry;
  /** What its buttons call it: the label, with the service when another row has the label (see rowNames). */
  name: string;
  org: OrgEntry | undefined;
  connection: Connection;
  users: number | undefined;
  keyStatus: KeyStatus;
  deletion: Deletion;
  refetch: () => void;
}

const oneAtATime = concurrencyLimit(4);

export function keyStatus(team: TeamEntry, connection: Connection, query: UseQueryResult<PageAsSent>): KeyStatus {
  if (!connection.teamApiKey) return team.hasKey ? { kind: "not in this tab" } : { kind: "none" };
  if (query.isSuccess) {
    const listed = query.data.page.users[0]?.team_id.toLowerCase();
    return listed === undefined || listed === team.teamId
      ? { kind: "works" }
      : { kind: "another team", reason: `The service lists team ${listed} with this key, not ${team.teamId}. Enter this team's own key.` };
  }
  if (!query.isError) return { kind: "checking" };
  const reason = errorSentence(describeError(query.error, listWords));
  if (query.error instanceof AuthenticationError) return { kind: "rejected", reason };
  if (query.error instanceof NetworkError) return { kind: "unreachable", reason };
  return { kind: "failed", reason };
}

/**
 * The latest attempt to delete this team of this organization at its service from this tab, if it
 * settled that the team is gone: the same IDs at another service (another region) are another team.
 */
export function deletionOf(team: TeamEntry, org: OrgEntry | undefined, attempts: DeleteAttempt[]): Deletion {
  const place = org && servedAt(org.service, org.managementUrl);
  const last = attempts.find(
    (a) =>
      a.teamId.toLowerCase() === team.teamId &&
      (!org || (a.orgId.toLowerCase() === org.orgId && (a.place === undefined || a.place === place))),
  );
  if (last?.outcome === "deleted") return { kind: "deleted" };
  if (last?.outcome === "not found") return { kind: "gone" };
  return null;
}

export function useTeamRows(saved: SavedEntries, attempts: DeleteAttempt[]): TeamRow[] {
  const connections = saved.teams.map((team) => connectionOf(saved, team));
  const queries = useQueries({
    queries: connections.map((connection) => {
      const options = usersPageOptions(connection, { offset: 0, limit: 1 });
      return {
        ...options,
        queryFn: (context: { signal: AbortSignal }) => oneAtATime(() => options.queryFn(context)),
        placeholderData: undefined,
      };
    }),
  });
  const names = rowNames(
    saved.teams.map((team) => ({ id: team.id, label: team.label, service: team.service, url: team.baseUrl, key: team.teamId })),
  );
  return saved.teams.map((team, i) => {
    const query = queries[i]!;
    const connection = connections[i]!;
    const org = orgOf(saved, team);
    const status = keyStatus(team, connection, query);
    return {
      team,
      name: names.get(team.id) ?? team.label,
      org,
      connection,
      users: query.isError || status.kind === "another team" ? undefined : query.data?.page.total,
      keyStatus: status,
      deletion: deletionOf(team, org, attempts),
      refetch: () => {
        if (connection.teamApiKey) void query.refetch();
      },
    };
  });
}
