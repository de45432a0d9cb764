/** Parsing of real-world payload variants, and the retry policy, with a scripted fetch. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createManagementClient } from "./delete-team.ts";
import { asManagementKey, asTeamApiKey } from "./key-kinds.ts";
import type { SentUserPage } from "./contract.ts";
import { createTeamClient } from "./list-users.ts";
import { placesRead } from "./team-page.test-helper.ts";
import { teamPageOf } from "./team-page.ts";
import { AuthenticationError, ContractError, NetworkError, RateLimitedError, ServerError, ValidationError } from "./errors.ts";
import { parseRetryAfter } from "./http.ts";

type Answer = Response | Error;

/** A fetch that plays the given answers in turn and records what was asked. */
function scripted(...answers: Answer[]) {
  const requests: { url: string; init?: RequestInit }[] = [];
  const waits: number[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init });
    const answer = answers.shift() ?? new Error("no more answers");
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const transport = { fetch, random: () => 0.5, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) };
  return { transport, requests, waits };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const user = (overrides: Record<string, unknown> = {}) => ({
  user_id: "f313e9e6-50cb-4efd-b77f-9768da9b2a41",
  team_id: "34ccfbdb-07ad-41cf-ab6b-90dcadd230d5",
  client_user_id: "c-1",
  created_on: "2025-01-01T10:00:00+05:30",
  connected_sources: [],
  fallback_birth_date: null,
  fallback_time_zone: null,
  ...overrides,
});
const page = (users: unknown[]) => ({ users, total: users.length, offset: 0, limit: 100 });

function listWith(...answers: Answer[]) {
  const script = scripted(...answers);
  const client = createTeamClient({ baseUrl: "http://service.test", apiKey: asTeamApiKey("team-key-000000000000"), ...script.transport });
  return { ...script, list: () => client.listUsers({ offset: 0, limit: 100 }) };
}

describe("user page parsing", () => {
  it("keeps unknown fields", async () => {
    const { list } = listWith(json({ ...page([user({ cohort: "A" })]), next_cursor: "x" }));
    const result = await list();
    expect(result.users[0]).toMatchObject({ cohort: "A" });
    expect(result).toMatchObject({ next_cursor: "x" });
  });

  it("reads `provider` when `source` is absent, and prefers `source` when both are there", async () => {
    const a = { logo: "https://a.test/a.svg", name: "A", slug: "a" };
    const b = { logo: "https://b.test/b.svg", name: "B", slug: "b" };
    const { list } = listWith(
      json(
        page([
          user({
            connected_sources: [
              { created_on: "2025-01-01T00:00:00Z", provider: a },
              { created_on: "2025-01-01T00:00:00Z", source: b, provider: a },
            ],
          }),
        ]),
      ),
    );
    const [first, second] = (await list()).users[0]!.connected_sources;
    expect(first?.source).toEqual(a);
    expect(second?.source).toEqual(b);
  });

  it("accepts null or absent fallbacks, unknown slugs and logos that are not http(s)", async () => {
    const { fallback_birth_date: _, fallback_time_zone: __, ...bare } = user();
    const odd = { created_on: "2025-01-01T00:00:00Z", source: { logo: "javascript:alert(1)", name: "Odd", slug: "made_up" } };
    const { list } = listWith(json(page([bare, user({ connected_sources: [odd] })])));
    const result = await list();
    expect(result.users[0]?.fallback_birth_date).toBeUndefined();
    expect(result.users[1]?.connected_sources[0]?.source.slug).toBe("made_up");
  });

  it("turns a source with neither `source` nor `provider` into a ContractError", async () => {
    const { list } = listWith(json(page([user({ connected_sources: [{ created_on: "2025-01-01T00:00:00Z" }] })])));
    await expect(list()).rejects.toThrow(ContractError);
  });

  it.each([
    ["a body that is not JSON", new Response("<html>oops</html>", { status: 200 })],
    ["an empty body", new Response(null, { status: 200 })],
    ["a page without users", json({ total: 1 })],
  ])("turns %s into a ContractError", async (_, response) => {
    const { list } = listWith(response);
    await expect(list()).rejects.toBeInstanceOf(ContractError);
  });
});

describe("the whole-team load's pages", () => {
  const listSent = (answer: Answer) => {
    const { transport } = scripted(answer);
    const client = createTeamClient({ baseUrl: "http://service.test", apiKey: asTeamApiKey("team-key-000000000000"), ...transport });
    return client.listTeamPage({ offset: 0, limit: 100 });
  };
  const withSources = user({
    connected_sources: [{ created_on: "2025-01-01T00:00:00Z", source: { logo: "/logos/oura.svg", name: "Oura", slug: "oura" } }],
    fallback_time_zone: { id: "Europe/Paris", source_slug: "oura", updated_at: "2025-01-02T00:00:00Z" },
  });

  it("reads the usual page straight from its bytes, and one it leaves through JSON.parse, to the same users as sent", async () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      const usual = page([withSources, user({ client_user_id: "c-2" })]);
      expect(placesRead(await listSent(json(usual)))).toEqual(placesRead(teamPageOf(usual as SentUserPage)));
      expect(parse).not.toHaveBeenCalled();
      const unusual = page([user({ client_user_id: "Zoë", cohort: "A" })]);
      expect(placesRead(await listSent(json(unusual)))).toEqual(placesRead(teamPageOf(unusual as SentUserPage)));
      expect(parse).toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it("names the first mistake of a page, as the contract's check does", async () => {
    const mistaken = page([withSources, user({ connected_sources: [{ created_on: "2025-01-01T00:00:00Z" }] })]);
    await expect(listSent(json(mistaken))).rejects.toThrow(
      new ContractError("The service's user page does not match the contract (at users.1.connected_sources.0.source)", 200),
    );
    await expect(listSent(new Response("<html>oops</html>", { status: 200 }))).rejects.toThrow(ContractError);
  });
});

describe("error bodies", () => {
  it("reads `detail` as a string", async () => {
    const { list } = listWith(json({ detail: "Invalid API key. It is unknown." }, 401));
    await expect(list()).rejects.toThrow(new AuthenticationError("Invalid API key. It is unknown.", 401));
  });

  it("reads `detail` as an array", async () => {
    const detail = [
      {
        type: "less_than_equal",
        loc: ["query", "limit"],
        msg: "Input should be less than or equal to 500",
        input: "501",
        ctx: { le: 500 },
      },
    ];
    const { list } = listWith(json({ detail }, 422));
    const error = (await list().catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.detail).toEqual(detail);
    expect(error.message).toBe("query.limit: Input should be less than or equal to 500");
  });

  it("survives an error page that is not JSON", async () => {
    const { list } = listWith(new Response("Bad gateway", { status: 502 }));
    const error = (await list().catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(502);
  });
});

describe("retries of the list", () => {
  it("retries a network error, a 429 and a 503, with growing jittered backoff", async () => {
    const { list, requests, waits } = listWith(
      new TypeError("fetch failed"),
      json({ detail: "slow down" }, 429),
      json({ detail: "busy" }, 503),
      json(page([])),
    );
    await expect(list()).resolves.toMatchObject({ total: 0 });
    expect(requests).toHaveLength(4);
    expect(waits).toEqual([150, 300, 600]); // random 0.5 × 300·2^n
  });

  it("honours Retry-After in seconds", async () => {
    const { list, waits } = listWith(json({ detail: "slow down" }, 429, { "retry-after": "2" }), json(page([])));
    await list();
    expect(waits).toEqual([2000]);
  });

  it("waits as long as the service asks, up to the maximum, and says so before the wait", async () => {
    const told: number[] = [];
    const { transport, requests, waits } = scripted(json({ detail: "slow down" }, 429, { "retry-after": "60" }), json(page([])));
    const client = createTeamClient({ baseUrl: "", apiKey: asTeamApiKey("team-key-000000000000"), ...transport, maxRetryAfterMs: 120_000 });
    await expect(client.listUsers({ offset: 0, limit: 100 }, { onWait: (ms) => told.push(ms) })).resolves.toMatchObject({ total: 0 });
    expect(waits).toEqual([60_000]); // not cut to the backoff's 8 s
    expect(told).toEqual([60_000]);
    expect(requests).toHaveLength(2);
  });

  it("fails at once, saying how long, when the service asks a longer wait than the maximum", async () => {
    const { list, requests, waits } = listWith(json({ detail: "slow down" }, 429, { "retry-after": "600" }), json(page([])));
    const error = (await list().catch((e: unknown) => e)) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toBe("The service asked to wait 10 min before trying again");
    expect(error.retryAfterMs).toBe(600_000);
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("fails a 503 at once too, its default maximum being the interactive one (10 s)", async () => {
    const { list, requests } = listWith(json({ detail: "busy" }, 503, { "retry-after": "11" }), json(page([])));
    await expect(list()).rejects.toThrow(new ServerError("The service asked to wait 11 s before trying again", 503, 11_000));
    expect(requests).toHaveLength(1);
  });

  describe("with Retry-After as an HTTP date", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    });
    afterEach(() => vi.useRealTimers());

    it("waits until that date", async () => {
      const { list, waits } = listWith(
        json({ detail: "slow down" }, 429, { "retry-after": "Sun, 22 Nov 2026 10:00:09 GMT" }),
        json(page([])),
      );
      await list();
      expect(waits).toEqual([9_000]);
    });

    it("fails at once when the date is further than the maximum", async () => {
      const { list, requests } = listWith(json({ detail: "slow down" }, 429, { "retry-after": "Sun, 22 Nov 2026 13:00:00 GMT" }));
      await expect(list()).rejects.toThrow("The service asked to wait 3 h before trying again");
      expect(requests).toHaveLength(1);
    });
  });

  it("stops waiting when the caller cancels", async () => {
    const { transport, requests } = scripted(json({ detail: "slow down" }, 429, { "retry-after": "60" }), json(page([])));
    const { sleep: _, ...realSleep } = transport;
    const client = createTeamClient({ baseUrl: "", apiKey: asTeamApiKey("team-key-000000000000"), ...realSleep, maxRetryAfterMs: 120_000 });
    const controller = new AbortController();
    const listed = client.listUsers({ offset: 0, limit: 100 }, { signal: controller.signal, onWait: () => controller.abort() });
    await expect(listed).rejects.toThrow(DOMException); // the abort, not a minute later
    expect(requests).toHaveLength(1);
  });

  it("gives up after three retries with the last error", async () => {
    const busy = () => json({ detail: "busy" }, 503);
    const { list, requests } = listWith(busy(), busy(), busy(), busy(), json(page([])));
    await expect(list()).rejects.toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(4);
  });

  it("does not retry a 500, a 401 or a 422", async () => {
    for (const [status, name] of [
      [500, "ServerError"],
      [401, "AuthenticationError"],
      [422, "ApiError"], // a 422 whose detail is not a list of field errors
    ] as const) {
      const { list, requests } = listWith(json({ detail: "no" }, status), json(page([])));
      await expect(list()).rejects.toMatchObject({ name, status, message: "no" });
      expect(requests).toHaveLength(1);
    }
  });

  it("keeps a 5xx's own sentence apart, for the words shown, and none when the service sent none", async () => {
    const said = (await listWith(json({ detail: "Database is read-only" }, 500))
      .list()
      .catch((e: unknown) => e)) as ServerError;
    expect(said).toMatchObject({ name: "ServerError", status: 500, detail: "Database is read-only" });
    const silent = (await listWith(json({}, 502))
      .list()
      .catch((e: unknown) => e)) as ServerError;
    expect(silent).toMatchObject({ name: "ServerError", status: 502, message: "The service failed (502)", detail: undefined });
  });

  it("sends the team key and no management key", async () => {
    const { list, requests } = listWith(json(page([])));
    await list();
    const headers = requests[0]?.init?.headers as Record<string, string>;
    expect(
      Object.keys(headers)
        .map((h) => h.toLowerCase())
        .sort(),
    ).toEqual(["accept", "x-service-api-key"]);
    expect(requests[0]?.url).toBe("http://service.test/v2/user/?offset=0&limit=100");
  });

  it("parses Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:05 GMT", Date.parse("2026-11-22T10:00:00Z"))).toBe(5000);
    expect(parseRetryAfter("soon")).toBeUndefined();
  });
});

describe("delete", () => {
  function deleteWith(...answers: Answer[]) {
    const script = scripted(...answers);
    const client = createManagementClient({
      managementUrl: "http://service.test/",
      managementKey: asManagementKey("mgmt-key-0000000000000"),
      ...script.transport,
    });
    return { ...script, remove: () => client.deleteTeam({ orgId: "o", teamId: "t" }) };
  }

  it.each([
    ["204 with no body", new Response(null, { status: 204 })],
    ["200 with an empty body", new Response("", { status: 200 })],
    ["200 with null", json(null)],
    ["200 with an object", json({ deleted: true })],
  ])("accepts %s", async (_, response) => {
    const { remove, requests } = deleteWith(response);
    await expect(remove()).resolves.toBeUndefined();
    const headers = requests[0]?.init?.headers as Record<string, string>;
    expect(
      Object.keys(headers)
        .map((h) => h.toLowerCase())
        .sort(),
    ).toEqual(["accept", "x-management-key"]);
    expect(requests[0]?.url).toBe("http://service.test/v1/org/o/team/t");
  });

  it.each([
    ["a network error", new TypeError("fetch failed"), NetworkError],
    ["a 503", json({ detail: "busy" }, 503), ServerError],
    ["a 429", json({ detail: "slow" }, 429, { "retry-after": "1" }), RateLimitedError],
  ])("never retries %s", async (_, answer, kind) => {
    const { remove, requests } = deleteWith(answer, new Response(null, { status: 204 }));
    await expect(remove()).rejects.toBeInstanceOf(kind);
    expect(requests).toHaveLength(1);
  });
});
