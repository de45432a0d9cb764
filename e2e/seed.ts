/**
 * The end-to-end database: the demo, plus teams made for the tests — teams to delete (each
 * test deletes its own), a team of awkward users (markup in an ID, broken logos) and a team
 * with many sources and users near midnight (the overview's lines, periods and calendars).
 */
import { demoSeed, newKey } from "../server/demo-seed.ts";
import type { SeedFile } from "../server/seed-file.ts";

export const disposableTeams = 16;

function uuid(n: number, prefix: string) {
  return `${prefix}-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

export function e2eSeed(): SeedFile {
  const seed = demoSeed();
  const acme = seed.orgs[0]!;
  for (let i = 1; i <= disposableTeams; i++) {
    const teamId = uuid(i, "d15b05ab");
    acme.teams.push({
      team_id: teamId,
      name: `Disposable ${i}`,
      api_key: newKey("team"),
      users: [1, 2, 3].map((n) => ({
        user_id: uuid(i * 10 + n, "0d15b05a"),
        team_id: teamId,
        client_user_id: `disposable-${i}-${n}`,
        created_on: `2025-0${n}-01T09:00:00+02:00`,
        connected_sources: [],
        fallback_birth_date: null,
        fallback_time_zone: null,
      })),
    });
  }
  const oddTeam = "0dd0dd00-0000-4000-8000-000000000001";
  acme.teams.push({
    team_id: oddTeam,
    name: "Awkward users",
    api_key: newKey("team"),
    users: [
      {
        user_id: "0dd0dd00-0000-4000-8000-0000000000a1",
        team_id: oddTeam,
        client_user_id: '<img src=x onerror="window.__xss=1">',
        created_on: "2025-05-01T12:00:00-07:00",
        connected_sources: [
          { created_on: "2025-05-02T08:00:00Z", source: { logo: "/logos/missing-brand.svg", name: "Broken Logo", slug: "broken_logo" } },
          { created_on: "2025-05-02T08:00:00Z", source: { logo: "javascript:alert(1)", name: "Scripted Logo", slug: "scripted" } },
          { created_on: "2025-05-02T08:00:00Z", source: { logo: "/logos/oura.svg", name: "Oura", slug: "oura" } },
        ],
        fallback_birth_date: null,
        fallback_time_zone: null,
        // A field the contract does not name: kept, and shown in the detail panel's JSON.
        study_arm: "placebo",
      },
      {
        // IDs that are not ASCII: the page is then decoded as UTF-8, not byte by byte.
        user_id: "0dd0dd00-0000-4000-8000-0000000000a2",
        team_id: oddTeam,
        client_user_id: "Zoë Ødegård 東京 🩺",
        created_on: "2025-06-01T09:30:00Z",
        connected_sources: [],
        fallback_birth_date: null,
        fallback_time_zone: null,
      },
    ],
  });
  acme.teams.push(manySourcesTeam());
  return seed;
}

/** Its sources: "Tracker 01" … "Tracker 16". */
export const manySources = Array.from({ length: 16 }, (_, i) => {
  const n = String(i + 1).padStart(2, "0");
  return { logo: `/logos/tracker-${n}.svg`, name: `Tracker ${n}`, slug: `tracker_${n}` };
});

/**
 * 16 sources with 16, 15, … 1 connections (user u connects Trackers 01 to 17 - u, on the day it
 * was created); users created 3 in January 2026, 4 in February and 13 in March up to the 10th,
 * four of them on March 10 UTC, three of those at 23:30 (March 11 east of UTC).
 */
function manySourcesTeam() {
  const teamId = "3a2b5000-0000-4000-8000-000000000001";
  const createdOn = (u: number) =>
    u <= 3
      ? `2026-01-1${u}T09:00:00Z`
      : u <= 7
        ? `2026-02-1${u - 4}T09:00:00Z`
        : u <= 16
          ? `2026-03-0${u - 7}T09:00:00Z`
          : u === 17
            ? "2026-03-10T12:00:00Z"
            : "2026-03-10T23:30:00Z";
  return {
    team_id: teamId,
    name: "Many sources",
    api_key: newKey("team"),
    users: Array.from({ length: 20 }, (_, i) => {
      const u = i + 1;
      const created = createdOn(u);
      return {
        user_id: uuid(u, "3a2b5000"),
        team_id: teamId,
        client_user_id: `tracked-${u}`,
        created_on: created,
        connected_sources: manySources.slice(0, Math.max(0, 17 - u)).map((source) => ({ created_on: created, source })),
        fallback_birth_date: null,
        fallback_time_zone: null,
      };
    }),
  };
}
