import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../src/api/contract.ts";
import { instantMicros } from "./instant.ts";
import { fixtureSeed, fixtureUser, ids, keys, startTestService } from "./testing.ts";
import type { Listening } from "./service.ts";

let service: Listening;
beforeAll(async () => {
  const seed = fixtureSeed();
  // Stored strings come back exactly, unknown fields included, markup untouched.
  seed.orgs[1]?.teams[0]?.users.push(
    fixtureUser(ids.teamB, 99, {
      client_user_id: "<img src=x onerror=alert(1)>",
      extra_field: { nested: [1, 2] },
      connected_sources: [
        {
          created_on: "2025-03-01T08:00:00.123456-03:00",
          source: { logo: "javascript:alert(1)", name: "Odd", slug: "not_a_known_slug", tint: "red" },
        },
      ],
    } as never),
  );
  service = await startTestService(seed);
});
afterAll(() => service.close());

async function list(query = "", apiKey: string | null = keys.teamA, path = "/v2/user/") {
  const response = await fetch(`${service.url}${path}${query}`, {
    headers: { Accept: "application/json", ...(apiKey === null ? {} : { "x-service-api-key": apiKey }) },
    redirect: "manual",
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

describe("GET /v2/user/", () => {
  it("answers a page with the defaults: offset 0, limit 100", async () => {
    const { status, body, response } = await list();
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = contract.userPage.parse(body);
    expect(page).toMatchObject({ total: 250, offset: 0, limit: 100 });
    expect(page.users).toHaveLength(100);
  });

  it("is served with and without the trailing slash, with no redirect", async () => {
    const withSlash = await list("?limit=3");
    const withoutSlash = await list("?limit=3", keys.teamA, "/v2/user");
    expect(withoutSlash.status).toBe(200);
    expect(withoutSlash.body).toEqual(withSlash.body);
  });

  it.each([1, 500])("accepts limit %i", async (limit) => {
    const { status, body } = await list(`?limit=${limit}`);
    expect(status).toBe(200);
    expect(body.limit).toBe(limit);
    expect((body.users as unknown[]).length).toBe(Math.min(limit, 250));
  });

  it("answers an empty page past the end, with the total", async () => {
    const { body } = await list("?offset=1000&limit=10");
    expect(body).toEqual({ users: [], total: 250, offset: 1000, limit: 10 });
  });

  it("returns pages that are disjoint, ordered by instant then user_id, and cover the total", async () => {
    const seen: { user_id: string; created_on: string }[] = [];
    for (let offset = 0; offset < 250; offset += 60) {
      const { body } = await list(`?offset=${offset}&limit=60`);
      seen.push(...contract.userPage.parse(body).users);
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((u) => u.user_id)).size).toBe(250);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      const order = instantMicros(a.created_on) - instantMicros(b.created_on) || a.user_id.localeCompare(b.user_id);
      expect(order).toBeLessThan(0);
    }
    // The fixture writes instants at different offsets, so text order and instant order differ.
    const texts = seen.map((u) => u.created_on);
    expect([...texts].sort()).not.toEqual(texts);
  });

  it("never shows another team's users", async () => {
    const a = contract.userPage.parse((await list("?limit=500", keys.teamA)).body);
    const b = contract.userPage.parse((await list("?limit=500", keys.teamB)).body);
    expect(a.users.every((u) => u.team_id === ids.teamA)).toBe(true);
    expect(b.users.every((u) => u.team_id === ids.teamB)).toBe(true);
    expect(b.total).toBe(6);
  });

  it("returns stored strings and unknown fields exactly as seeded, with source and provider", async () => {
    const { body } = await list("?limit=500", keys.teamB);
    const users = body.users as Record<string, unknown>[];
    const odd = users.find((u) => u.client_user_id === "<img src=x onerror=alert(1)>");
    expect(odd).toMatchObject({
      extra_field: { nested: [1, 2] },
      connected_sources: [
        {
          created_on: "2025-03-01T08:00:00.123456-03:00",
          source: { logo: "javascript:alert(1)", name: "Odd", slug: "not_a_known_slug", tint: "red" },
          provider: { logo: "javascript:alert(1)", name: "Odd", slug: "not_a_known_slug", tint: "red" },
        },
      ],
    });
    const seeded = fixtureUser(ids.teamB, 1);
    const first = users.find((u) => u.user_id === seeded.user_id);
    expect(first?.created_on).toBe(seeded.created_on);
    expect(first?.fallback_time_zone).toEqual(seeded.fallback_time_zone);
  });

  it("takes the last value of a repeated parameter and ignores unknown ones", async () => {
    const { status, body } = await list("?limit=7&limit=2&colour=blue&offset=");
    expect(status).toBe(422); // the empty offset is still checked
    expect(body.detail).toEqual([
      {
        type: "int_parsing",
        loc: ["query", "offset"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
        input: "",
      },
    ]);
    const ok = await list("?limit=7&limit=2&colour=blue");
    expect(ok.body.limit).toBe(2);
  });
});

describe("GET /v2/user/ validation (pydantic v2 format)", () => {
  const cases: [string, unknown[]][] = [
    [
      "?limit=0",
      [
        {
          type: "greater_than_equal",
          loc: ["query", "limit"],
          msg: "Input should be greater than or equal to 1",
          input: "0",
          ctx: { ge: 1 },
        },
      ],
    ],
    [
      "?limit=501",
      [
        {
          type: "less_than_equal",
          loc: ["query", "limit"],
          msg: "Input should be less than or equal to 500",
          input: "501",
          ctx: { le: 500 },
        },
      ],
    ],
    [
      "?limit=abc",
      [
        {
          type: "int_parsing",
          loc: ["query", "limit"],
          msg: "Input should be a valid integer, unable to parse string as an integer",
          input: "abc",
        },
      ],
    ],
    [
      "?limit=",
      [
        {
          type: "int_parsing",
          loc: ["query", "limit"],
          msg: "Input should be a valid integer, unable to parse string as an integer",
          input: "",
        },
      ],
    ],
    [
      "?limit=1.5",
      [
        {
          type: "int_parsing",
          loc: ["query", "limit"],
          msg: "Input should be a valid integer, unable to parse string as an integer",
          input: "1.5",
        },
      ],
    ],
    [
      "?offset=-1",
      [
        {
          type: "greater_than_equal",
          loc: ["query", "offset"],
          msg: "Input should be greater than or equal to 0",
          input: "-1",
          ctx: { ge: 0 },
        },
      ],
    ],
    [
      "?offset=99999999999999999999999",
      [
        {
          type: "less_than_equal",
          loc: ["query", "offset"],
          msg: "Input should be less than or equal to 9007199254740991",
          input: "99999999999999999999999",
          ctx: { le: 9007199254740991 },
        },
      ],
    ],
    [
      "?limit=501&offset=-1",
      [
        {
          type: "greater_than_equal",
          loc: ["query", "offset"],
          msg: "Input should be greater than or equal to 0",
          input: "-1",
          ctx: { ge: 0 },
        },
        {
          type: "less_than_equal",
          loc: ["query", "limit"],
          msg: "Input should be less than or equal to 500",
          input: "501",
          ctx: { le: 500 },
        },
      ],
    ],
  ];

  it.each(cases)("%s answers 422 with exactly these items", async (query, detail) => {
    const { status, body } = await list(query);
    expect(status).toBe(422);
    expect(body).toEqual({ detail });
  });

  it("accepts integers written as pydantic accepts them", async () => {
    expect((await list("?limit=%2B5")).body.limit).toBe(5);
    expect((await list("?limit=%205%20")).body.limit).toBe(5);
    expect((await list("?limit=5.0")).body.limit).toBe(5);
  });
});

describe("GET /v2/user/ credentials", () => {
  it.each([
    ["a missing", null, "Missing API key"],
    ["an empty", "", "Missing API key"],
    ["an unknown", "not-a-key-0000000000000000", "Invalid API key"],
    ["a management key", keys.managementA, "This is a management key"],
  ])("rejects %s key with 401 and a message", async (_, apiKey, message) => {
    const { status, body } = await list("", apiKey);
    expect(status).toBe(401);
    expect(typeof body.detail).toBe("string");
    expect(body.detail).toContain(message);
    expect(JSON.stringify(body)).not.toContain(keys.managementA);
  });

  it("checks the key before the query", async () => {
    const { status } = await list("?limit=9999", "wrong-key-000000000000000");
    expect(status).toBe(401);
  });
});
