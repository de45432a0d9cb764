import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardApp } from "./dashboard-app.ts";
import { listen, openStore, type Listening } from "./service.ts";
import { createServiceApp } from "./service-app.ts";
import { createUpstreamApp } from "./upstream-proxy.ts";
import { fakeDist, fixtureSeed, ids, keys, startTestService } from "./testing.ts";

let upstream: Listening;
let proxied: Listening;
const logged: string[] = [];
beforeAll(async () => {
  upstream = await startTestService();
  const api = createUpstreamApp({ baseUrl: upstream.url, managementUrl: `${upstream.url}/` });
  proxied = await listen(createDashboardApp({ api, distDir: fakeDist(), log: (line) => logged.push(line) }), "127.0.0.1", 0);
});
afterAll(async () => {
  await proxied.close();
  await upstream.close();
});

describe("the dashboard server", () => {
  it("serves the app for app routes, with the security headers", async () => {
    for (const path of ["/", "/users?page=2", "/teams/delete", "/settings", "/anything/else"]) {
      const response = await fetch(`${proxied.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<title>Team admin</title>");
      expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'.*img-src 'self' https:/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });

  it("serves hashed assets as immutable, and never the app for service paths", async () => {
    const asset = await fetch(`${proxied.url}/assets/app-1234.js`);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(asset.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await asset.text()).toBe("console.log(1)");
    const stale = await fetch(`${proxied.url}/assets/app-0000.js`);
    expect(stale.status).toBe(404);
    expect(stale.headers.get("content-type")).toMatch(/^application\/json/);
    const missing = await fetch(`${proxied.url}/v3/whatever`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: "Not Found" });
  });
});

describe("embedded mode (npm start)", () => {
  it("sends the service's answers as the service makes them, with the security headers", async () => {
    const { db, store } = openStore({ db: ":memory:", seed: fixtureSeed() });
    const embedded = await listen(createDashboardApp({ api: createServiceApp(store), distDir: fakeDist() }), "127.0.0.1", 0);
    try {
      for (const [path, key, status] of [
        ["/v2/user/?offset=3&limit=500", keys.teamA, 200],
        ["/v2/user/?limit=501", keys.teamA, 422],
        ["/v2/user/", keys.managementA, 401],
      ] as const) {
        const headers = { "x-service-api-key": key };
        const [answer, direct] = await Promise.all([
          fetch(`${embedded.url}${path}`, { headers }),
          fetch(`${upstream.url}${path}`, { headers }),
        ]);
        expect(answer.status).toBe(status);
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
        expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
        expect(answer.headers.get("content-security-policy")).toBeNull();
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(answer.headers.get("content-type")).toBe(direct.headers.get("content-type"));
        expect(Buffer.from(await answer.arrayBuffer())).toEqual(Buffer.from(await direct.arrayBuffer()));
      }
    } finally {
      await embedded.close();
      db.close();
    }
  });
});

describe("the security headers", () => {
  it("are set on the handler's own answer, not on a copy of it", async () => {
    let made: Response | undefined;
    const api = new Hono().get("/v2/user/", (c) => (made = c.body("[]", 200, { "Content-Type": "application/json" })));
    const answer = await createDashboardApp({ api, distDir: fakeDist() }).request("/v2/user/");
    expect(answer).toBe(made);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are set on an answer passed on as it came, a fetch's, whose headers cannot change", async () => {
    const api = new Hono().get("/healthz", () => fetch(`${upstream.url}/healthz`));
    const answer = await createDashboardApp({ api, distDir: fakeDist() }).request("/healthz");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "ok" });
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
  });
});

describe("upstream mode", () => {
  it("forwards the list with its key and query, and the answer as it came", async () => {
    const response = await fetch(`${proxied.url}/v2/user/?offset=2&limit=3`, { headers: { "x-service-api-key": keys.teamA } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ total: 250, offset: 2, limit: 3 });
    // The proxy's own answer, with this server's security headers.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("content-security-policy")).toBeNull();
    const invalid = await fetch(`${proxied.url}/v2/user?limit=501`, { headers: { "x-service-api-key": keys.teamA } });
    expect(invalid.status).toBe(422);
  });

  it("forwards the delete with the management key", async () => {
    const response = await fetch(`${proxied.url}/v1/org/${ids.orgA}/team/${ids.teamA2}`, {
      method: "DELETE",
      headers: { "X-Management-Key": keys.managementA },
    });
    expect(response.status).toBe(204);
    const again = await fetch(`${proxied.url}/v1/org/${ids.orgA}/team/${ids.teamA2}`, {
      method: "DELETE",
      headers: { "X-Management-Key": keys.managementA },
    });
    expect(again.status).toBe(404);
  });

  it("passes the upstream's own validation through, IDs forwarded as one segment each", async () => {
    const response = await fetch(`${proxied.url}/v1/org/not%20a%20uuid/team/%7B${ids.teamA}%7D`, {
      method: "DELETE",
      headers: { "X-Management-Key": keys.managementA },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: string[]; input: string }[] };
    expect(body.detail).toEqual([expect.objectContaining({ loc: ["path", "org_id"], input: "not a uuid" })]);
  });

  it("never logs a key or a query", async () => {
    await fetch(`${proxied.url}/v2/user/?limit=1`, { headers: { "x-service-api-key": keys.teamA } });
    expect(logged.some((line) => line.startsWith("GET /v2/user/ 200"))).toBe(true);
    for (const line of logged) {
      for (const key of Object.values(keys)) expect(line).not.toContain(key);
      expect(line).not.toContain("?");
    }
  });

  it("answers 502 in JSON when the upstream cannot be reached", async () => {
    const api = createUpstreamApp({ baseUrl: "http://127.0.0.1:9", managementUrl: "http://127.0.0.1:9" });
    const app = createDashboardApp({ api, distDir: fakeDist() });
    const response = await app.request("/v2/user/", { headers: { "x-service-api-key": keys.teamA } });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ detail: "The upstream service could not be reached." });
  });
});
