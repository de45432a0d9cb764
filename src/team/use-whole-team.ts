import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { canList, teamTag, type Connection } from "../api/connection.ts";
import { usersKeys } from "../api/list-users.ts";
import type { WholeTeam, WholeTeamStage } from "./whole-team.ts";

const idle: WholeTeamStage = { status: "idle" };
const watched = new WeakSet<QueryClient>();

/** Ends a whole team's worker when the cache drops it: Forget keys, a deleted team, a new key, another team opened. */
export function disposeWhenDropped(queryClient: QueryClient) {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "removed" && event.query.queryKey.at(-1) === "whole-team")
      (event.query.state.data as WholeTeam | undefined)?.dispose();
  });
}

/**
 * The connection's whole team, held in the query cache under the team's key (in memory only,
 * never in browser storage), so that it lives as long as the team's other cached pages.
 */
export function useWholeTeam(connection: Connection) {
  const queryClient = useQueryClient();
  useEffect(() => disposeWhenDropped(queryClient), [queryClient]);
  const { data: team } = useQuery({
    queryKey: usersKeys.wholeTeam(teamTag(connection)),
    // The whole team's code loads with it, not with the users page.
    queryFn: async () => (await import("./whole-team.ts")).createWholeTeam(connection),
    enabled: canList(connection),
    staleTime: Infinity,
    gcTime: Infinity,
    structuralSharing: false,
  });
  // The stage, not the progress: the whole-team bar reads that itself.
  const stage = useSyncExternalStore(team?.subscribe ?? noSubscription, team?.getStage ?? (() => idle));
  return { team, stage };
}

const noSubscription = () => () => {};

/** The users a loaded team can be searched over: a stopped load's users count too. */
export function searchableUsers(stage: WholeTeamStage): number {
  return stage.status === "loaded" && stage.report.status !== "too-large" ? stage.report.users : 0;
}
