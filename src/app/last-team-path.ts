import { teamPath } from "../api/connection.ts";
import { lastOpenedTeam, savedEntries } from "../api/saved-entries.ts";

/** Where `/users?…` leads: the users of the team last used, with the same query; undefined with no saved team. */
export function lastTeamPath(search: string): string | undefined {
  const saved = savedEntries.get();
  const team = lastOpenedTeam(saved);
  return team && `${teamPath(team, saved.teams)}${search}`;
}
