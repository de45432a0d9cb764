/**
 * Switching teams: nothing of the team left is shown or done under the next one's name. The
 * teams are saved through the Teams page, as an operator saves them.
 */
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { offsetOf, startServiceProxy } from "./service-proxy.ts";
import { watchWorkers } from "./workers.ts";
import type { TeamsPage } from "./kit/teams-page.ts";

const small = "Pilot clinic"; // 8 users
const large = "Sleep study"; // 2,500 users

/** Saves the demo's small and large teams, and loads whole only teams of at most 100 users (Settings). */
async function saveTeams(page: Page, teamsPage: TeamsPage, keys: { small: string; large: string }) {
  await page.goto("/settings");
  await page.getByLabel("Load automatically up to (users)").fill("100");
  await page.getByRole("button", { name: "Save" }).click();
  await teamsPage.goto();
  await teamsPage.addTeam({ label: small, teamApiKey: keys.small });
  await teamsPage.addTeam({ label: large, teamApiKey: keys.large });
}

/** Holds the first page of the team whose key is `apiKey` until `release` is called. */
async function holdFirstPage(page: Page, apiKey: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  page.once("close", () => release());
  const held: Route[] = [];
  await page.route("**/v2/user/?offset=0&limit=100", async (route) => {
    if (route.request().headers()["x-service-api-key"] !== apiKey) return route.fallback();
    held.push(route);
    await released;
    await route.continue().catch(() => {});
  });
  return { release, held };
}

test("after a switch, the new team's own loading state shows: none of the old team's rows, total or filter, and no whole load unasked", async ({
  page,
  demo,
  teamsPage,
  usersPage,
  switcher,
}) => {
  await saveTeams(page, teamsPage, { small: demo.smallTeam.api_key, large: demo.bigTeam.api_key });
  const workers = watchWorkers(page);
  await teamsPage.row(small).openUsersLink.click();
  await expect(usersPage.wholeTeam.loaded).toContainText("All 8 users are loaded");
  await usersPage.search.fill("client");
  expect(workers.filter((w) => !w.closed)).toHaveLength(1);

  const hold = await holdFirstPage(page, demo.bigTeam.api_key);
  await switcher.switchTo(large);
  await expect(page.getByText(`The users of ${large}`)).toBeVisible();
  await expect.poll(() => hold.held.length).toBe(1);
  // While the new team's first page is held: its loading state, nothing of the small team.
  await expect(page.getByRole("status").filter({ hasText: "Loading users…" })).toBeAttached();
  await expect(usersPage.rows).toHaveCount(0);
  await expect(page.getByText(/of 8\b/)).toHaveCount(0);
  await expect(page.getByText("No users yet")).toHaveCount(0);
  // Longer than the automatic load's delay (500 ms): a stale total of 8 would have started it.
  await page.waitForTimeout(1_000);
  // The small team's worker, and its loaded team, were let go with it.
  expect(workers.map((w) => w.closed)).toEqual([true]);
  hold.release();

  await expect(usersPage.pagination).toContainText("of 2,500");
  await expect(usersPage.wholeTeam.loadButton).toBeVisible();
  await expect(usersPage.search).toHaveValue("");
  expect(workers.map((w) => w.closed)).toEqual([true]);
});

test("the overview of the new team never shows the old team's figures", async ({ page, demo, teamsPage, overviewPage, switcher }) => {
  await saveTeams(page, teamsPage, { small: demo.smallTeam.api_key, large: demo.bigTeam.api_key });
  await teamsPage.row(small).openUsersLink.click();
  await page.getByRole("link", { name: "Chart the team" }).click();
  const usersCreated = overviewPage.chart("Users created").root;
  const headline = page.getByRole("term").filter({ hasText: "With a source" });
  await expect(usersCreated).toBeVisible();
  await expect(headline).toBeVisible();

  await switcher.switchTo(large);
  await expect(page.getByText(`The users of ${large}`)).toBeVisible();
  await expect(page.getByText("The overview counts the whole team: load it to see the figures and charts.")).toBeVisible();
  await expect(usersCreated).toHaveCount(0);
  await expect(headline).toHaveCount(0);
});

test("opening another team lets go of the loaded one: its worker ends (a load still running stops with it)", async ({
  page,
  demo,
  teamsPage,
  usersPage,
  switcher,
}) => {
  await saveTeams(page, teamsPage, { small: demo.smallTeam.api_key, large: demo.bigTeam.api_key });
  const workers = watchWorkers(page);
  await teamsPage.row(large).openUsersLink.click();
  await usersPage.wholeTeam.loadButton.click();
  await expect.poll(() => workers.length).toBe(1);
  await switcher.switchTo(small);
  await expect(page.getByText(`The users of ${small}`)).toBeVisible();
  await expect.poll(() => workers[0]!.closed).toBe(true);
  await expect(usersPage.wholeTeam.loaded).toContainText("All 8 users are loaded");
});

test("a switch mid-export stops the export, says so and what the file holds, and not one request of the team left is sent after it", async ({
  page,
  baseURL,
  demo,
  teamsPage,
  usersPage,
  switcher,
  expectAccessible,
}) => {
  // The tab talks to the service through a proxy that counts the requests; no whole team loads unasked.
  const proxy = await startServiceProxy(baseURL!);
  try {
    await page.goto(`${proxy.url}/settings`);
    await page.getByLabel("Load automatically up to (users)").fill("0");
    await page.getByRole("button", { name: "Save" }).click();
    await page.goto(`${proxy.url}/teams`);
    await teamsPage.addTeam({ label: small, teamApiKey: demo.smallTeam.api_key });
    await teamsPage.addTeam({ label: large, teamApiKey: demo.bigTeam.api_key });
    const workers = watchWorkers(page);
    await teamsPage.row(large).openUsersLink.click();
    await usersPage.wholeTeam.loadButton.click();
    await expect(usersPage.wholeTeam.loaded).toContainText("All 2,500 users are loaded");

    // Without a save picker the export is downloaded at its end. Its pages from 1,000 on reach the
    // service, and their answers wait until after the switch.
    await page.evaluate(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
    const held = proxy.hold((path) => /^\/v2\/user\/\?offset=\d+&limit=500$/.test(path) && offsetOf(path) >= 1_000, { answers: true });
    await usersPage.wholeTeam.exportNdjsonButton.click();
    await expect(page.getByRole("status").filter({ hasText: "Exporting NDJSON" })).toContainText("1,000 of 2,500 users");
    await expect.poll(() => held.waiting).toBe(3);

    const sent = proxy.paths(/limit=500$/).length;
    await switcher.switchTo(small);
    await expect(page.getByText(`The users of ${small}`)).toBeVisible();
    const notice = page.getByRole("alert").filter({ hasText: `The NDJSON export of ${large} stopped` });
    await expect(notice).toHaveText(
      `The NDJSON export of ${large} stopped at 1,000 of 2,500 users when this tab let go of the team (its key was forgotten or changed, or another team was opened): nothing was downloaded.`,
    );
    held.release();
    await expect.poll(() => workers.map((w) => w.closed)).toEqual([true]);
    expect(proxy.paths(/limit=500$/).slice(sent)).toEqual([]);
    await expectAccessible();
  } finally {
    await proxy.close();
  }
});

test("a malformed team link shows the not-found page, not a blank one", async ({ page }) => {
  await page.goto("/t/abc%2/users");
  await expect(page.getByRole("heading", { name: "No saved team here" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Teams" })).toBeVisible();
});
