/**
 * What the Teams table says of each saved team: its size (the `total` of a one-user page, the
 * same query as the delete dialog's, at most 4 asked at a time), whether its key works (or the
 * deployment holds it), what the person's role on its service allows, and what became of a
 * deletion from this tab, or (from the server's record) by anyone.
 */
import { useQueries, type UseQueryResult } from "@tanstack/react-query";
import { concurrencyLimit } from "../../api/concurrency.ts";
import { canList, connectionOf, type Connection } from "../../api/connection.ts";
import type { ServerDeletion } from "../../api/deletions.ts";
import { describeError, errorSentence } from "../../api/describe-error.ts";
import { AuthenticationError, NetworkError } from "../../api/errors.ts";
import { listWords, usersPageOptions, type PageAsSent } from "../../api/list-users.ts";
import { allows, whyNot } from "../../api/roles.ts";
import { orgOf, servedAt, type OrgEntry, type SavedEntries, type TeamEntry } from "../../api/saved-entries.ts";
import type { Session } from "../../api/session.ts";
import type { DeleteAttempt } from "./delete-log.ts";
import { rowNames } from "./row-names.ts";

export type KeyStatus =
  | { kind: "works" }
  /** The deployment holds the key, and the team answered with it. */
  | { kind: "held" }
  /** The person has no role on the team's service: nothing of it is open to them. */
  | { kind: "no access"; reason: string }
  | { kind: "checking" }
  | { kind: "rejected" | "unreachable" | "failed"; reason: string }
  /** The service lists another team with this key: not trusted as this team's. */
  | { kind: "another team"; reason: string }
  /** Saved with a key, which this tab does not hold. */
  | { kind: "not in this tab" }
  /** Saved without a key: delete-only. */
  | { kind: "none" };

/** A deletion of this team from this tab, as the record of attempts has it, or by anyone, as the server's record has it. */
export type Deletion = { kind: "deleted"; by?: ServerDeletion } | { kind: "gone" } | null;

export interface TeamRow {
  team: TeamEntry;
  /** What its buttons call it: the label, with the service when another row has the label (see rowNames). */
  name: string;
  org: OrgEntry | undefined;
  connection: Connection;
  users: number | undefined;
  keyStatus: KeyStatus;
  deletion: Deletion;
  /** Why its role does not let the person delete it (a sentence), or null. */
  deleteRefused: string | null;
  refetch: () => void;
}

/** What a row needs of the deployment and the person: their session, the services' names, the server's record of deletions. */
export interface RowsContext {
  session: Session;
  /** A service as a sentence names it ("US production"), by its name. */
  serviceName: (service: string) => string;
  deletions: Record<string, ServerDeletion>;
}

const oneAtATime = concurrencyLimit(4);

export function keyStatus(team: TeamEntry, connection: Connection, query: UseQueryResult<PageAsSent>): KeyStatus {
  if (!canList(connection)) return team.hasKey ? { kind: "not in this tab" } : { kind: "none" };
  if (query.isSuccess) {
    const listed = query.data.page.users[0]?.team_id.toLowerCase();
    return listed === undefined || listed === team.teamId
      ? { kind: connection.heldTeamId ? "held" : "works" }
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

/** What this team's row may offer, by the person's role on its service (the list) and its organization's (the delete). */
export function rowAccess(
  team: TeamEntry,
  org: OrgEntry | undefined,
  { session, serviceName }: Pick<RowsContext, "session" | "serviceName">,
) {
  const listRefused = whyNot(session, team.service, serviceName(team.service ?? ""), "list");
  const deleteService = org?.service ?? team.service;
  return {
    listRefused,
    // A team not open to the person says that once; its delete needs no second sentence.
    deleteRefused: listRefused ?? (org ? whyNot(session, deleteService, serviceName(deleteService ?? ""), "delete") : null),
  };
}

export function useTeamRows(saved: SavedEntries, attempts: DeleteAttempt[], context: RowsContext): TeamRow[] {
  const connections = saved.teams.map((team) => connectionOf(saved, team));
  const queries = useQueries({
    queries: connections.map((connection, i) => {
      const options = usersPageOptions(connection, { offset: 0, limit: 1 });
      return {
        ...options,
        queryFn: (call: { signal: AbortSignal }) => oneAtATime(() => options.queryFn(call)),
        // A service the person has no role on refuses: nothing is asked of it.
        enabled: options.enabled && allows(context.session, saved.teams[i]!.service, "list"),
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
    const { listRefused, deleteRefused } = rowAccess(team, org, context);
    const status: KeyStatus = listRefused ? { kind: "no access", reason: listRefused } : keyStatus(team, connection, query);
    const byServer = team.provided ? context.deletions[team.teamId] : undefined;
    return {
      team,
      name: names.get(team.id) ?? team.label,
      org,
      connection,
      users: query.isError || status.kind === "another team" ? undefined : query.data?.page.total,
      keyStatus: status,
      deletion: byServer ? { kind: "deleted", by: byServer } : deletionOf(team, org, attempts),
      deleteRefused,
      refetch: () => {
        if (canList(connection) && !listRefused) void query.refetch();
      },
    };
  });
}
