import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDashboardApp } from "./dashboard-app.ts";
import { listen, type Listening } from "./service.ts";
import { fakeDist, ids, keys, rawRequest, tricklingService } from "./testing.ts";
import { createServicesApp, createUpstreamApp } from "./upstream-proxy.ts";

/** What reached the upstream: method, request target as sent, headers. */
const received: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    if (req.method === "DELETE") return res.writeHead(204).end();
    res.writeHead(200, { "content-type": "application/json", "retry-after": "7", "set-cookie": "session=upstream", "x-internal": "1" });
    res.end(JSON.stringify({ users: [], total: 0, offset: 0, limit: 100 }));
  });
  await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => upstream.close(done)));
beforeEach(() => {
  received.length = 0;
});

const org = ids.orgA;
const team = ids.teamA;

/** Hostile requests, each answered by the proxy itself. */
const refused: [method: string, path: string, status: 404 | 405][] = [
  // Encoded separators and dot segments under the list.
  ["GET", "/v2/user/..%2F..%2Fadmin", 404],
  ["GET", "/v2/user/..%2f..%2fadmin", 404],
  ["GET", "/v2/user/%2E%2E%2F%2E%2E%2Fadmin", 404],
  ["GET", "/v2/user/..%5C..%5Cadmin", 404],
  ["GET", "/v2/user/%2e%2e/admin", 404],
  ["GET", "/v2/user/%2e%2e/user/", 404],
  ["GET", "/v2/user/../user/", 404],
  ["GET", "/v2/user/x/..?limit=1", 404],
  ["GET", "/v2/user/./", 404],
  ["GET", "/v2/user/%2e/", 404],
  ["GET", "/v2/user/..;/admin", 404],
  ["GET", "/v2/user%2F", 404],
  ["GET", "/v2/user%5C", 404],
  ["GET", "/v2/user/%0D%0AHost:%20evil", 404],
  ["GET", "/v2/user/%00", 404],
  // Other shapes and methods.
  ["GET", "/v2/user/admin", 404],
  ["GET", "/v2//user/", 404],
  ["GET", "/v2/User/", 404],
  ["GET", "/v2/admin", 404],
  ["GET", "/v1/org/", 404],
  ["POST", "/v2/user/", 405],
  ["PUT", "/v2/user", 405],
  ["DELETE", "/v2/user/", 405],
  ["OPTIONS", "/v2/user/", 405],
  ["PURGE", "/v2/user", 405],
  // Encoded separators, dot segments and control characters in the IDs of a delete.
  ["DELETE", "/v1/org/..%2F..%2Fadmin/team/x", 404],
  ["DELETE", `/v1/org/${org}/team/..%2f..%2fadmin`, 404],
  ["DELETE", `/v1/org/%2E%2E%2F/team/${team}`, 404],
  ["DELETE", `/v1/org/${org}/team/..%5C..%5Cadmin`, 404],
  ["DELETE", `/v1/org/${org}/team/..%2F..%2F..%2Fv2%2Fuser%2F`, 404],
  ["DELETE", `/v1/org/${org}/team/%2E%2E`, 404],
  ["DELETE", `/v1/org/${org}/team/${ids.teamB}/%2E%2E/${team}`, 404],
  ["DELETE", `/v1/org/${org}/team/${ids.teamB}/.%2e/${team}`, 404],
  ["DELETE", `/v1/org/${org}/team/${ids.teamB}/../${team}`, 404],
  ["DELETE", `/v1/org/%2e/team/${team}`, 404],
  ["DELETE", `/v1/org/${org}/team/${team}%0A`, 404],
  ["DELETE", `/v1/org/${org}/team/${team}%0D%0AX-Injected:%201`, 404],
  ["DELETE", `/v1/org/${org}/team/${team}%1B%5B31m`, 404],
  ["DELETE", `/v1/org/${org}/team/${team}%7F`, 404],
  ["DELETE", `/v1/org/${org}/team/${team}%C2%85`, 404],
  // Other shapes and methods.
  ["DELETE", `/v1/org/${org}/team/${team}/`, 404],
  ["DELETE", `/v1/org/${org}/team/${team}/users`, 404],
  ["DELETE", `/v1/org/${org}/team`, 404],
  ["DELETE", `/v1/org//team/${team}`, 404],
  ["DELETE", `/v1/org/${org}/teams/${team}`, 404],
  ["GET", `/v1/org/${org}/team/${team}`, 405],
  ["POST", `/v1/org/${org}/team/${team}`, 405],
  ["PATCH", `/v1/org/${org}/team/${team}`, 405],
];

const credentials = { "x-service-api-key": keys.teamA, "x-management-key": keys.managementA };

const upstreamOf = () => ({ baseUrl: upstreamUrl, managementUrl: `${upstreamUrl}/management/` });
/** A deployment whose service "one" is this upstream, beside another that must never be reached. */
const servicesOf = () =>
  createServicesApp({
    services: [
      { name: "one", label: "One", environment: "sandbox", ...upstreamOf() },
      { name: "other", label: "Other", environment: "production", baseUrl: "http://127.0.0.1:9", managementUrl: "http://127.0.0.1:9" },
    ],
    default: null,
  });

describe.each([
  ["behind the dashboard server (npm start)", "", () => createDashboardApp({ api: createUpstreamApp(upstreamOf()), distDir: fakeDist() })],
  ["alone (npm run dev mounts it so)", "", () => createUpstreamApp(upstreamOf())],
  ["by name, behind the dashboard server", "/s/one", () => createDashboardApp({ api: servicesOf(), distDir: fakeDist() })],
  ["by name, alone", "/s/one", servicesOf],
])("the upstream proxy %s", (_name, prefix, mount) => {
  let proxy: Listening;
  beforeAll(async () => {
    proxy = await listen(mount(), "127.0.0.1", 0);
  });
  afterAll(() => proxy.close());

  it.each(refused)("answers %s %s itself with %i", async (method, path, status) => {
    const answer = await rawRequest(proxy.port, method, `${prefix}${path}`, credentials);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ detail: status === 404 ? "Not Found" : "Method Not Allowed" });
    // A path it does not forward is marked as the dashboard's own answer: no service said "not found".
    if (status === 404) expect(answer.headers["x-dashboard-refusal"]).toBe("not-forwarded");
    if (status === 405) expect(answer.headers.allow).toBe(path.startsWith("/v2/") ? "GET, HEAD" : "DELETE");
    expect(received).toEqual([]);
  });

  it("never forwards a raw backslash in the path (Hono's Node server refuses it with a 400)", async () => {
    for (const path of ["/v2/user/..\\..\\admin", `/v1/org/${org}/team/..\\${team}`]) {
      expect((await rawRequest(proxy.port, "DELETE", `${prefix}${path}`, credentials)).status).toBe(400);
    }
    expect(received).toEqual([]);
  });

  it("forwards the list with its query as sent and only the headers it should", async () => {
    const answer = await rawRequest(proxy.port, "GET", `${prefix}/v2/user/?offset=2&limit=%zz&x=a%2Fb`, {
      ...credentials,
      accept: "application/json",
      cookie: "session=dashboard",
      authorization: "Bearer x",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.headers["retry-after"]).toBe("7");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["x-internal"]).toBeUndefined();
    expect(received).toHaveLength(1);
    const [list] = received;
    expect(list).toMatchObject({ method: "GET", url: "/v2/user/?offset=2&limit=%zz&x=a%2Fb" });
    expect(list?.headers).toMatchObject({ "x-service-api-key": keys.teamA, accept: "application/json" });
    expect(list?.headers.cookie).toBeUndefined();
    expect(list?.headers.authorization).toBeUndefined();
  });

  it("forwards the list without the slash, and HEAD as HEAD", async () => {
    expect((await rawRequest(proxy.port, "GET", `${prefix}/v2/user`, credentials)).status).toBe(200);
    expect((await rawRequest(proxy.port, "HEAD", `${prefix}/v2/user/?limit=1`, credentials)).status).toBe(200);
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /v2/user", "HEAD /v2/user/?limit=1"]);
  });

  it("forwards the delete to the management URL with the management key", async () => {
    const answer = await rawRequest(proxy.port, "DELETE", `${prefix}/v1/org/${org}/team/${team}`, credentials);
    expect(answer.status).toBe(204);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "DELETE", url: `/management/v1/org/${org}/team/${team}` });
    expect(received[0]?.headers["x-management-key"]).toBe(keys.managementA);
  });

  it.each([
    [`%7B${org}%7D`, `%7B${org}%7D`],
    [`{${org}}`, `%7B${org}%7D`],
    [`urn:uuid:${org}`, `urn%3Auuid%3A${org}`],
    ["not%20a%20uuid", "not%20a%20uuid"],
    ["%252e%252e", "%252e%252e"],
    ["%252F", "%252F"],
    ["a;b=c", "a%3Bb%3Dc"],
    ["%zz", "%25zz"],
    ["%C3%A9quipe", "%C3%A9quipe"],
  ])("forwards the ID %s as the one segment %s", async (sent, forwarded) => {
    await rawRequest(proxy.port, "DELETE", `${prefix}/v1/org/${sent}/team/${sent}`, credentials);
    expect(received.map((r) => r.url)).toEqual([`/management/v1/org/${forwarded}/team/${forwarded}`]);
  });
});

describe("the proxy of a deployment's services", () => {
  let proxy: Listening;
  const logged: string[] = [];
  beforeAll(async () => {
    proxy = await listen(createDashboardApp({ api: servicesOf(), distDir: fakeDist(), log: (line) => logged.push(line) }), "127.0.0.1", 0);
  });
  afterAll(() => proxy.close());

  it.each([
    ["GET", "/s/nobody/v2/user/", "nobody"],
    ["DELETE", `/s/nobody/v1/org/${org}/team/${team}`, "nobody"],
    ["GET", "/s/ONE/v2/user/", "ONE"],
  ])("answers %s %s as the dashboard's own 404, naming the undeclared service, and forwards nothing", async (method, path, name) => {
    const answer = await rawRequest(proxy.port, method, path, credentials);
    expect(answer.status).toBe(404);
    expect(answer.headers["x-dashboard-refusal"]).toBe("unknown-service");
    expect(JSON.parse(answer.body)).toEqual({ detail: `The service ${name} is not declared in this deployment.`, service: name });
    expect(received).toEqual([]);
  });

  it.each([
    ["GET", "/s/"],
    ["GET", "/s/one"],
    ["GET", "/s/one/"],
    ["GET", "/s/one/healthz"],
    ["GET", "/s/one/s/one/v2/user/"],
    ["GET", "/s/nobody/../one/v2/user/"],
    ["GET", "/s/%2e%2e/s/one/v2/user/"],
    ["GET", "/s/other/..%2F..%2Fs/one/v2/user/"],
    ["GET", "/S/one/v2/user/"],
    ["DELETE", `/S/one/v1/org/${org}/team/${team}`],
    ["GET", "/s/a%20b/v2/user/"],
  ])("answers %s %s with the dashboard's own JSON 404 and forwards nothing", async (method, path) => {
    const answer = await rawRequest(proxy.port, method, path, credentials);
    expect(answer.status).toBe(404);
    expect(answer.headers["x-dashboard-refusal"]).toBe("not-forwarded");
    expect(JSON.parse(answer.body)).toEqual({ detail: "Not Found" });
    expect(received).toEqual([]);
  });

  it("serves nothing at this origin's own paths unless the file names a default service", async () => {
    const here = await rawRequest(proxy.port, "GET", "/v2/user/", credentials);
    expect(here.status).toBe(404);
    expect(here.headers["x-dashboard-refusal"]).toBe("not-forwarded");
    const withDefault = createServicesApp({
      services: [{ name: "one", label: "One", environment: "sandbox", ...upstreamOf() }],
      default: "one",
    });
    expect((await withDefault.request("/v2/user/?limit=1", { headers: credentials })).status).toBe(200);
    expect(received.map((r) => r.url)).toEqual(["/v2/user/?limit=1"]);
  });

  it("logs one line a request, naming the service, without key or query", async () => {
    logged.length = 0;
    await rawRequest(proxy.port, "GET", "/s/one/v2/user/?limit=1", credentials);
    await rawRequest(proxy.port, "GET", "/s/nobody/v2/user/", credentials);
    expect(logged).toEqual([
      expect.stringMatching(/^GET \/s\/one\/v2\/user\/ 200 /),
      expect.stringMatching(/^GET \/s\/nobody\/v2\/user\/ 404 /),
    ]);
    for (const key of Object.values(keys)) expect(logged.join("\n")).not.toContain(key);
  });

  it("answers 502 naming the service it could not reach, and never tries another", async () => {
    const answer = await rawRequest(proxy.port, "GET", "/s/other/v2/user/", credentials);
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({ detail: "The service other could not be reached." });
    expect(received).toEqual([]);
  });

  it("gives up on a service that does not answer in time", async () => {
    const silent = createServer(() => {}); // accepts, never answers
    await new Promise<void>((done) => silent.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const app = createServicesApp(
      { services: [{ name: "slow", label: "Slow", environment: "sandbox", baseUrl: url, managementUrl: url }], default: null },
      { timeoutMs: 100 },
    );
    const answer = await app.request("/s/slow/v2/user/", { headers: credentials });
    expect(answer.status).toBe(502);
    silent.closeAllConnections();
    await new Promise((done) => silent.close(done));
  });

  const page = '{"users": [], "total": 0, "offset": 0, "limit": 1}';
  /** The proxy of `service`, waiting at most half a second of its silence. */
  const proxyOf = ({ url }: { url: string }) =>
    createServicesApp(
      { services: [{ name: "far", label: "Far", environment: "sandbox", baseUrl: url, managementUrl: url }], default: null },
      { timeoutMs: 500 },
    );

  it("passes on an answer that keeps coming, however much longer than the timeout it takes", async () => {
    // Twelve pieces 100 ms apart: 1.2 s in all, never silent for the half second the proxy waits.
    const service = await tricklingService(page, { pieces: 12, gapMs: 100 });
    const answer = await proxyOf(service).request("/s/far/v2/user/", { headers: credentials });
    expect(answer.status).toBe(200);
    expect(await answer.text().finally(service.close)).toBe(page);
  });

  it("passes on a whole answer to a reader slower than the timeout, the upstream quick", async () => {
    const large = JSON.stringify({ users: [], note: "x".repeat(1 << 20) });
    const service = await tricklingService(large, { pieces: 1, gapMs: 0 });
    const answer = await proxyOf(service).request("/s/far/v2/user/", { headers: credentials });
    const reader = answer.body!.getReader();
    let read = (await reader.read()).value!.byteLength;
    expect(read).toBeLessThan(large.length);
    // Paused longer than the half second the proxy waits for the upstream, which sent all at once.
    await new Promise((done) => setTimeout(done, 800));
    for (let next = await reader.read(); !next.done; next = await reader.read()) read += next.value.byteLength;
    await service.close();
    expect(read).toBe(large.length);
  });

  it.each([
    [301, "https://api.example.com/v2/user/?api_key=secret-in-query#frag", "/v2/user/", "https://api.example.com/v2/user/", "baseUrl"],
    [307, "/login?next=%2Fv2%2Fuser", "/v2/user/", "/login", "baseUrl"],
    [
      308,
      "https://manage.example.com/v1/org/x/team/y",
      `/v1/org/${org}/team/${team}`,
      "https://manage.example.com/v1/org/x/team/y",
      "managementUrl",
    ],
  ])(
    "answers a %i redirect of the service with its own 502, saying where it pointed (no query), never passing it on",
    async (status, location, path, shown, setting) => {
      const redirecting = createServer((request, response) => {
        request.resume();
        response.writeHead(status, { location, "content-type": "text/html" }).end("<a>moved</a>");
      });
      await new Promise<void>((done) => redirecting.listen(0, "127.0.0.1", done));
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      const answer = await proxyOf({ url }).request(`/s/far${path}`, {
        method: path.startsWith("/v1/") ? "DELETE" : "GET",
        headers: credentials,
      });
      await new Promise((done) => redirecting.close(done));
      expect(answer.status).toBe(502);
      expect(answer.headers.get("location")).toBeNull();
      expect(answer.headers.get("x-dashboard-refusal")).toBe("upstream-redirect");
      const shownAt = shown.startsWith("/") ? `${url}${shown}` : shown;
      expect(await answer.json()).toEqual({
        detail: `The service far answered ${status} with a redirect to ${shownAt}, which this dashboard does not follow: check its ${setting} in the deployment file.`,
        service: "far",
      });
    },
  );

  it("cuts an answer that stops coming", async () => {
    const service = await tricklingService(page, { pieces: 4, gapMs: 50, stall: true });
    const answer = await proxyOf(service).request("/s/far/v2/user/", { headers: credentials });
    expect(answer.status).toBe(200);
    await expect(answer.text().finally(service.close)).rejects.toThrow();
  });
});
