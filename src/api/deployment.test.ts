import { describe, expect, it } from "vitest";
import { connectionOf, findTeamByRef, teamRef } from "./connection.ts";
import { ownServiceUrlProblem, withDeployment, type Deployment } from "./deployment.ts";
import { draftPlace, sameTeamProblem, teamDraftProblems } from "./entry-rules.ts";
import type { Entries, SavedEntries, TeamEntry } from "./saved-entries.ts";

const org = "0c0c0c0c-0000-4000-8000-00000000000c";
const team = "0a0a0a0a-0000-4000-8000-00000000000a";
const deployment: Deployment = {
  services: [
    { name: "us-prod", label: "US", environment: "production" },
    { name: "eu-sandbox", label: "EU", environment: "sandbox" },
  ],
  organizations: [{ label: "Acme US", orgId: org, service: "us-prod" }],
  teams: [
    { label: "Sleep", service: "us-prod", teamId: team, orgId: org },
    { label: "Sleep", service: "eu-sandbox", teamId: team, orgId: null },
  ],
};
const own: TeamEntry = { id: "mine", label: "Mine", environment: "staging", baseUrl: "", teamId: team, orgEntryId: null, hasKey: true };
const ownAtService: TeamEntry = { ...own, id: "mine-eu", environment: "old word", service: "eu-sandbox" };
const withKeys = (entries: Entries, teams: Record<string, string> = {}, orgs: Record<string, string> = {}): SavedEntries => ({
  ...entries,
  keys: { teams, orgs },
  rememberKeys: false,
  recent: [],
});

describe("the deployment's provided entries", () => {
  const entries = withDeployment({ orgs: [], teams: [own, ownAtService] }, deployment);
  const [us, eu] = entries.teams;

  it("join the operator's own, marked provided, with the environment of their service", () => {
    expect(entries.orgs).toEqual([
      { id: `deployment:us-prod:org:${org}`, label: "Acme US", orgId: org, managementUrl: "", service: "us-prod", provided: true },
    ]);
    expect(us).toEqual({
      id: `deployment:us-prod:team:${team}`,
      label: "Sleep",
      environment: "production",
      baseUrl: "",
      teamId: team,
      orgEntryId: `deployment:us-prod:org:${org}`,
      hasKey: true,
      service: "us-prod",
      provided: true,
    });
    expect(eu).toMatchObject({ environment: "sandbox", orgEntryId: null, provided: true });
    // The operator's own entry of a service takes the service's environment; one with its own URL keeps its word.
    expect(entries.teams.slice(2)).toEqual([own, { ...ownAtService, environment: "sandbox" }]);
  });

  it("follow the deployment: one it no longer provides goes, the operator's own stay, and nothing changes twice", () => {
    const next = withDeployment(entries, { ...deployment, teams: deployment.teams.slice(1), organizations: [] });
    expect(next.teams.map((t) => t.id)).toEqual([eu!.id, "mine", "mine-eu"]);
    expect(next.orgs).toEqual([]);
    expect(withDeployment(entries, deployment)).toEqual(entries);
  });

  it("reach their service by name on this origin, each under its own reference", () => {
    const saved = withKeys(entries, { [us!.id]: "team-key-us" }, { [entries.orgs[0]!.id]: "mgmt-key-us" });
    expect(connectionOf(saved, us!)).toEqual({
      baseUrl: "/s/us-prod",
      managementUrl: "/s/us-prod",
      orgId: org,
      teamApiKey: "team-key-us",
      managementKey: "mgmt-key-us",
    });
    expect(connectionOf(saved, eu!)).toMatchObject({ baseUrl: "/s/eu-sandbox", managementUrl: "", teamApiKey: "" });
    // Three saved teams share the ID: each reference names its service, or "here" for this origin.
    expect(entries.teams.map((t) => teamRef(t, entries.teams))).toEqual([
      `${team}@us-prod`,
      `${team}@eu-sandbox`,
      `${team}@here`,
      `${team}@eu-sandbox`,
    ]);
    expect(findTeamByRef(entries.teams, `${team}@us-prod`)).toBe(us);
  });
});

describe("a team of a service, as the forms check it", () => {
  const saved = withKeys(withDeployment({ orgs: [], teams: [] }, deployment));
  const draft = {
    label: "New",
    service: "us-prod",
    environment: "",
    baseUrl: "not a url",
    teamApiKey: "k".repeat(20),
    teamId: "",
    orgEntryId: null,
  };

  it("needs no environment or URL: the service has them", () => {
    expect(teamDraftProblems(draft, saved, "http://127.0.0.1:4173")).toEqual({});
    expect(teamDraftProblems({ ...draft, service: "" }, saved, "http://127.0.0.1:4173")).toMatchObject({
      environment: expect.stringContaining("environment"),
      baseUrl: expect.stringContaining("full address"),
    });
  });

  it("is the same team as the one provided at that service, and another at another service or URL", () => {
    expect(draftPlace("us-prod", "ignored", "http://127.0.0.1:4173")).toBe("/s/us-prod");
    expect(draftPlace("", "http://127.0.0.1:4173/", "http://127.0.0.1:4173")).toBe("");
    expect(teamDraftProblems({ ...draft, teamId: team }, saved, "http://127.0.0.1:4173").teamId).toBe(
      "This team is already saved, as Sleep (same team ID and service).",
    );
    expect(sameTeamProblem(saved, team, draftPlace("", "", "x"))).toBeUndefined();
  });
});

const origin = "http://dash.example:4173";
const declared = [
  { name: "us-prod", label: "US", environment: "production" },
  { name: "eu-sandbox", label: "EU", environment: "sandbox" },
];

describe("ownServiceUrlProblem", () => {
  it.each([
    `${origin}/s/us-prod`,
    `${origin}/s/us-prod/`,
    `${origin}/s/eu-sandbox`,
    `  ${origin}/s/eu-sandbox  `,
    "",
    origin,
    `${origin}/`,
    `${origin}/api`,
    `${origin}/static/s/nope`,
    "http://other.example:4173/s/nope",
    "https://dash.example:4173/s/nope",
    "not a url",
  ])("lets %j be (a declared service at this origin, or not this origin's /s/)", (value) => {
    expect(ownServiceUrlProblem(value, origin, declared)).toBeUndefined();
  });

  it.each([
    [`${origin}/s/nope`, "This dashboard declares no service named nope (it has us-prod, eu-sandbox): choose one in the Service list."],
    [`${origin}/S/nope/`, "This dashboard declares no service named nope (it has us-prod, eu-sandbox): choose one in the Service list."],
    [`${origin}/s`, "This dashboard declares no service there (it has us-prod, eu-sandbox): choose one in the Service list."],
    [`${origin}/S/us-prod`, `This dashboard serves US (production) at ${origin}/s/us-prod: choose it in the Service list.`],
    [`${origin}/s/US-PROD`, `This dashboard serves US (production) at ${origin}/s/us-prod: choose it in the Service list.`],
    [`${origin}/s/us-prod/v2`, `This dashboard serves US (production) at ${origin}/s/us-prod: choose it in the Service list.`],
    [`${origin}/s/us-prod?x=1`, `This dashboard serves US (production) at ${origin}/s/us-prod: choose it in the Service list.`],
  ])("refuses %j, saying what this dashboard serves", (value, problem) => {
    expect(ownServiceUrlProblem(value, origin, declared)).toBe(problem);
  });

  it("refuses any /s/ of a dashboard without services", () => {
    expect(ownServiceUrlProblem(`${origin}/s/us-prod`, origin, [])).toBe(
      `This dashboard declares no services: nothing is forwarded under ${origin}/s/.`,
    );
  });
});
