import { describe, expect, it } from "vitest";
import { canDelete, canList, connectionOf, teamTag } from "./connection.ts";
import { createManagementClient, managementClientOf } from "./delete-team.ts";
import { withDeployment, type Deployment } from "./deployment.ts";
import { asTeamApiKey, managementKeyHeld, teamKeyHeld } from "./key-kinds.ts";
import { createUsersClient, teamClientOf } from "./list-users.ts";
import type { SavedEntries } from "./saved-entries.ts";

const teamId = "0a0a0a0a-0000-4000-8000-00000000000a";
const orgId = "0c0c0c0c-0000-4000-8000-00000000000c";
const emptyPage = JSON.stringify({ users: [], total: 0, offset: 0, limit: 1 });

/** A fetch that records what it was asked and answers `body`. */
function recording(status = 200, body = emptyPage) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} });
    return Promise.resolve(new Response(status === 204 ? null : body, { status, headers: { "content-type": "application/json" } }));
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

const deployment = (keyHeld: boolean): Deployment => ({
  services: [{ name: "us-prod", label: "US", environment: "production" }],
  organizations: [{ label: "Acme US", orgId, service: "us-prod", ...(keyHeld && { keyHeld }) }],
  teams: [{ label: "Sleep study", service: "us-prod", teamId, orgId, ...(keyHeld && { keyHeld }) }],
});

const savedWith = (keyHeld: boolean, keys: SavedEntries["keys"] = { teams: {}, orgs: {} }): SavedEntries => ({
  ...withDeployment({ orgs: [], teams: [] }, deployment(keyHeld)),
  keys,
  rememberKeys: false,
  recent: [],
});

describe("a key held by the deployment", () => {
  it("marks the provided team and organization, and never asks the tab for a key", () => {
    const saved = savedWith(true);
    expect(saved.teams[0]).toMatchObject({ provided: true, keyHeld: true });
    expect(saved.orgs[0]).toMatchObject({ provided: true, keyHeld: true });
    const connection = connectionOf(saved, saved.teams[0]!);
    expect(connection).toMatchObject({
      baseUrl: "/s/us-prod",
      teamApiKey: "",
      heldTeamId: teamId,
      managementKey: "",
      managementKeyHeld: true,
    });
    expect(canList(connection) && canDelete(connection)).toBe(true);
  });

  it("is used over a key the tab still holds for the entry from before", () => {
    const before = savedWith(false);
    const keys = { teams: { [before.teams[0]!.id]: "old-team-key-0000000000" }, orgs: { [before.orgs[0]!.id]: "old-management-key-000" } };
    const connection = connectionOf(savedWith(true, keys), savedWith(true).teams[0]!);
    expect(connection).toMatchObject({ teamApiKey: "", managementKey: "" });
  });

  it("leaves a deployment that holds no key as it was: the tab's keys, or none", () => {
    const saved = savedWith(false);
    expect(saved.teams[0]!.keyHeld).toBeUndefined();
    const connection = connectionOf(saved, saved.teams[0]!);
    expect(connection.heldTeamId).toBeUndefined();
    expect(canList(connection) || canDelete(connection)).toBe(false);
  });

  it("lists through the service's path naming the team, with no key", async () => {
    const { sent, fetch } = recording();
    const connection = connectionOf(savedWith(true), savedWith(true).teams[0]!);
    await createUsersClient({ baseUrl: connection.baseUrl, apiKey: teamKeyHeld(teamId), fetch }).listUsers({ offset: 0, limit: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("/s/us-prod/v2/user/?offset=0&limit=1");
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers["X-Dashboard-Team"]).toBe(teamId);
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain("x-service-api-key");
    // The session cookie goes with it: the server checks the role.
    expect(sent[0]!.init.credentials).toBe("same-origin");
  });

  it("sends a typed key as before, and names no team", async () => {
    const { sent, fetch } = recording();
    await createUsersClient({ baseUrl: "", apiKey: asTeamApiKey("typed-team-key-0000000"), fetch }).listUsers({ offset: 0, limit: 1 });
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers["x-service-api-key"]).toBe("typed-team-key-0000000");
    expect(headers["X-Dashboard-Team"]).toBeUndefined();
  });

  it("deletes with no management key sent", async () => {
    const { sent, fetch } = recording(204);
    const saved = savedWith(true);
    const connection = connectionOf(saved, saved.teams[0]!);
    // The connection's client is what the dialog uses; made again here with a recording fetch.
    expect(managementClientOf(connection)).not.toBeNull();
    await createManagementClient({ managementUrl: connection.managementUrl, managementKey: managementKeyHeld, fetch }).deleteTeam({
      orgId,
      teamId,
    });
    expect(sent[0]!.url).toBe(`/s/us-prod/v1/org/${orgId}/team/${teamId}`);
    expect(sent[0]!.init.method).toBe("DELETE");
    const headers = Object.keys(sent[0]!.init.headers as Record<string, string>).map((h) => h.toLowerCase());
    expect(headers).not.toContain("x-management-key");
    expect(headers).not.toContain("x-service-org-key");
  });

  it("gives each held team a cache of its own: the same service, two teams, two tags", () => {
    const a = { baseUrl: "/s/us-prod", teamApiKey: "", heldTeamId: teamId };
    const b = { ...a, heldTeamId: "0b0b0b0b-0000-4000-8000-00000000000b" };
    expect(teamTag(a)).not.toBe(teamTag(b));
    expect(teamTag({ baseUrl: "x", teamApiKey: "k" })).toBe(teamTag({ baseUrl: "x", teamApiKey: "k", heldTeamId: undefined }));
  });

  it("is what the connection's list client is made with", () => {
    const saved = savedWith(true);
    expect(teamClientOf(connectionOf(saved, saved.teams[0]!))).not.toBeNull();
    expect(teamClientOf(connectionOf(savedWith(false), savedWith(false).teams[0]!))).toBeNull();
  });
});
