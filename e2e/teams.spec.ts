import type { Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { storageKeys } from "../src/api/stored-value.ts";
import { confirmDialog, deletesSent, usersOf } from "./delete-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { looks, showIn } from "./looks.ts";
import { TeamSwitcher } from "./kit/team-switcher.ts";
import { TeamsPage } from "./kit/teams-page.ts";
import { UsersPage } from "./kit/users-page.ts";
import { allEnded, watchWorkers } from "./workers.ts";

// The kit's page objects (e2e/kit/), so that every run of these tests exercises them.
const teams = (page: Page) => new TeamsPage(page);
const teamRow = (page: Page, label: string) => teams(page).row(label).root;
const usersCell = (page: Page, label: string) => teams(page).row(label).users;
const keyCell = (page: Page, label: string) => teams(page).row(label).keyStatus;
const switcherOf = (page: Page) => new TeamSwitcher(page);

const addOrg = (page: Page, { label, orgId, key }: { label: string; orgId: string; key: string }) =>
  teams(page).addOrganization({ label, orgId, managementKey: key });

type TeamInput = { label: string; key?: string; org?: string; environment?: string; teamId?: string; baseUrl?: string };

/** Adds a team, waiting for its form to close. */
const addTeam = (page: Page, { key, org, ...team }: TeamInput) => teams(page).addTeam({ ...team, teamApiKey: key, organization: org });

/** Submits the team form and returns it, still open when it refuses. */
const submitTeam = (page: Page, { key, org, ...team }: TeamInput) =>
  teams(page).submitTeamForm({ ...team, teamApiKey: key, organization: org });

test("three teams of two organizations, added by key: each row counts the service's total, and the key works", async ({
  page,
  demo,
  expectAccessible,
}) => {
  await page.goto("/teams");
  await expect(page.getByRole("heading", { name: "No teams saved yet" })).toBeVisible();
  await addOrg(page, { label: "Acme", orgId: demo.orgId, key: demo.managementKey });
  await addOrg(page, { label: "Northwind", orgId: demo.otherOrg.orgId, key: demo.otherOrg.managementKey });
  for (const [team, org, environment] of [
    [demo.bigTeam, "Acme", "production"],
    [demo.smallTeam, "Acme", "sandbox"],
    [demo.otherOrg.team, "Northwind", "staging"],
  ] as const) {
    await addTeam(page, { label: team.name, key: team.api_key, org, environment });
  }
  for (const team of [demo.bigTeam, demo.smallTeam, demo.otherOrg.team]) {
    const total = ((await (await usersOf(page, team.api_key)).json()) as { total: number }).total;
    await expect(usersCell(page, team.name)).toHaveText(total.toLocaleString("en-US"));
    await expect(keyCell(page, team.name)).toHaveText("Works");
    await expect(teams(page).row(team.name).teamId).toContainText(team.team_id); // learned from the service
  }
  await expect(teams(page).row(demo.bigTeam.name).environment).toHaveText("Production");
  await expect(teams(page).row(demo.otherOrg.team.name).organization).toHaveText("Northwind");
  await expectAccessible();

  await teamRow(page, demo.smallTeam.name)
    .getByRole("link", { name: `Open users of ${demo.smallTeam.name}` })
    .click();
  await expect(page).toHaveURL(`/t/${demo.smallTeam.team_id}/users`);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 1–8 of 8");
});

test("the add form refuses a wrong key, a management key, a dead service and a duplicate, each in words", async ({ page, demo }) => {
  await page.goto("/teams");
  await addOrg(page, { label: "Acme", orgId: demo.orgId, key: demo.managementKey });
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/v2/user")) sent.push(request.headers()["x-service-api-key"] ?? "");
  });

  let form = await submitTeam(page, { label: "Mine", key: "svc_team_this-key-does-not-exist-000" });
  await expect(form.getByRole("alert")).toHaveText(
    "The key was not saved. The team API key was rejected. Invalid API key. It is unknown or has been revoked; check the team API key. If the team was deleted, its key no longer works.",
  );
  await form.getByRole("button", { name: "Cancel" }).click();

  // A management key that is saved is refused before anything is sent; one that is not, by the service.
  const before = sent.length;
  form = await submitTeam(page, { label: "Mine", key: demo.managementKey });
  await expect(form.getByText("This is the management key of Acme. A team is listed with its own team API key.")).toBeVisible();
  expect(sent).toHaveLength(before);
  await form.getByLabel("Team API key").fill(demo.otherOrg.managementKey);
  await form.getByRole("button", { name: "Add team" }).click();
  await expect(form.getByRole("alert")).toContainText("This is a management key");
  await form.getByRole("button", { name: "Cancel" }).click();

  form = await submitTeam(page, { label: "Far", key: demo.bigTeam.api_key, baseUrl: "http://127.0.0.1:9" });
  await expect(form.getByRole("alert")).toContainText("could not be reached", { timeout: 20_000 });
  await form.getByRole("button", { name: "Cancel" }).click();

  await addTeam(page, { label: "Big", key: demo.bigTeam.api_key });
  form = await submitTeam(page, { label: "Big again", teamId: demo.bigTeam.team_id.toUpperCase() });
  await expect(form.getByText("This team is already saved, as Big (same team ID and API base URL).")).toBeVisible();
  await form.getByLabel("Team ID").fill("not-a-uuid");
  await expect(form.getByText("The team ID is a UUID")).toHaveCount(0); // errors show on submit, and clear while typing
  await form.getByRole("button", { name: "Add team" }).click();
  await expect(form.getByText("The team ID is a UUID: only the digits 0–9, the letters a–f and hyphens.")).toBeVisible();
  await form.getByLabel("Team ID").fill(demo.smallTeam.team_id);
  await form.getByLabel("Team API key").fill(demo.bigTeam.api_key);
  await form.getByRole("button", { name: "Add team" }).click();
  await expect(form.getByText("This key is already saved, for Big.")).toBeVisible();
});

test("an empty team: the form asks for its ID and says why, and refuses an ID that is not the key's", async ({ page, demo }) => {
  await page.goto("/teams");
  const form = await submitTeam(page, { label: "Empty", key: demo.emptyTeam.api_key });
  await expect(form.getByText("This team has no users yet, so the service cannot tell its ID. Type the team ID to save it.")).toBeVisible();
  await form.getByLabel("Team ID").fill(demo.emptyTeam.team_id);
  await form.getByRole("button", { name: "Add team" }).click();
  await expect(form).toHaveCount(0);
  await expect(usersCell(page, "Empty")).toHaveText("0");
  await expect(teams(page).row("Empty").teamId).toContainText(demo.emptyTeam.team_id);

  const other = await submitTeam(page, { label: "Pilot", key: demo.smallTeam.api_key, teamId: demo.bigTeam.team_id });
  await expect(
    other.getByText(`The service says this key's team is ${demo.smallTeam.team_id}, not ${demo.bigTeam.team_id}. Check the key or the ID.`),
  ).toBeVisible();
});

test("the credentials file that npm start writes imports every team, keys for this tab only", async ({ page, demo }, testInfo) => {
  const file = join(process.env.E2E_DATA ?? "", "credentials.json");
  await page.goto("/teams");
  await teams(page).importFile(file);
  await expect(page.getByRole("status")).toContainText("Added 2 organizations and");
  for (const team of [demo.bigTeam, demo.smallTeam, demo.emptyTeam, demo.otherOrg.team])
    await expect(keyCell(page, team.name)).toHaveText("Works");
  await expect(usersCell(page, demo.bigTeam.name)).toHaveText("2,500");

  // Again: nothing new. A file that is not ours: one sentence.
  await teams(page).importFile(file);
  await expect(page.getByRole("status")).toHaveText("Nothing new to add.");
  const bogus = testInfo.outputPath("bogus.json");
  writeFileSync(bogus, "{not json");
  await teams(page).importFile(bogus);
  await expect(page.getByRole("alert")).toHaveText(
    "This file is not JSON. Choose a file exported from Teams, or a credentials file of the reference service.",
  );

  const stored = await page.evaluate(
    (names) => ({ local: JSON.stringify(localStorage), session: sessionStorage.getItem(names.keys) }),
    storageKeys,
  );
  expect(stored.local).not.toContain(demo.bigTeam.api_key);
  expect(stored.local).not.toContain(demo.managementKey);
  expect(stored.session).toContain(demo.bigTeam.api_key);
});

test("a revoked key's row says it was rejected and why; Refresh asks again", async ({ page, demo }) => {
  const team = demo.disposable(13);
  await page.goto("/teams");
  await addTeam(page, { label: "Soon revoked", key: team.api_key });
  await expect(keyCell(page, "Soon revoked")).toHaveText("Works");
  // Deleted behind the dashboard's back: its key is revoked.
  const gone = await page.request.delete(`/v1/org/${demo.orgId}/team/${team.team_id}`, {
    headers: { "X-Management-Key": demo.managementKey },
  });
  expect(gone.status()).toBe(204);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(keyCell(page, "Soon revoked")).toContainText("Rejected");
  await expect(keyCell(page, "Soon revoked")).toContainText("The team API key was rejected.");
  await expect(usersCell(page, "Soon revoked")).toHaveText("—");
});

test("delete from a row: the confirmation is the label, one DELETE for the right organization and team, the others still list", async ({
  page,
  connect,
  demo,
  expectAccessible,
}) => {
  const doomed = demo.disposable(14);
  await connect({ undoSeconds: 0 });
  await page.goto("/teams");
  await addOrg(page, { label: "Acme", orgId: demo.orgId, key: demo.managementKey });
  await addTeam(page, { label: "Doomed", key: doomed.api_key, org: "Acme" });
  await addTeam(page, { label: "Pilot", key: demo.smallTeam.api_key, org: "Acme" });
  await expect(usersCell(page, "Doomed")).toHaveText("3");
  const sent = deletesSent(page);

  const trigger = teamRow(page, "Doomed").getByRole("button", { name: "Delete team Doomed…" });
  await trigger.click();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText("3 users will be deleted with it");
  await expect(dialog).toContainText(demo.orgId);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible();
  await dialog.getByLabel("Type the team's label or ID to confirm").fill("Doome");
  await expect(dialog.getByRole("button", { name: "Delete this team" })).toBeDisabled();
  await dialog.getByLabel("Type the team's label or ID to confirm").fill("  Doomed ");
  await dialog.getByRole("button", { name: "Delete this team" }).click();
  await expect(dialog).toHaveCount(0);

  await expect(keyCell(page, "Doomed")).toHaveText("Deleted");
  expect(sent.map((request) => new URL(request.url()).pathname)).toEqual([`/v1/org/${demo.orgId}/team/${doomed.team_id}`]);
  expect((await usersOf(page, doomed.api_key)).status()).toBe(401);
  await expect(keyCell(page, "Pilot")).toHaveText("Works");
  await expect(usersCell(page, "Pilot")).toHaveText("8");

  await teamRow(page, "Doomed").getByRole("button", { name: "Remove Doomed from list" }).click();
  await expect(teamRow(page, "Doomed")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Removed" })).toHaveText("Removed Doomed from the list.");
  expect(sent).toHaveLength(1);
});

test("a team deleted elsewhere: the row's delete says it is already gone, and offers to remove it", async ({ page, connect, demo }) => {
  const team = demo.disposable(15);
  await connect({ teamId: team.team_id, label: "Ghost", orgId: demo.orgId, managementKey: demo.managementKey, undoSeconds: 0 });
  await page.goto("/teams");
  await page.request.delete(`/v1/org/${demo.orgId}/team/${team.team_id}`, { headers: { "X-Management-Key": demo.managementKey } });
  await teamRow(page, "Ghost").getByRole("button", { name: "Delete team Ghost…" }).click();
  await confirmDialog(page).getByLabel("Type the team's label or ID to confirm").fill(team.team_id);
  await confirmDialog(page).getByRole("button", { name: "Delete this team" }).click();
  await expect(confirmDialog(page).getByRole("alert")).toHaveText("No such team in this organization. It may already be deleted.");
  await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(keyCell(page, "Ghost")).toHaveText("Already gone, or of another organization");
  await expect(teamRow(page, "Ghost").getByRole("button", { name: "Remove Ghost from list" })).toBeVisible();
});

test("a management key is checked only by a deletion: the row says so, and a refusal points at the organization's key", async ({
  page,
  connect,
  demo,
  expectAccessible,
}) => {
  const team = demo.disposable(16);
  await connect({ teamApiKey: team.api_key, orgId: demo.orgId, managementKey: "svc_mgmt_not-a-real-key-000000000000", undoSeconds: 0 });
  await page.goto("/teams");
  const org = teams(page).organizations.getByRole("row").filter({ hasText: "Test organization" });
  await expect(org.getByRole("cell").nth(2)).toHaveText("In this tabChecked only by a deletion");
  await expectAccessible();
  const deleteIt = async () => {
    await teamRow(page, team.name)
      .getByRole("button", { name: `Delete team ${team.name}…` })
      .click();
    await confirmDialog(page).getByLabel("Type the team's label or ID to confirm").fill(team.name);
    await confirmDialog(page).getByRole("button", { name: "Delete this team" }).click();
  };
  await deleteIt();
  const refusal = confirmDialog(page).getByRole("alert");
  await expect(refusal).toContainText("The management key was rejected");
  await expect(refusal).toContainText(
    "A management key is checked only when a team is deleted: give the organization its key again on Teams (Set key… or Edit, on its row under Organizations)",
  );
  await expectAccessible();
  expect((await usersOf(page, team.api_key)).status()).toBe(200);

  // As the refusal says: the organization's key, given again, deletes.
  await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
  await org.getByRole("button", { name: "Edit Test organization" }).click();
  const form = page.getByRole("dialog", { name: "Edit Test organization" });
  await form.getByLabel("Management key").fill(demo.managementKey);
  await form.getByRole("button", { name: "Save organization" }).click();
  await expect(form).toHaveCount(0);
  await deleteIt();
  await expect(keyCell(page, team.name)).toHaveText("Deleted");
  expect((await usersOf(page, team.api_key)).status()).toBe(401);
});

test("the header switches teams with the mouse and the keyboard, keeping the view and dropping the old team's state", async ({
  page,
  demo,
  expectAccessible,
}) => {
  await page.goto("/teams");
  await teams(page).importFile(join(process.env.E2E_DATA ?? "", "credentials.json"));
  await expect(keyCell(page, demo.bigTeam.name)).toHaveText("Works");
  await page.goto(`/t/${demo.bigTeam.team_id}/users?page=3&pageSize=25`);
  const switcher = switcherOf(page).button;
  await expect(switcher).toContainText(demo.bigTeam.name);

  // Mouse: open, search, click.
  await switcher.click();
  const menu = page.getByRole("dialog", { name: "Switch team" });
  await expect(menu.getByRole("combobox", { name: "Find a team" })).toBeFocused();
  await expectAccessible();
  await menu.getByRole("combobox").fill("pilot");
  await expect(menu.getByRole("option")).toHaveCount(1);
  await menu.getByRole("option", { name: new RegExp(demo.smallTeam.name) }).click();
  await expect(page).toHaveURL(`/t/${demo.smallTeam.team_id}/users`);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 1–8 of 8");
  await expect(switcher).toContainText(demo.smallTeam.name);

  // Keyboard: the shortcut opens it on the current team, arrows move through the other teams, Enter opens.
  await page.keyboard.press("t");
  await expect(menu).toBeVisible();
  const active = () => menu.getByRole("option", { selected: true });
  await expect(active()).toContainText(demo.smallTeam.name); // recent first
  await page.keyboard.press("ArrowDown");
  await expect(active()).toContainText(demo.bigTeam.name);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(switcher).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.type("cardio");
  await expect(active()).toContainText(demo.otherOrg.team.name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/t/${demo.otherOrg.team.team_id}/users`);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 40");

  // Tabbing out of the menu closes it.
  await page.keyboard.press("t");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Manage teams" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu).toHaveCount(0);

  // The shortcut is listed with the others.
  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  await expect(page.locator("#shortcuts-help")).toContainText("tSwitch team");
});

test("two tabs show two teams; /users opens the team last used; an unknown reference is a clear not-found", async ({
  page,
  context,
  demo,
}) => {
  await page.goto("/teams");
  await teams(page).importFile(join(process.env.E2E_DATA ?? "", "credentials.json"));
  await expect(keyCell(page, demo.smallTeam.name)).toHaveText("Works");
  // A new tab has the saved teams (localStorage), and gets the keys from this open one: the test copies nothing.
  const other = await context.newPage();

  await page.goto(`/t/${demo.bigTeam.team_id}/users`);
  await other.goto(`/t/${demo.smallTeam.team_id}/users`);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 2,500");
  await expect(other.getByRole("navigation", { name: "Pagination" })).toContainText("of 8");
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 2,500");

  // The old address opens the team last used in this browser: this tab's, reloaded last.
  await other.goto("/users?pageSize=25");
  await expect(other).toHaveURL(`/t/${demo.bigTeam.team_id}/users?pageSize=25`);

  await page.goto("/t/0b0b0b0b-0000-4000-8000-00000000dead/users");
  await expect(page.getByRole("heading", { name: "No saved team here" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Teams" }).click();
  await expect(page).toHaveURL("/teams");
});

test("a tab without the team's key says so and asks for it", async ({ page, demo }) => {
  await page.goto("/teams");
  await teams(page).importFile(join(process.env.E2E_DATA ?? "", "credentials.json"));
  await expect(keyCell(page, demo.smallTeam.name)).toHaveText("Works");
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(keyCell(page, demo.smallTeam.name)).toHaveText("Not in this tab");
  await page.goto(`/t/${demo.smallTeam.team_id}/users`);
  await expect(page.getByRole("heading", { name: `This tab has no key for ${demo.smallTeam.name}` })).toBeVisible();
  await page.getByLabel("Team API key").fill(demo.smallTeam.api_key);
  await page.getByRole("button", { name: "Use this key" }).click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 8");
});

test("a tab without the team's key takes that team's key only: another team's key and the management key are refused, nothing saved", async ({
  page,
  demo,
  expectAccessible,
}) => {
  const team = demo.smallTeam;
  await page.goto("/teams");
  await teams(page).importFile(join(process.env.E2E_DATA ?? "", "credentials.json"));
  await expect(keyCell(page, team.name)).toHaveText("Works");
  // This tab keeps the organizations' management keys, and no team's key.
  await page.evaluate((name) => {
    const keys = JSON.parse(sessionStorage.getItem(name) ?? "{}") as object;
    sessionStorage.setItem(name, JSON.stringify({ ...keys, teams: {} }));
  }, storageKeys.keys);
  const teamKeys = () =>
    page.evaluate(
      (name) => (JSON.parse(sessionStorage.getItem(name) ?? "{}") as { teams?: Record<string, { key: string }> }).teams,
      storageKeys.keys,
    );

  await page.goto(`/t/${team.team_id}/users`);
  const form = page.getByRole("form", { name: `This tab has no key for ${team.name}` });
  await expect(form).toBeVisible();
  const sent: string[] = [];
  page.on("request", (request) => {
    const key = request.headers()["x-service-api-key"];
    if (key) sent.push(key);
  });
  const field = form.getByLabel("Team API key");
  const submit = form.getByRole("button", { name: "Use this key" });
  const hint = "Sent only to the list operation. Kept for this browser's open tabs of the dashboard, until the last one closes.";

  // Another team's key: the service tells whose it is; it is refused, once asked, and not saved.
  await field.fill(demo.bigTeam.api_key);
  await submit.click();
  await expect(field).toHaveAccessibleDescription(
    `${hint} This key is of team ${demo.bigTeam.team_id}, not of ${team.name} (${team.team_id}). Enter the team API key of ${team.name}.`,
  );
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("status")).toHaveText("Not saved: one field to fix.");
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Users" })).toHaveCount(0);
  expect(await teamKeys()).toEqual({});
  expect(sent).toEqual([demo.bigTeam.api_key]);
  await expectAccessible();

  // The organization's management key, which this tab holds: refused before it is sent.
  await field.fill(demo.managementKey);
  await expect(field).not.toHaveAttribute("aria-invalid"); // the refusal goes while the key is typed again
  await submit.click();
  await expect(field).toHaveAccessibleDescription(
    new RegExp(`^${hint} This is the management key of .+\\. A team is listed with its own team API key\\.$`),
  );
  await expect(field).toBeFocused();
  expect(sent).not.toContain(demo.managementKey);
  expect(await teamKeys()).toEqual({});

  // Its own key: its users, the key saved for this tab.
  await field.fill(team.api_key);
  await submit.click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 8");
  expect(Object.values((await teamKeys()) ?? {}).map(({ key }) => key)).toEqual([team.api_key]);
  expect(sent).not.toContain(demo.managementKey);
});

test("a refused form moves focus to its first invalid field, whose error it reads", async ({ page }) => {
  await page.goto("/teams");
  const form = await submitTeam(page, { label: "Mine", environment: "", teamId: "not-a-uuid" });
  const environment = form.getByLabel("Environment");
  await expect(environment).toBeFocused();
  await expect(environment).toHaveAccessibleDescription(/Enter an environment, such as production or sandbox\.$/);
  await expect(form.getByRole("status")).toHaveText("Not saved: 2 fields to fix.");
  await environment.fill("sandbox");
  await form.getByRole("button", { name: "Add team" }).click();
  await expect(form.getByLabel("Team ID")).toBeFocused();
  await expect(form.getByRole("status")).toHaveText("Not saved: one field to fix.");
  await form.getByRole("button", { name: "Cancel" }).click();

  const org = await teams(page).submitOrganizationForm({ label: "", orgId: "" });
  await expect(org.getByLabel("Label")).toBeFocused();
  await expect(org.getByLabel("Label")).toHaveAccessibleDescription(/Enter a label, the name you know this organization by\.$/);
  await expect(org.getByRole("status")).toHaveText("Not saved: 2 fields to fix.");
});

test("keys stay out of localStorage and every URL by default; remembering is opt-in; Forget keys forgets them all", async ({
  page,
  demo,
}) => {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  await page.goto("/teams");
  await addOrg(page, { label: "Acme", orgId: demo.orgId, key: demo.managementKey });
  await addTeam(page, { label: "Big", key: demo.bigTeam.api_key, org: "Acme" });
  await expect(keyCell(page, "Big")).toHaveText("Works");
  await teamRow(page, "Big").getByRole("link", { name: "Open users of Big" }).click();
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();

  const storage = () => page.evaluate(() => ({ local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage) }));
  let stored = await storage();
  expect(stored.local).not.toContain(demo.bigTeam.api_key);
  expect(stored.local).not.toContain(demo.managementKey);
  expect(stored.local).toContain(demo.orgId);
  expect(stored.session).toContain(demo.bigTeam.api_key);
  expect(await page.content()).not.toContain(demo.bigTeam.api_key);

  await page.goto("/settings");
  await page.getByLabel("Remember keys on this device").check();
  await expect(page.getByRole("note")).toContainText("local storage");
  await page.getByRole("button", { name: "Save" }).click();
  stored = await storage();
  expect(stored.local).toContain(demo.bigTeam.api_key);
  // The tab keeps its own copy too (the one kept in step with the other open tabs), gone with the tab.
  expect(stored.session).toContain(demo.bigTeam.api_key);

  await page.getByRole("button", { name: "Forget keys" }).click();
  await expect(page.getByRole("status")).toContainText("Keys forgotten");
  stored = await storage();
  for (const where of [stored.local, stored.session]) {
    expect(where).not.toContain(demo.bigTeam.api_key);
    expect(where).not.toContain(demo.managementKey);
  }
  await page.goto("/teams");
  await expect(keyCell(page, "Big")).toHaveText("Not in this tab");

  expect(urls.length).toBeGreaterThan(5);
  for (const url of urls) {
    expect(url).not.toContain(demo.bigTeam.api_key);
    expect(url).not.toContain(demo.managementKey);
  }
});

/** Stores what the dashboard kept before teams were saved: one connection, its keys in `keys`'s storage. */
async function storeEarlierConnection(
  page: Page,
  connection: { orgId: string; teamApiKey: string; managementKey: string },
  keysIn: "localStorage" | "sessionStorage",
) {
  await page.goto("/app-info.json"); // the dashboard's origin, without the app
  await page.evaluate(
    ({ places, keys, names, keysIn }) => {
      localStorage.setItem(names.places, JSON.stringify(places));
      window[keysIn].setItem(names.keys, JSON.stringify(keys));
    },
    {
      places: { baseUrl: "", managementUrl: "", orgId: connection.orgId },
      keys: { teamApiKey: connection.teamApiKey, managementKey: connection.managementKey },
      names: { places: storageKeys.earlierPlaces, keys: storageKeys.keys },
      keysIn,
    },
  );
}

test("the connection an earlier version kept is offered on Teams and saved through the forms, its keys still remembered", async ({
  page,
  demo,
  expectAccessible,
}) => {
  const team = demo.smallTeam;
  await storeEarlierConnection(page, { orgId: demo.orgId, teamApiKey: team.api_key, managementKey: demo.managementKey }, "localStorage");
  await page.goto("/users"); // the earlier version's address
  await expect(page).toHaveURL("/teams");
  const notice = page.getByRole("region", { name: "Kept by the earlier version" });
  await expect(notice).toContainText(`the team API key ending in …${team.api_key.slice(-4)}`);
  await expect(notice).toContainText(`organization ${demo.orgId} with the management key ending in …${demo.managementKey.slice(-4)}`);
  await expect(notice).toContainText("its keys will be remembered in this browser");
  expect(await page.content()).not.toContain(team.api_key);
  await expectAccessible();

  await notice.getByRole("button", { name: "Save its organization and team…" }).click();
  const orgForm = page.getByRole("dialog", { name: "Add an organization" });
  await expect(orgForm.getByLabel("Organization ID")).toHaveValue(demo.orgId);
  await expect(orgForm.getByLabel("Management key")).toHaveValue(demo.managementKey);
  await orgForm.getByLabel("Label").fill("Acme");
  await orgForm.getByRole("button", { name: "Add organization" }).click();
  const teamForm = page.getByRole("dialog", { name: "Add a team" });
  await expect(teamForm.getByLabel("Team API key")).toHaveValue(team.api_key);
  await expect(teamForm.getByLabel("Organization").locator("option:checked")).toHaveText("Acme");
  await teamForm.getByLabel("Label").fill("Pilot");
  await teamForm.getByLabel("Environment").fill("sandbox");
  await teamForm.getByRole("button", { name: "Add team" }).click();

  await expect(teamForm).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Added Pilot." })).toContainText(
    "The connection of the earlier version is saved.",
  );
  const total = ((await (await usersOf(page, team.api_key)).json()) as { total: number }).total;
  await expect(usersCell(page, "Pilot")).toHaveText(String(total));
  await expect(keyCell(page, "Pilot")).toHaveText("Works");
  await expect(teams(page).row("Pilot").organization).toHaveText("Acme");
  await expect(teams(page).row("Pilot").deleteButton).toBeEnabled();

  // Remembered before, remembered now (in the saved entries' shape); the earlier items are gone.
  const local = await page.evaluate(() => ({ ...localStorage }));
  expect(local[storageKeys.earlierPlaces]).toBeUndefined();
  expect(local[storageKeys.earlierConnection]).toBeUndefined();
  type Stamped = Record<string, { key: string | null }>;
  const keys = JSON.parse(local[storageKeys.keys] ?? "{}") as { teams: Stamped; orgs: Stamped };
  expect(Object.values(keys.teams).map(({ key }) => key)).toEqual([team.api_key]);
  expect(Object.values(keys.orgs).map(({ key }) => key)).toEqual([demo.managementKey]);
  await page.reload();
  await expect(keyCell(page, "Pilot")).toHaveText("Works");
  await expect(notice).toHaveCount(0);
});

test("a tab's earlier connection stays in the tab; Discard, or Forget keys, removes it with its keys", async ({ page, demo }) => {
  await storeEarlierConnection(page, { orgId: "", teamApiKey: demo.smallTeam.api_key, managementKey: "" }, "sessionStorage");
  await page.goto("/teams");
  const notice = page.getByRole("region", { name: "Kept by the earlier version" });
  await expect(notice).toContainText("its keys will be kept for this browser's open tabs only");
  await expect(notice.getByRole("button", { name: "Save as a team…" })).toBeVisible();
  const stored = () => page.evaluate(() => ({ local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage) }));
  expect((await stored()).local).not.toContain(demo.smallTeam.api_key);
  expect((await stored()).session).toContain(demo.smallTeam.api_key);

  await notice.getByRole("button", { name: "Discard it" }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText("discarded, with its keys");
  expect((await stored()).session).not.toContain(demo.smallTeam.api_key);
  await page.reload();
  await expect(page.getByRole("heading", { name: "No teams saved yet" })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Forget keys forgets an earlier connection's keys too.
  await storeEarlierConnection(page, { orgId: "", teamApiKey: demo.smallTeam.api_key, managementKey: "" }, "sessionStorage");
  await page.goto("/settings");
  expect((await stored()).session).toContain(demo.smallTeam.api_key); // set aside, in the tab
  await page.getByRole("button", { name: "Forget keys" }).click();
  await expect(page.getByRole("status")).toContainText("Keys forgotten");
  expect((await stored()).session).not.toContain(demo.smallTeam.api_key);
});

test("an earlier connection whose organization is saved goes straight to its team, under it; once all is saved, only Discard is offered", async ({
  page,
  demo,
}) => {
  await page.goto("/teams");
  await addOrg(page, { label: "Acme", orgId: demo.orgId, key: demo.managementKey });
  const earlier = { orgId: demo.orgId, teamApiKey: demo.smallTeam.api_key, managementKey: demo.managementKey };
  await storeEarlierConnection(page, earlier, "localStorage");
  await page.goto("/teams");
  const notice = page.getByRole("region", { name: "Kept by the earlier version" });
  // This tab keeps its keys for itself: the earlier, remembered ones join them there.
  await expect(notice).toContainText("its keys will be kept for this browser's open tabs only");
  await notice.getByRole("button", { name: "Save as a team…" }).click();
  const teamForm = page.getByRole("dialog", { name: "Add a team" });
  await expect(teamForm.getByLabel("Organization").locator("option:checked")).toHaveText("Acme");
  await teamForm.getByLabel("Label").fill("Pilot");
  await teamForm.getByLabel("Environment").fill("sandbox");
  await teamForm.getByRole("button", { name: "Add team" }).click();
  await expect(notice).toHaveCount(0);
  await expect(teams(page).row("Pilot").organization).toHaveText("Acme");
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(demo.smallTeam.api_key);

  await storeEarlierConnection(page, earlier, "localStorage");
  await page.goto("/teams");
  await expect(notice).toContainText("Everything it holds is saved already.");
  await expect(notice.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  await notice.getByRole("button", { name: "Discard it" }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.locator("#main")).toBeFocused();
});

test("an export holds no key unless asked, and then warns", async ({ page, demo }) => {
  await page.goto("/teams");
  await teams(page).importFile(join(process.env.E2E_DATA ?? "", "credentials.json"));
  await expect(keyCell(page, demo.bigTeam.name)).toHaveText("Works");
  await page.getByRole("button", { name: "Export…" }).click();
  const dialog = page.getByRole("dialog", { name: "Export saved teams" });
  let download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download" }).click();
  const plain = await (await download).path();
  const { readFileSync } = await import("node:fs");
  const text = readFileSync(plain, "utf8");
  expect(text).toContain(demo.bigTeam.team_id);
  expect(text).not.toContain(demo.bigTeam.api_key);
  expect(text).not.toContain(demo.managementKey);

  await page.getByRole("button", { name: "Export…" }).click();
  await dialog.getByLabel("Include the keys this tab holds").check();
  await expect(dialog.getByRole("note")).toContainText("Keep it like a password");
  download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download with keys" }).click();
  expect(readFileSync(await (await download).path(), "utf8")).toContain(demo.bigTeam.api_key);
});

for (const look of looks) {
  test(`axe finds nothing serious on Teams, the switcher and the dialogs, ${look.name}`, async ({ page, demo, expectAccessible }) => {
    await showIn(page, look);
    await page.goto("/teams");
    await expectAccessible(); // empty, with the demo offer hidden (a seed file offers none)
    await teams(page).importFile(join(process.env.E2E_DATA ?? "", "credentials.json"));
    await expect(keyCell(page, demo.bigTeam.name)).toHaveText("Works");
    await expectAccessible();
    // The tables scroll inside their cards; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width);
    await switcherOf(page).button.click();
    await expect(page.getByRole("dialog", { name: "Switch team" })).toBeVisible();
    await expectAccessible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add team" }).click();
    await page.getByRole("dialog", { name: "Add a team" }).getByRole("button", { name: "Add team" }).click();
    await expect(page.getByText("Enter a label, the name you know this team by.")).toBeVisible();
    await expectAccessible();
    await page.keyboard.press("Escape");
    await teamRow(page, demo.bigTeam.name)
      .getByRole("button", { name: `Delete team ${demo.bigTeam.name}…` })
      .click();
    await expect(confirmDialog(page)).toContainText("2,500 users will be deleted with it");
    await expectAccessible();
  });
}

test("a team's cached pages and loaded users go with its entry: removed and added again, its users are asked anew", async ({
  page,
  demo,
}) => {
  const workers = watchWorkers(page);
  const pages: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("limit=100")) pages.push(request.url());
  });
  await page.goto("/teams");
  await addTeam(page, { label: "Pilot", key: demo.smallTeam.api_key });
  await teamRow(page, "Pilot").getByRole("link", { name: "Open users of Pilot" }).click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 8");
  await expect(new UsersPage(page).wholeTeam.loaded).toContainText("All 8 users are loaded");
  expect(pages).toHaveLength(1);

  // Back and forth: the page is cached for the tab.
  await page.getByRole("link", { name: "Teams", exact: true }).click();
  await teamRow(page, "Pilot").getByRole("link", { name: "Open users of Pilot" }).click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 8");
  expect(pages).toHaveLength(1);

  await page.getByRole("link", { name: "Teams", exact: true }).click();
  // Teams keeps the loaded team, for the way back: the worker loaded at first is still the one.
  await expect(teamRow(page, "Pilot")).toBeVisible();
  expect(workers).toHaveLength(1);
  expect(workers[0]!.closed).toBe(false);
  await teamRow(page, "Pilot").getByRole("button", { name: "Remove Pilot" }).click();
  await teamRow(page, "Pilot").getByRole("button", { name: "Remove Pilot" }).click(); // confirmed in place
  await expect(teamRow(page, "Pilot")).toHaveCount(0);
  await expect.poll(() => allEnded(workers)).toBe(true);
  await addTeam(page, { label: "Pilot", key: demo.smallTeam.api_key });
  await teamRow(page, "Pilot").getByRole("link", { name: "Open users of Pilot" }).click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 8");
  expect(pages).toHaveLength(2);
});
