import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { Outlet } from "react-router-dom";
import { canList, teamTag } from "../api/connection.ts";
import { otherLoadedTeams } from "../api/list-users.ts";
import { savedEntries } from "../api/saved-entries.ts";
import { Link } from "../components/link.tsx";
import { useCurrentTeam } from "../components/use-current-team.ts";

// Asked for only in a tab without the team's key: not part of the users page's first load.
const TeamKeyMissing = lazy(async () => ({ default: (await import("./team-key-missing.tsx")).TeamKeyMissing }));

/**
 * The views of one saved team (`/t/<ref>/…`): a clear not-found for a reference no saved team
 * has, the key asked for when this tab lacks it, else the view; opening it makes it the team
 * last used. Each team's views start afresh (nothing of the team before stays on screen), and
 * opening a team lets go of the team loaded before it, its load and export included.
 */
export function TeamRoute() {
  const { ref, current } = useCurrentTeam();
  const queryClient = useQueryClient();
  const teamId = current?.team.id;
  const tag = current && teamTag(current.connection);
  useEffect(() => {
    if (teamId) savedEntries.markOpened(teamId);
  }, [teamId]);
  useEffect(() => {
    if (tag !== undefined) queryClient.removeQueries(otherLoadedTeams(tag));
  }, [queryClient, tag]);

  if (!current)
    return (
      <div className="card empty-state">
        <h1>No saved team here</h1>
        <p>
          No team saved in this browser has the reference <code>{ref}</code>. A link to a team opens it for those who saved the same team.
        </p>
        <Link className="button button-primary" to="/teams">
          Go to Teams
        </Link>
      </div>
    );
  if (!canList(current.connection))
    return (
      <Suspense fallback={null}>
        <TeamKeyMissing team={current.team} />
      </Suspense>
    );
  return <Outlet key={current.team.id} />;
}
