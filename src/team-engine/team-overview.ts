/**
 * A team at a glance: the figures and series of the overview, counted in the worker over the
 * index's columns (typed arrays, no user objects) for the rows of a selection. Days are counted
 * on the calendar of the time zone asked for (the browser's).
 */
import type { CodeView } from "./growable-array.ts";
import type { FacetColumns, FacetCounts } from "./team-facets.ts";
import type { RowsFrom } from "./first-in-order.ts";
import type { Instants } from "./instant-column.ts";
import { zoneDays } from "./zone-days.ts";

export interface OverviewRequest {
  /** An IANA time zone: the days of the series are this zone's. */
  timeZone: string;
  /** "Now", for the users added in the last 7 and 30 days (ms since the epoch). */
  now: number;
}

/** Counts a day, from `firstDay` (a day number: days since 1970-01-01 in the time zone). */
export interface DailySeries {
  firstDay: number;
  counts: number[];
}

export interface SourceShare {
  slug: string;
  name: string;
  users: number;
}

export interface TeamOverview {
  /** Users in the selection, and in the loaded team. */
  users: number;
  loaded: number;
  withSources: number;
  withoutSources: number;
  /** Created in the 7 (30) × 24 hours before `now`. */
  addedLast7Days: number;
  addedLast30Days: number;
  /** The source the most users connected (ties: by name); null when nobody connected one. */
  topSource: SourceShare | null;
  timeZone: string;
  /** The day of `now` in the time zone: the series run up to it, and its week and month are still running. */
  today: number;
  /** Users created a day. */
  created: DailySeries;
  /** Connections made a day (each connected source's `created_on`), per source, over the same days. */
  connections: { firstDay: number; days: number; sources: (SourceShare & { counts: number[] })[] };
  /** Users with each source (a user counts once per source), most first; users with none. */
  sources: SourceShare[];
  noSource: number;
  /** Users with 0, 1, 2, 3 or more distinct connected sources. */
  sourcesPerUser: [number, number, number, number];
  /** The ten time zones most users have, the rest, and users with none. */
  timeZones: { top: { id: string; users: number }[]; other: number; none: number };
  birthDate: { known: number; unknown: number };
  /** Instants that could not be read (not ISO 8601): left out of the series. */
  undated: number;
  /** The facets over the same selection, for the filters shown with the charts. */
  facets: FacetCounts;
}

/** What the overview reads from the index: the facets' columns and these, one entry a row unless said otherwise. */
export interface OverviewColumns extends FacetColumns, DayColumns {
  /** Each row's `created_on`. */
  createdOn: Instants;
  /** Row r's connected sources are entries `sourceStarts[r]` up to `sourceStarts[r + 1]`. */
  sourceStarts: Uint32Array;
}

/**
 * The days, in one time zone, of each row's `created_on` and of each source entry's: each as 1 +
 * its days after `firstDay` (0: no day, the instant could not be read), two bytes each unless the
 * team's days span more than 179 years. A source entry's day comes with its source: see `sourceSlot`.
 */
export interface DayColumns {
  /** Two days before the team's first: see `dayColumns`. */
  firstDay: number;
  /** Days from `firstDay` to two after the team's last: no value in the columns is larger. */
  span: number;
  createdDay: DayValues;
  /**
   * Each source entry's slug code × (span + 1) + its day value: where the overview counts it, one
   * read an entry (two bytes each while the team's sources × days stay under 65,536).
   */
  sourceSlot: DayValues;
}

type DayValues = Uint16Array | Uint32Array;

/** The days of instants in `timeZone`, the zone's transitions found once for them all; `slugCodes`, each source entry's (of `slugs`). */
export function dayColumns(
  createdOn: Instants,
  sources: { createdOn: Instants; slugCodes: CodeView; slugs: number },
  timeZone: string,
): DayColumns {
  let [from, to] = [Infinity, -Infinity];
  for (const instants of [createdOn, sources.createdOn]) {
    const msOf = instants.msReader();
    for (let i = 0; i < instants.length; i++) {
      const ms = msOf(i);
      if (ms < from) from = ms;
      if (ms > to) to = ms;
    }
  }
  const days = Number.isFinite(from) ? zoneDays(timeZone, from, to) : null;
  // Two days' margin either side: where clocks went back across midnight (Alaska's, a whole day in
  // 1867), a later instant can fall on an earlier day. Offsets differ by less than 48 hours.
  const firstDay = days ? days.dayOf(from) - 2 : 0;
  const span = days ? days.dayOf(to) + 2 - firstDay + 1 : 0;
  const width = span + 1;
  /** The day values of `instants`, each plus `width` times its code (none: 0). */
  const toDays = (instants: Instants, codes: CodeView | null, largest: number) => {
    const out = largest <= 0xffff ? new Uint16Array(instants.length) : new Uint32Array(instants.length);
    const msOf = instants.msReader();
    for (let i = 0; i < instants.length; i++) {
      const ms = msOf(i);
      out[i] = (Number.isNaN(ms) || !days ? 0 : days.dayOf(ms) - firstDay + 1) + (codes ? codes[i]! * width : 0);
    }
    return out;
  };
  const createdDay = toDays(createdOn, null, span);
  return { firstDay, span, createdDay, sourceSlot: toDays(sources.createdOn, sources.slugCodes, sources.slugs * width - 1) };
}

const dayMs = 86_400_000;
const topTimeZones = 10;

/**
 * The days a series runs over: from the selection's first day to its last (`low` and `high`, day
 * values; none when `low > high`), and on to `today`, so that a quiet spell up to now shows as such.
 */
function seriesDays(firstDay: number, low: number, high: number, today: number): { firstDay: number; days: number } {
  if (low > high) return { firstDay: 0, days: 0 };
  const [first, last] = [firstDay + low - 1, firstDay + high - 1];
  return { firstDay: first, days: (first <= today ? Math.max(last, today) : last) - first + 1 };
}

/** The counts of a series' days, out of counts by day value (beyond the team's days: 0). */
function countsOver(byValue: Uint32Array, dayValue: number, days: number): number[] {
  return Array.from({ length: days }, (_, i) => byValue[dayValue + i] ?? 0);
}

/** What the overview counts row by row; the rest is counted from these, a profile or a day at a time. */
interface RowCounts {
  selected: number;
  rowsOfProfile: Uint32Array;
  /** The rows created by day value (see `DayColumns`; 0: undated), and each source code's connections, `span + 1` values a code. */
  createdCounts: Uint32Array;
  connections: Uint32Array;
  last7: number;
  last30: number;
}

/**
 * The one walk of the selection's rows (a million at most): counts alone, the first and last days
 * read off them afterwards. The loop comes last, nothing after it but a return, for the reason
 * team-facets.ts gives: with the rest of the overview after it, its optimized code was thrown away.
 */
function countRows(columns: OverviewColumns, from: RowsFrom, now: number): RowCounts {
  const { createdDay, sourceSlot, sourceStarts, rowProfiles } = columns;
  const createdMs = columns.createdOn.msReader();
  const [since7, since30] = [now - 7 * dayMs, now - 30 * dayMs];
  const width = columns.span + 1;
  const rowsOfProfile = new Uint32Array(columns.profiles.set.length);
  const createdCounts = new Uint32Array(width);
  const connections = new Uint32Array(width * columns.slugs.size);
  let [selected, last7, last30] = [0, 0, 0];
  // A row created more than 3 days before the 30 days' start, on any zone's calendar (offsets
  // differ by less than 48 hours), is older than both: its instant is not read.
  const recent = Math.floor(since30 / dayMs) - 3 - columns.firstDay + 1;
  const list = "list" in from ? from.list : null;
  const marked = "marked" in from ? from.marked : null;
  for (let i = 0, end = list ? list.length : columns.rows; i < end; i++) {
    if (marked && marked[i] !== 1) continue;
    const row = list ? list[i]! : i;
    selected++;
    rowsOfProfile[rowProfiles[row]!]!++;
    const createdValue = createdDay[row]!;
    createdCounts[createdValue]!++;
    if (createdValue >= recent) {
      const created = createdMs(row);
      if (created > since7 && created <= now) last7++;
      if (created > since30 && created <= now) last30++;
    }
    for (let s = sourceStarts[row]!, end = sourceStarts[row + 1]!; s < end; s++) connections[sourceSlot[s]!]!++;
  }
  return { selected, rowsOfProfile, createdCounts, connections, last7, last30 };
}

/** The first and last day values (from 1) counted in `counts`, `width` values a series; none: low > high. */
function countedDays(counts: Uint32Array, width: number): { low: number; high: number } {
  let [low, high] = [Infinity, 0];
  for (let start = 0; start < counts.length; start += width) {
    for (let value = 1; value < Math.min(low, width); value++) if (counts[start + value]! > 0) low = value;
    for (let value = width - 1; value > high; value--) if (counts[start + value]! > 0) high = value;
  }
  return { low, high };
}

const byUsers = (a: SourceShare, b: SourceShare) => b.users - a.users || a.name.localeCompare(b.name);

/** The overview of a selection's rows: listed, or marked (a byte a row, so no list of a million is made). */
export function aggregateOverview(
  columns: OverviewColumns,
  from: RowsFrom,
  facets: FacetCounts,
  { timeZone, now }: OverviewRequest,
): TeamOverview {
  const { slugs, profiles } = columns;
  const today = zoneDays(timeZone, now, now).dayOf(now);
  const { selected, rowsOfProfile, createdCounts, connections, last7, last30 } = countRows(columns, from, now);
  const width = columns.span + 1;
  /** A source code's connections by day value. */
  const connectionsOf = (code: number) => connections.subarray(code * width, (code + 1) * width);

  // The rest is counted a profile, then a slug set: its users, once each.
  const { set, zone, birthKnown, setSlugs } = profiles;
  const usersOfSet = new Uint32Array(setSlugs.length);
  const usersOfZone = new Uint32Array(columns.timeZones.size);
  let [noZone, birthKnownUsers] = [0, 0];
  for (let p = 0; p < set.length; p++) {
    const users = rowsOfProfile[p]!;
    usersOfSet[set[p]!]! += users;
    if (zone[p] === 0) noZone += users;
    else usersOfZone[zone[p]! - 1]! += users;
    if (birthKnown[p] === 1) birthKnownUsers += users;
  }
  const usersOfSlug = new Uint32Array(slugs.size);
  const perUser: [number, number, number, number] = [0, 0, 0, 0];
  setSlugs.forEach((slugsOfSet, s) => {
    for (const slug of slugsOfSet) usersOfSlug[slug]! += usersOfSet[s]!;
    perUser[Math.min(3, slugsOfSet.length)]! += usersOfSet[s]!;
  });
  const withSources = selected - usersOfSet[0]!;
  const created = countedDays(createdCounts, width);
  const connected = countedDays(connections, width);
  const createdSeries = seriesDays(columns.firstDay, created.low, created.high, today);
  const connectedSeries = seriesDays(columns.firstDay, connected.low, connected.high, today);
  let undated = createdCounts[0]!;
  for (let code = 0; code < slugs.size; code++) undated += connections[code * width]!;
  /** The day value of a series' first day. */
  const valueOf = (day: number) => day - columns.firstDay + 1;

  const sources: SourceShare[] = [];
  usersOfSlug.forEach((users, code) => {
    if (users > 0) sources.push({ slug: slugs.value(code), name: columns.slugNames[code]!, users });
  });
  sources.sort(byUsers);
  const zones = Array.from(usersOfZone, (users, code) => ({ id: columns.timeZones.value(code), users }))
    .filter((zone) => zone.users > 0)
    .sort((a, b) => b.users - a.users || a.id.localeCompare(b.id));
  const top = zones.slice(0, topTimeZones);

  return {
    users: selected,
    loaded: columns.rows,
    withSources,
    withoutSources: selected - withSources,
    addedLast7Days: last7,
    addedLast30Days: last30,
    topSource: sources[0] ?? null,
    timeZone,
    today,
    created: { firstDay: createdSeries.firstDay, counts: countsOver(createdCounts, valueOf(createdSeries.firstDay), createdSeries.days) },
    connections: {
      ...connectedSeries,
      sources: sources.map((source) => ({
        ...source,
        counts: countsOver(connectionsOf(slugs.find(source.slug)!), valueOf(connectedSeries.firstDay), connectedSeries.days),
      })),
    },
    sources,
    noSource: selected - withSources,
    sourcesPerUser: perUser,
    timeZones: { top, other: zones.slice(topTimeZones).reduce((sum, zone) => sum + zone.users, 0), none: noZone },
    birthDate: { known: birthKnownUsers, unknown: selected - birthKnownUsers },
    undated,
    facets,
  };
}
