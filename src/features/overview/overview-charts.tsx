/** The overview's charts: each a figure with its summary, its table and its CSV. */
import { useMemo, useState } from "react";
import { formatCount } from "../../components/format.ts";
import type { TeamOverview } from "../../team/team-overview.ts";
import { BarList, type Bar } from "./bar-list.tsx";
import { ChartFigure } from "./chart-figure.tsx";
import { cumulative, groupSeries, periodLabel, type Granularity } from "./periods.ts";
import { Legend, TimeChart, type Line } from "./time-chart.tsx";

/** The filters a bar applies: a source (null: no source), a time zone (null: none), a birth date. */
export interface BarFilters {
  isSource(slug: string | null): boolean;
  toggleSource(slug: string | null): void;
  isTimeZone(zone: string | null): boolean;
  toggleTimeZone(zone: string | null): void;
  isBirth(value: "known" | "unknown"): boolean;
  toggleBirth(value: "known" | "unknown"): void;
}

const users = (n: number) => `${formatCount(n)} ${n === 1 ? "user" : "users"}`;

function PeriodControls({
  granularity,
  onGranularity,
  running,
  onRunning,
}: {
  granularity: Granularity;
  onGranularity: (granularity: Granularity) => void;
  running?: boolean;
  onRunning?: (running: boolean) => void;
}) {
  return (
    <>
      <select className="select" aria-label="Period" value={granularity} onChange={(e) => onGranularity(e.target.value as Granularity)}>
        <option value="day">By day</option>
        <option value="week">By week</option>
        <option value="month">By month</option>
      </select>
      {onRunning && (
        <label className="overview-switch">
          <input type="checkbox" role="switch" checked={running} onChange={(e) => onRunning(e.target.checked)} />
          Cumulative
        </label>
      )}
    </>
  );
}

/** The period with the most, as a phrase: "March 2025, with 120". */
function busiest(starts: number[], counts: number[], granularity: Granularity): string {
  let best = 0;
  counts.forEach((count, i) => (count > counts[best]! ? (best = i) : undefined));
  return `${periodLabel(starts[best]!, granularity)}, with ${formatCount(counts[best]!)}`;
}

export function CreatedChart({ overview }: { overview: TeamOverview }) {
  const [granularity, setGranularity] = useState<Granularity>("month");
  const [running, setRunning] = useState(false);
  const { starts, counts } = useMemo(() => groupSeries(overview.created, granularity), [overview.created, granularity]);
  const values = useMemo(() => (running ? cumulative(counts) : counts), [counts, running]);
  const lines = useMemo<Line[]>(() => [{ key: "created", label: running ? "Users so far" : "Users created", values }], [values, running]);
  const dated = counts.reduce((sum, n) => sum + n, 0);
  const span = starts.length ? `from ${periodLabel(starts[0]!, granularity)} to ${periodLabel(starts.at(-1)!, granularity)}` : "";
  const summary =
    dated === 0
      ? "No user in the selection has a creation date to chart."
      : running
        ? `The selection grew to ${users(dated)} ${span}.`
        : `${users(dated)} were created ${span}; the busiest ${granularity} was ${busiest(starts, counts, granularity)}.`;
  return (
    <ChartFigure
      name="users-created"
      title="Users created over time"
      summary={summary}
      table={{
        columns: [granularity === "day" ? "Day" : granularity === "week" ? "Week" : "Month", running ? "Users so far" : "Users created"],
        rows: starts.map((start, i) => [periodLabel(start, granularity), values[i]!]),
      }}
      controls={<PeriodControls granularity={granularity} onGranularity={setGranularity} running={running} onRunning={setRunning} />}
    >
      {dated > 0 && <TimeChart days={starts} lines={lines} hidden={noneHidden} label={summary} valueName="users" />}
    </ChartFigure>
  );
}

const noneHidden: ReadonlySet<string> = new Set();

export function ConnectionsChart({ overview }: { overview: TeamOverview }) {
  const [granularity, setGranularity] = useState<Granularity>("month");
  const [hidden, setHidden] = useState<ReadonlySet<string>>(noneHidden);
  const { connections } = overview;
  const grouped = useMemo(() => {
    const series = connections.sources.map((source) => ({
      source,
      ...groupSeries({ firstDay: connections.firstDay, counts: source.counts }, granularity),
    }));
    return {
      starts: series[0]?.starts ?? [],
      lines: series.map(({ source, counts }): Line => ({ key: source.slug, label: source.name, values: counts })),
    };
  }, [connections, granularity]);
  const totals = grouped.lines.map((line) => line.values.reduce((sum, n) => sum + n, 0));
  const all = totals.reduce((sum, n) => sum + n, 0);
  const toggle = (key: string) =>
    setHidden((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const { starts } = grouped;
  const summary =
    all === 0
      ? "No user in the selection has connected a source."
      : `${formatCount(all)} ${all === 1 ? "connection" : "connections"} to ${grouped.lines.length} ${grouped.lines.length === 1 ? "source" : "sources"} from ${periodLabel(starts[0]!, granularity)} to ${periodLabel(starts.at(-1)!, granularity)}; ${grouped.lines[0]!.label} has the most users.`;
  return (
    <ChartFigure
      name="connections"
      title="Connections over time, by source"
      summary={summary}
      table={{
        columns: [granularity === "day" ? "Day" : granularity === "week" ? "Week" : "Month", ...grouped.lines.map((line) => line.label)],
        rows: starts.map((start, i) => [periodLabel(start, granularity), ...grouped.lines.map((line) => line.values[i]!)]),
      }}
      controls={<PeriodControls granularity={granularity} onGranularity={setGranularity} />}
    >
      {all > 0 && (
        <>
          <Legend lines={grouped.lines} hidden={hidden} onToggle={toggle} />
          <TimeChart days={starts} lines={grouped.lines} hidden={hidden} label={summary} valueName="connections" />
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
    ? `${top.name} is connected by ${users(top.users)} of ${formatCount(overview.users)}; ${users(overview.noSource)} have no source.`
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
  const summary = `${users(none)} have no source, ${formatCount(one)} one, ${formatCount(two)} two and ${formatCount(more)} three or more.`;
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
    ? `The most common time zone is ${top[0].id}, with ${users(top[0].users)}; ${users(none)} have none.`
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
  const summary = `${users(known)} have a birth date, ${formatCount(unknown)} do not.`;
  return (
    <ChartFigure name="birth-date" title="Birth date known" summary={summary} table={barsTable("Birth date", bars)}>
      <BarList bars={bars} of={overview.users} noun="users" />
    </ChartFigure>
  );
}
