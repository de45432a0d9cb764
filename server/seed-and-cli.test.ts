import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { User } from "../src/api/contract.ts";
import { openDatabase, type Db } from "./database.ts";
import { demoSeed, lazyDemoSeed } from "./demo-seed.ts";
import { instantMicros } from "./instant.ts";
import { parseSeed } from "./seed-file.ts";
import { openStore } from "./service.ts";
import { spawnServer } from "./spawn-server.ts";
import { createStore } from "./store.ts";
import { fixtureSeed, fixtureUser, ids } from "./testing.ts";

const tempDir = () => mkdtempSync(join(tmpdir(), "service-test-"));

describe("seed files", () => {
  it("names the path of the bad field", () => {
    const seed = fixtureSeed({ teamA: 5, teamA2: 2, teamB: 1 });
    const user = seed.orgs[0]!.teams[1]!.users[1]!;
    user.created_on = "yesterday";
    expect(() => parseSeed(seed)).toThrow("orgs[0].teams[1].users[1].created_on");
  });

  it.each([
    ["a short key", (s: ReturnType<typeof fixtureSeed>) => (s.orgs[0]!.management_key = "short"), "orgs[0].management_key"],
    [
      "a duplicate key",
      (s: ReturnType<typeof fixtureSeed>) => (s.orgs[1]!.teams[0]!.api_key = s.orgs[0]!.teams[0]!.api_key),
      "orgs[1].teams[0].api_key: duplicate key",
    ],
    [
      "a user in the wrong team",
      (s: ReturnType<typeof fixtureSeed>) => (s.orgs[0]!.teams[0]!.users[0] = fixtureUser(ids.teamB, 1)),
      "orgs[0].teams[0].users[0].team_id",
    ],
    ["a bad team id", (s: ReturnType<typeof fixtureSeed>) => (s.orgs[0]!.teams[0]!.team_id = "team-1"), "orgs[0].teams[0].team_id"],
  ])("rejects %s", (_, breakIt, path) => {
    const seed = fixtureSeed({ teamA: 2, teamA2: 1, teamB: 1 });
    breakIt(seed);
    expect(() => parseSeed(seed)).toThrow(path);
  });

  it("writes nothing when the seed is bad", () => {
    const dir = tempDir();
    const seedPath = join(dir, "bad.json");
    writeFileSync(seedPath, JSON.stringify({ orgs: [{ org_id: "x" }] }));
    expect(() => openStore({ db: join(dir, "db.sqlite"), seed: seedPath })).toThrow("orgs[0].org_id");
    expect(existsSync(join(dir, "db.sqlite"))).toBe(false);
  });

  it("leaves a database new when its seed fails, even after the seed's own transaction ended, so that the next open seeds it", () => {
    const path = join(tempDir(), "db.sqlite");
    const failing = (db: Db) => {
      createStore(db).applySeed(lazyDemoSeed(50));
      throw new Error("no space left on device");
    };
    expect(() => openDatabase(path, failing)).toThrow("no space left on device");
    const again = openDatabase(path, (db) => createStore(db).applySeed(lazyDemoSeed(50)));
    expect(again.isNew).toBe(true);
    expect(again.db.prepare("SELECT count(*) FROM users").pluck().get()).toBe(50 + 8 + 40);
    again.db.close();
  });

  it("applies a seed only to a new database, then serves it in WAL mode", () => {
    const dir = tempDir();
    const db = join(dir, "db.sqlite");
    const first = openStore({ db, seed: fixtureSeed({ teamA: 2, teamA2: 1, teamB: 1 }) });
    expect(first.seeded?.orgs).toHaveLength(2);
    // Seeded under the rollback journal (each page written once), then turned to WAL for serving.
    expect(first.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(first.db.pragma("page_size", { simple: true })).toBe(16384);
    first.db.close();
    const second = openStore({ db, seed: fixtureSeed({ teamA: 2, teamA2: 1, teamB: 1 }) });
    expect(second.seeded).toBeUndefined();
    expect(JSON.parse(second.store.userPageJson(ids.teamA, 0, 10).toString())).toMatchObject({ total: 2 });
    second.db.close();
  });
});

describe("demo seed", () => {
  it("has two organizations, four teams and the promised variety", () => {
    const seed = parseSeed(demoSeed(300));
    expect(seed.orgs).toHaveLength(2);
    const teams = seed.orgs.flatMap((o) => o.teams);
    expect(teams.map((t) => t.users.length).sort((a, b) => a - b)).toEqual([0, 8, 40, 300]);
    const users = teams.flatMap((t) => t.users);
    const slugs = new Set(users.flatMap((u) => u.connected_sources.map((c) => c.source.slug)));
    expect(slugs.size).toBeGreaterThanOrEqual(10);
    const counts = new Set(users.map((u) => u.connected_sources.length));
    expect([...counts].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(users.some((u) => u.fallback_birth_date === null)).toBe(true);
    expect(users.some((u) => u.fallback_time_zone === null)).toBe(true);
    const offsets = new Set(users.map((u) => /(Z|[+-]\d\d:\d\d)$/.exec(u.created_on)?.[1]));
    expect(offsets.size).toBeGreaterThan(5);
  });

  it("is already what parsing it gives, since seeding the demo does not parse it", () => {
    const seed = demoSeed(300);
    expect(parseSeed(structuredClone(seed))).toStrictEqual(seed);
  });

  it("gives each user's page-order key, without writing the user, as the user has it", () => {
    const teams = lazyDemoSeed(3000).orgs.flatMap((o) => o.teams);
    for (const { users } of teams)
      for (let i = 0; i < users.length; i++) {
        const { user_id, created_on } = users.at(i)!;
        expect(users.orderKey!(i)).toEqual({ user_id, micros: instantMicros(created_on) });
      }
  });

  it("writes the demo's users in page order: by instant, then user ID, each once", () => {
    const { db, store, seeded } = openStore({ db: ":memory:", seed: "demo", demoUsers: 1200 });
    const team = seeded!.orgs.flatMap((o) => o.teams).find((t) => t.users === 1200)!;
    const pages = [0, 500, 1000].map((offset) => JSON.parse(store.userPageJson(team.team_id, offset, 500).toString()) as { users: User[] });
    const keys = pages.flatMap((page) => page.users).map((u) => [instantMicros(u.created_on), u.user_id] as const);
    db.close();
    expect(keys).toHaveLength(1200);
    expect(new Set(keys.map(([, id]) => id)).size).toBe(1200);
    expect(keys.toSorted(([a, idA], [b, idB]) => a - b || (idA < idB ? -1 : idA > idB ? 1 : 0))).toEqual(keys);
  });

  it("is deterministic apart from the keys", () => {
    const strip = (s: ReturnType<typeof demoSeed>) =>
      JSON.stringify(s, (k, v: unknown) => (k === "api_key" || k === "management_key" ? undefined : v));
    const [a, b] = [demoSeed(50), demoSeed(50)];
    expect(strip(a)).toBe(strip(b));
    expect(a.orgs[0]!.management_key).not.toBe(b.orgs[0]!.management_key);
  });
});

describe("npm run service", () => {
  it("prints the URL and the demo credentials", async () => {
    const server = await spawnServer("server/cli.ts", ["--port", "0", "--db", ":memory:", "--seed", "demo", "--demo-users", "3"]);
    try {
      expect(server.output()).not.toContain("Seeding"); // a seed of seconds only
      expect(server.output()).toMatch(/Seeded the demo:[\s\S]*management key {2}\S{20,}[\s\S]*listening on http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      await server.stop();
    }
  });

  it("writes the credentials to a file asked for, without printing a key, serves, and stops on SIGTERM", async () => {
    const credentialsOut = join(tempDir(), "credentials.json");
    const args = ["--port", "0", "--db", ":memory:", "--seed", "demo", "--demo-users", "30", "--credentials-out", credentialsOut];
    const server = await spawnServer("server/cli.ts", args);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const credentials = JSON.parse(readFileSync(credentialsOut, "utf8")) as {
      orgs: { management_key: string; teams: { api_key: string; users: number }[] }[];
    };
    const team = credentials.orgs[0]!.teams[0]!;
    expect(team.users).toBe(30);
    expect(server.output()).toContain(`credentials written to ${credentialsOut} (keys not printed)`);

    const response = await fetch(`${server.url}/v2/user/?limit=1`, { headers: { "x-service-api-key": team.api_key } });
    expect(((await response.json()) as { total: number }).total).toBe(30);

    expect(await server.stop()).toBe(0);
    // The request log names the path, never the key.
    expect(server.output()).toMatch(/GET \/v2\/user\/ 200/);
    const keys = credentials.orgs.flatMap((org) => [org.management_key, ...org.teams.map((t) => t.api_key)]);
    for (const key of keys) expect(server.output()).not.toContain(key);
  });

  it("says it is seeding a demo team large enough for its rows to be made on a worker thread, and serves it whole", async () => {
    const credentialsOut = join(tempDir(), "credentials.json");
    const args = ["--port", "0", "--db", ":memory:", "--seed", "demo", "--demo-users", "20000", "--credentials-out", credentialsOut];
    const server = await spawnServer("server/cli.ts", args);
    try {
      const { orgs } = JSON.parse(readFileSync(credentialsOut, "utf8")) as { orgs: { teams: { api_key: string; users: number }[] }[] };
      const team = orgs[0]!.teams[0]!;
      expect(team.users).toBe(20_000);
      expect(server.output()).toMatch(/Seeding 20,048 users…[\s\S]*listening on/);
      const page = async (offset: number) => {
        const response = await fetch(`${server.url}/v2/user/?limit=500&offset=${offset}`, {
          headers: { "x-service-api-key": team.api_key },
        });
        return (await response.json()) as { users: User[]; total: number };
      };
      const [first, last] = await Promise.all([page(0), page(19_500)]);
      expect(first.total).toBe(20_000);
      expect(first.users).toHaveLength(500);
      expect(last.users).toHaveLength(500);
      expect(instantMicros(first.users[0]!.created_on)).toBeLessThanOrEqual(instantMicros(last.users[499]!.created_on));
    } finally {
      await server.stop();
    }
  });

  it("refuses a bad option with a message", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", "--port", "99999"], { stdio: ["ignore", "pipe", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(errors).toContain("--port must be 0–65535");
  });
});
