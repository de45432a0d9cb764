import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { teamTag, type Connection } from "../api/connection.ts";
import { keepTeamData, usersKeys } from "../api/list-users.ts";
import { autoLoadUsers } from "../api/preferences.ts";
import { useFailure } from "../components/use-failure.ts";
import { useStoredValue } from "../components/use-stored-value.ts";
import type { TeamQuery } from "../team-engine/team-query.ts";
import { asksWholeTeam } from "../team-engine/team-query-params.ts";
import { searchableUsers, useWholeTeam } from "./use-whole-team.ts";
import type { WholeTeam } from "./whole-team.ts";

interface TeamViewParams {
  teamQuery: TeamQuery;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** A filter's options are open: their counts are asked. */
  filtersOpen?: boolean;
}

/**
 * How long the loaded team's answers (views, overviews) stay cached once no longer shown: a step
 * back (a search cleared) is shown at once, and the worker answers the rest again in
 * milliseconds. Kept the default five minutes, each keystroke's page of users stayed live in the
 * tab, megabytes after some typing, and the collector lets the page's heap grow to a few times
 * what it keeps.
 */
export const teamAnswersKeptMs = 10_000;

/**
 * The whole team, loaded as the users page and the overview load it: at once when the team is
 * small (see Settings) or when `asked` (the URL asks a search, facet or sort of it), else on
 * request (the whole-team bar's button).
 */
export function useWholeTeamLoad(connection: Connection, serviceTotal: number | undefined, asked: boolean) {
  const { team, stage } = useWholeTeam(connection);
  const autoLoadLimit = useStoredValue(autoLoadUsers);
  // An automatic load starts a moment after the first page shows, so that its rows paint first.
  useEffect(() => {
    if (!team || stage.status !== "idle" || serviceTotal === undefined || !(asked || serviceTotal <= autoLoadLimit)) return;
    const timer = setTimeout(() => void team.load(), 500);
    return () => clearTimeout(timer);
  }, [team, stage.status, serviceTotal, asked, autoLoadLimit]);
  return { team, stage };
}

/**
 * The whole team behind the users page: loaded on request, at once when the team is small (see
 * Settings) or when the URL asks a search, facet or sort of it; then one page of that view.
 * `active` says the table shows the view rather than the service's pages.
 */
export function useTeamView(
  connection: Connection,
  { teamQuery, page, pageSize, filtersOpen = false }: TeamViewParams,
  serviceTotal: number | undefined,
) {
  const asked = asksWholeTeam(teamQuery);
  const { team, stage } = useWholeTeamLoad(connection, serviceTotal, asked);

  const searchable = searchableUsers(stage) > 0;
  const active = asked && searchable;
  const version = stage.status === "loaded" ? stage.version : 0;
  // The filters' counts are asked apart (below): counted with each keystroke, they were most of its work.
  const view = { ...teamQuery, pageIndex: page - 1, pageSize, facetCounts: false };
  const result = useQuery({
    queryKey: [...usersKeys.wholeTeam(teamTag(connection)), "view", version, view] as const,
    queryFn: () => team!.view(view),
    // Asked as soon as the team can answer.
    enabled: searchable && team !== undefined,
    placeholderData: keepTeamData(teamTag(connection)),
    gcTime: teamAnswersKeptMs,
    // A view held here is shown at once and asked again all the same: the worker keeps the order
    // of the sort it was last asked for alone, so it must see each view the page shows (one
    // answered from here alone would leave the next keystroke under its sort to sort the team).
    staleTime: 0,
  });
  const counted = useFacetCounts(connection, teamQuery, version, searchable ? team : undefined, filtersOpen);
  const failure = useFailure(result);
  const facetsFailure = useFailure(counted);

  return {
    team,
    stage,
    /** Search, facets and sort can be answered. */
    searchable,
    active,
    /** The URL asks of the whole team, which is still loading. */
    waiting: asked && (stage.status === "idle" || stage.status === "loading"),
    view: active ? result.data : undefined,
    /** Undefined until the team can answer; null until the filters' counts first come. */
    facets: searchable ? (counted.data ?? null) : undefined,
    /** The filters show the last counts while those of the search and choices are made. */
    facetsPending: counted.isPlaceholderData,
    /** The view asked for is still being computed (the previous one stays on screen). */
    updating: result.isPlaceholderData,
    /** The loaded team failed to answer the view: said, never shown as an empty one. */
    failure: active ? failure : null,
    /** The filters' counts failed: said in their place. */
    facetsFailure: searchable ? facetsFailure : null,
  };
}

/**
 * The filters' options and counts over the search and the other groups' choices: asked while a
 * filter is open, and with no search (the facets' selection of everybody is kept counted), not
 * as one types. Until they come, the last ones stay (`isPlaceholderData`): the options are the team's
 * whatever the search, so the boxes can be used meanwhile and keep their focus.
 */
function useFacetCounts(connection: Connection, teamQuery: TeamQuery, version: number, team: WholeTeam | undefined, filtersOpen: boolean) {
  const query = { search: teamQuery.search?.trim() ?? "", facets: teamQuery.facets ?? {} };
  return useQuery({
    queryKey: [...usersKeys.wholeTeam(teamTag(connection)), "facets", version, query] as const,
    queryFn: () => team!.facets(query),
    enabled: team !== undefined && (filtersOpen || query.search === ""),
    placeholderData: keepTeamData(teamTag(connection)),
    gcTime: teamAnswersKeptMs,
    // Counts of one load (its version is in the key) never change: a filter opened again later
    // shows them without asking the worker again.
    staleTime: Infinity,
  });
}
