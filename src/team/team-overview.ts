/**
 * A team at a glance: the figures and series of the overview, counted in the worker over the
 * index's columns (typed arrays, no user objects) for the rows of a selection. Days are counted
 * on the calendar of the time zone asked for (the browser's).
 */
import type { FacetCounts } from "./team-facets.ts";
import type { Interner } from "./interner.ts";
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

/** What the overview reads from the index, one entry a row unless said otherwise. */
export interface OverviewColumns extends DayColumns {
  rows: number;
  /** Each row's `created_on` in ms; NaN where unreadable. */
  createdMs: Float64Array;
  /** Row r's connected sources are entries `sourceStarts[r]` up to `sourceStarts[r + 1]`. */
  sourceStarts: Uint32Array;
  sourceSlugCodes: Uint32Array;
  slugs: Interner;
  slugNames: readonly string[];
  timeZones: Interner;
  timeZoneCodes: Int32Array;
  birthDateCodes: Int32Array;
}

/** Day numbers in one time zone: of each row's `created_on`, and of each source entry's. */
export interface DayColumns {
  createdDay: Int32Array;
  sourceDay: Int32Array;
}

/** An instant that could not be read has no day. */
export const noDay = -0x80000000;

/** The day numbers of instants (ms; NaN: unreadable) in `timeZone`, the zone's transitions found once for them all. */
export function dayColumns(createdMs: Float64Array, sourceCreatedMs: Float64Array, timeZone: string): DayColumns {
  let [from, to] = [Infinity, -Infinity];
  for (const values of [createdMs, sourceCreatedMs])
    for (let i = 0; i < values.length; i++) {
      const ms = values[i]!;
      if (ms < from) from = ms;
      if (ms > to) to = ms;
    }
  const days = Number.isFinite(from) ? zoneDays(timeZone, from, to) : null;
  const toDays = (values: Float64Array) => {
    const out = new Int32Array(values.length);
    for (let i = 0; i < values.length; i++) out[i] = Number.isNaN(values[i]!) || !days ? noDay : days.dayOf(values[i]!);
    return out;
  };
  return { createdDay: toDays(createdMs), sourceDay: toDays(sourceCreatedMs) };
}

const dayMs = 86_400_000;
const topTimeZones = 10;

/**
 * The first and last day of `rows` (of their source entries, with `starts`); days without one are
 * skipped. The range runs on to `today`, so that a quiet spell up to now shows as such.
 */
function rangeOf(today: number, days: Int32Array, rows: Uint32Array, starts?: Uint32Array): [number, number] {
  let [low, high] = [Infinity, -Infinity];
  const visit = (day: number) => {
    if (day === noDay) return;
    if (day < low) low = day;
    if (day > high) high = day;
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!starts) visit(days[row]!);
    else for (let s = starts[row]!; s < starts[row + 1]!; s++) visit(days[s]!);
  }
  if (!Number.isFinite(low)) return [0, -1];
  return [low, low <= today ? Math.max(high, today) : high];
}

const byUsers = (a: SourceShare, b: SourceShare) => b.users - a.users || a.name.localeCompare(b.name);

/** The overview of `rows`, the selection's rows. */
export function aggregateOverview(
  columns: OverviewColumns,
  rows: Uint32Array,
  facets: FacetCounts,
  { timeZone, now }: OverviewRequest,
): TeamOverview {
  const { createdMs, createdDay, sourceDay, sourceStarts, sourceSlugCodes, slugs, timeZoneCodes, birthDateCodes } = columns;
  const today = zoneDays(timeZone, now, now).dayOf(now);
  const [createdFirst, createdLast] = rangeOf(today, createdDay, rows);
  const createdCounts = new Array<number>(createdLast - createdFirst + 1).fill(0);
  const [connectedFirst, connectedLast] = rangeOf(today, sourceDay, rows, sourceStarts);
  const connectedDays = connectedLast - connectedFirst + 1;
  const connectionsOf: (Uint32Array | undefined)[] = [];
  const usersOfSlug = new Uint32Array(slugs.size);
  const lastRowOfSlug = new Int32Array(slugs.size).fill(-1);
  const usersOfZone = new Uint32Array(columns.timeZones.size);
  const perUser: [number, number, number, number] = [0, 0, 0, 0];
  let [withSources, last7, last30, noZone, birthKnown, undated] = [0, 0, 0, 0, 0, 0];
  const [since7, since30] = [now - 7 * dayMs, now - 30 * dayMs];

  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const created = createdMs[row]!;
    if (createdDay[row] === noDay) undated++;
    else {
      createdCounts[createdDay[row]! - createdFirst]!++;
      if (created > since7 && created <= now) last7++;
      if (created > since30 && created <= now) last30++;
    }
    const [start, end] = [sourceStarts[row]!, sourceStarts[row + 1]!];
    let distinct = 0;
    for (let s = start; s < end; s++) {
      const slug = sourceSlugCodes[s]!;
      // A user who connected the same source twice counts once among its users.
      if (lastRowOfSlug[slug] !== row) {
        lastRowOfSlug[slug] = row;
        usersOfSlug[slug]!++;
        distinct++;
      }
      const day = sourceDay[s]!;
      if (day === noDay) undated++;
      else (connectionsOf[slug] ??= new Uint32Array(connectedDays))[day - connectedFirst]!++;
    }
    perUser[Math.min(3, distinct)]!++;
    if (distinct > 0) withSources++;
    const zone = timeZoneCodes[row]!;
    if (zone < 0) noZone++;
    else usersOfZone[zone]!++;
    if (birthDateCodes[row]! >= 0) birthKnown++;
  }

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
    users: rows.length,
    loaded: columns.rows,
    withSources,
    withoutSources: rows.length - withSources,
    addedLast7Days: last7,
    addedLast30Days: last30,
    topSource: sources[0] ?? null,
    timeZone,
    today,
    created: { firstDay: createdCounts.length ? createdFirst : 0, counts: createdCounts },
    connections: {
      firstDay: connectedDays > 0 ? connectedFirst : 0,
      days: connectedDays,
      sources: sources.map((source) => ({
        ...source,
        counts: Array.from(connectionsOf[slugs.find(source.slug)!] ?? new Uint32Array(connectedDays)),
      })),
    },
    sources,
    noSource: rows.length - withSources,
    sourcesPerUser: perUser,
    timeZones: { top, other: zones.slice(topTimeZones).reduce((sum, zone) => sum + zone.users, 0), none: noZone },
    birthDate: { known: birthKnown, unknown: rows.length - birthKnown },
    undated,
    facets,
  };
}
