import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserPayload } from "../src/api/contract.ts";
import { instantMicros } from "./instant.ts";
import { openStore, type Listening } from "./service.ts";
import { fixtureSeed, fixtureUser, ids, keys, startTestService } from "./testing.ts";

const awkward = 'quote " backslash \\ slash / newline \n tab \t bell \u0007 é 漢字 😀 \u2028 <b>&amp;</b>';

/** Team B's users: the fixture's, plus users whose fields exercise every way JSON text can differ. */
function teamBUsers(): UserPayload[] {
  return [
    ...Array.from({ length: 5 }, (_, i) => fixtureUser(ids.teamB, i + 1)),
    fixtureUser(ids.teamB, 6, {
      client_user_id: awkward,
      connected_sources: [
        { created_on: "2025-03-01T08:00:00.123456-03:00", source: { logo: awkward, name: "Odd", slug: "odd", tint: "red" }, note: awkward },
        { created_on: "2025-03-02T08:00:00Z", provider: { logo: "/logos/oura.svg", name: awkward, slug: "oura" } },
      ],
      fallback_birth_date: { source_slug: "oura", updated_at: "2025-02-01T10:00:00Z", value: "1990-05-17", confidence: 0.25 },
      extra_field: { nested: [1, 2.5, -3e-7, 1e21, true, null, awkward] },
      zeta: "unknown fields keep the seed's order",
      alpha: [],
    } as never),
    // Fallbacks absent (not null) and no sources.
    (({ fallback_birth_date: _, fallback_time_zone: __, ...user }) => ({ ...user, connected_sources: [] }))(fixtureUser(ids.teamB, 7)),
  ];
}

/** A user as the contract says it is sent: known fields in order, `provider` beside `source`, then unknown fields. */
function contractJson(user: UserPayload): string {
  const { user_id, team_id, client_user_id, created_on, connected_sources, fallback_birth_date, fallback_time_zone, ...unknown } = user;
  return JSON.stringify({
    user_id,
    team_id,
    client_user_id,
    created_on,
    connected_sources: connected_sources.map(({ created_on, source, provider, ...rest }) => ({
      created_on,
      source: source ?? provider,
      provider: source ?? provider,
      ...rest,
    })),
    fallback_birth_date: fallback_birth_date ?? null,
    fallback_time_zone: fallback_time_zone ?? null,
    ...unknown,
  });
}

function pageJson(users: UserPayload[], offset: number, limit: number): string {
  const ordered = users.toSorted((a, b) => instantMicros(a.created_on) - instantMicros(b.created_on) || a.user_id.localeCompare(b.user_id));
  const page = ordered.slice(offset, offset + limit).map(contractJson);
  return `{"users":[${page.join(",")}],"total":${users.length},"offset":${offset},"limit":${limit}}`;
}

function seedWithTeamB() {
  const seed = fixtureSeed();
  seed.orgs[1]!.teams[0]!.users = teamBUsers();
  return seed;
}

let service: Listening;
beforeAll(async () => {
  service = await startTestService(seedWithTeamB());
});
afterAll(() => service.close());

describe("the bytes of a page", () => {
  it.each([
    [0, 500],
    [0, 3],
    [2, 4],
    [6, 1],
    [7, 10],
  ])("at offset %i, limit %i, are the contract's JSON of the seeded users", async (offset, limit) => {
    const response = await fetch(`${service.url}/v2/user/?offset=${offset}&limit=${limit}`, {
      headers: { "x-service-api-key": keys.teamB },
    });
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(pageJson(teamBUsers(), offset, limit));
  });
});

describe("a database written before users had documents (schema version 1)", () => {
  it("gets them when it opens, and sends the same bytes", () => {
    const path = join(mkdtempSync(join(tmpdir(), "service-test-")), "db.sqlite");
    const seeded = openStore({ db: path, seed: seedWithTeamB() });
    // Version 1 was version 2 without users.document.
    seeded.db.exec("ALTER TABLE users DROP COLUMN document; PRAGMA user_version = 1");
    seeded.db.close();

    const { db, store } = openStore({ db: path });
    expect(db.pragma("user_version", { simple: true })).toBe(2);
    expect(store.userPageJson(ids.teamB, 2, 4).toString()).toBe(pageJson(teamBUsers(), 2, 4));
    db.close();
  });
});
