import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureSeed, ids, keys, startTestService, tricklingService } from "../../server/testing.ts";
import type { Listening } from "../../server/service.ts";
import { createManagementClient } from "./delete-team.ts";
import { asManagementKey, asTeamApiKey } from "./key-kinds.ts";
import { createTeamClient } from "./list-users.ts";
import { AuthenticationError, NetworkError, NotFoundError, ValidationError } from "./errors.ts";

let service: Listening;
beforeAll(async () => {
  service = await startTestService(fixtureSeed({ teamA: 30, teamA2: 2, teamB: 3 }));
});
afterAll(() => service.close());

const team = (key = keys.teamA) => createTeamClient({ baseUrl: service.url, apiKey: asTeamApiKey(key) });
const management = (key = keys.managementA) => createManagementClient({ managementUrl: service.url, managementKey: asManagementKey(key) });

describe("team client against the reference service", () => {
  it("lists a page of users", async () => {
    const page = await team().listUsers({ offset: 5, limit: 10 });
    expect(page).toMatchObject({ total: 30, offset: 5, limit: 10 });
    expect(page.users).toHaveLength(10);
    expect(page.users[0]?.team_id).toBe(ids.teamA);
  });

  it("turns a wrong key into an AuthenticationError with the service's message, without the key", async () => {
    const error = await team("wrong-key-00000000000000000")
      .listUsers({ offset: 0, limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).status).toBe(401);
    expect((error as Error).message).toMatch(/Invalid API key/);
    expect((error as Error).message).not.toContain("wrong-key");
  });

  it("refuses a management key used as a team key", async () => {
    const error = await team(keys.managementA)
      .listUsers({ offset: 0, limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toMatch(/management key/);
  });

  it("turns a 422 into a ValidationError carrying each detail", async () => {
    const error = await team()
      .listUsers({ offset: -1, limit: 501 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).detail.map((d) => d.loc.join("."))).toEqual(["query.offset", "query.limit"]);
  });

  it("gives a NetworkError when nothing listens, after its retries", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    let attempts = 0;
    const client = createTeamClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: asTeamApiKey(keys.teamA),
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
      sleep: () => Promise.resolve(),
    });
    const error = await client.listUsers({ offset: 0, limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(attempts).toBe(4);
  });

  it("times out a request that never answers", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const client = createTeamClient({
      baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      apiKey: asTeamApiKey(keys.teamA),
      timeoutMs: 200,
    });
    const error = await client.listUsers({ offset: 0, limit: 1 }).catch((e: unknown) => e);
    silent.closeAllConnections();
    silent.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
  });

  const emptyPage = '{"users": [], "total": 0, "offset": 0, "limit": 1}';
  /** A team client of `service`, waiting at most a second of its silence, retrying at once. */
  const clientOf = (service: { url: string }) =>
    createTeamClient({ baseUrl: service.url, apiKey: asTeamApiKey(keys.teamA), timeoutMs: 1000, sleep: () => Promise.resolve() });

  it("reads an answer that keeps coming, however much longer than the timeout it takes", async () => {
    // Sixteen pieces 100 ms apart: 1.6 s in all, never silent for the second the client waits.
    const service = await tricklingService(emptyPage, { pieces: 16, gapMs: 100 });
    const started = Date.now();
    const page = await clientOf(service).listUsers({ offset: 0, limit: 1 }).finally(service.close);
    expect(page).toEqual({ users: [], total: 0, offset: 0, limit: 1 });
    expect(Date.now() - started).toBeGreaterThan(1500);
  });

  it("times out an answer that stops coming, saying it stopped", async () => {
    const service = await tricklingService(emptyPage, { pieces: 4, gapMs: 50, stall: true });
    const error = await clientOf(service)
      .listUsers({ offset: 0, limit: 1 })
      .catch((e: unknown) => e)
      .finally(service.close);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
    expect((error as NetworkError).partway).toBe(true);
    expect((error as Error).message).toBe("The service stopped sending its answer for 1 s");
  });

  it("lets the caller abort, without wrapping the abort as an API error", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await team()
      .listUsers({ offset: 0, limit: 1 }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("management client against the reference service", () => {
  it("deletes a team, then answers NotFoundError", async () => {
    await expect(management().deleteTeam({ orgId: ids.orgA, teamId: ids.teamA2 })).resolves.toBeUndefined();
    const again = await management()
      .deleteTeam({ orgId: ids.orgA, teamId: ids.teamA2 })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(NotFoundError);
    expect((again as Error).message).toMatch(/not found in this organization/);
  });

  it("reports both malformed path parameters", async () => {
    const error = await management()
      .deleteTeam({ orgId: "nope", teamId: "x/y" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).detail.map((d) => d.loc[1])).toEqual(["org_id", "team_id"]);
  });

  it("refuses a team API key given as the management key", async () => {
    const error = await management(keys.teamB)
      .deleteTeam({ orgId: ids.orgB, teamId: ids.teamB })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(await team(keys.teamB).listUsers({ offset: 0, limit: 1 })).toMatchObject({ total: 3 });
  });
});

describe("a page as the service sent it", () => {
  it("keeps each user's fields in the service's order, with `provider` and unknown fields", async () => {
    const { page, texts } = await team().listUsersAsSent({ offset: 1, limit: 2 });
    const sent = texts.map((text) => JSON.parse(text) as unknown);
    expect(sent).toHaveLength(2);
    const first = sent[0] as Record<string, unknown>;
    expect(first.user_id).toBe(page.users[0]?.user_id);
    const source = (first.connected_sources as Record<string, unknown>[])[0]!;
    expect(Object.keys(source)).toEqual(["created_on", "source", "provider"]);
    expect(Object.keys(page.users[0]!.connected_sources[0]!)).not.toContain("provider");
  });
});
