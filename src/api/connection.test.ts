import { describe, expect, it } from "vitest";
import { connectionOf, findTeamByRef, teamPath, teamRef, teamTag } from "./connection.ts";
import type { SavedEntries, TeamEntry } from "./saved-entries.ts";

const id = "0a0a0a0a-0000-4000-8000-00000000000a";
const entry = (over: Partial<TeamEntry>): TeamEntry => ({
  id: "t1",
  label: "Sleep study",
  environment: "production",
  baseUrl: "",
  teamId: id,
  orgEntryId: null,
  hasKey: true,
  ...over,
});

describe("a team's reference in the URL", () => {
  it("is its team ID, which a colleague who saved the same team also has", () => {
    const teams = [entry({})];
    expect(teamRef(teams[0]!, teams)).toBe(id);
    expect(teamPath(teams[0]!, teams)).toBe(`/t/${id}/users`);
    expect(findTeamByRef(teams, id.toUpperCase())).toBe(teams[0]);
    expect(findTeamByRef(teams, "0b0b0b0b-0000-4000-8000-00000000000b")).toBeUndefined();
  });

  it("names the host when two saved teams at different services share the ID", () => {
    const here = entry({});
    const there = entry({ id: "t2", baseUrl: "https://sandbox.example:8443" });
    const teams = [here, there];
    expect(teamRef(here, teams)).toBe(`${id}@here`);
    expect(teamRef(there, teams)).toBe(`${id}@sandbox.example:8443`);
    expect(findTeamByRef(teams, `${id}@sandbox.example:8443`)).toBe(there);
    expect(findTeamByRef(teams, `${id}@here`)).toBe(here);
    expect(findTeamByRef(teams, id)).toBeUndefined();
  });
});

describe("two saved teams with one ID at one host, under different paths", () => {
  // "Another URL…" http://dash/s/us-prod and http://dash/s/eu-sandbox: both services seed the same team IDs.
  const us = entry({ id: "us", baseUrl: "http://dash/s/us-prod" });
  const eu = entry({ id: "eu", baseUrl: "http://dash/s/eu-sandbox" });
  const teams = [us, eu];

  it("get an address each, host and path in a readable, URL-safe form, that opens that team", () => {
    expect(teamRef(us, teams)).toBe(`${id}@dash~s~us-prod`);
    expect(teamRef(eu, teams)).toBe(`${id}@dash~s~eu-sandbox`);
    expect(teamPath(eu, teams)).toBe(`/t/${id}@dash~s~eu-sandbox/users`);
    expect(findTeamByRef(teams, `${id}@dash~s~us-prod`)).toBe(us);
    expect(findTeamByRef(teams, `${id}@DASH~S~EU-SANDBOX`)).toBe(eu);
    expect(findTeamByRef(teams, `${id}@dash~s~nowhere`)).toBeUndefined();
  });

  it("keep links made before, where they still name one team: the bare ID, or the ID at a host", () => {
    // `id@dash` named both: no team, rather than the first.
    expect(findTeamByRef(teams, `${id}@dash`)).toBeUndefined();
    const there = entry({ id: "there", baseUrl: "https://sandbox.example:8443/api" });
    expect(findTeamByRef([us, there], `${id}@sandbox.example:8443`)).toBe(there);
    expect(findTeamByRef([us, there], `${id}@dash`)).toBe(us);
    expect(findTeamByRef([us], id)).toBe(us);
    expect(findTeamByRef([us], `${id}@dash`)).toBe(us);
    // A link that names another place is not opened on this one.
    expect(findTeamByRef([us], `${id}@eu-sandbox`)).toBeUndefined();
  });
});

describe("a saved team's connection", () => {
  it("takes its organization's place and the keys this tab holds, and nothing of other entries", () => {
    const saved: SavedEntries = {
      orgs: [{ id: "o1", label: "Acme", orgId: "0c0c0c0c-0000-4000-8000-00000000000c", managementUrl: "https://manage.example" }],
      teams: [
        entry({ orgEntryId: "o1", baseUrl: "https://api.example" }),
        entry({ id: "t2", teamId: "0b0b0b0b-0000-4000-8000-00000000000b" }),
      ],
      keys: { teams: { t1: "svc_team_one", t2: "svc_team_two" }, orgs: { o1: "svc_mgmt_acme" } },
      rememberKeys: false,
      recent: [],
    };
    expect(connectionOf(saved, saved.teams[0]!)).toEqual({
      baseUrl: "https://api.example",
      managementUrl: "https://manage.example",
      orgId: "0c0c0c0c-0000-4000-8000-00000000000c",
      teamApiKey: "svc_team_one",
      managementKey: "svc_mgmt_acme",
    });
    expect(connectionOf(saved, saved.teams[1]!)).toEqual({
      baseUrl: "",
      managementUrl: "",
      orgId: "",
      teamApiKey: "svc_team_two",
      managementKey: "",
    });
  });
});

describe("a team's cache identity (teamTag)", () => {
  it("differs for two connections whose 32-bit FNV hashes were equal", () => {
    // These two keys collided under the FNV-1a tag that came before.
    expect(teamTag({ baseUrl: "", teamApiKey: "svc_team_000042vu" })).not.toBe(teamTag({ baseUrl: "", teamApiKey: "svc_team_0000fuea" }));
  });

  it("is a SHA-256 digest of the place and the key, the same for the same two, and holds neither", () => {
    const tag = teamTag({ baseUrl: "/s/us-prod", teamApiKey: "svc_team_one" });
    expect(tag).toMatch(/^[0-9a-f]{64}$/);
    expect(teamTag({ baseUrl: "/s/us-prod", teamApiKey: "svc_team_one" })).toBe(tag);
    expect(teamTag({ baseUrl: "/s/eu-sandbox", teamApiKey: "svc_team_one" })).not.toBe(tag);
    // The two fields cannot be shifted into each other.
    expect(teamTag({ baseUrl: "a\nb", teamApiKey: "c" })).not.toBe(teamTag({ baseUrl: "a", teamApiKey: "b\nc" }));
  });
});
