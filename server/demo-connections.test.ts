import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConnectionsApp, demoConnectionsPath, isLoopback, offersDemo } from "./demo-connections.ts";
import { createServiceApp } from "./service-app.ts";
import { listen, openStore, type Credentials, type Listening } from "./service.ts";
import { spawnServer } from "./spawn-server.ts";
import { fixtureSeed, ids, keys, rawRequest } from "./testing.ts";

describe("which servers offer the demo's connections", () => {
  it.each([
    [{ seed: "demo", host: "127.0.0.1", upstream: false }, true],
    [{ seed: "demo", host: "localhost", upstream: false }, true],
    [{ seed: "demo", host: "::1", upstream: false }, true],
    [{ seed: "seed.json", host: "127.0.0.1", upstream: false }, false],
    [{ seed: undefined, host: "127.0.0.1", upstream: false }, false],
    [{ seed: "demo", host: "127.0.0.1", upstream: true }, false],
    [{ seed: "demo", host: "0.0.0.0", upstream: false }, false],
    [{ seed: "demo", host: "::", upstream: false }, false],
    [{ seed: "demo", host: "192.168.1.20", upstream: false }, false],
    [{ seed: "demo", host: "dashboard.example.com", upstream: false }, false],
  ])("%j → %s", (options, offered) => {
    expect(offersDemo(options)).toBe(offered);
  });

  it.each([
    ["127.0.0.1:4173", true],
    ["localhost:80", true],
    ["[::1]:4173", true],
    ["127.0.0.1.attacker.test", false],
    ["evil.test:4173", false],
    ["", false],
  ])("Host %j is loopback: %s", (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

describe("GET /demo/connections", () => {
  let server: Listening;
  const credentials: Credentials = {
    orgs: [
      {
        org_id: ids.orgA,
        name: "Org A",
        management_key: keys.managementA,
        teams: [
          { team_id: ids.teamA, name: "Team A", api_key: keys.teamA, users: 4 },
          { team_id: ids.teamA2, name: "Team A2", api_key: keys.teamA2, users: 2 },
        ],
      },
    ],
  };
  beforeAll(async () => {
    const { store } = openStore({ db: ":memory:", seed: fixtureSeed({ teamA: 4, teamA2: 2, teamB: 1 }) });
    const service = createServiceApp(store);
    const app = demoConnectionsApp(credentials, service);
    app.route("/", service);
    server = await listen(app, "127.0.0.1", 0);
  });
  afterAll(() => server.close());

  it("lists the demo's teams with their keys and current user counts, never cached", async () => {
    const answer = await fetch(`${server.url}${demoConnectionsPath}`, { headers: { "sec-fetch-site": "same-origin" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual(credentials);
  });

  it("leaves out a team that was deleted since", async () => {
    const deleted = await fetch(`${server.url}/v1/org/${ids.orgA}/team/${ids.teamA2}`, {
      method: "DELETE",
      headers: { "X-Management-Key": keys.managementA },
    });
    expect(deleted.status).toBe(204);
    const { orgs } = (await (await fetch(`${server.url}${demoConnectionsPath}`)).json()) as Credentials;
    expect(orgs[0]!.teams.map((t) => t.team_id)).toEqual([ids.teamA]);
  });

  it("answers a page of another site 404, without a key", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const answer = await fetch(`${server.url}${demoConnectionsPath}`, { headers: { "sec-fetch-site": site } });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain(keys.teamA);
    }
  });

  it("answers a request addressed to another name (DNS rebinding) 404, without a key", async () => {
    const answer = await rawRequest(Number(new URL(server.url).port), "GET", demoConnectionsPath, { host: "rebound.attacker.test:80" });
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain(keys.teamA);
  });
});

describe("npm start offers the demo only on the demo it seeded", () => {
  const start = (args: string[], env: Record<string, string> = {}) =>
    spawnServer("server/start.ts", ["--dev", "--quiet", "--port", "0", "--db", ":memory:", "--demo-users", "3", ...args], env);

  it("offers it on the demo database", async () => {
    const server = await start([]);
    try {
      const { orgs } = (await (await fetch(`${server.url}${demoConnectionsPath}`)).json()) as Credentials;
      expect(orgs.flatMap((o) => o.teams.map((t) => t.users))).toContain(3);
      expect(server.output()).toContain(orgs[0]!.teams[0]!.api_key); // the terminal prints the same keys
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("prints the keys it seeded, unless they go to a file asked for", async () => {
    const dir = mkdtempSync(join(tmpdir(), "start-keys-"));
    const file = join(dir, "credentials.json");
    const server = await start(["--credentials-out", file]);
    try {
      const { orgs } = JSON.parse(readFileSync(file, "utf8")) as Credentials;
      const keys = orgs.flatMap((o) => [o.management_key, ...o.teams.map((t) => t.api_key)]);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(server.output()).not.toContain(key);
      expect(server.output()).toContain(`Credentials written to ${file} (keys not printed).`);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("never on a seed file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "seed-"));
    writeFileSync(join(dir, "seed.json"), JSON.stringify(fixtureSeed({ teamA: 1, teamA2: 1, teamB: 1 })));
    const server = await start(["--seed", join(dir, "seed.json")]);
    try {
      expect((await fetch(`${server.url}${demoConnectionsPath}`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("never in upstream mode", async () => {
    const server = await start([], { UPSTREAM_BASE_URL: "http://127.0.0.1:9" });
    try {
      const answer = await fetch(`${server.url}${demoConnectionsPath}`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ detail: "Not Found" });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
