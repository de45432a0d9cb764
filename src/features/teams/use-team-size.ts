import { useQuery } from "@tanstack/react-query";
import { connectionOf } from "../../api/connection.ts";
import { usersPageOptions } from "../../api/list-users.ts";
import type { TeamEntry } from "../../api/saved-entries.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";

const noTeamKey = { baseUrl: "", managementUrl: "", orgId: "", teamApiKey: "", managementKey: "" };

/**
 * How many users a team has, when a saved team with this ID has its key in this tab (or the deployment holds it) (the `total`
 * of its first page, the same query as the Teams page's count). Asked only while `enabled`.
 */
export function useTeamSize(teamId: string, enabled: boolean) {
  const saved = useSavedEntries();
  const wanted = teamId.trim().toLowerCase();
  const team: TeamEntry | undefined = saved.teams.find((t) => t.teamId === wanted && (saved.keys.teams[t.id] || t.keyHeld));
  const options = usersPageOptions(team ? connectionOf(saved, team) : noTeamKey, { offset: 0, limit: 1 });
  const { data } = useQuery({ ...options, enabled: enabled && options.enabled });
  return { savedTeam: team, userCount: data?.page.total };
}
