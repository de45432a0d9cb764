import { QueryClient } from "@tanstack/react-query";
import { connectionOf, teamTag } from "../api/connection.ts";
import { usersKeys } from "../api/list-users.ts";
import { savedEntries, type SavedEntries } from "../api/saved-entries.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The fetch layer already retries what is worth retrying, with backoff.
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
});

/** The tags of the saved teams this tab holds keys for, or whose key the deployment holds (see teamTag). */
const teamTags = (saved: SavedEntries) =>
  new Set(saved.teams.flatMap((team) => (saved.keys.teams[team.id] || team.keyHeld ? [teamTag(connectionOf(saved, team))] : [])));

/**
 * What is cached of a team (its pages, its loaded team and worker) goes when its entry is removed,
 * its key or address changes, or the keys are forgotten — in this tab or in another open one.
 */
export function dropWhatEntriesLost(client: QueryClient) {
  let held = teamTags(savedEntries.get());
  return savedEntries.subscribe(() => {
    const now = teamTags(savedEntries.get());
    for (const tag of held) if (!now.has(tag)) client.removeQueries({ queryKey: usersKeys.team(tag) });
    held = now;
  });
}
dropWhatEntriesLost(queryClient);
