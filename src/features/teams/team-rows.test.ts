import type { UseQueryResult } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Connection } from "../../api/connection.ts";
import type { PageAsSent } from "../../api/list-users.ts";
import type { TeamEntry } from "../../api/saved-entries.ts";
import type { DeleteAttempt } from "./delete-log.ts";
import { parseSession } from "../../api/session.ts";
import { deletionOf, keyStatus, rowAccess } from "./team-rows.ts";

const teamId = "0a0a0a0a-0000-4000-8000-00000000000a";
const other = "0b0b0b0b-0000-4000-8000-00000000000b";
const team: TeamEntry = {
  id: "t",
  label: "Sleep",
  environment: "sandbox",
  baseUrl: "",
  teamId,
  orgEntryId: null,
  hasKey: true,
  service: "eu",
  provided: true,
};
const connection = { teamApiKey: "a key of some team" } as Connection;
const answered = (firstTeam: string | undefined) =>
  ({
    isSuccess: true,
    isError: false,
    data: { page: { users: firstTeam ? [{ team_id: firstTeam }] : [], total: 3 } },
  }) as unknown as UseQueryResult<PageAsSent>;

describe("a team's key, as its row says", () => {
  it("works when the service lists this team with it (or an empty team)", () => {
    expect(keyStatus(team, connection, answered(teamId.toUpperCase()))).toEqual({ kind: "works" });
    expect(keyStatus(team, connection, answered(undefined))).toEqual({ kind: "works" });
  });

  it("is held by the deployment when the team answered with no key of the tab's", () => {
    const held = { teamApiKey: "", heldTeamId: teamId } as Connection;
    expect(keyStatus({ ...team, keyHeld: true }, held, answered(teamId))).toEqual({ kind: "held" });
  });

  it("is flagged, not trusted, when the service lists another team with it", () => {
    expect(keyStatus(team, connection, answered(other))).toEqual({
      kind: "another team",
      reason: `The service lists team ${other} with this key, not ${teamId}. Enter this team's own key.`,
    });
  });
});

describe("a team's deletion, as its row says", () => {
  const orgId = "0c0c0c0c-0000-4000-8000-00000000000c";
  const orgAt = (service: string) => ({ id: `o-${service}`, label: "Acme", orgId, managementUrl: "", service });
  const attempt = (place?: string): DeleteAttempt => ({
    at: "2026-12-07T21:00:00.000Z",
    orgId,
    teamId,
    ...(place !== undefined && { place }),
    outcome: "deleted",
    detail: "Deleted.",
  });

  it("is the team's at its own service: the same IDs at another service are another team", () => {
    expect(deletionOf(team, orgAt("eu"), [attempt("/s/eu")])).toEqual({ kind: "deleted" });
    expect(deletionOf(team, orgAt("us"), [attempt("/s/eu")])).toBeNull();
  });

  it("takes an attempt recorded before places were, wherever it went", () => {
    expect(deletionOf(team, orgAt("us"), [attempt()])).toEqual({ kind: "deleted" });
  });
});

describe("what a row offers, by the person's role", () => {
  const org = { id: "o", label: "Acme", orgId: "0c0c0c0c-0000-4000-8000-00000000000c", managementUrl: "", service: "eu" };
  const as = (roles: Record<string, string>) => ({
    session: parseSession({ auth: "oidc", signedIn: true, email: "bo@acme.example", name: null, roles }),
    serviceName: (name: string) => (name === "eu" ? "EU sandbox" : name),
  });

  it("a viewer: browse, and a sentence instead of Delete team…", () => {
    expect(rowAccess(team, org, as({ eu: "viewer" }))).toEqual({
      listRefused: null,
      deleteRefused: "You are a viewer of EU sandbox: deleting needs the operator role.",
    });
  });

  it("an operator or an admin: both", () => {
    expect(rowAccess(team, org, as({ eu: "operator" }))).toEqual({ listRefused: null, deleteRefused: null });
    expect(rowAccess(team, org, as({ eu: "admin" }))).toEqual({ listRefused: null, deleteRefused: null });
  });

  it("no role on its service: one sentence, nothing offered", () => {
    expect(rowAccess(team, org, as({ us: "admin" }))).toEqual({
      listRefused: "You have no role on EU sandbox: its teams are not open to you.",
      deleteRefused: "You have no role on EU sandbox: its teams are not open to you.",
    });
  });

  it("the delete asks the role on the organization's service", () => {
    expect(rowAccess(team, { ...org, service: "us" }, as({ eu: "operator", us: "viewer" })).deleteRefused).toBe(
      "You are a viewer of us: deleting needs the operator role.",
    );
  });
});
