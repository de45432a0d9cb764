import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fixtureSeed, ids, keys, startTestService } from "../../server/testing.ts";
import type { Listening } from "../../server/service.ts";
import { checkTeamKey } from "./check-team-key.ts";
import type { SavedEntries, TeamEntry } from "./saved-entries.ts";

let service: Listening;
beforeAll(async () => {
  // Team A2 has no users: the service cannot tell its ID.
  service = await startTestService(fixtureSeed({ teamA: 3, teamA2: 0, teamB: 2 }));
});
afterAll(() => service.close());
afterEach(() => vi.restoreAllMocks());

const entry = (id: string, label: string, teamId: string): TeamEntry => ({
  id,
  label,
  environment: "sandbox",
  baseUrl: "",
  teamId,
  orgEntryId: "org-a",
  hasKey: true,
});

// This tab holds Org A's management key and Team B's key; Team A is saved, its key not in this tab.
const teamA = entry("team-a", "Team A", ids.teamA);
const teamA2 = entry("team-a2", "Team A2", ids.teamA2);
const saved = (): SavedEntries => ({
  orgs: [{ id: "org-a", label: "Org A", orgId: ids.orgA, managementUrl: "" }],
  teams: [teamA, teamA2, entry("team-b", "Team B", ids.teamB)].map((team) => ({ ...team, baseUrl: service.url })),
  keys: { teams: { "team-b": keys.teamB }, orgs: { "org-a": keys.managementA } },
  rememberKeys: false,
  recent: [],
});

/** Counts the requests sent, passing them on. */
function countRequests() {
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => original(input, init));
}

describe("a team API key, before it is saved", () => {
  it("is refused, unsent, when it is a saved management key", async () => {
    const sent = countRequests();
    for (const team of [{ saved: teamA }, { typedId: "" }])
      expect(await checkTeamKey(saved(), { key: ` ${keys.managementA} `, baseUrl: service.url, team })).toEqual({
        field: "teamApiKey",
        problem: "This is the management key of Org A. A team is listed with its own team API key.",
      });
    expect(sent).not.toHaveBeenCalled();
  });

  it("is refused, unsent, when it is saved for another team", async () => {
    const sent = countRequests();
    expect(await checkTeamKey(saved(), { key: keys.teamB, baseUrl: service.url, team: { saved: teamA } })).toEqual({
      field: "teamApiKey",
      problem: "This key is already saved, for Team B.",
    });
    expect(sent).not.toHaveBeenCalled();
  });

  it("is refused when the service says it is of another team than the saved one, naming both", async () => {
    expect(await checkTeamKey(saved(), { key: keys.teamA, baseUrl: service.url, team: { saved: teamA2 } })).toEqual({
      field: "teamApiKey",
      problem: `This key is of team ${ids.teamA}, not of Team A2 (${ids.teamA2}). Enter the team API key of Team A2.`,
    });
  });

  it("is refused when the service says it is of another team than the typed one", async () => {
    expect(await checkTeamKey(saved(), { key: keys.teamA, baseUrl: service.url, team: { typedId: ids.teamA2 } })).toEqual({
      field: "teamId",
      problem: `The service says this key's team is ${ids.teamA}, not ${ids.teamA2}. Check the key or the ID.`,
    });
  });

  it("opens its team: the ID the service tells, and the page of one user", async () => {
    const result = await checkTeamKey(saved(), { key: keys.teamA, baseUrl: service.url, team: { saved: teamA } });
    expect(result).toMatchObject({ teamId: ids.teamA, checked: { page: { total: 3, limit: 1 } } });
    expect(await checkTeamKey(saved(), { key: keys.teamA, baseUrl: service.url, team: { typedId: "" } })).toMatchObject({
      field: "teamId",
      problem: "This team is already saved, as Team A (same team ID and API base URL).",
    });
  });

  it("of an empty team is accepted with the saved or typed ID, asked for when none is typed", async () => {
    const empty = { total: 0, users: [] };
    expect(await checkTeamKey(saved(), { key: keys.teamA2, baseUrl: service.url, team: { saved: teamA2 } })).toMatchObject({
      teamId: ids.teamA2,
      checked: { page: empty },
    });
    const unsaved = { ...saved(), teams: [] };
    expect(
      await checkTeamKey(unsaved, { key: keys.teamA2, baseUrl: service.url, team: { typedId: ids.teamA2.toUpperCase() } }),
    ).toMatchObject({ teamId: ids.teamA2, checked: { page: empty } });
    expect(await checkTeamKey(unsaved, { key: keys.teamA2, baseUrl: service.url, team: { typedId: "" } })).toEqual({
      field: "teamId",
      problem: "This team has no users yet, so the service cannot tell its ID. Type the team ID to save it.",
    });
  });

  it("rejected by the service (401) gives one sentence, without the key", async () => {
    const result = await checkTeamKey(saved(), { key: "team-key-revoked-0000000000000000", baseUrl: service.url, team: { saved: teamA } });
    expect(result).toEqual({
      failure:
        "The key was not saved. The team API key was rejected. Invalid API key. It is unknown or has been revoked; check the team API key. If the team was deleted, its key no longer works.",
    });
    expect(JSON.stringify(result)).not.toContain("revoked-0000");
  });
});
