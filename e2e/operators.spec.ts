/**
 * The page side of sign-in, roles and keys held by the deployment, in Chromium against the real
 * servers: a real OpenID provider in its own process (the sign-in harness's), the reference
 * service with the demo's teams in its own, and a dashboard whose deployment holds their keys.
 * A viewer browses a held-key team with no key typed and is not offered Delete team…; an
 * operator (an admin) deletes one through the dialog with no key typed; the Activity page shows
 * both; no key reaches the page. Every new state is checked with axe.
 */
import type { Browser, Page } from "@playwright/test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, people, secretEnv, secrets, startProvider } from "../server/auth/sign-in-harness.ts";
import type { Credentials } from "../server/service.ts";
import { spawnServer, type SpawnedServer } from "../server/spawn-server.ts";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

let provider: SpawnedServer;
let service: SpawnedServer;
let dashboard: SpawnedServer;
let dashboardUrl: string;
let org: Credentials["orgs"][number];
/** The keys the deployment holds: never in anything the browser gets. */
let heldKeys: string[];
const dir = mkdtempSync(join(tmpdir(), "operators-e2e-"));
/** Screenshots to look at (not committed): OPERATORS_SHOTS=folder. */
const shots = process.env.OPERATORS_SHOTS;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const credentialsFile = join(dir, "credentials.json");
  service = await spawnServer("server/cli.ts", [
    ...["--port", "0", "--db", ":memory:", "--seed", "demo", "--demo-users", "40"],
    ...["--credentials-out", credentialsFile],
  ]);
  org = (JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials).orgs[0]!;
  const [browse, remove, elsewhere] = org.teams as [Credentials["orgs"][number]["teams"][number], ...typeof org.teams];
  heldKeys = [browse.api_key, remove!.api_key, elsewhere!.api_key, org.management_key];
  const port = await freePort();
  provider = await startProvider([`http://127.0.0.1:${port}/auth/callback`]);
  const file = join(dir, "deploy.json");
  writeFileSync(
    file,
    JSON.stringify({
      services: [
        { name: "us-prod", label: "US", environment: "production", baseUrl: service.url },
        { name: "eu-sandbox", label: "EU", environment: "sandbox", baseUrl: service.url },
      ],
      organizations: [{ label: "Acme US", orgId: org.org_id, service: "us-prod", managementKey: { env: "OPS_MANAGEMENT_KEY" } }],
      teams: [
        { label: "Sleep study", service: "us-prod", teamId: browse.team_id, orgId: org.org_id, apiKey: { env: "OPS_KEY_BROWSE" } },
        { label: "Cardio trial", service: "us-prod", teamId: remove!.team_id, orgId: org.org_id, apiKey: { env: "OPS_KEY_REMOVE" } },
        { label: "EU pilot", service: "eu-sandbox", teamId: elsewhere!.team_id, orgId: null, apiKey: { env: "OPS_KEY_ELSEWHERE" } },
      ],
      auth: {
        oidc: {
          issuer: provider.url,
          clientId: "dashboard",
          clientSecret: { env: "TEST_OIDC_CLIENT_SECRET" },
          scopes: ["openid", "email", "profile", "groups"],
        },
        session: { secret: { env: "TEST_SESSION_SECRET" }, lifetimeMinutes: 60 },
        access: [
          { services: "*", emails: [people.operator], role: "admin" },
          { services: ["us-prod"], groups: ["staff"], role: "viewer" },
        ],
      },
    }),
  );
  dashboard = await spawnServer(
    "server/start.ts",
    ["--config", file, "--port", String(port), "--activity-db", join(dir, "activity.sqlite"), "--quiet"],
    {
      ...secretEnv,
      OPS_KEY_BROWSE: browse.api_key,
      OPS_KEY_REMOVE: remove!.api_key,
      OPS_KEY_ELSEWHERE: elsewhere!.api_key,
      OPS_MANAGEMENT_KEY: org.management_key,
    },
  );
  dashboardUrl = dashboard.url;
});

test.afterAll(async () => {
  await dashboard?.stop();
  await provider?.stop();
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every answer the page received, headers and body, to search for the held keys. */
function watch(page: Page) {
  const received: Promise<string>[] = [];
  page.on("response", (response) => {
    received.push((async () => `${JSON.stringify(await response.allHeaders())}\n${await response.text().catch(() => "")}`)());
  });
  return async () => (await Promise.all(received)).join("\n");
}

/** localStorage, sessionStorage and every IndexedDB database's object stores, as text. */
async function storageOf(page: Page) {
  return page.evaluate(async () => {
    const stores: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error as Error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error as Error);
        });
        stores.push(JSON.stringify(all));
      }
      db.close();
    }
    return stores.join("\n");
  });
}

async function expectNoHeldKey(page: Page, received: () => Promise<string>) {
  const everything = `${await received()}\n${await storageOf(page)}`;
  for (const key of [...heldKeys, secrets.client, secrets.session]) expect(everything).not.toContain(key);
}

/** Through the sign-in screen's button and the provider's own login and consent pages, back to where it started. */
async function signInAs(page: Page, email: string, path = "/teams") {
  await page.goto(`${dashboardUrl}${path}`);
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByPlaceholder("Enter any login").fill(email);
  await page.getByPlaceholder("and password").fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${dashboardUrl}${path}`);
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** The same page dark, and in a narrow window, for the eye; axe on the narrow one. */
async function shootThemes(page: Page, name: string, expectAccessible: (page?: Page) => Promise<void>) {
  await shoot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await shoot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 380, height: 800 });
  await expectAccessible(page);
  await shoot(page, `${name}-narrow`);
  if (size) await page.setViewportSize(size);
}

const newPage = async (browser: Browser) => (await browser.newContext({ baseURL: undefined })).newPage();

test("signed out: the sign-in screen, and nothing of the dashboard", async ({ browser, expectAccessible }) => {
  const page = await newPage(browser);
  await page.goto(`${dashboardUrl}/teams?from=link`);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/sign-in?next=%2Fteams%3Ffrom%3Dlink");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectAccessible(page);
  await shootThemes(page, "sign-in", expectAccessible);
  await page.context().close();
});

test("a viewer browses a held-key team with no key typed, and is not offered Delete team…", async ({ browser, expectAccessible }) => {
  const page = await newPage(browser);
  const received = watch(page);
  await signInAs(page, people.viewer);

  await expect(page.getByRole("banner").getByText("Vera Viewer")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Activity" })).toHaveCount(0);

  const teams = page.getByRole("table", { name: "Teams" });
  const sleep = teams.getByRole("row", { name: /Sleep study/ });
  await expect(sleep.getByText("Key held by the deployment")).toBeVisible();
  await expect(sleep.getByRole("cell", { name: "40" })).toBeVisible();
  await expect(sleep.getByText("You are a viewer of US production: deleting needs the operator role.")).toBeVisible();
  await expect(sleep.getByRole("button", { name: /Delete team/ })).toHaveCount(0);
  await expect(sleep.getByRole("button", { name: /Set key/ })).toHaveCount(0);
  const pilot = teams.getByRole("row", { name: /EU pilot/ });
  await expect(pilot.getByText("You have no role on EU sandbox: its teams are not open to you.")).toBeVisible();
  await expect(pilot.getByRole("link")).toHaveCount(0);
  // Only its ID's Copy: nothing that acts on the team.
  await expect(pilot.getByRole("button", { name: /Delete|Set key|Edit|Remove/ })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Organizations" }).getByText("Key held by the deployment")).toBeVisible();
  await expectAccessible(page);
  await shootThemes(page, "viewer-teams", expectAccessible);

  // Open users: the held key's team, its users listed, nothing typed.
  await sleep.getByRole("link", { name: "Open users of Sleep study" }).click();
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Users" }).getByRole("row")).toHaveCount(41, { timeout: 20_000 });
  await expect(page.getByRole("link", { name: "Delete this team…" })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "viewer-users");

  await expectNoHeldKey(page, received);
  await page.context().close();
});

test("an operator deletes a held-key team through the dialog, typing no key", async ({ browser, expectAccessible }) => {
  const page = await newPage(browser);
  const received = watch(page);
  await signInAs(page, people.operator);
  await expect(page.getByRole("banner").getByText("Otto Operator")).toBeVisible();
  const cardio = page.getByRole("table", { name: "Teams" }).getByRole("row", { name: /Cardio trial/ });
  await expect(cardio.getByText("Key held by the deployment")).toBeVisible();
  await expectAccessible(page);

  await cardio.getByRole("button", { name: "Delete team Cardio trial…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete team Cardio trial" });
  await expect(dialog.getByRole("textbox")).toHaveCount(1); // the confirmation only: no key asked
  await expect(dialog.getByRole("textbox", { name: /key/i })).toHaveCount(0);
  await dialog.getByLabel("Type the team's label or ID to confirm").fill(org.teams[1]!.team_id);
  await dialog.getByRole("button", { name: "Delete this team" }).click();
  // The undo window passes; then the row says so.
  await expect(cardio.getByText("Deleted", { exact: true })).toBeVisible({ timeout: 30_000 });
  // The service deleted it: the team's own key no longer opens its list.
  const after = await fetch(`${service.url}/v2/user/?limit=1`, { headers: { "x-service-api-key": org.teams[1]!.api_key } });
  expect(after.status).toBe(401);

  // Another tab, with none of this tab's record: the server's record says who and when.
  const other = await page.context().newPage();
  await other.goto(`${dashboardUrl}/teams`);
  await other.evaluate(() => sessionStorage.clear());
  await other.reload();
  await expect(other.getByRole("row", { name: /Cardio trial/ }).getByText(`Deleted by ${people.operator} on`)).toBeVisible();
  await expectAccessible(other);
  await shoot(other, "operator-deleted-row");

  await expectNoHeldKey(page, received);
  await page.context().close();
});

test("the admin's Activity page: both people's actions, filters in the URL, downloads of those rows", async ({
  browser,
  expectAccessible,
}) => {
  const page = await newPage(browser);
  const received = watch(page);
  await signInAs(page, people.operator, "/activity");
  const record = page.getByRole("region", { name: /Activity record/ });
  await expect(record.getByRole("row", { name: new RegExp(`${people.viewer}.*List users`) }).first()).toBeVisible();
  await expect(record.getByRole("row", { name: new RegExp(`${people.operator}.*Delete team`) })).toHaveCount(1);
  await expectAccessible(page);
  await shootThemes(page, "activity", expectAccessible);

  // The downloads hold the same rows as the page.
  for (const [name, format] of [
    ["Download CSV", "csv"],
    ["Download NDJSON", "ndjson"],
  ] as const) {
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name }).click();
    const text = readFileSync((await (await download).path())!, "utf8");
    expect(text).toContain(people.viewer);
    expect(text).toContain(people.operator);
    expect(text).toContain(org.teams[1]!.team_id);
    if (format === "ndjson")
      expect(
        text
          .trim()
          .split("\n")
          .every((line) => JSON.parse(line) !== null),
      ).toBe(true);
  }

  // Filtered to the viewer: only her rows; the URL keeps it.
  await page.getByLabel("Operator").fill(people.viewer);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]who=vera%40acme\.example/);
  await expect(record.getByRole("row", { name: new RegExp(people.operator) })).toHaveCount(0);
  await expect(record.getByRole("row", { name: new RegExp(people.viewer) }).first()).toBeVisible();
  const filteredCsv = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = readFileSync((await (await filteredCsv).path())!, "utf8");
  expect(csv).toContain(people.viewer);
  expect(csv).not.toContain(people.operator);
  await expectAccessible(page);
  await shoot(page, "activity-filtered");

  // Nothing matches: the empty state.
  await page.getByLabel("Operation").selectOption("sign-out");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("heading", { name: "Nothing matches these filters" })).toBeVisible();
  await expectAccessible(page);

  // The server failing: the error state, and Try again.
  await page.route(/\/api\/activity\?/, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ detail: "The record's database is not answering." }),
    }),
  );
  await page.getByLabel("Outcome").selectOption("failed");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("alert").getByText("The record's database is not answering.")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "activity-error");
  await page.unroute(/\/api\/activity\?/);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Nothing matches these filters" })).toBeVisible();
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page).toHaveURL(`${dashboardUrl}/activity`);
  await expect(record.getByRole("row", { name: new RegExp(people.operator) }).first()).toBeVisible();

  await expectNoHeldKey(page, received);
  await page.context().close();
});

test("a session that ends under an open page: the sign-in dialog over it, nothing typed lost", async ({ browser, expectAccessible }) => {
  const page = await newPage(browser);
  await signInAs(page, people.operator, "/activity");
  await page.getByRole("textbox", { name: "Team", exact: true }).fill("typed before the session ended");
  await page.context().clearCookies();
  await page.getByLabel("Operation").selectOption("list-users");
  await page.getByRole("button", { name: "Apply filters" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Sign in again" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", /^\/auth\/sign-in\?next=%2Factivity/);
  await expect(page.getByRole("textbox", { name: "Team", exact: true })).toHaveValue("typed before the session ended");
  await expectAccessible(page);
  await shoot(page, "session-ended");
  await page.context().close();
});
