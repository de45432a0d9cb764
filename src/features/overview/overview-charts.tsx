/** The overview's charts: each a figure with its summary, its table and its CSV. */
import { useMemo, useState } from "react";
import { formatCount, formatCountOf } from "../../components/format.ts";
import type { TeamOverview } from "../../team-engine/team-overview.ts";
import { BarList, type Bar } from "./bar-list.tsx";
import { ChartFigure } from "./chart-figure.tsx";
import { busiestFinished, cumulative, groupSeries, periodLabel, type Granularity } from "./periods.ts";
import { drawnLines, otherKey, type Line } from "./series-rule.ts";
import { formatShare } from "./share.ts";
import { Legend, TimeChart } from "./time-chart.tsx";

/** The filters a bar applies: a source (null: no source), a time zone (null: none), a birth date. */
export interface BarFilters {
  isSource(slug: string | null): boolean;
  toggleSource(slug: string | null): void;
  isTimeZone(zone: string | null): boolean;
  toggleTimeZone(zone: string | null): void;
  isBirth(value: "known" | "unknown"): boolean;
  toggleBirth(value: "known" | "unknown"): void;
}

const users = (n: number) => formatCountOf(n, "user", "users");
/** "1,234 users (39%)": a count of users and its share of `of`. */
const usersOf = (n: number, of: number) => `${users(n)} (${formatShare(n, of)})`;
const periodColumn = { day: "Day", week: "Week", month: "Month" } as const;

function PeriodControls({
  granularity,
  onGranularity,
  totals,
  onTotals,
}: {
  granularity: Granularity;
  onGranularity: (granularity: Granularity) => void;
  totals?: boolean;
  onTotals?: (totals: boolean) => void;
}) {
  return (
    <>
      <select className="select" aria-label="Period" value={granularity} onChange={(e) => onGranularity(e.target.value as Granularity)}>
        <option value="day">By day</option>
        <option value="week">By week</option>
        <option value="month">By month</option>
      </select>
      {onTotals && (
        <label className="overview-switch">
          <input type="checkbox" role="switch" checked={totals} onChange={(e) => onTotals(e.target.checked)} />
          Cumulative
        </label>
      )}
    </>
  );
}

export function CreatedChart({ overview }: { overview: TeamOverview }) {
  const title = "Users created over time";
  const [granularity, setGranularity] = useState<Granularity>("month");
  const [totals, setTotals] = useState(false);
  const { today } = overview;
  const { starts, counts } = useMemo(() => groupSeries(overview.created, granularity), [overview.created, granularity]);
  const values = useMemo(() => (totals ? cumulative(counts) : counts), [counts, totals]);
  const lines = useMemo<Line[]>(
    () => [{ key: "created", label: totals ? "Users so far" : "Users created", values, style: 0 }],
    [values, totals],
  );
  const name = (i: number) => periodLabel(starts[i]!, granularity, today);
  const dated = counts.reduce((sum, n) => sum + n, 0);
  const span = starts.length ? `from ${name(0)} to ${name(starts.length - 1)}` : "";
  const busiest = busiestFinished(starts, counts, granularity, today);
  const summary =
    dated === 0
      ? "No user in the selection has a creation date to chart."
      : totals
        ? `The selection grew to ${users(dated)} ${span}.`
        : `${users(dated)} were created ${span}${busiest < 0 ? "" : `; the busiest ${granularity} was ${name(busiest)}, with ${users(counts[busiest]!)}`}.`;
  return (
    <ChartFigure
      name="users-created"
      title={title}
      summary={summary}
      table={{ columns: [periodColumn[granularity], lines[0]!.label], rows: starts.map((_, i) => [name(i), values[i]!]) }}
      controls={<PeriodControls granularity={granularity} onGranularity={setGranularity} totals={totals} onTotals={setTotals} />}
    >
      {dated > 0 && <TimeChart title={title} days={starts} lines={lines} hidden={noneHidden} granularity={granularity} today={today} />}
    </ChartFigure>
  );
}

const noneHidden: ReadonlySet<string> = new Set();

export function ConnectionsChart({ overview }: { overview: TeamOverview }) {
  const title = "Connections over time, by source";
  const [granularity, setGranularity] = useState<Granularity>("month");
  // "Other sources" is drawn on request: a sum, it would flatten the lines beside it.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set([otherKey]));
  const { connections, today } = overview;
  const { starts, sources, lines, summed } = useMemo(() => {
    const grouped = connections.sources.map((source) => ({
      source,
      ...groupSeries({ firstDay: connections.firstDay, counts: source.counts }, granularity),
    }));
    const sources = grouped.map(({ source, counts }) => ({ key: source.slug, label: source.name, values: counts }));
    return { starts: grouped[0]?.starts ?? [], sources, ...drawnLines(sources, "Other sources") };
  }, [connections, granularity]);
  const all = sources.reduce((sum, source) => sum + source.values.reduce((total, n) => total + n, 0), 0);
  const toggle = (key: string) =>
    setHidden((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const name = (i: number) => periodLabel(starts[i]!, granularity, today);
  const most = lines[0] && lines[0].values.reduce((sum, n) => sum + n, 0);
  const summary =
    all === 0
      ? "No user in the selection has connected a source."
      : `${formatCountOf(all, "connection", "connections")} to ${formatCountOf(sources.length, "source", "sources")} from ${name(0)} to ${name(starts.length - 1)}; ${lines[0]!.label} has the most connections, ${formatCount(most!)} (${formatShare(most!, all)}).`;
  return (
    <ChartFigure
      name="connections"
      title={title}
      summary={summary}
      table={{
        columns: [periodColumn[granularity], ...sources.map((source) => source.label)],
        rows: starts.map((_, i) => [name(i), ...sources.map((source) => source.values[i]!)]),
      }}
      controls={<PeriodControls granularity={granularity} onGranularity={setGranularity} />}
    >
      {all > 0 && (
        <>
          <Legend lines={lines} hidden={hidden} onToggle={toggle} />
          {summed.length > 0 && (
            <p className="muted small overview-other">
              The {lines.length - 1} sources with the most connections are drawn each as itself; Other sources sums the {summed.length}{" "}
              others: {summed.join(", ")}.
            </p>
          )}
          <TimeChart title={title} days={starts} lines={lines} hidden={hidden} granularity={granularity} today={today} />
        </>
      )}
    </ChartFigure>
  );
}

function barsTable(first: string, bars: Bar[]) {
  return { columns: [first, "Users"], rows: bars.map((bar) => [bar.label, bar.value]) };
}

export function SourcesChart({ overview, filters }: { overview: TeamOverview; filters: BarFilters }) {
  const bars: Bar[] = [
    ...overview.sources.map((source) => ({
      key: source.slug,
      label: source.name,
      value: source.users,
      selected: filters.isSource(source.slug),
      onSelect: () => filters.toggleSource(source.slug),
    })),
    {
      key: "none",
      label: "No source",
      value: overview.noSource,
      selected: filters.isSource(null),
      onSelect: () => filters.toggleSource(null),
    },
  ];
  const top = overview.topSource;
  const summary = top
    ? `${top.name} is connected by the most users, ${usersOf(top.users, overview.users)}; ${usersOf(overview.noSource, overview.users)} have no source.`
    : `None of the ${users(overview.users)} has connected a source.`;
  return (
    <ChartFigure name="users-per-source" title="Users per source" summary={summary} table={barsTable("Source", bars)}>
      <BarList bars={bars} of={overview.users} noun="users" />
    </ChartFigure>
  );
}

export function SourcesPerUserChart({ overview }: { overview: TeamOverview }) {
  const [none, one, two, more] = overview.sourcesPerUser;
  const bars: Bar[] = [
    { key: "0", label: "No source", value: none },
    { key: "1", label: "1 source", value: one },
    { key: "2", label: "2 sources", value: two },
    { key: "3", label: "3 or more", value: more },
  ];
  const summary = `Of ${users(overview.users)}, ${formatCount(none)} have no source, ${formatCount(one)} one, ${formatCount(two)} two and ${formatCount(more)} three or more.`;
  return (
    <ChartFigure name="sources-per-user" title="Sources per user" summary={summary} table={barsTable("Sources", bars)}>
      <BarList bars={bars} of={overview.users} noun="users" />
    </ChartFigure>
  );
}

export function TimeZonesChart({ overview, filters }: { overview: TeamOverview; filters: BarFilters }) {
  const { top, other, none } = overview.timeZones;
  const bars: Bar[] = [
    ...top.map((zone) => ({
      key: zone.id,
      label: zone.id,
      value: zone.users,
      selected: filters.isTimeZone(zone.id),
      onSelect: () => filters.toggleTimeZone(zone.id),
    })),
    ...(other > 0 ? [{ key: "other", label: "Other time zones", value: other }] : []),
    { key: "none", label: "No time zone", value: none, selected: filters.isTimeZone(null), onSelect: () => filters.toggleTimeZone(null) },
  ];
  const summary = top[0]
    ? `The most common time zone is ${top[0].id}, with ${usersOf(top[0].users, overview.users)}; ${usersOf(none, overview.users)} have none.`
    : `None of the ${users(overview.users)} has a time zone.`;
  return (
    <ChartFigure name="time-zones" title="Time zones" summary={summary} table={barsTable("Time zone", bars)}>
      <BarList bars={bars} of={overview.users} noun="users" />
    </ChartFigure>
  );
}

export function BirthDateChart({ overview, filters }: { overview: TeamOverview; filters: BarFilters }) {
  const { known, unknown } = overview.birthDate;
  const bars: Bar[] = [
    { key: "known", label: "Known", value: known, selected: filters.isBirth("known"), onSelect: () => filters.toggleBirth("known") },
    {
      key: "unknown",
      label: "Unknown",
      value: unknown,
      selected: filters.isBirth("unknown"),
      onSelect: () => filters.toggleBirth("unknown"),
    },
  ];
  const summary = `${usersOf(known, known + unknown)} have a birth date, ${formatCount(unknown)} do not.`;
  return (
    <ChartFigure name="birth-date" title="Birth date known" summary={summary} table={barsTable("Birth date", bars)}>
      <BarList bars={bars} of={overview.users} noun="users" />
    </ChartFigure>
  );
}
