/**
 * `npm run screenshots`: the pictures of the README and the guides, written to docs/ (committed:
 * run it after a change to what they show), and pictures of each view in light and dark, wide and
 * narrow, written to screenshots/ (git-ignored) for a person to look at. Compares nothing.
 */
import { DevtoolsTargets } from "./devtools-targets.ts";
import { test } from "./fixtures.ts";
import { storeConnection } from "./store-connection.ts";

const sizes = { wide: { width: 1440, height: 900 }, narrow: { width: 390, height: 844 } };

test("the pictures of the README and the guides, in docs/", async ({ page, connect, demo }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(sizes.wide);
  await page.emulateMedia({ colorScheme: "light" });
  await connect({ teamApiKey: demo.bigTeam.api_key, managementKey: demo.managementKey, orgId: demo.orgId });

  // The README's: the users page of a loaded team, a user's detail open, the header's team switcher.
  await page.goto(`/t/${demo.bigTeam.team_id}/users?page=2`);
  await page.getByText(/loaded users are searched/).waitFor({ timeout: 30_000 });
  await page.getByRole("table", { name: "Users" }).locator("tbody tr").first().click();
  await page.getByRole("dialog").waitFor();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  await page.screenshot({ path: "docs/screenshot.png" });

  // The overview's guide: the first charts of the same team.
  await page.goto(`/t/${demo.bigTeam.team_id}/overview`);
  await page.getByRole("figure", { name: "Users per source" }).waitFor({ timeout: 30_000 });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  await page.screenshot({ path: "docs/overview.png" });
});

for (const scheme of ["light", "dark"] as const) {
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    test(`views in ${scheme}, ${sizeName}`, async ({ page, connect, demo }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      const shot = (name: string) => page.screenshot({ path: `screenshots/${name}-${scheme}-${sizeName}.png` });

      await page.goto("/teams");
      await shot("teams-empty");

      await connect({ teamApiKey: demo.bigTeam.api_key, managementKey: demo.managementKey, orgId: demo.orgId, environment: "production" });
      await page.goto("/users?page=2");
      await page.getByRole("table", { name: "Users" }).waitFor();
      await page.waitForTimeout(300);
      await shot("users");
      await page.getByRole("table", { name: "Users" }).locator("tbody tr").first().click();
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(300);
      await shot("users-detail");
      await page.keyboard.press("Escape"); // a narrow window's panel covers the page

      await page.goto(`/t/${demo.bigTeam.team_id}/overview`);
      await page.getByRole("figure", { name: "Users per source" }).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: `screenshots/overview-${scheme}-${sizeName}.png`, fullPage: true });

      await page.getByRole("button", { name: /^Switch team/ }).click();
      await page.getByRole("dialog", { name: "Switch team" }).waitFor();
      await shot("switcher");

      await page.goto("/teams");
      await page.getByRole("table", { name: "Teams" }).getByText("Works").waitFor();
      await shot("teams");
      await page.getByRole("button", { name: "Add team" }).click();
      await page.getByRole("dialog", { name: "Add a team" }).getByRole("button", { name: "Add team" }).click();
      await shot("teams-add-invalid");

      await page.goto("/settings");
      await page.getByLabel("Remember keys on this device").waitFor();
      await shot("settings");

      await page.goto("/teams/delete");
      await page.waitForTimeout(300);
      await shot("delete");

      await page.goto("/nowhere");
      await shot("not-found");
    });

    test(`the filters in ${scheme}, ${sizeName}: counting, counted, failed`, async ({ page, browser, connect, demo }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      const shot = (name: string) => page.screenshot({ path: `screenshots/${name}-${scheme}-${sizeName}.png` });
      await connect({ teamApiKey: demo.bigTeam.api_key });
      // A search with the address: no count is made before a filter opens.
      await page.goto(`/t/${demo.bigTeam.team_id}/users?q=1`);
      await page.getByText(/loaded users are searched/).waitFor({ timeout: 30_000 });
      const targets = new DevtoolsTargets(await browser.newBrowserCDPSession());
      const worker = (await targets.find("worker"))!;
      const { released: busy } = await targets.hold(worker, 3000);
      const sources = page.getByRole("group", { name: "Connected source" });
      await page.getByRole("button", { name: "Filter by connected source" }).click();
      await sources.getByRole("status").waitFor();
      await shot("filters-counting");
      await busy;
      await sources.getByRole("checkbox").first().waitFor();
      await shot("filters-counted");
      await page.keyboard.press("Escape");
      // The worker fails: the next search and the filters' counts say so.
      await targets.fail(worker);
      await page.getByLabel("Search the whole team").press("2");
      await page.getByRole("button", { name: "Filter by connected source" }).click();
      await sources.getByRole("alert").waitFor();
      await shot("filters-failed");
    });
  }
}

test("delete flow states", async ({ page, connect, demo }) => {
  await page.setViewportSize(sizes.wide);
  await connect({ teamApiKey: demo.smallTeam.api_key, managementKey: demo.managementKey, orgId: demo.orgId });
  await page.goto("/teams/delete");
  await page.getByLabel("Team ID").fill("abc");
  await page.screenshot({ path: "screenshots/delete-invalid.png" });
  await page.getByLabel("Team ID").fill(demo.smallTeam.team_id);
  await page.getByRole("button", { name: "Delete team" }).click();
  await page.getByRole("alertdialog").getByText("users will be deleted").waitFor();
  await page.screenshot({ path: "screenshots/delete-dialog.png" });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: "screenshots/delete-dialog-dark.png" });
  await page.setViewportSize(sizes.narrow);
  await page.screenshot({ path: "screenshots/delete-dialog-narrow.png" });
});

test("users error and loading states", async ({ page, connect, demo }) => {
  await page.setViewportSize(sizes.narrow);
  await connect({ teamApiKey: "svc_team_revoked-or-never-issued-0000" });
  await page.goto("/users");
  await page.getByRole("alert").waitFor();
  await page.screenshot({ path: "screenshots/users-rejected-key-narrow.png" });

  const other = await page.context().newPage();
  await other.setViewportSize(sizes.wide);
  await other.emulateMedia({ colorScheme: "dark" });
  await storeConnection(other, { teamApiKey: demo.bigTeam.api_key });
  await other.route("**/v2/user/?offset=0&limit=100", (route) => route.fulfill({ status: 500, json: { detail: "Internal Server Error" } }));
  await other.route("**/v2/user/?offset=100&limit=100", () => {}); // never answers: the first-load skeleton
  await other.goto("/users");
  await other.getByRole("alert").waitFor();
  await other.screenshot({ path: "screenshots/users-server-error-dark.png" });
  await other.goto("/users?page=2");
  await other.waitForTimeout(500);
  await other.screenshot({ path: "screenshots/users-loading-dark.png" });
});
