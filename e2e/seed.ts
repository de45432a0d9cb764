/**
 * The end-to-end database: the demo, plus teams made for the tests — teams to delete (each
 * test deletes its own) and a team of awkward users (markup in an ID, broken logos).
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
    ],
  });
  return seed;
}
