import { describe, expect, it } from "vitest";
import { exportEntries, planImport, readEntriesFile, type ImportItems } from "./entries-file.ts";
import type { SavedEntries } from "./saved-entries.ts";

const origin = "http://127.0.0.1:4173";
const acme = "0c0c0c0c-0000-4000-8000-00000000000c";
const sleep = "0a0a0a0a-0000-4000-8000-00000000000a";
const pilot = "0b0b0b0b-0000-4000-8000-00000000000b";
const none: SavedEntries = { orgs: [], teams: [], keys: { teams: {}, orgs: {} }, rememberKeys: false, recent: [] };

/** What `npm start` and `--credentials-out` write. */
const credentials = {
  orgs: [
    {
      org_id: acme.toUpperCase(),
      name: "Acme Health",
      management_key: "svc_mgmt_acme",
      teams: [
        { team_id: sleep, name: "Sleep study", api_key: "svc_team_sleep", users: 2500 },
        { team_id: pilot, name: "Pilot clinic", api_key: "svc_team_pilot", users: 8 },
      ],
    },
  ],
};

function items(text: unknown): ImportItems {
  const read = readEntriesFile(JSON.stringify(text));
  if ("problem" in read) throw new Error(read.problem);
  return read;
}

/** The saved entries once `plan` is applied. */
const applied = (before: SavedEntries, plan: ReturnType<typeof planImport>): SavedEntries => ({
  ...before,
  orgs: plan.change.orgs ?? before.orgs,
  teams: plan.change.teams ?? before.teams,
  keys: { teams: plan.change.teamKeys ?? {}, orgs: plan.change.orgKeys ?? {} },
});

describe("importing the reference service's credentials file", () => {
  const plan = planImport(none, items(credentials), origin);
  const after = applied(none, plan);

  it("adds every organization and team, with its keys, teams under their organization", () => {
    expect(plan.added).toEqual({ orgs: 1, teams: 2 });
    expect(plan.skipped).toEqual([]);
    expect(after.orgs).toEqual([{ id: expect.any(String), label: "Acme Health", orgId: acme, managementUrl: "" }]);
    const org = after.orgs[0]!;
    expect(
      after.teams.map(({ label, environment, baseUrl, teamId, orgEntryId, hasKey }) => ({
        label,
        environment,
        baseUrl,
        teamId,
        orgEntryId,
        hasKey,
      })),
    ).toEqual([
      { label: "Sleep study", environment: "local", baseUrl: "", teamId: sleep, orgEntryId: org.id, hasKey: true },
      { label: "Pilot clinic", environment: "local", baseUrl: "", teamId: pilot, orgEntryId: org.id, hasKey: true },
    ]);
    expect(Object.values(after.keys.teams).sort()).toEqual(["svc_team_pilot", "svc_team_sleep"]);
    expect(after.keys.orgs[org.id]).toBe("svc_mgmt_acme");
  });

  it("a second time adds nothing, and gives saved entries only the keys this tab lacks", () => {
    expect(planImport(after, items(credentials), origin)).toMatchObject({ added: { orgs: 0, teams: 0 }, keysAdded: 0, skipped: [] });
    const newTab = { ...after, keys: { teams: {}, orgs: {} } };
    const again = planImport(newTab, items(credentials), origin);
    expect(again).toMatchObject({ added: { orgs: 0, teams: 0 }, keysAdded: 3, skipped: [] });
    expect(applied(newTab, again).keys).toEqual(after.keys);
  });
});

describe("importing our own export", () => {
  const saved: SavedEntries = {
    orgs: [{ id: "o1", label: "Acme", orgId: acme, managementUrl: "https://manage.example" }],
    teams: [
      {
        id: "t1",
        label: "Sleep study",
        environment: "production",
        baseUrl: "https://api.example",
        teamId: sleep,
        orgEntryId: "o1",
        hasKey: true,
      },
      { id: "t2", label: "Pilot", environment: "sandbox", baseUrl: "", teamId: pilot, orgEntryId: null, hasKey: false },
    ],
    keys: { teams: { t1: "svc_team_sleep" }, orgs: { o1: "svc_mgmt_acme" } },
    rememberKeys: false,
    recent: ["t1"],
  };

  it("without keys by default: the file holds no key, and imports as the same entries without keys", () => {
    const text = exportEntries(saved, false);
    expect(text).not.toContain("svc_");
    const after = applied(none, planImport(none, items(JSON.parse(text)), origin));
    const strip = (s: SavedEntries) => ({
      orgs: s.orgs.map(({ id: _id, ...org }) => org),
      teams: s.teams.map(({ id: _id, orgEntryId, hasKey: _hasKey, ...team }) => ({
        ...team,
        org: orgEntryId === null ? null : s.orgs.find((o) => o.id === orgEntryId)?.orgId,
      })),
    });
    expect(strip(after)).toEqual(strip(saved));
    expect(after.keys).toEqual({ teams: {}, orgs: {} });
    expect(after.teams.map((t) => t.hasKey)).toEqual([false, false]);
  });

  it("with keys when asked", () => {
    const after = applied(none, planImport(none, items(JSON.parse(exportEntries(saved, true))), origin));
    expect(Object.values(after.keys.teams)).toEqual(["svc_team_sleep"]);
    expect(Object.values(after.keys.orgs)).toEqual(["svc_mgmt_acme"]);
  });
});

describe("refusals", () => {
  it("skips a team whose key is an organization's management key, and says why", () => {
    const file = {
      ...credentials,
      orgs: [{ ...credentials.orgs[0]!, teams: [{ team_id: pilot, name: "Pilot clinic", api_key: "svc_mgmt_acme", users: 1 }] }],
    };
    const plan = planImport(none, items(file), origin);
    expect(plan.added).toEqual({ orgs: 1, teams: 0 });
    expect(plan.skipped).toEqual([
      { label: "Pilot clinic", reason: "This is the management key of Acme Health. A team is listed with its own team API key." },
    ]);
  });

  it("skips a malformed team ID and a key saved for another team", () => {
    const file = {
      format: "team-admin-entries",
      version: 1,
      orgs: [],
      teams: [
        { label: "Bad", environment: "sandbox", teamId: "not-a-uuid" },
        { label: "A", environment: "sandbox", teamId: sleep, teamApiKey: "svc_same" },
        { label: "B", environment: "sandbox", teamId: pilot, teamApiKey: "svc_same" },
      ],
    };
    const plan = planImport(none, items(file), origin);
    expect(plan.added.teams).toBe(1);
    expect(plan.skipped).toEqual([
      { label: "Bad", reason: "The team ID is a UUID: only the digits 0–9, the letters a–f and hyphens." },
      { label: "B", reason: "This key is already saved, for A." },
    ]);
  });

  it("a file that is not JSON, or JSON of another shape, is refused in one sentence", () => {
    expect(readEntriesFile("{oops")).toEqual({
      problem: "This file is not JSON. Choose a file exported from Teams, or a credentials file of the reference service.",
    });
    expect(readEntriesFile(JSON.stringify({ teams: "many" }))).toEqual({
      problem:
        "This JSON is neither a Teams export nor a credentials file of the reference service (organizations with their teams and keys).",
    });
  });
});
