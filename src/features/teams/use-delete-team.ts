import { useQueryClient } from "@tanstack/react-query";
import { teamTag, type Connection } from "../../api/connection.ts";
import { managementClientOf, managementKeyIsTeamKey, type TeamTarget } from "../../api/delete-team.ts";
import { usersKeys } from "../../api/list-users.ts";
import { undoSeconds } from "../../api/preferences.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { useStoredValue } from "../../components/use-stored-value.ts";
import { deleteFlow } from "./delete-flow.ts";

/**
 * The delete flow as the delete views use it: its state, and `confirm`, which hands the flow
 * the management client's request, what to drop once the team is gone (its cached pages and
 * index when the connection holds its key, else every team's), and the undo window from the
 * preferences.
 */
export function useDeleteTeam(connection: Connection) {
  const queryClient = useQueryClient();
  const keyIsTeamKey = managementKeyIsTeamKey(connection, useSavedEntries().keys.teams);
  const client = keyIsTeamKey ? null : managementClientOf(connection);
  const state = useStoredValue(deleteFlow);
  const seconds = useStoredValue(undoSeconds);

  const confirm = (target: TeamTarget, note?: string) =>
    deleteFlow.confirm({
      target,
      send: () => {
        if (!client) throw new Error("No management key");
        return client.deleteTeam(target);
      },
      afterDelete: () =>
        queryClient.removeQueries({ queryKey: connection.teamApiKey ? usersKeys.team(teamTag(connection)) : usersKeys.all }),
      note,
      undoSeconds: seconds,
    });

  return {
    state,
    confirm,
    undoSeconds: seconds,
    canDelete: client !== null,
    /** The management key is a team API key: it is never sent. */
    keyIsTeamKey,
    /** A deletion is waiting for its undo window, or on its way. */
    busy: state.phase === "counting" || state.phase === "sending",
  };
}
