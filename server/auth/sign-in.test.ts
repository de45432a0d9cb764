/**
 * Sign-in over real HTTP against a real OpenID provider in its own process (its own login and
 * consent pages), dashboards in this process on a counting stub of the service: sessions, roles,
 * keys held by the deployment, the Origin check, the activity record, two dashboards sharing a
 * session secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpawnedServer } from "../spawn-server.ts";
import {
  CookieJar,
  deploymentFile,
  freePort,
  orgId,
  people,
  secrets,
  signIn,
  startDashboard,
  startProvider,
  startStubService,
  teamId,
  type RunningDashboard,
  type StubService,
} from "./sign-in-harness.ts";
import { sameOriginPath } from "./sign-in.ts";

let provider: SpawnedServer;
let stub: StubService;
let one: RunningDashboard;
let two: RunningDashboard;
const jars: CookieJar[] = [];

beforeAll(async () => {
  const ports = [await freePort(), await freePort()];
  provider = await startProvider(ports.map((port) => `http://127.0.0.1:${port}/auth/callback`));
  stub = await startStubService();
  const file = deploymentFile(stub.url, { oidc: { issuer: provider.url } }, { activity: { retentionDays: 30 } });
  // Two dashboards sharing one session secret (replicas): a session made on one is honoured by the other.
  one = await startDashboard(file, { port: ports[0] });
  two = await startDashboard(file, { port: ports[1] });
}, 60_000);

afterAll(async () => {
  await one?.close();
  await two?.close();
  await stub?.close();
  await provider?.stop();
  // No answer the client received, nor any line the dashboards logged, holds a key or a secret.
  const everything = [...jars.flatMap((jar) => jar.received), ...one.logged, ...two.logged].join("\n");
  for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
});

const jar = () => {
  const made = new CookieJar();
  jars.push(made);
  return made;
};
const session = async (client: CookieJar, url: string) =>
  (await (await client.fetch(`${url}/auth/session`)).json()) as Record<string, unknown>;
const deletePath = `/s/us-prod/v1/org/${orgId}/team/${teamId}`;
const deletesSeen = () => stub.seen.filter((r) => r.method === "DELETE").length;

describe("signing in through the OpenID provider", () => {
  it("answers nothing but the app and the sign-in without a session", async () => {
    const client = jar();
    expect(await session(client, one.url)).toEqual({ auth: "oidc", signedIn: false, email: null, name: null, roles: {} });
    for (const path of ["/deployment.json", "/s/us-prod/v2/user/", "/api/activity", "/api/deletions", "/v2/user/", "/logos/x.svg"]) {
      const answer = await client.fetch(`${one.url}${path}`);
      expect(answer.status, path).toBe(401);
      expect(await answer.json()).toEqual({ detail: "Sign in to use the dashboard." });
      expect(answer.headers.get("x-dashboard-refusal")).toBe("not-signed-in");
    }
    expect((await client.fetch(`${one.url}/`)).status).toBe(200);
    expect((await client.fetch(`${one.url}/teams`)).status).toBe(200);
    expect((await client.fetch(`${one.url}/assets/app-1234.js`)).status).toBe(200);
    expect(stub.seen).toHaveLength(0);
  });

  it("signs a person in with PKCE, state and nonce, back to the page they asked for; the cookie is HttpOnly and SameSite=Lax", async () => {
    const client = jar();
    const start = await client.fetch(`${one.url}/auth/sign-in?next=/users/x`);
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get("location")!);
    expect(to.origin).toBe(provider.url);
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("state")).toBeTruthy();
    expect(to.searchParams.get("nonce")).toBeTruthy();
    const { url } = await signIn(client, one.url, people.viewer, "/users/x");
    expect(url).toBe(`${one.url}/users/x`);
    expect(await session(client, one.url)).toEqual({
      auth: "oidc",
      signedIn: true,
      email: people.viewer,
      name: "Vera Viewer",
      roles: { "us-prod": "viewer" },
    });
  });

  it("never sends a person to another site after signing in", async () => {
    const client = jar();
    const { url } = await signIn(client, one.url, people.viewer, "//evil.example/x");
    expect(url).toBe(`${one.url}/`);
    // A browser drops a tab from a URL: "/<tab>/evil.example" is "//evil.example" to it.
    for (const next of ["/\t/evil.example", "/\\evil.example", "/\n/evil.example", "https://evil.example/"])
      expect(sameOriginPath(next), next).toBe("/");
    expect(sameOriginPath("/t/x/users?page=2#top")).toBe("/t/x/users?page=2#top");
  });

  it("refuses an email the provider has not verified: roles are given by email", async () => {
    const client = jar();
    const { response } = await signIn(client, one.url, "una@acme.example");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      detail: "The identity provider has not verified una@acme.example: verify it there, then sign in again.",
    });
    expect((await session(client, one.url)).signedIn).toBe(false);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, for the session's lifetime", async () => {
    const client = jar();
    await signIn(client, one.url, people.viewer);
    // The callback's own answer, seen by signing in once more and reading its Set-Cookie.
    const again = jar();
    const start = await again.fetch(`${one.url}/auth/sign-in`);
    expect(start.headers.getSetCookie().join()).toMatch(/HttpOnly/);
    const cookieLines: string[] = [];
    const original = again.fetch.bind(again);
    again.fetch = async (url, init) => {
      const answer = await original(url, init);
      if (url.includes("/auth/callback")) cookieLines.push(...answer.headers.getSetCookie());
      return answer;
    };
    await signIn(again, one.url, people.viewer);
    const line = cookieLines.find((l) => l.startsWith("dashboard_session="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=3600/);
    expect(line).not.toMatch(/Secure/); // plain http here; behind https it is Secure
  });

  it("ends the session at sign-out: the next request is refused", async () => {
    const client = jar();
    await signIn(client, one.url, people.viewer);
    expect((await client.fetch(`${one.url}/deployment.json`)).status).toBe(200);
    const out = await client.fetch(`${one.url}/auth/sign-out`, { method: "POST", headers: { origin: one.url } });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/");
    expect((await client.fetch(`${one.url}/deployment.json`)).status).toBe(401);
    expect((await session(client, one.url)).signedIn).toBe(false);
  });

  it("refuses a cookie that was altered", async () => {
    const client = jar();
    await signIn(client, one.url, people.operator);
    const cookie = client.cookie(one.url, "dashboard_session")!;
    const altered = cookie.slice(0, -4) + (cookie.endsWith("AAAA") ? "BBBB" : "AAAA");
    const answer = await fetch(`${one.url}/deployment.json`, { headers: { cookie: `dashboard_session=${altered}` } });
    expect(answer.status).toBe(401);
  });

  it("honours a session made on one dashboard on another sharing its secret", async () => {
    const client = jar();
    await signIn(client, one.url, people.operator);
    const cookie = client.cookie(one.url, "dashboard_session")!;
    const answer = await fetch(`${two.url}/auth/session`, { headers: { cookie: `dashboard_session=${cookie}` } });
    expect(await answer.json()).toMatchObject({ signedIn: true, email: people.operator });
  });
});

describe("roles and the keys the deployment holds", () => {
  it("tells the browser which keys the deployment holds, never the keys", async () => {
    const client = jar();
    await signIn(client, one.url, people.viewer);
    const body = (await (await client.fetch(`${one.url}/deployment.json`)).json()) as {
      teams: { keyHeld?: boolean }[];
      organizations: { keyHeld?: boolean }[];
    };
    expect(body.teams[0]!.keyHeld).toBe(true);
    expect(body.organizations[0]!.keyHeld).toBe(true);
  });

  it("lists a provided team's users for a viewer with the held key, which the browser never sent", async () => {
    const client = jar();
    await signIn(client, one.url, people.viewer);
    const before = stub.seen.length;
    const answer = await client.fetch(`${one.url}/s/us-prod/v2/user/?offset=2&limit=3`, { headers: { "x-dashboard-team": teamId } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { users: unknown[] }).users).toHaveLength(3);
    const arrived = stub.seen.slice(before);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.headers["x-service-api-key"]).toBe(secrets.teamKey);
    expect(arrived[0]!.headers.cookie).toBeUndefined();
  });

  it("refuses a viewer's DELETE written by hand: a 403 that says why, and nothing reaches the service", async () => {
    const client = jar();
    await signIn(client, one.url, people.viewer);
    const before = deletesSeen();
    const answer = await client.fetch(`${one.url}${deletePath}`, { method: "DELETE", headers: { origin: one.url } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("x-dashboard-refusal")).toBe("forbidden");
    expect(await answer.json()).toEqual({
      detail: `${people.viewer} is a viewer of us-prod: deleting a team needs the operator role.`,
    });
    // Her own key changes nothing: the role is the server's to check.
    const own = await client.fetch(`${one.url}${deletePath}`, {
      method: "DELETE",
      headers: { origin: one.url, "x-management-key": "her-own" },
    });
    expect(own.status).toBe(403);
    expect(deletesSeen()).toBe(before);
  });

  it("refuses a service the person has no role on, even with their own key", async () => {
    const client = jar();
    await signIn(client, one.url, people.viewer);
    const before = stub.seen.length;
    const answer = await client.fetch(`${one.url}/s/eu-sandbox/v2/user/`, { headers: { "x-service-api-key": "her-own-key" } });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ detail: `${people.viewer} has no role on eu-sandbox.` });
    expect(stub.seen.length).toBe(before);
  });

  it("forwards an operator's delete once, with the deployment's management key", async () => {
    const client = jar();
    await signIn(client, one.url, people.operator);
    const before = stub.seen.length;
    const answer = await client.fetch(`${one.url}${deletePath}`, { method: "DELETE", headers: { origin: one.url } });
    expect(answer.status).toBe(204);
    const arrived = stub.seen.slice(before);
    expect(arrived.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/org/${orgId}/team/${teamId}`]);
    expect(arrived[0]!.headers["x-management-key"]).toBe(secrets.managementKey);
  });

  it("refuses a cross-site DELETE and POST, even from an operator: nothing reaches the service", async () => {
    const client = jar();
    await signIn(client, one.url, people.operator);
    const before = stub.seen.length;
    for (const [method, path] of [
      ["DELETE", deletePath],
      ["POST", "/auth/sign-out"],
    ]) {
      const answer = await client.fetch(`${one.url}${path}`, { method, headers: { origin: "https://evil.example" } });
      expect(answer.status, method).toBe(403);
      expect(answer.headers.get("x-dashboard-refusal")).toBe("cross-site");
      expect(await answer.json()).toEqual({ detail: "This request did not come from the dashboard's own pages." });
    }
    // The form a cross-site page would post (no Origin at all, as an old browser) is refused too.
    const bare = await client.fetch(`${one.url}${deletePath}`, { method: "DELETE" });
    expect(bare.status).toBe(403);
    expect(stub.seen.length).toBe(before);
    expect((await session(client, one.url)).signedIn).toBe(true); // the refused sign-out ended nothing
  });
});

describe("the activity record", () => {
  it("records both people's actions by name, refusals too, for an admin; users counted from a compressed page", async () => {
    const viewer = jar();
    await signIn(viewer, one.url, people.viewer);
    await viewer.fetch(`${one.url}/s/us-prod/v2/user/?offset=0&limit=5`, {
      headers: { "x-dashboard-team": teamId, "accept-encoding": "gzip" },
    });
    await viewer.fetch(`${one.url}${deletePath}`, { method: "DELETE", headers: { origin: one.url } });
    expect((await viewer.fetch(`${one.url}/api/activity`)).status).toBe(403);
    // A team named by the browser with a key of its own is not the server's to vouch for: no team, and still a row.
    await viewer.fetch(`${one.url}/s/us-prod/v2/user/?offset=0&limit=3`, {
      headers: { "x-dashboard-team": "f".repeat(600), "x-service-api-key": "a-key-of-her-own" },
    });
    expect((await jar().fetch(`${one.url}/deployment.json`)).status).toBe(401);

    const admin = jar();
    await signIn(admin, one.url, people.operator);
    const answer = await admin.fetch(`${one.url}/api/activity?limit=500`);
    expect(answer.status).toBe(200);
    const { rows } = (await answer.json()) as { rows: Record<string, unknown>[] };
    const list = rows.find((r) => r.who === people.viewer && r.operation === "list-users" && r.limit === 5);
    expect(list).toMatchObject({ service: "us-prod", teamId, offset: 0, status: 200, outcome: "ok", usersReturned: 5 });
    const refused = rows.find((r) => r.who === people.viewer && r.operation === "delete-team");
    expect(refused).toMatchObject({ outcome: "refused", status: 403, orgId, teamId });
    expect(String(refused!.reason)).toMatch(/needs the operator role/);
    expect(rows.some((r) => r.who === people.operator && r.operation === "sign-in" && r.outcome === "ok")).toBe(true);
    expect(rows.some((r) => r.who === people.operator && r.operation === "delete-team" && r.outcome === "ok")).toBe(true);
    expect(rows.some((r) => r.who === null && r.outcome === "refused" && r.status === 401)).toBe(true);
    expect(rows.find((r) => r.who === people.viewer && r.operation === "list-users" && r.limit === 3)).toMatchObject({ teamId: null });
    expect(rows.find((r) => r.operation === "other-request" && String(r.reason).endsWith("(GET /deployment.json)"))).toMatchObject({
      who: null,
      status: 401,
      outcome: "refused",
    });
    expect(JSON.stringify(rows)).not.toContain("a-key-of-her-own");
    expect(await one.forwarding.record.verify()).toMatchObject({ whole: true });

    const deletions = await admin.fetch(`${one.url}/api/deletions?team=${teamId}`);
    expect(await deletions.json()).toMatchObject({ deletions: { [teamId]: { who: people.operator } } });
  });

  it("writes each row as one JSON line on the log", () => {
    const lines = one.logged.filter((line) => line.startsWith('{"activity"'));
    expect(lines.length).toBeGreaterThan(5);
    expect(JSON.parse(lines[0]!)).toHaveProperty("activity.hash");
  });
});
