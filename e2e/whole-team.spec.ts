/**
 * The whole team, on the real service with a team of 20,000: loading with progress, search,
 * facets, sort, export, cancel and a 503 midway (whether the main thread stays free meanwhile: `npm run bench:main-thread`).
 */
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { demoSeed } from "../server/demo-seed.ts";
import { parseCsv } from "../src/features/users/whole-team/csv-reader.test-helper.ts";
import { expect, test } from "./fixtures.ts";
import { UsersPage } from "./kit/users-page.ts";
import { serveLargeTeam } from "./large-team.ts";
import { storeConnection } from "./store-connection.ts";

const teamSize = 20_000;
/** The demo seed is deterministic but for its keys: the same users the server seeded. */
const seeded = demoSeed(teamSize).orgs[0]!.teams[0]!.users;

let server: Awaited<ReturnType<typeof serveLargeTeam>>;
let apiKey: string;
test.beforeAll(async () => {
  server = await serveLargeTeam(teamSize);
  apiKey = server.apiKey;
});
test.afterAll(async () => {
  await server.stop();
});

test.beforeEach(async ({ page }) => {
  // Its real team ID: a key typed in for it again (Forget keys) must be of this team.
  await storeConnection(page, { teamApiKey: apiKey, teamId: server.teamId });
});

const loaded = (page: Page) => page.getByRole("status").filter({ hasText: "All 20,000 users are loaded" });
const bodyRows = (page: Page) => new UsersPage(page).table.locator("tbody tr");

/** The service's own page, to compare with. */
async function servicePage(page: Page, offset: number, limit: number) {
  const answer = await page.request.get(`${server.url}/v2/user/?offset=${offset}&limit=${limit}`, {
    headers: { "x-service-api-key": apiKey },
  });
  return ((await answer.json()) as { users: { user_id: string; client_user_id: string; created_on: string }[] }).users;
}

async function loadWholeTeam(page: Page) {
  await page.goto(`${server.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect(loaded(page)).toBeVisible({ timeout: 45_000 });
}

test("search finds a user who sits on a far page", async ({ page }) => {
  const [far] = await servicePage(page, 19_990, 1);
  await loadWholeTeam(page);
  await page.getByLabel("Search the whole team").fill(far!.user_id.toUpperCase());
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(far!.client_user_id);
  await expect(page.getByText("All 20,000 loaded users are searched: 1 match.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${far!.user_id.toUpperCase()}`));

  // The view is in the URL: a reload loads the team again, then applies it.
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(1, { timeout: 45_000 });
  await expect(bodyRows(page).first()).toContainText(far!.client_user_id);
});

test("facet counts equal those computed from the seed, and combine", async ({ page, expectAccessible }) => {
  const bySource = new Map<string, number>();
  for (const user of seeded) {
    for (const slug of new Set(user.connected_sources.map((c) => (c.source ?? c.provider)!.slug)))
      bySource.set(slug, (bySource.get(slug) ?? 0) + 1);
  }
  const noSource = seeded.filter((u) => u.connected_sources.length === 0).length;
  await loadWholeTeam(page);

  await page.getByRole("button", { name: "Filter by connected source" }).click();
  const options = page.getByRole("group", { name: "Connected source" });
  await expect(options.getByRole("checkbox", { name: /^Oura/ })).toBeVisible();
  for (const [slug, count] of bySource) {
    const name = seeded.flatMap((u) => u.connected_sources).find((c) => (c.source ?? c.provider)!.slug === slug)!.source!.name;
    await expect(options.locator("label").filter({ hasText: new RegExp(`^${name}`) })).toContainText(count.toLocaleString("en"));
  }
  await expect(options.locator("label").filter({ hasText: /^No source/ })).toContainText(noSource.toLocaleString("en"));
  await expectAccessible();

  // Oura and a known birth date, combined: the rows and the count agree with the seed.
  // The URL takes the choice in a transition: the box shows it once the view follows.
  await options.getByRole("checkbox", { name: /^Oura/ }).click();
  await expect(options.getByRole("checkbox", { name: /^Oura/ })).toBeChecked();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Filter by birth date" }).click();
  const known = page.getByRole("group", { name: "Birth date" }).getByRole("checkbox", { name: /^Known/ });
  await known.click();
  await expect(known).toBeChecked();
  await page.keyboard.press("Escape");
  const expected = seeded.filter((u) => u.connected_sources.some((c) => c.source?.slug === "oura") && u.fallback_birth_date).length;
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(`of ${expected.toLocaleString("en")}`);
  await expect(page).toHaveURL(/source=oura&birth=known/);
});

test("sort by created date, descending, is the service's order reversed", async ({ page }) => {
  const last = await servicePage(page, teamSize - 100, 100);
  await loadWholeTeam(page);
  const created = page.getByRole("columnheader", { name: "Created" });
  await created.getByRole("button").click();
  await expect(created).toHaveAttribute("aria-sort", "ascending");
  await created.getByRole("button").click();
  await expect(created).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/sort=-created_on/);
  const shown = await bodyRows(page)
    .locator("time")
    .evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute("datetime")!)));
  expect(shown).toEqual(last.map((u) => Date.parse(u.created_on)).reverse());
});

test("the exported CSV parses back to the whole team, equal to the seed", async ({ page }) => {
  await loadWholeTeam(page);
  const download = page.waitForEvent("download");
  await new UsersPage(page).wholeTeam.exportCsvButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^team-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv$/);
  const [header, ...rows] = parseCsv(readFileSync(await file.path(), "utf8"));
  expect(header).toEqual([
    "user_id",
    "client_user_id",
    "team_id",
    "created_on",
    "connected_sources",
    "birth_date",
    "birth_date_source",
    "time_zone",
    "time_zone_source",
  ]);
  expect(rows).toHaveLength(teamSize);
  const byId = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
  const expected = seeded.map((user) => [
    user.user_id,
    user.client_user_id,
    user.team_id,
    user.created_on,
    user.connected_sources.map((c) => c.source!.slug).join(";"),
    user.fallback_birth_date?.value ?? "",
    user.fallback_birth_date?.source_slug ?? "",
    user.fallback_time_zone?.id ?? "",
    user.fallback_time_zone?.source_slug ?? "",
  ]);
  expect(rows.sort(byId)).toEqual(expected.sort(byId));
});

test("Cancel midway keeps what was loaded, leaves a working page, and Resume completes it", async ({ page, expectAccessible }) => {
  // The load's first four pages come, the others wait for Cancel: it lands midway, however slow the machine.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  page.once("close", () => release()); // a failure before Cancel leaves no request held
  let asked = 0;
  await page.route("**/v2/user/?offset=*&limit=500", async (route) => {
    if (++asked > 4) await released;
    await route.continue().catch(() => {}); // cancelled meanwhile
  });
  await page.goto(`${server.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect(page.getByRole("status").filter({ hasText: /page [1-9]\d* of 40 · [\d,]+ of 20,000 users/ })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Loading the whole team" })).toBeVisible();
  await expectAccessible(); // the loading state
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  release();
  await expect(page.getByRole("status").filter({ hasText: /Loading was cancelled with [\d,]+ of 20,000 users loaded/ })).toBeVisible();

  // The page still works: the service's pages turn, and the search covers what was loaded.
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 101–200 of 20,000");
  await expect(page.getByLabel("Search the whole team")).toBeVisible();

  await page.unroute("**/v2/user/?offset=*&limit=500");
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(loaded(page)).toBeVisible({ timeout: 45_000 });
});

test("a 503 midway is retried, and the team loads complete", async ({ page }) => {
  let refused = 0;
  await page.route("**/v2/user/?offset=5000&limit=500", async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 503, headers: { "Retry-After": "1" }, json: { detail: "Busy, try again" } });
    await route.continue();
  });
  await loadWholeTeam(page);
  expect(refused).toBe(2);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("the loaded team is dropped with the connection's cached data: Forget keys, then the key again, loads it anew", async ({ page }) => {
  const wholeTeamPages: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("limit=500")) wholeTeamPages.push(request.url());
  });
  await loadWholeTeam(page);
  const firstLoad = wholeTeamPages.length;
  expect(firstLoad).toBeGreaterThanOrEqual(40);
  // Moving away and back keeps the team (in memory for the tab): nothing is asked again.
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(loaded(page)).toBeVisible();
  expect(wholeTeamPages).toHaveLength(firstLoad);

  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("button", { name: "Forget keys" }).click();
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await page.getByLabel("Team API key").fill(apiKey);
  await page.getByRole("button", { name: "Use this key" }).click();
  await expect(new UsersPage(page).wholeTeam.loadButton).toBeVisible();
  expect(wholeTeamPages).toHaveLength(firstLoad);
});
