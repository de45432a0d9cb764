/**
 * This browser's open tabs share the keys they hold: a tab opened on a team's link works at once,
 * a key added or forgotten in one tab is so in the others, and a tab opened after the last one
 * closed has none. Two pages of one browser context are two tabs; the test copies no key.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { storageKeys } from "../src/api/stored-value.ts";
import { expect, test } from "./fixtures.ts";
import { entriesOf } from "./store-connection.ts";
import { TeamsPage } from "./kit/teams-page.ts";
import { UsersPage } from "./kit/users-page.ts";

const storedKeys = (page: Page) =>
  page.evaluate((name) => ({ session: sessionStorage.getItem(name), local: localStorage.getItem(name) }), storageKeys.keys);

/** Requests a page sends with a team API key, from now on. */
function keyedRequests(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["x-service-api-key"]) sent.push(request.url());
  });
  return sent;
}

async function saveTeam(page: Page, label: string, apiKey: string) {
  const teams = new TeamsPage(page);
  await teams.goto();
  await teams.addTeam({ label, teamApiKey: apiKey });
  return teams;
}

async function newTab(context: BrowserContext, path: string) {
  const tab = await context.newPage();
  await tab.goto(path);
  return tab;
}

test("a team's link opened in a new tab shows its users at once, with the keys of the tab it came from", async ({
  page,
  context,
  demo,
  expectAccessible,
}) => {
  const teams = await saveTeam(page, "Pilot", demo.smallTeam.api_key);
  const link = await teams.row("Pilot").openUsersLink.getAttribute("href");
  // As a middle-click would: the link in a tab of its own.
  const tab = await newTab(context, link!);
  await expect(new UsersPage(tab).pagination).toContainText("of 8");
  await expect(tab.getByRole("heading", { name: /has no key/ })).toHaveCount(0);
  const stored = await storedKeys(tab);
  expect(stored.session).toContain(demo.smallTeam.api_key);
  expect(stored.local).toBeNull();
  expect(tab.url()).not.toContain(demo.smallTeam.api_key);
  await expectAccessible(tab);
});

test("a key added in one tab works in the other without a reload; Forget keys in one empties both", async ({ page, context, demo }) => {
  await saveTeam(page, "Pilot", demo.smallTeam.api_key);
  const other = await newTab(context, "/teams");
  const otherTeams = new TeamsPage(other);
  await expect(otherTeams.row("Pilot").keyStatus).toHaveText("Works");

  // Added here, used there.
  await saveTeam(page, "Sleep", demo.bigTeam.api_key);
  await expect(otherTeams.row("Sleep").keyStatus).toHaveText("Works");
  await otherTeams.row("Sleep").openUsersLink.click();
  await expect(new UsersPage(other).pagination).toContainText("of 2,500");

  // Forgotten there, gone here: storage, the view and the requests.
  const sentHere = keyedRequests(page);
  await page.goto(`/t/${demo.smallTeam.team_id}/users`);
  await expect(new UsersPage(page).pagination).toContainText("of 8");
  await other.getByRole("link", { name: "Settings", exact: true }).click();
  await other.getByRole("button", { name: "Forget keys" }).click();
  await expect(page.getByRole("heading", { name: "This tab has no key for Pilot" })).toBeVisible();
  for (const tab of [page, other]) {
    const stored = await storedKeys(tab);
    // What stays is when the keys were forgotten, no key.
    for (const key of [demo.smallTeam.api_key, demo.bigTeam.api_key]) expect(stored.session ?? "").not.toContain(key);
    expect(stored.local).toBeNull();
  }
  const before = sentHere.length;
  await page.getByRole("link", { name: "Back to Teams" }).click();
  await expect(new TeamsPage(page).row("Pilot").keyStatus).toHaveText("Not in this tab");
  expect(sentHere).toHaveLength(before);
});

test("remembering and forgetting act on every tab alike", async ({ page, context, demo }) => {
  await saveTeam(page, "Pilot", demo.smallTeam.api_key);
  const other = await newTab(context, `/t/${demo.smallTeam.team_id}/users`);
  await expect(new UsersPage(other).pagination).toContainText("of 8");

  await page.goto("/settings");
  await page.getByLabel("Remember keys on this device").check();
  await page.getByRole("button", { name: "Save" }).click();
  // The save reaches the storage after the click: waited for, as the forgetting below is.
  await expect.poll(async () => (await storedKeys(other)).local).toContain(demo.smallTeam.api_key);
  await page.getByLabel("Remember keys on this device").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  // Not remembered any more, and the other tab keeps its keys: a save there does not lose them.
  await expect.poll(async () => (await storedKeys(other)).local).toBeNull();
  expect((await storedKeys(other)).session).toContain(demo.smallTeam.api_key);
  await other.reload();
  await expect(new UsersPage(other).pagination).toContainText("of 8");
  const otherTeams = new TeamsPage(other);
  await otherTeams.goto();
  await otherTeams.addTeam({ label: "Sleep", teamApiKey: demo.bigTeam.api_key });
  const teams = new TeamsPage(page);
  await teams.goto();
  await expect(teams.row("Pilot").keyStatus).toHaveText("Works");
  await expect(teams.row("Sleep").keyStatus).toHaveText("Works");
  expect((await storedKeys(page)).session).toContain(demo.smallTeam.api_key);
  expect((await storedKeys(page)).session).toContain(demo.bigTeam.api_key);
});

test("a tab opened while the only other one is still starting gets its keys once that one joins", async ({ page, context, demo }) => {
  await saveTeam(page, "Pilot", demo.smallTeam.api_key);
  // Reloaded, this tab is slow to join the others: its code for that is held back.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  page.once("close", () => release());
  await page.route(/open-tabs-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await page.reload({ waitUntil: "commit" });
  // Meanwhile a new tab asks the open tabs for keys: none listens yet, and it says so.
  const other = await newTab(context, `/t/${demo.smallTeam.team_id}/users`);
  await expect(other.getByRole("heading", { name: "This tab has no key for Pilot" })).toBeVisible();
  // The first tab joins: the new one takes its keys and lists the team, with no reload.
  release();
  await expect(new UsersPage(other).pagination).toContainText("of 8");
  await expect(other.getByRole("heading", { name: /has no key/ })).toHaveCount(0);
  expect((await storedKeys(other)).session).toContain(demo.smallTeam.api_key);
});

/**
 * Holds a tab as a busy one is held (a large team loading): its page waits in a synchronous
 * request until `release`, so what the other tabs tell it waits, and its answers come late.
 */
async function holdBusy(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/e2e-busy", (route) => released.then(() => route.fulfill({ body: "done" })));
  const held = page.evaluate(() => {
    const request = new XMLHttpRequest();
    request.open("GET", "/e2e-busy", false);
    request.send();
  });
  return async () => {
    release();
    await held;
  };
}

test("a tab opened while the others are busy, given a key of its own, adds it to theirs: no tab loses the keys it held", async ({
  page,
  context,
  demo,
  expectAccessible,
}) => {
  await saveTeam(page, "Pilot", demo.smallTeam.api_key);
  const teams = await saveTeam(page, "Sleep", demo.bigTeam.api_key);
  const release = await holdBusy(page);
  const other = await newTab(context, "/teams");
  const otherTeams = new TeamsPage(other);
  // Its asking went unanswered: it says so on each row, and takes a key of its own.
  await expect(otherTeams.row("Pilot").keyStatus).toContainText("Not in this tab");
  await expect(otherTeams.row("Sleep").keyStatus).toContainText("Not in this tab");
  await expectAccessible(other);
  await otherTeams.addTeam({ label: "Cohort", teamApiKey: demo.emptyTeam.api_key, teamId: demo.emptyTeam.team_id });
  await expect(otherTeams.row("Cohort").keyStatus).toHaveText("Works");

  await release();
  // The busy tab's late answer is taken there, and the new key joins the busy tab's own.
  for (const tab of [teams, otherTeams]) {
    for (const label of ["Pilot", "Sleep", "Cohort"]) await expect(tab.row(label).keyStatus).toHaveText("Works");
  }
});

test("a tab without keys that follows a changed deployment leaves every tab's keys alone", async ({ page, context, demo }) => {
  const teams = await saveTeam(page, "Pilot", demo.smallTeam.api_key);
  const release = await holdBusy(page);
  const other = await context.newPage();
  // As after a restart with a team added to the deployment file.
  await other.route("**/deployment.json", (route) =>
    route.fulfill({
      json: {
        services: [],
        organizations: [],
        teams: [{ label: "Cardio trial", service: "eu-prod", teamId: demo.emptyTeam.team_id, orgId: null }],
      },
    }),
  );
  await other.goto("/teams");
  const otherTeams = new TeamsPage(other);
  await expect(otherTeams.row("Cardio trial").root).toBeVisible();
  await expect(otherTeams.row("Pilot").keyStatus).toContainText("Not in this tab");

  await release();
  await expect(teams.row("Cardio trial").root).toBeVisible();
  for (const tab of [teams, otherTeams]) await expect(tab.row("Pilot").keyStatus).toHaveText("Works");
});

test("a tab opened after every other tab closed has no keys", async ({ page, context, demo }) => {
  await saveTeam(page, "Pilot", demo.smallTeam.api_key);
  const second = await newTab(context, `/t/${demo.smallTeam.team_id}/users`);
  await expect(new UsersPage(second).pagination).toContainText("of 8");
  await second.close();
  await page.close();

  const last = await newTab(context, `/t/${demo.smallTeam.team_id}/users`);
  await expect(last.getByRole("heading", { name: "This tab has no key for Pilot" })).toBeVisible();
  expect(await storedKeys(last)).toEqual({ session: null, local: null });
});

test("the switcher keeps what is typed while its code loads on the first open", async ({ page, demo, switcher }) => {
  await saveTeam(page, "Pilot", demo.smallTeam.api_key);
  await saveTeam(page, "Sleep", demo.bigTeam.api_key);
  await page.goto(`/t/${demo.smallTeam.team_id}/users`);
  await expect(new UsersPage(page).pagination).toContainText("of 8");
  // The menu's code is held until the keys are typed.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  page.once("close", () => release());
  await page.route(/team-switcher-menu-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await page.keyboard.press("t");
  await page.keyboard.type("sle");
  release();
  await expect(switcher.search).toHaveValue("sle");
  await expect(switcher.options).toHaveCount(1);
  await page.keyboard.type("ep");
  await expect(switcher.search).toHaveValue("sleep");
  await page.keyboard.press("Enter");
  await expect(new UsersPage(page).pagination).toContainText("of 2,500");
});

test("keys remembered before tabs shared them (in localStorage only) still open the team, in every tab, and stay when remembering stops", async ({
  page,
  context,
  demo,
}) => {
  // What the version before wrote when keys were remembered: the entries, and the keys in localStorage alone.
  const saved = entriesOf({ teamApiKey: demo.smallTeam.api_key, teamId: demo.smallTeam.team_id, label: "Pilot" });
  await page.goto("/app-info.json"); // the dashboard's origin, without the app
  await page.evaluate(
    ({ names, saved }) => {
      localStorage.setItem(names.entries, JSON.stringify(saved.entries));
      localStorage.setItem(names.keys, JSON.stringify(saved.keys));
    },
    { names: storageKeys, saved },
  );
  await page.goto(`/t/${demo.smallTeam.team_id}/users`);
  await expect(new UsersPage(page).pagination).toContainText("of 8");
  const other = await newTab(context, `/t/${demo.smallTeam.team_id}/users`);
  await expect(new UsersPage(other).pagination).toContainText("of 8");

  await page.goto("/settings");
  await expect(page.getByLabel("Remember keys on this device")).toBeChecked();
  await page.getByLabel("Remember keys on this device").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect.poll(async () => (await storedKeys(other)).local).toBeNull();
  await other.reload();
  await expect(new UsersPage(other).pagination).toContainText("of 8");
});
