import type { Page } from "@playwright/test";
import { storageKeys } from "../src/api/stored-value.ts";
import { confirmDialog, deletesSent, usersOf } from "./delete-helpers.ts";
import { expect, test } from "./fixtures.ts";

const dialog = confirmDialog;
const toast = (page: Page) => page.getByRole("status").filter({ hasText: /will be deleted|was deleted|Undone/ });

test("the undo window is 5 seconds unless Settings say otherwise, and 0 turns it off", async ({ page, connect, demo }) => {
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId });
  await page.goto("/settings");
  const field = page.getByLabel("Undo window (seconds)");
  await expect(field).toHaveValue("5");
  await field.fill("61");
  await expect(field).toHaveAccessibleDescription(/whole number of seconds from 0 to 60/);
  await field.fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.undoSeconds)).toBe("0");
  await page.goto(`/teams/delete?teamId=${demo.disposable(11).team_id}`);
  await page.getByRole("button", { name: "Delete team" }).click();
  await expect(dialog(page)).toContainText("This cannot be undone.");
  await expect(dialog(page)).not.toContainText("seconds to undo");
});

test("keyboard only: Undo has the focus during the countdown, and Enter on it sends nothing", async ({
  page,
  connect,
  demo,
  expectAccessible,
}) => {
  const team = demo.disposable(11);
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 30 });
  // A window long enough for axe on a busy machine; the test then moves the clock past it.
  await page.clock.install();
  const sent = deletesSent(page);
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await page.getByLabel("Team ID").press("Enter"); // opens the dialog
  await expect(dialog(page)).toContainText("30 seconds to undo");
  await expect(dialog(page)).toContainText("closing or reloading this tab in that time cancels the deletion");
  await dialog(page).getByLabel("Type the team ID to confirm").focus();
  await page.keyboard.type(team.team_id);
  await page.keyboard.press("Tab"); // Cancel
  await page.keyboard.press("Tab"); // Delete this team
  await page.keyboard.press("Enter");

  await expect(dialog(page)).toHaveCount(0);
  await expect(toast(page)).toContainText(`Team ${team.team_id} will be deleted in`);
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  // The seconds tick on screen, while what a screen reader is told stays the same (said once).
  const seconds = toast(page).locator('[aria-hidden="true"]');
  const [told, shown] = [await toast(page).ariaSnapshot(), await seconds.textContent()];
  expect(told).toContain("a few seconds unless you undo it");
  await expect(seconds).not.toHaveText(shown!);
  expect(await toast(page).ariaSnapshot()).toBe(told);
  await expectAccessible();
  await page.keyboard.press("Enter");

  await expect(toast(page)).toContainText(`Undone: team ${team.team_id} was not deleted`);
  await expect(page.getByRole("button", { name: "Dismiss" })).toBeFocused();
  await page.clock.fastForward("00:31"); // past the window: still nothing sent
  expect((await usersOf(page, team.api_key)).status()).toBe(200);
  expect(sent).toHaveLength(0);
  const record = page.getByRole("region", { name: "Delete attempts in this tab" });
  await expect(record.getByRole("row").nth(1)).toContainText("undone");
  await page.keyboard.press("Enter"); // Dismiss
  await expect(toast(page)).toHaveCount(0);
});

test("after the window, exactly one DELETE is sent", async ({ page, connect, demo, confirmDelete }) => {
  const team = demo.disposable(10);
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 2 });
  const sent = deletesSent(page);
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await confirmDelete(team.team_id);
  await expect(toast(page)).toContainText("will be deleted in");
  expect(sent).toHaveLength(0);
  await expect(toast(page)).toContainText(`Team ${team.team_id} was deleted.`, { timeout: 15_000 });
  expect(sent).toHaveLength(1);
  expect(sent[0]!.url()).toContain(`/team/${team.team_id}`);
  expect((await usersOf(page, team.api_key)).status()).toBe(401);
  await expect(page.getByRole("region", { name: "Delete attempts in this tab" }).getByRole("row").nth(1)).toContainText("deleted");
});

test("moving to another view keeps the countdown and its Undo", async ({ page, connect, demo, confirmDelete }) => {
  const team = demo.disposable(11);
  await connect({ teamApiKey: demo.smallTeam.api_key, managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 30 });
  await page.clock.install();
  const sent = deletesSent(page);
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await confirmDelete(team.team_id);
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  await expect(toast(page)).toContainText("will be deleted in");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page)).toContainText("Undone");
  await page.clock.fastForward("00:31");
  expect((await usersOf(page, team.api_key)).status()).toBe(200);
  expect(sent).toHaveLength(0);
});

test("reloading the tab during the window sends nothing", async ({ page, connect, demo, confirmDelete }) => {
  const team = demo.disposable(12);
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 30 });
  await page.clock.install();
  const sent = deletesSent(page);
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await confirmDelete(team.team_id);
  await expect(toast(page)).toContainText("will be deleted in");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Delete a team by ID" })).toBeVisible();
  await page.clock.fastForward("00:31");
  expect(sent).toHaveLength(0);
  await expect(toast(page)).toHaveCount(0);
  expect((await usersOf(page, team.api_key)).status()).toBe(200);
});

for (const where of ["this tab", "another tab"] as const) {
  test(`Forget keys in ${where} during the window cancels the deletion, says so, and nothing is sent`, async ({
    page,
    context,
    connect,
    demo,
    confirmDelete,
    settingsPage,
  }) => {
    const team = demo.disposable(12);
    // The longest window: the clock runs while a second tab opens, and the team must stay.
    await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 60 });
    await page.clock.install();
    const sent = deletesSent(page);
    await page.goto(`/teams/delete?teamId=${team.team_id}`);
    await confirmDelete(team.team_id);
    await expect(toast(page)).toContainText("will be deleted in");
    if (where === "this tab") {
      await page.getByRole("link", { name: "Settings", exact: true }).click();
      await settingsPage.forgetKeys();
    } else {
      // A second tab, opened as a person opens one: Forget keys there forgets them in every tab.
      const other = await context.newPage();
      await other.goto("/settings");
      await other.getByRole("button", { name: "Forget keys" }).click();
    }

    const cancelled = page.getByRole("status").filter({ hasText: "Cancelled:" });
    await expect(cancelled).toContainText(`team ${team.team_id} was not deleted, and nothing was sent`);
    await expect(cancelled).toContainText("management key was forgotten");
    await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);
    await page.clock.fastForward("02:00");
    expect(sent).toHaveLength(0);
    expect((await usersOf(page, team.api_key)).status()).toBe(200);
    await page.getByRole("button", { name: "Dismiss" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Teams" }).click();
    await page.getByRole("link", { name: "Delete a team by ID" }).click();
    await expect(page.getByRole("region", { name: "Delete attempts in this tab" }).getByRole("row").nth(1)).toContainText("undone");
  });
}

test("a second deletion is refused while one waits in its window, with the reason; Undo cancels only the first", async ({
  page,
  connect,
  demo,
  teamsPage,
  deleteDialog,
}) => {
  const [first, second] = [demo.disposable(11), demo.disposable(12)];
  await connect({ teamApiKey: first.api_key, managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 30 });
  await page.clock.install();
  const sent = deletesSent(page);
  await teamsPage.goto();
  await teamsPage.addTeam({ label: second.name, teamApiKey: second.api_key, organization: "Test organization" });
  await (await teamsPage.row(first.name).delete()).confirmWith(first.name);
  await expect(toast(page)).toContainText(`Team ${first.team_id} will be deleted in`);

  const reason = `Team ${first.team_id} is waiting in its undo window: undo it, or let it be sent, before deleting another team.`;
  await expect(teamsPage.row(second.name).deleteButton).toBeDisabled();
  await expect(teamsPage.row(second.name).deleteButton).toHaveAccessibleDescription(reason);
  await expect(page.getByText(reason)).toBeVisible();
  // The users page's "Delete this team…" does not open the dialog meanwhile either.
  await teamsPage.row(second.name).openUsersLink.click();
  await page.getByRole("link", { name: "Delete this team…" }).click();
  await expect(page.getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();
  await expect(deleteDialog.root).toHaveCount(0);
  await expect(teamsPage.row(second.name).deleteButton).toBeDisabled();

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page)).toContainText(`Undone: team ${first.team_id} was not deleted`);
  await expect(teamsPage.row(second.name).deleteButton).toBeEnabled();
  await page.clock.fastForward("01:00");
  expect(sent).toHaveLength(0);
  for (const team of [first, second]) expect((await usersOf(page, team.api_key)).status()).toBe(200);
});
