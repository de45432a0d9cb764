import { useMemo } from "react";
import { useMatch } from "react-router-dom";
import { connectionOf, findTeamByRef, type Connection } from "../api/connection.ts";
import { orgOf, type OrgEntry, type TeamEntry } from "../api/saved-entries.ts";
import { useSavedEntries } from "./use-saved-entries.ts";

export interface CurrentTeam {
  team: TeamEntry;
  org: OrgEntry | undefined;
  connection: Connection;
}

/**
 * The saved team that the URL names (`/t/<ref>/…`): `ref` is undefined outside a team's views,
 * `current` undefined when no saved team has that reference. The connection stays the same
 * object while its fields do, so that effects and query options keyed on it hold still.
 */
export function useCurrentTeam(): { ref: string | undefined; current: CurrentTeam | undefined } {
  const ref = useMatch({ path: "/t/:ref", end: false })?.params.ref;
  const saved = useSavedEntries();
  const team = ref === undefined ? undefined : findTeamByRef(saved.teams, ref);
  const org = team && orgOf(saved, team);
  const fresh = team && connectionOf(saved, team);
  const { baseUrl = "", managementUrl = "", orgId = "", teamApiKey = "", managementKey = "", heldTeamId, managementKeyHeld } = fresh ?? {};
  const connection = useMemo(
    () => ({
      baseUrl,
      managementUrl,
      orgId,
      teamApiKey,
      managementKey,
      ...(heldTeamId && { heldTeamId }),
      ...(managementKeyHeld && { managementKeyHeld }),
    }),
    [baseUrl, managementUrl, orgId, teamApiKey, managementKey, heldTeamId, managementKeyHeld],
  );
  return { ref, current: team && { team, org, connection } };
}

/** The team of a view rendered under a team's route (`TeamRoute` renders its views only for a saved team). */
export function useTeam(): CurrentTeam {
  const { current } = useCurrentTeam();
  if (!current) throw new Error("useTeam is for the views under a team's route");
  return current;
}
