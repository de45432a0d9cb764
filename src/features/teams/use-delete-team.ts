import { useQueryClient } from "@tanstack/react-query";
import { canList, teamTag, type Connection } from "../../api/connection.ts";
import { managementClientOf, managementKeyIsTeamKey, type TeamTarget } from "../../api/delete-team.ts";
import { usersKeys } from "../../api/list-users.ts";
import { undoSeconds } from "../../api/preferences.ts";
import { savedEntries } from "../../api/saved-entries.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { useStoredValue } from "../../components/use-stored-value.ts";
import { busyReason, deleteFlow } from "./delete-flow.ts";

/**
 * The delete flow as the delete views use it: its state, and `confirm`, which hands the flow
 * the management client's request, what to drop once the team is gone (its cached pages and
 * index when the connection holds its key, else every team's), the undo window from the
 * preferences, and how to tell that its management key is still held (else it is cancelled).
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
      place: connection.managementUrl,
      send: () => {
        if (!client) throw new Error("No management key");
        return client.deleteTeam(target);
      },
      afterDelete: () => queryClient.removeQueries({ queryKey: canList(connection) ? usersKeys.team(teamTag(connection)) : usersKeys.all }),
      note,
      undoSeconds: seconds,
      // A key the deployment holds cannot leave this browser: it was never here.
      keyHeld: () =>
        connection.managementKeyHeld === true || Object.values(savedEntries.get().keys.orgs).includes(connection.managementKey),
    });

  return {
    state,
    confirm,
    undoSeconds: seconds,
    canDelete: client !== null,
    /** The management key is a team API key: it is never sent. */
    keyIsTeamKey,
    /** Why no other deletion can start now (one is waiting for its undo window, or on its way); null when one can. */
    busy: busyReason(state),
  };
}
