import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureSeed, ids, keys, startTestService } from "../../server/testing.ts";
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

  /** A service that answers 200 with `pieces` of a body, `gapMs` apart, then ends it unless `stall`. */
  async function trickling(pieces: string[], gapMs: number, stall = false) {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.flushHeaders();
      const next = (i: number) => {
        if (i === pieces.length) return stall ? undefined : response.end();
        response.write(pieces[i]);
        setTimeout(() => next(i + 1), gapMs);
      };
      setTimeout(() => next(0), gapMs);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = createTeamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: asTeamApiKey(keys.teamA),
      timeoutMs: 1000,
      sleep: () => Promise.resolve(),
    });
    const close = () => {
      server.closeAllConnections();
      server.close();
    };
    return { client, close };
  }
  const emptyPage = '{"users": [], "total": 0, "offset": 0, "limit": 1}';
  const inPieces = (text: string, count: number) =>
    Array.from({ length: count }, (_, i) => text.slice((i * text.length) / count, ((i + 1) * text.length) / count));

  it("reads an answer that keeps coming, however much longer than the timeout it takes", async () => {
    // Sixteen pieces 100 ms apart: 1.6 s in all, never silent for the second the client waits.
    const { client, close } = await trickling(inPieces(emptyPage, 16), 100);
    const started = Date.now();
    const page = await client.listUsers({ offset: 0, limit: 1 }).finally(close);
    expect(page).toEqual({ users: [], total: 0, offset: 0, limit: 1 });
    expect(Date.now() - started).toBeGreaterThan(1500);
  });

  it("times out an answer that stops coming, saying it stopped", async () => {
    const { client, close } = await trickling(inPieces(emptyPage, 4).slice(0, 2), 50, true);
    const error = await client
      .listUsers({ offset: 0, limit: 1 })
      .catch((e: unknown) => e)
      .finally(close);
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
