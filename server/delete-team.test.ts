import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contract } from "../src/api/contract.ts";
import { fixtureSeed, ids, keys, startTestService } from "./testing.ts";
import { openStore, type Listening } from "./service.ts";

// Each test deletes things, so each gets a fresh service and database.
let service: Listening;
beforeEach(async () => {
  service = await startTestService();
});
afterEach(() => service.close());

async function remove(orgId: string, teamId: string, headers: Record<string, string>) {
  const response = await fetch(`${service.url}/v1/org/${orgId}/team/${teamId}`, { method: "DELETE", headers });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as { detail: unknown }) : undefined };
}

async function listStatus(apiKey: string) {
  const response = await fetch(`${service.url}/v2/user/?limit=500`, { headers: { "x-service-api-key": apiKey } });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("DELETE /v1/org/{org_id}/team/{team_id}", () => {
  it("deletes the team with 204 and no body; its users go and its key is revoked", async () => {
    const before = await listStatus(keys.teamA2);
    expect(contract.userPage.parse(before.body).total).toBe(3);

    const { status, text } = await remove(ids.orgA, ids.teamA2, { "X-Management-Key": keys.managementA });
    expect(status).toBe(204);
    expect(text).toBe("");

    const after = await listStatus(keys.teamA2);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: expect.stringContaining("revoked") });
    // The other teams are untouched.
    expect(contract.userPage.parse((await listStatus(keys.teamA)).body).total).toBe(250);
    expect(contract.userPage.parse((await listStatus(keys.teamB)).body).total).toBe(5);
  });

  it("answers 404 the second time", async () => {
    expect((await remove(ids.orgA, ids.teamA2, { "X-Management-Key": keys.managementA })).status).toBe(204);
    const again = await remove(ids.orgA, ids.teamA2, { "X-Management-Key": keys.managementA });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: "Team not found in this organization. It may have been deleted already." });
  });

  it("accepts upper-case and unhyphenated UUIDs as pydantic does", async () => {
    const teamId = ids.teamA2.toUpperCase().replaceAll("-", "");
    expect((await remove(ids.orgA.toUpperCase(), teamId, { "X-Management-Key": keys.managementA })).status).toBe(204);
  });

  it("answers 404 for an unknown team and for another organization's team, deleting nothing", async () => {
    const unknown = await remove(ids.orgA, ids.unknown, { "X-Management-Key": keys.managementA });
    expect(unknown.status).toBe(404);
    const elsewhere = await remove(ids.orgA, ids.teamB, { "X-Management-Key": keys.managementA });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual(unknown.body);
    // Naming the other organization in the path does not help either.
    const otherOrg = await remove(ids.orgB, ids.teamB, { "X-Management-Key": keys.managementA });
    expect(otherOrg.status).toBe(404);
    expect((await listStatus(keys.teamB)).status).toBe(200);
  });

  describe("credentials", () => {
    const cases: [string, Record<string, string>, string][] = [
      ["no key", {}, "Missing management key"],
      ["an empty key", { "X-Management-Key": "" }, "Missing management key"],
      ["an unknown key", { "X-Management-Key": "unknown-key-0000000000000000" }, "Invalid management key"],
      ["a team key in X-Management-Key", { "X-Management-Key": keys.teamA }, "A team API key cannot delete teams"],
      [
        "a team key in x-service-api-key beside a management key",
        { "X-Management-Key": keys.managementA, "x-service-api-key": keys.teamA },
        "A team API key cannot delete teams",
      ],
      [
        "a team key in Authorization",
        { "X-Management-Key": keys.managementA, Authorization: `Bearer ${keys.teamA}` },
        "A team API key cannot delete teams",
      ],
      ["a team key in the alias X-Service-Org-Key", { "X-Service-Org-Key": keys.teamA }, "A team API key cannot delete teams"],
      ["an unknown key in the alias", { "X-Service-Org-Key": "unknown-key-0000000000000000" }, "Invalid management key"],
      ["only x-service-api-key with a management key", { "x-service-api-key": keys.managementA }, "Missing management key"],
    ];
    it.each(cases)("rejects %s with 401, deleting nothing", async (_, headers, message) => {
      const { status, body } = await remove(ids.orgA, ids.teamA2, headers);
      expect(status).toBe(401);
      expect(body?.detail).toEqual(expect.stringContaining(message));
      for (const key of Object.values(keys)) expect(JSON.stringify(body)).not.toContain(key);
      expect((await listStatus(keys.teamA2)).status).toBe(200);
    });

    it("accepts the deprecated X-Service-Org-Key alias holding a management key", async () => {
      expect((await remove(ids.orgA, ids.teamA2, { "X-Service-Org-Key": keys.managementA })).status).toBe(204);
    });

    it("checks the key before the path", async () => {
      expect((await remove("nope", "nope", {})).status).toBe(401);
    });
  });

  describe("validation (pydantic v2 format)", () => {
    const bad = "not-a-uuid";
    const badItem = (param: string, input: string, error: string) => ({
      type: "uuid_parsing",
      loc: ["path", param],
      msg: `Input should be a valid UUID, ${error}`,
      input,
      ctx: { error },
    });
    const badChar = "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `n` at 1";

    it("reports a malformed org_id", async () => {
      const { status, body } = await remove(bad, ids.teamA2, { "X-Management-Key": keys.managementA });
      expect(status).toBe(422);
      expect(body).toEqual({ detail: [badItem("org_id", bad, badChar)] });
    });

    it("reports a malformed team_id", async () => {
      const { status, body } = await remove(ids.orgA, "1234", { "X-Management-Key": keys.managementA });
      expect(status).toBe(422);
      expect(body).toEqual({ detail: [badItem("team_id", "1234", "invalid length: expected length 32 for simple format, found 4")] });
    });

    it("reports both when both are malformed", async () => {
      const { status, body } = await remove(bad, "7e4b9a10-aaaa-4c5d-9e6f", { "X-Management-Key": keys.managementA });
      expect(status).toBe(422);
      expect(body).toEqual({
        detail: [
          badItem("org_id", bad, badChar),
          badItem("team_id", "7e4b9a10-aaaa-4c5d-9e6f", "invalid group count: expected 5, found 4"),
        ],
      });
    });

    it("explains a group of the wrong length", async () => {
      const input = "7e4b9a10-aaaa-4c5d-9e6f-00000000000";
      const { body } = await remove(ids.orgA, input, { "X-Management-Key": keys.managementA });
      expect(body).toEqual({ detail: [badItem("team_id", input, "invalid group length in group 4: expected 12, found 11")] });
    });
  });
});

describe("deleting a team in the store", () => {
  it("lets go of the team's users it joined for listing", () => {
    const { db, store } = openStore({ db: ":memory:", seed: fixtureSeed() });
    const total = () => (JSON.parse(store.userPageJson(ids.teamA2, 0, 10).toString()) as { total: number }).total;
    expect(total()).toBe(3);
    expect(store.deleteTeam(ids.orgA, ids.teamA2)).toBe(true);
    expect(total()).toBe(0);
    db.close();
  });
});
