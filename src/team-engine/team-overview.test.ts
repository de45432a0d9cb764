import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { User } from "../api/contract.ts";
import { pageOfUsers } from "../api/team-page.test-helper.ts";
import { TeamIndex } from "./team-index.ts";
import type { DailySeries } from "./team-overview.ts";
import { isoDay } from "./zone-days.ts";

const source = (slug: string, created_on: string) => ({
  created_on,
  source: { slug, name: slug[0]!.toUpperCase() + slug.slice(1), logo: "" },
});

function user(n: number, created_on: string, sources: [string, string][], zone: string | null, birth: string | null): User {
  return {
    user_id: `u${n}`,
    team_id: "team",
    client_user_id: `client-${n}`,
    created_on,
    connected_sources: sources.map(([slug, at]) => source(slug, at)),
    fallback_birth_date: birth ? { value: birth, source_slug: "manual", updated_at: "2024-01-01T00:00:00Z" } : null,
    fallback_time_zone: zone ? { id: zone, source_slug: "oura", updated_at: "2024-01-01T00:00:00Z" } : null,
  };
}

// Worked out by hand below. Instants near midnight fall on different days in different zones;
// u4's connections are at the hour Amsterdam moves its clocks forward (2024-03-31 01:00 UTC).
const seed = [
  user(1, "2024-01-01T23:30:00Z", [["garmin", "2024-01-02T00:30:00+01:00"]], "Asia/Tokyo", "1980-05-05"),
  user(2, "2024-01-02T00:30:00+09:00", [], null, null),
  user(
    3,
    "2024-03-25T10:00:00Z",
    [
      ["garmin", "2024-03-26T10:00:00Z"],
      ["oura", "2024-03-26T23:59:59Z"],
    ],
    "Europe/Amsterdam",
    null,
  ),
  user(
    4,
    "2024-03-10T00:00:00Z",
    [
      ["oura", "2024-03-31T01:00:00+02:00"],
      ["fitbit", "2024-03-31T01:00:00+02:00"],
      ["garmin", "2024-03-31T01:00:00+02:00"],
    ],
    "Europe/Amsterdam",
    null,
  ),
  user(
    5,
    "not a date",
    [
      ["garmin", "2024-02-29T12:00:00Z"],
      ["garmin", "2024-02-29T12:00:00Z"],
    ],
    null,
    null,
  ),
];
const now = Date.parse("2024-03-31T12:00:00Z");

function indexOf(users: User[]) {
  const index = new TeamIndex();
  index.addPage(pageOfUsers(users), 0);
  return index;
}

/** A daily series as `{ "YYYY-MM-DD": count }`, days without any left out. */
function byDay({ firstDay, counts }: DailySeries): Record<string, number> {
  return Object.fromEntries(counts.flatMap((count, i) => (count ? [[isoDay(firstDay + i), count]] : [])));
}

describe("the overview of a team", () => {
  const overview = (timeZone: string, query = {}) => indexOf(seed).overview(query, { timeZone, now });

  it("counts the headline figures", () => {
    const o = overview("UTC");
    expect(o).toMatchObject({ users: 5, loaded: 5, withSources: 4, withoutSources: 1, addedLast7Days: 1, addedLast30Days: 2, undated: 1 });
    expect(o.topSource).toEqual({ slug: "garmin", name: "Garmin", users: 4 });
  });

  it("counts users per source once each, sources per user, time zones and birth dates", () => {
    const o = overview("UTC");
    expect(o.sources.map(({ slug, users }) => [slug, users])).toEqual([
      ["garmin", 4],
      ["oura", 2],
      ["fitbit", 1],
    ]);
    expect(o.noSource).toBe(1);
    // u2 none; u1 one; u3 two; u5 garmin twice, one source; u4 three.
    expect(o.sourcesPerUser).toEqual([1, 2, 1, 1]);
    expect(o.timeZones).toEqual({
      top: [
        { id: "Europe/Amsterdam", users: 2 },
        { id: "Asia/Tokyo", users: 1 },
      ],
      other: 0,
      none: 2,
    });
    expect(o.birthDate).toEqual({ known: 1, unknown: 4 });
  });

  it("counts users created a day on the calendar of the time zone asked for", () => {
    // u1 23:30 UTC, u2 15:30 UTC on Jan 1: Tokyo (UTC+9) has both on Jan 2, New York (UTC-5) on Jan 1.
    // u4 at midnight UTC on Mar 10 is still Mar 9 in New York (its clocks change later that day).
    expect(byDay(overview("UTC").created)).toEqual({ "2024-01-01": 2, "2024-03-10": 1, "2024-03-25": 1 });
    expect(byDay(overview("Asia/Tokyo").created)).toEqual({ "2024-01-02": 2, "2024-03-10": 1, "2024-03-25": 1 });
    expect(byDay(overview("America/New_York").created)).toEqual({ "2024-01-01": 2, "2024-03-09": 1, "2024-03-25": 1 });
  });

  it("counts connections a day per source, in the time zone, across a change of the clocks", () => {
    const perSource = (timeZone: string) =>
      Object.fromEntries(
        overview(timeZone).connections.sources.map((s) => [
          s.slug,
          byDay({ firstDay: overview(timeZone).connections.firstDay, counts: s.counts }),
        ]),
      );
    expect(perSource("UTC")).toEqual({
      garmin: { "2024-01-01": 1, "2024-02-29": 2, "2024-03-26": 1, "2024-03-30": 1 },
      oura: { "2024-03-26": 1, "2024-03-30": 1 },
      fitbit: { "2024-03-30": 1 },
    });
    // 2024-03-30 23:00 UTC is midnight in Amsterdam (UTC+1 until 01:00 UTC the next morning).
    expect(perSource("Europe/Amsterdam")).toEqual({
      garmin: { "2024-01-02": 1, "2024-02-29": 2, "2024-03-26": 1, "2024-03-31": 1 },
      oura: { "2024-03-27": 1, "2024-03-31": 1 },
      fitbit: { "2024-03-31": 1 },
    });
    const { connections } = overview("UTC");
    expect(connections.sources.every((s) => s.counts.length === connections.days)).toBe(true);
  });

  it("counts each user on its day where the clocks went back a whole day, the later user on the earlier day", () => {
    // Sitka's clocks went from +14:58:47 to -9:01:13 at 1867-10-19T00:31:13Z: the 19th, then the 18th again.
    const users = [user(1, "1867-10-19T00:30:13Z", [], null, null), user(2, "1867-10-19T00:41:13Z", [], null, null)];
    const o = indexOf(users).overview({}, { timeZone: "America/Sitka", now: Date.parse("1867-10-19T01:00:00Z") });
    expect(byDay(o.created)).toEqual({ "1867-10-18": 1, "1867-10-19": 1 });
    expect(o.undated).toBe(0);
  });

  it("starts the connections on the earliest of any source's, and counts a connection's unreadable instant as undated", () => {
    const users = [
      user(1, "2024-01-10T00:00:00Z", [["garmin", "2024-02-01T00:00:00Z"]], null, null),
      user(
        2,
        "2024-01-10T00:00:00Z",
        [
          ["oura", "2024-01-20T00:00:00Z"],
          ["fitbit", "not a date"],
        ],
        null,
        null,
      ),
    ];
    const o = indexOf(users).overview({}, { timeZone: "UTC", now: Date.parse("2024-02-03T12:00:00Z") });
    expect(isoDay(o.connections.firstDay)).toBe("2024-01-20");
    expect(o.connections.days).toBe(15); // Jan 20 to Feb 3, today
    expect(o.undated).toBe(1);
    expect(
      Object.fromEntries(o.connections.sources.map((s) => [s.slug, byDay({ firstDay: o.connections.firstDay, counts: s.counts })])),
    ).toEqual({
      fitbit: {},
      garmin: { "2024-02-01": 1 },
      oura: { "2024-01-20": 1 },
    });
  });

  it("runs the series on to today, the day of `now` in the time zone", () => {
    // now is 2024-03-31 12:00 UTC: already April 1 at UTC+14.
    const lastDay = ({ firstDay, counts }: DailySeries) => isoDay(firstDay + counts.length - 1);
    const utc = overview("UTC");
    expect(isoDay(utc.today)).toBe("2024-03-31");
    expect(lastDay(utc.created)).toBe("2024-03-31"); // the last user was created on March 25
    expect(isoDay(utc.connections.firstDay + utc.connections.days - 1)).toBe("2024-03-31");
    const kiritimati = overview("Pacific/Kiritimati");
    expect(isoDay(kiritimati.today)).toBe("2024-04-01");
    expect(lastDay(kiritimati.created)).toBe("2024-04-01");
  });

  it("follows the selection: a search and facets", () => {
    const garminInAmsterdam = overview("UTC", { facets: { sources: ["garmin"], timeZones: ["Europe/Amsterdam"] } });
    expect(garminInAmsterdam).toMatchObject({ users: 2, withSources: 2, addedLast7Days: 1, addedLast30Days: 2 });
    expect(garminInAmsterdam.sources.map((s) => [s.slug, s.users])).toEqual([
      ["garmin", 2],
      ["oura", 2],
      ["fitbit", 1],
    ]);
    expect(byDay(garminInAmsterdam.created)).toEqual({ "2024-03-10": 1, "2024-03-25": 1 });
    const searched = overview("UTC", { search: "client-2" });
    expect(searched).toMatchObject({ users: 1, withoutSources: 1, topSource: null, noSource: 1 });
    expect(searched.connections).toEqual({ firstDay: 0, days: 0, sources: [] });
  });

  it("counts a selection alike whether its rows come listed (a narrow search) or marked (facets)", () => {
    // u4 alone both ways: the only user of a client ID with a 4, and the only one with Fitbit.
    const { facets: _listedFacets, ...listed } = overview("Europe/Amsterdam", { search: "client-4" });
    const { facets: _markedFacets, ...marked } = overview("Europe/Amsterdam", { facets: { sources: ["fitbit"] } });
    expect(listed).toMatchObject({ users: 1, withSources: 1, sourcesPerUser: [0, 0, 0, 1] });
    expect(marked).toEqual(listed);
  });

  it("keeps the ten largest time zones and counts the rest as other", () => {
    const zones = Array.from({ length: 12 }, (_, z) => `Zone/${String.fromCharCode(65 + z)}`);
    // Zone A has 12 users, B 11, … L 1.
    const users = zones.flatMap((zone, z) =>
      Array.from({ length: 12 - z }, (_, i) => user(z * 100 + i, "2024-01-01T00:00:00Z", [], zone, null)),
    );
    const o = indexOf(users).overview({}, { timeZone: "UTC", now });
    expect(o.timeZones.top.map((zone) => zone.id)).toEqual(zones.slice(0, 10));
    expect(o.timeZones.other).toBe(2 + 1);
    expect(o.timeZones.none).toBe(0);
  });

  it("counts days as far apart as the team's instants lie, two years or two centuries", () => {
    const far = [
      user(1, "1900-01-01T00:00:00Z", [["oura", "1950-06-01T00:00:00Z"]], null, null),
      user(2, "2022-03-01T00:00:00Z", [["oura", "2022-03-02T00:00:00Z"]], null, null),
      user(3, "2100-12-31T00:00:00Z", [], null, null),
    ];
    const o = indexOf([far[1]!, user(4, "2024-03-20T00:00:00Z", [], null, null)]).overview({}, { timeZone: "UTC", now });
    expect(byDay(o.created)).toEqual({ "2022-03-01": 1, "2024-03-20": 1 });
    expect(isoDay(o.created.firstDay + o.created.counts.length - 1)).toBe("2024-03-31"); // on to today
    const wide = indexOf(far).overview({}, { timeZone: "UTC", now });
    expect(byDay(wide.created)).toEqual({ "1900-01-01": 1, "2022-03-01": 1, "2100-12-31": 1 });
    expect(byDay({ firstDay: wide.connections.firstDay, counts: wide.connections.sources[0]!.counts })).toEqual({
      "1950-06-01": 1,
      "2022-03-02": 1,
    });
    // A selection's series run over its own days, not the team's.
    const found = indexOf(far).overview({ search: "client-1" }, { timeZone: "UTC", now });
    expect(isoDay(found.created.firstDay)).toBe("1900-01-01");
    expect(isoDay(found.connections.firstDay)).toBe("1950-06-01");
  });

  it("counts each source's connections on their days where the team's sources times its days pass 65,536", () => {
    // 94 years (34,300 days) under two bytes; three sources of them do not fit.
    const users = [
      user(1, "1930-01-01T00:00:00Z", [["garmin", "1930-01-02T00:00:00Z"]], null, null),
      user(
        2,
        "2024-03-01T00:00:00Z",
        [
          ["oura", "2024-03-02T00:00:00Z"],
          ["fitbit", "2024-03-03T00:00:00Z"],
        ],
        null,
        null,
      ),
    ];
    const o = indexOf(users).overview({}, { timeZone: "UTC", now });
    const perSource = Object.fromEntries(
      o.connections.sources.map((s) => [s.slug, byDay({ firstDay: o.connections.firstDay, counts: s.counts })]),
    );
    expect(perSource).toEqual({ garmin: { "1930-01-02": 1 }, oura: { "2024-03-02": 1 }, fitbit: { "2024-03-03": 1 } });
    expect(o.undated).toBe(0);
  });

  it("counts the users added in the last 7 and 30 days to the millisecond, where clocks went back a whole day too", () => {
    // Sitka's clocks went from +14:58:47 to -9:01:13 at 1867-10-19T00:31:13Z: the 19th, then the 18th again.
    const sitka = Date.parse("1867-10-19T00:31:13Z");
    const [minute, day] = [60_000, 86_400_000];
    const nows = [sitka + 10 * minute, sitka + 7 * day + 10 * minute, sitka + 30 * day + 10 * minute, now];
    const nearNow = fc.oneof(
      fc.integer({ min: -32 * 24 * 60, max: 2 * 24 * 60 }).map((minutes) => minutes * minute),
      fc.constantFrom(0, -7 * day, -30 * day).chain((bound) => fc.integer({ min: -2, max: 2 }).map((ms) => bound + ms)),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...nows),
        fc.constantFrom("America/Sitka", "UTC", "Europe/Amsterdam", "Pacific/Kiritimati"),
        fc.array(nearNow, { minLength: 1, maxLength: 30 }),
        (at, timeZone, offsets) => {
          const created = offsets.map((offset) => at + offset);
          const users = created.map((ms, n) => user(n, new Date(ms).toISOString(), [], null, null));
          const o = indexOf(users).overview({}, { timeZone, now: at });
          const addedSince = (days: number) => created.filter((ms) => ms > at - days * day && ms <= at).length;
          expect([o.addedLast7Days, o.addedLast30Days]).toEqual([addedSince(7), addedSince(30)]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("an empty selection has empty series", () => {
    const o = indexOf([]).overview({}, { timeZone: "UTC", now });
    expect(o).toMatchObject({ users: 0, withSources: 0, topSource: null, created: { counts: [] } });
  });
});
