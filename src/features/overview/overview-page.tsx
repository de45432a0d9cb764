import { useQuery } from "@tanstack/react-query";
import { lazy, startTransition, Suspense, useMemo, useOptimistic, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { teamPath, teamTag } from "../../api/connection.ts";
import { keepTeamData, listWords, usersKeys, usersPageOptions } from "../../api/list-users.ts";
import { formatCount } from "../../components/format.ts";
import { Link } from "../../components/link.tsx";
import { TeamName } from "../../components/team-name.tsx";
import { useTeam } from "../../components/use-current-team.ts";
import { useFailure } from "../../components/use-failure.ts";
import { useSavedEntries } from "../../components/use-saved-entries.ts";
import { defaultPageSize } from "../../team-engine/page-range.ts";
import { UsersSkeleton } from "../../components/users-skeleton.tsx";
import type { FacetSelection } from "../../team-engine/team-facets.ts";
import type { TeamQuery } from "../../team-engine/team-query.ts";
import type { TeamOverview } from "../../team-engine/team-overview.ts";
import { asksWholeTeam, readTeamQuery, selectionSearch, writeTeamQuery } from "../../team-engine/team-query-params.ts";
import { teamAnswersKeptMs, useWholeTeamLoad } from "../../team/use-team-view.ts";
import { searchableUsers } from "../../team/use-whole-team.ts";
import { loadedTeamWords } from "../../team/loaded-team-words.ts";
import { WholeTeamBar } from "../../team/whole-team-bar.tsx";
import { TeamFacetsBar } from "../../team/team-facets-bar.tsx";
import {
  BirthDateChart,
  ConnectionsChart,
  CreatedChart,
  SourcesChart,
  SourcesPerUserChart,
  TimeZonesChart,
  type BarFilters,
} from "./overview-charts.tsx";
import { readCalendar, writeCalendar, type Calendar } from "./calendar-param.ts";
import { SelectionChips } from "./selection-chips.tsx";
import "../../team/team.css";
import "./overview.css";

const ErrorAlert = lazy(async () => ({ default: (await import("../../components/error-alert.tsx")).ErrorAlert }));

function Headline({ overview }: { overview: TeamOverview }) {
  const figures: [string, string][] = [
    ["Users", formatCount(overview.users)],
    ["With a source", formatCount(overview.withSources)],
    ["With no source", formatCount(overview.withoutSources)],
    ["Added in the last 7 days", formatCount(overview.addedLast7Days)],
    ["Added in the last 30 days", formatCount(overview.addedLast30Days)],
    ["Most connected source", overview.topSource ? `${overview.topSource.name} (${formatCount(overview.topSource.users)})` : "None"],
  ];
  return (
    <dl className="overview-stats">
      {figures.map(([term, value]) => (
        <div key={term} className="card overview-stat">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Toggles `value` among the chosen values of a facet group. */
function toggled<T>(values: readonly T[] | undefined, value: T): T[] | undefined {
  const next = values?.includes(value) ? values.filter((v) => v !== value) : [...(values ?? []), value];
  return next.length > 0 ? next : undefined;
}

/**
 * A team at a glance (`/t/<ref>/overview`): figures and charts of the users the URL's search and
 * filters select, counted in the worker over the loaded team, which loads as on the users page.
 */
export function OverviewPage() {
  const { team, connection } = useTeam();
  const { teams } = useSavedEntries();
  const [searchParams, setSearchParams] = useSearchParams();
  const teamQuery = useMemo(() => readTeamQuery(searchParams), [searchParams]);
  const setSelection = (next: TeamQuery) =>
    setSearchParams((before) => {
      const params = new URLSearchParams(before);
      writeTeamQuery(params, { ...next, sort: readTeamQuery(before).sort });
      return params;
    });
  const setFacets = (facets: FacetSelection) => setSelection({ ...teamQuery, facets });
  const calendar = readCalendar(searchParams);
  // The router changes the URL in a transition: till then the radio shows the choice, not the URL's.
  const [chosenCalendar, chooseCalendar] = useOptimistic(calendar);
  const setCalendar = (next: Calendar) =>
    startTransition(() => {
      chooseCalendar(next);
      setSearchParams((before) => {
        const params = new URLSearchParams(before);
        writeCalendar(params, next);
        return params;
      });
    });

  // The service's first page: the team's size, and the users page's first page when it opens.
  const first = useQuery(usersPageOptions(connection, { offset: 0, limit: defaultPageSize }));
  const firstFailure = useFailure(first);
  const total = first.data?.page.total;
  const { team: whole, stage } = useWholeTeamLoad(connection, total, asksWholeTeam(teamQuery));
  const searchable = searchableUsers(stage) > 0;
  const version = stage.status === "loaded" ? stage.version : 0;

  // Fixed while the view is open: the figures do not shift under the reader.
  const [now] = useState(() => Date.now());
  const browserZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const timeZone = calendar === "utc" ? "UTC" : browserZone;
  const params = { query: { search: teamQuery.search ?? "", facets: teamQuery.facets ?? {} }, timeZone, now };
  const overview = useQuery({
    queryKey: [...usersKeys.wholeTeam(teamTag(connection)), "overview", version, params] as const,
    queryFn: () => whole!.overview(params),
    enabled: searchable && whole !== undefined,
    placeholderData: keepTeamData(teamTag(connection)),
    gcTime: teamAnswersKeptMs,
  });
  const overviewFailure = useFailure(overview);
  const data = overview.data;

  const facets = teamQuery.facets ?? {};
  const filters: BarFilters = {
    isSource: (slug) => facets.sources?.includes(slug) ?? false,
    toggleSource: (slug) => setFacets({ ...facets, sources: toggled(facets.sources, slug) }),
    isTimeZone: (zone) => facets.timeZones?.includes(zone) ?? false,
    toggleTimeZone: (zone) => setFacets({ ...facets, timeZones: toggled(facets.timeZones, zone) }),
    isBirth: (value) => facets.birthDate?.includes(value) ?? false,
    toggleBirth: (value) => setFacets({ ...facets, birthDate: toggled(facets.birthDate, value) }),
  };

  const selection = selectionSearch(searchParams);
  const header = (
    <div className="page-header">
      <div>
        <h1>Overview</h1>
        <p>
          The users of <TeamName team={team} />, at a glance.
        </p>
      </div>
      <Link className="button" to={`${teamPath(team, teams)}${selection}`}>
        {selection ? "Show these users" : "Show the users"}
      </Link>
    </div>
  );

  let body;
  if (firstFailure)
    body = (
      <Suspense fallback={<UsersSkeleton />}>
        <ErrorAlert failure={firstFailure} words={listWords} />
      </Suspense>
    );
  else if (first.isPending) body = <UsersSkeleton />;
  else if (total === 0)
    body = (
      <div className="card empty-state">
        <h2>No users yet</h2>
        <p>This team has no users: there is nothing to chart. Users appear once they are created through the service.</p>
      </div>
    );
  else
    body = (
      <div className="overview-page">
        <div className="card card-flush">
          {whole && (
            <WholeTeamBar
              team={whole}
              total={total ?? 0}
              selection={data ? { query: teamQuery, users: data.users } : null}
              waiting={false}
            />
          )}
          {overviewFailure && (
            <Suspense fallback={null}>
              <ErrorAlert failure={overviewFailure} words={loadedTeamWords("The overview")} />
            </Suspense>
          )}
          {stage.status === "idle" && (
            <p className="overview-note small">The overview counts the whole team: load it to see the figures and charts.</p>
          )}
          {data && (
            <>
              <TeamFacetsBar facets={data.facets} selection={facets} onChange={setFacets} />
              <SelectionChips query={teamQuery} facets={data.facets} onChange={setSelection} />
            </>
          )}
        </div>
        {data && (
          <>
            <fieldset className="row overview-calendar">
              <legend>Count days in</legend>
              {(["local", "utc"] as const).map((value) => (
                <label key={value} className="overview-switch">
                  <input type="radio" name="calendar" checked={chosenCalendar === value} onChange={() => setCalendar(value)} />
                  {value === "utc" ? "UTC" : `Your time zone (${browserZone})`}
                </label>
              ))}
            </fieldset>
            <p className="muted small overview-zone">
              Days, weeks (from Monday) and months are counted{" "}
              {data.timeZone === browserZone ? (
                <>
                  in your browser’s time zone, <strong>{data.timeZone}</strong>
                </>
              ) : (
                <strong>in {data.timeZone}</strong>
              )}
              ; the period still running is marked “so far”. “The last 7 days” are the 7 × 24 hours before this view opened.
              {data.users < data.loaded &&
                ` The figures count the ${formatCount(data.users)} of ${formatCount(data.loaded)} loaded users that the selection holds.`}
              {data.undated > 0 && ` ${formatCount(data.undated)} dates could not be read and are left out of the charts over time.`}
            </p>
            <div aria-busy={overview.isPlaceholderData}>
              <Headline overview={data} />
              {data.users === 0 ? (
                <div className="card empty-state">
                  <h2>No user matches</h2>
                  <p>No user of the team matches the search and filters. Remove one above.</p>
                </div>
              ) : (
                <div className="overview-charts">
                  <CreatedChart overview={data} />
                  <ConnectionsChart overview={data} />
                  <SourcesChart overview={data} filters={filters} />
                  <SourcesPerUserChart overview={data} />
                  <TimeZonesChart overview={data} filters={filters} />
                  <BirthDateChart overview={data} filters={filters} />
                </div>
              )}
            </div>
          </>
        )}
      </div>
    );

  return (
    <>
      {header}
      {body}
    </>
  );
}
