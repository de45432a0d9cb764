import { describe, expect, it } from "vitest";
import {
  draftPlace,
  normalizeUrl,
  sameTeamProblem,
  orgDraftProblems,
  settleTeamId,
  teamDraftProblems,
  urlProblem,
  type OrgDraft,
  type TeamDraft,
} from "./entry-rules.ts";
import type { SavedEntries } from "./saved-entries.ts";

const origin = "http://127.0.0.1:4173";
const teamA = "0a0a0a0a-0000-4000-8000-00000000000a";
const teamB = "0b0b0b0b-0000-4000-8000-00000000000b";
const orgX = "0c0c0c0c-0000-4000-8000-00000000000c";

const saved: SavedEntries = {
  orgs: [{ id: "org-x", label: "Acme", orgId: orgX, managementUrl: "" }],
  teams: [{ id: "team-a", label: "Sleep study", environment: "production", baseUrl: "", teamId: teamA, orgEntryId: "org-x", hasKey: true }],
  keys: { teams: { "team-a": "svc_team_aaaa" }, orgs: { "org-x": "svc_mgmt_xxxx" } },
  rememberKeys: false,
  recent: [],
};

const team = (draft: Partial<TeamDraft>): TeamDraft => ({
  label: "New team",
  environment: "sandbox",
  baseUrl: "",
  teamApiKey: "svc_team_new",
  teamId: "",
  orgEntryId: null,
  ...draft,
});
const org = (draft: Partial<OrgDraft>): OrgDraft => ({ label: "Other", orgId: teamB, managementUrl: "", managementKey: "", ...draft });

describe("a team entry", () => {
  it("with a key, a label and an environment, needs nothing else: the service tells the ID", () => {
    expect(teamDraftProblems(team({}), saved, origin)).toEqual({});
  });

  it("asks for a label and an environment", () => {
    expect(teamDraftProblems(team({ label: " ", environment: "" }), saved, origin)).toEqual({
      label: "Enter a label, the name you know this team by.",
      environment: "Enter an environment, such as production or sandbox.",
    });
  });

  it("without a key (delete-only) needs its team ID", () => {
    expect(teamDraftProblems(team({ teamApiKey: "" }), saved, origin).teamId).toBe(
      "Without a team API key, type the team ID: it is what a deletion names.",
    );
    expect(teamDraftProblems(team({ teamApiKey: "", teamId: teamB }), saved, origin)).toEqual({});
  });

  it("refuses a malformed team ID and API URL", () => {
    expect(teamDraftProblems(team({ teamId: "0a0a-zz" }), saved, origin)).toEqual({
      teamId: "The team ID is a UUID: only the digits 0–9, the letters a–f and hyphens.",
    });
    expect(teamDraftProblems(team({ baseUrl: "ftp://files.example" }), saved, origin).baseUrl).toBe("Use an http:// or https:// address.");
  });

  it("refuses the management key where a team key belongs", () => {
    expect(teamDraftProblems(team({ teamApiKey: " svc_mgmt_xxxx " }), saved, origin).teamApiKey).toBe(
      "This is the management key of Acme. A team is listed with its own team API key.",
    );
  });

  it("refuses a key saved already, except the entry's own when it is edited", () => {
    expect(teamDraftProblems(team({ teamApiKey: "svc_team_aaaa" }), saved, origin).teamApiKey).toBe(
      "This key is already saved, for Sleep study.",
    );
    expect(teamDraftProblems(team({ teamApiKey: "svc_team_aaaa" }), saved, origin, saved.teams[0]).teamApiKey).toBeUndefined();
  });

  it("refuses the same team ID twice at the same base URL (this origin however written), not at another", () => {
    const twice = "This team is already saved, as Sleep study (same team ID and API base URL).";
    expect(teamDraftProblems(team({ teamId: teamA.toUpperCase() }), saved, origin).teamId).toBe(twice);
    expect(teamDraftProblems(team({ teamId: teamA, baseUrl: `${origin}/` }), saved, origin).teamId).toBe(twice);
    expect(teamDraftProblems(team({ teamId: teamA, baseUrl: "https://sandbox.example" }), saved, origin)).toEqual({});
  });

  it("when edited without a new key, keeps the saved one (no team ID needed)", () => {
    expect(teamDraftProblems(team({ teamApiKey: "", teamId: "" }), saved, origin, saved.teams[0])).toEqual({});
  });
});

describe("an organization entry", () => {
  it("needs a label and a UUID", () => {
    expect(orgDraftProblems(org({ label: "", orgId: "" }), saved, origin)).toEqual({
      label: "Enter a label, the name you know this organization by.",
      orgId: "Enter the organization ID.",
    });
    expect(orgDraftProblems(org({ orgId: "0c0c0c0c-0000" }), saved, origin).orgId).toBe(
      "The organization ID is a UUID of 36 characters, in groups of 8-4-4-4-12 (13 so far).",
    );
  });

  it("refuses a team API key where the management key belongs", () => {
    expect(orgDraftProblems(org({ managementKey: "svc_team_aaaa" }), saved, origin).managementKey).toBe(
      "This is the team API key of Sleep study. Deleting a team needs the organization's management key.",
    );
  });

  it("refuses the same management key and the same organization twice", () => {
    expect(orgDraftProblems(org({ managementKey: "svc_mgmt_xxxx" }), saved, origin).managementKey).toBe(
      "This key is already saved, for Acme.",
    );
    expect(orgDraftProblems(org({ orgId: orgX.toUpperCase() }), saved, origin).orgId).toBe("This organization is already saved, as Acme.");
    expect(orgDraftProblems(org({ orgId: orgX }), saved, origin, "org-x")).toEqual({});
  });
});

describe("the team ID, once the service answered", () => {
  it("is the service's, in lower case; a typed one must agree", () => {
    expect(settleTeamId("", teamA.toUpperCase())).toEqual({ teamId: teamA });
    expect(settleTeamId(` ${teamA.toUpperCase()} `, teamA)).toEqual({ teamId: teamA });
    expect(settleTeamId(teamB, teamA)).toEqual({
      problem: `The service says this key's team is ${teamA}, not ${teamB}. Check the key or the ID.`,
    });
  });

  it("of an empty team is the typed one, or asked for", () => {
    expect(settleTeamId(teamB, undefined)).toEqual({ teamId: teamB });
    expect(settleTeamId("", undefined)).toEqual({
      problem: "This team has no users yet, so the service cannot tell its ID. Type the team ID to save it.",
    });
  });
});

describe("API URLs", () => {
  it("are full http(s) addresses, or empty for this origin", () => {
    expect(urlProblem("")).toBeUndefined();
    expect(urlProblem("https://api.example.com")).toBeUndefined();
    expect(urlProblem("api.example.com")).toBe("Enter a full address, such as https://api.example.com, or leave it empty for this origin.");
    expect(normalizeUrl(" https://api.example.com/// ", origin)).toBe("https://api.example.com");
    expect(normalizeUrl(`${origin}/`, origin)).toBe("");
  });
});

describe("the same team twice", () => {
  const at = (baseUrl: string, teamId = teamA) => ({ ...saved.teams[0]!, id: baseUrl, label: baseUrl, baseUrl, teamId });
  const withTeams = (...teams: ReturnType<typeof at>[]) => ({ teams });
  const place = (url: string) => draftPlace("", url, origin);

  it("is allowed at one host under another path, whose address differs", () => {
    expect(sameTeamProblem(withTeams(at("http://dash/s/us-prod")), teamA, place("http://dash/s/eu-sandbox"))).toBeUndefined();
    expect(sameTeamProblem(withTeams(at("http://dash/s/us-prod")), teamB, place("http://dash/s/us-prod"))).toBeUndefined();
  });

  it("is refused where the address could not tell the two apart", () => {
    const usProd = withTeams(at("http://dash/s/us-prod"));
    const twice = "This team is already saved, as http://dash/s/us-prod (same team ID and API base URL).";
    expect(sameTeamProblem(usProd, teamA, place("http://dash/s/us-prod/"))).toBe(twice);
    expect(sameTeamProblem(usProd, teamA, place("http://DASH/s/us-prod"))).toBe(twice);
    expect(sameTeamProblem(usProd, teamA, place("https://dash/s/us-prod"))).toBe(twice);
    expect(sameTeamProblem(usProd, teamA, place("http://dash/S/US-prod"))).toBe(twice);
  });
});
