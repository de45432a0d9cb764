import { useQuery } from "@tanstack/react-query";
import type { Connection } from "../../api/connection.ts";
import { usersPageOptions } from "../../api/list-users.ts";

/**
 * How many users a team has, when the connection's team API key belongs to that team (the first
 * user of its first page says which team the key reads). Asked only while `enabled`.
 */
export function useConfiguredTeamSize(connection: Connection, teamId: string, enabled: boolean) {
  const options = usersPageOptions(connection, { offset: 0, limit: 1 });
  const { data } = useQuery({ ...options, enabled: enabled && options.enabled });
  const configuredTeamId = data?.page.users[0]?.team_id.toLowerCase();
  const isConfiguredTeam = configuredTeamId !== undefined && configuredTeamId === teamId.trim().toLowerCase();
  return { isConfiguredTeam, userCount: isConfiguredTeam ? data?.page.total : undefined };
}
