/**
 * Sign-in in Chromium through a real OpenID provider's own login page (oidc-provider, its own
 * process), two dashboard processes sharing one session secret (replicas), a counting stub of the
 * service. The page's own sign-in screen and header are the UI's specs; these are the server's.
 */
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  deploymentFile,
  freePort,
  orgId,
  people,
  secretEnv,
  secrets,
  startProvider,
  startStubService,
  teamId,
  type StubService,
} from "../server/auth/sign-in-harness.ts";
import { postgresBin, startTestPostgres } from "../server/activity/postgres-for-tests.ts";
import { runVerify } from "../server/activity/verify-cli-for-tests.ts";
import { spawnServer, type SpawnedServer } from "../server/spawn-server.ts";

test.describe.configure({ mode: "serial" });

let provider: SpawnedServer;
let stub: StubService;
const dashboards: SpawnedServer[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const ports = [await freePort(), await freePort()];
  provider = await startProvider(ports.map((port) => `http://127.0.0.1:${port}/auth/callback`));
  stub = await startStubService();
  const dir = mkdtempSync(join(tmpdir(), "sign-in-e2e-"));
  const file = join(dir, "deploy.json");
  writeFileSync(file, JSON.stringify(deploymentFile(stub.url, { oidc: { issuer: provider.url } })));
  // One after the other: the first builds the app if it must, the second finds it built.
  for (const [i, port] of ports.entries()) {
    const db = join(dir, `activity-${i}.sqlite`);
    dashboards.push(await spawnServer("server/start.ts", ["--config", file, "--port", String(port), "--activity-db", db], secretEnv));
  }
});

test.afterAll(async () => {
  for (const dashboard of dashboards) await dashboard.stop();
  await stub?.close();
  await provider?.stop();
  // The dashboards' whole output: the request log and the activity record's lines, never a key.
  for (const dashboard of dashboards) for (const secret of Object.values(secrets)) expect(dashboard.output()).not.toContain(secret);
});

/** Every answer the browser received, headers and body, to search for the deployment's keys. */
function watch(page: Page) {
  const received: Promise<string>[] = [];
  page.on("response", (response) => {
    received.push((async () => `${JSON.stringify(await response.allHeaders())}\n${await response.text().catch(() => "")}`)());
  });
  return async () => (await Promise.all(received)).join("\n");
}

/** Through the provider's own pages, from the dashboard's sign-in screen (`viaScreen`) or its sign-in path. */
async function signIn(page: Page, dashboard: string, email: string, viaScreen = false) {
  if (viaScreen) {
    await page.goto(`${dashboard}/teams`);
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
  } else await page.goto(`${dashboard}/auth/sign-in?next=/teams`);
  // The provider's own pages: its login form, then its consent.
  await page.getByPlaceholder("Enter any login").fill(email);
  await page.getByPlaceholder("and password").fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${dashboard}/teams`);
}

const sessionOf = async (page: Page, dashboard: string) => (await page.request.get(`${dashboard}/auth/session`)).json();

test("signs in through the provider's login page; a replica honours the session; sign-out ends it", async ({ page }) => {
  const [one, two] = dashboards.map((d) => d.url) as [string, string];
  const seen = watch(page);
  await signIn(page, one, people.operator, true);
  // The page's header names the person (the UI's own specs cover the rest of it).
  await expect(page.getByText("Signed in as Otto Operator")).toBeVisible();
  expect(await sessionOf(page, one)).toEqual({
    auth: "oidc",
    signedIn: true,
    email: people.operator,
    name: "Otto Operator",
    roles: { "us-prod": "admin", "eu-sandbox": "admin" },
  });
  // The other process, sharing only the session secret, reads the same cookie.
  expect(await sessionOf(page, two)).toMatchObject({ signedIn: true, email: people.operator });

  // The operator's delete, sent from the dashboard's own page with no key: one DELETE at the service, with the held key.
  const before = stub.seen.length;
  const status = await page.evaluate(
    async (path) => (await fetch(path, { method: "DELETE", credentials: "same-origin" })).status,
    `/s/us-prod/v1/org/${orgId}/team/${teamId}`,
  );
  expect(status).toBe(204);
  expect(stub.seen.slice(before).map((r) => [r.method, r.headers["x-management-key"]])).toEqual([["DELETE", secrets.managementKey]]);

  // A form on another origin (same site: another port of 127.0.0.1, so the Lax cookie goes along) cannot sign her out.
  await page.goto(`${two}/teams`);
  const crossSite = await page.evaluate(async (target) => {
    const answer = await fetch(target, { method: "POST", credentials: "include", mode: "no-cors" });
    return answer.type;
  }, `${one}/auth/sign-out`);
  expect(crossSite).toBe("opaque");
  expect(await sessionOf(page, one)).toMatchObject({ signedIn: true });

  // Signing out with the header's button: the next request is refused.
  await page.goto(`${one}/teams`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${one}/`);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  expect((await page.request.get(`${one}/deployment.json`)).status()).toBe(401);
  expect(await sessionOf(page, one)).toMatchObject({ signedIn: false });

  // No key in anything the browser received, nor in its storage.
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  const everything = (await seen()) + storage;
  for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
});

test("a viewer's DELETE written by hand with her cookie is a 403, and none reaches the service", async ({ page }) => {
  const [one] = dashboards.map((d) => d.url) as [string];
  await signIn(page, one, people.viewer);
  const before = stub.seen.filter((r) => r.method === "DELETE").length;
  const answer = await page.evaluate(async (path) => {
    const response = await fetch(path, { method: "DELETE" });
    return { status: response.status, body: await response.json() };
  }, `/s/us-prod/v1/org/${orgId}/team/${teamId}`);
  expect(answer).toEqual({
    status: 403,
    body: { detail: `${people.viewer} is a viewer of us-prod: deleting a team needs the operator role.` },
  });
  expect(stub.seen.filter((r) => r.method === "DELETE").length).toBe(before);
});

test("two dashboard processes on one PostgreSQL append to one chain that activity:verify finds whole", async () => {
  const bin = postgresBin();
  test.skip(!bin, "PostgreSQL's binaries are not installed (Debian's postgresql package)");
  test.setTimeout(180_000);
  const postgres = await startTestPostgres(bin!);
  const replicas: SpawnedServer[] = [];
  try {
    const dir = mkdtempSync(join(tmpdir(), "replicas-e2e-"));
    const file = join(dir, "deploy.json");
    // Behind an identity proxy on this machine: its header names the person, so no provider is needed here.
    writeFileSync(file, JSON.stringify(deploymentFile(stub.url, { proxy: { trustedAddresses: ["127.0.0.1"] } })));
    for (let i = 0; i < 2; i++)
      replicas.push(
        await spawnServer("server/start.ts", ["--config", file, "--port", "0", "--quiet", "--activity-db", postgres.url], secretEnv),
      );
    const as = (email: string) => ({ "x-forwarded-email": email, "x-forwarded-groups": "staff", "x-dashboard-team": teamId });
    // Both replicas at once, each for one person: the database orders the appends.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${replicas[i % 2]!.url}/s/us-prod/v2/user/?offset=0&limit=${i + 1}`, {
          headers: as(i % 2 ? people.operator : people.viewer),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const verified = await runVerify(["--activity-db", postgres.url]);
    expect(verified.err).toBe("");
    expect(verified.out.trim()).toBe("The activity record is whole: 20 rows.");
    expect(verified.code).toBe(0);
    // One record, read through either replica by an admin: both people's rows.
    const read = await fetch(`${replicas[0]!.url}/api/activity?limit=500`, { headers: as(people.operator) });
    const { rows } = (await read.json()) as { rows: { who: string; seq: number; usersReturned: number; limit: number }[] };
    expect(new Set(rows.filter((r) => r.limit !== null).map((r) => r.who))).toEqual(new Set([people.viewer, people.operator]));
    expect(rows.filter((r) => r.limit !== null).every((r) => r.usersReturned === Math.min(r.limit, 7))).toBe(true);
  } finally {
    for (const replica of replicas) await replica.stop();
    await postgres.stop();
  }
});
