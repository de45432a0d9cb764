import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { confirmDialog, deletesSent, usersOf } from "./delete-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { UsersPage } from "./kit/users-page.ts";
import { allEnded, watchWorkers } from "./workers.ts";

// These tests send at once (no undo window); e2e/delete-undo.spec.ts tests the window.
const dialog = confirmDialog;
const pageRange = (page: Page) => page.getByRole("navigation", { name: "Pagination" }).getByText(/^Showing /);

test("Cancel deletes nothing; focus returns to the trigger", async ({ page, connect, demo, expectAccessible }) => {
  const team = demo.disposable(1);
  await connect({ teamApiKey: team.api_key, managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 0 });
  const sent = deletesSent(page);
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await expect(page.getByLabel("Team ID")).toHaveValue(team.team_id);
  await expect(page.getByLabel("Organization")).toHaveValue(/./);
  await expect(page.getByLabel("Organization").locator("option:checked")).toHaveText(`Test organization (${demo.orgId})`);

  const trigger = page.getByRole("button", { name: "Delete team" });
  await trigger.click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText("cannot be undone");
  await expect(dialog(page)).toContainText("3 users will be deleted with it");
  await expect(dialog(page).getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(dialog(page).getByRole("button", { name: "Delete this team" })).toBeDisabled();
  await expectAccessible();

  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await trigger.click();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(trigger).toBeFocused();

  expect(sent).toHaveLength(0);
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(pageRange(page)).toHaveText("Showing 1–3 of 3");
});

test("Delete this team… on the users page confirms in its row's dialog; the loaded team goes, the users page then reports the key revoked; a second delete is a 404", async ({
  page,
  connect,
  demo,
  confirmDelete,
}) => {
  const team = demo.disposable(2);
  await connect({ teamApiKey: team.api_key, managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 0 });
  const sent = deletesSent(page);
  const workers = watchWorkers(page);
  await page.goto("/users");
  await expect(pageRange(page)).toHaveText("Showing 1–3 of 3");
  await expect(new UsersPage(page).wholeTeam.loaded).toContainText("All 3 users are loaded");
  await page.getByRole("link", { name: "Delete this team…" }).click();
  await expect(page).toHaveURL(/\/teams\?delete=/);
  await expect(dialog(page)).toContainText(team.name);
  // Teams keeps the loaded team, for the way back.
  expect(workers).toHaveLength(1);
  expect(workers[0]!.closed).toBe(false);
  // Pasted with spaces and in capitals: still the same ID.
  await dialog(page).getByLabel("Type the team's label or ID to confirm").fill(`  ${team.team_id.toUpperCase()} `);
  await dialog(page).getByRole("button", { name: "Delete this team" }).click();

  await expect(dialog(page)).toHaveCount(0);
  const toast = page.getByRole("status").filter({ hasText: "was deleted" });
  await expect(toast).toContainText(`Team ${team.team_id} was deleted.`);
  await expect(toast).toContainText("no longer works");
  expect(sent).toHaveLength(1);
  expect(sent[0]!.url()).toContain(`/v1/org/${demo.orgId}/team/${team.team_id}`);
  expect((await usersOf(page, team.api_key)).status()).toBe(401);
  // The deleted team's loaded users go with it: its worker ends.
  await expect.poll(() => allEnded(workers)).toBe(true);

  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("The team API key was rejected");

  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await confirmDelete(team.team_id);
  await expect(dialog(page).getByRole("alert")).toHaveText("No such team in this organization. It may already be deleted.");

  // Both attempts are on record, and download as JSON.
  const record = page.getByRole("region", { name: "Delete attempts in this tab" });
  await expect(record.getByRole("row")).toHaveCount(3);
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  const download = page.waitForEvent("download");
  await record.getByRole("button", { name: "Download JSON" }).click();
  const attempts = JSON.parse(readFileSync(await (await download).path(), "utf8")) as { outcome: string; teamId: string }[];
  expect(attempts.map((a) => a.outcome)).toEqual(["not found", "deleted"]);
  expect(JSON.stringify(attempts)).not.toContain(demo.managementKey);
});

test("a wrong management key is rejected, and nothing is deleted", async ({ page, connect, demo, confirmDelete }) => {
  const team = demo.disposable(3);
  await connect({ teamApiKey: team.api_key, managementKey: "svc_mgmt_not-a-real-key-000000000000", orgId: demo.orgId, undoSeconds: 0 });
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await confirmDelete(team.team_id);
  await expect(dialog(page).getByRole("alert")).toContainText("The management key was rejected.");
  await expect(dialog(page).getByRole("alert")).not.toContainText("not-a-real-key");
  expect((await usersOf(page, team.api_key)).status()).toBe(200);
});

test("another organization's management key gets the 404 message", async ({ page, connect, demo, confirmDelete }) => {
  const team = demo.disposable(4);
  await connect({ managementKey: demo.otherOrg.managementKey, orgId: demo.orgId, undoSeconds: 0 });
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await confirmDelete(team.team_id);
  await expect(dialog(page).getByRole("alert")).toContainText("No such team in this organization");
  expect((await usersOf(page, team.api_key)).status()).toBe(200);
});

test("a team key in place of the management key never leaves the browser as X-Management-Key", async ({ page, connect, demo }) => {
  const team = demo.disposable(5);
  await connect({ teamApiKey: team.api_key, managementKey: team.api_key, orgId: demo.orgId, undoSeconds: 0 });
  const headers: Record<string, string>[] = [];
  page.on("request", (request) => headers.push(request.headers()));
  await page.goto(`/users`);
  await expect(pageRange(page)).toHaveText("Showing 1–3 of 3");
  await page.goto("/teams");
  await expect(page.getByRole("button", { name: `Delete team ${team.name}…` })).toBeDisabled();
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await expect(page.getByRole("alert")).toContainText("The management key saved for Test organization is a team API key");
  await expect(page.getByRole("button", { name: "Delete team" })).toBeDisabled();
  await page.getByLabel("Team ID").press("Enter");
  await expect(dialog(page)).toHaveCount(0);
  expect(headers.length).toBeGreaterThan(0);
  expect(headers.filter((h) => "x-management-key" in h)).toEqual([]);
  expect(headers.filter((h) => h["x-service-api-key"] !== undefined).every((h) => h["x-service-api-key"] === team.api_key)).toBe(true);
});

test("IDs are checked as UUIDs while typing", async ({ page, connect, demo, expectAccessible }) => {
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 0 });
  await page.goto("/teams/delete");
  const teamId = page.getByLabel("Team ID");
  await teamId.fill("abc");
  await expect(page.getByText("The team ID is a UUID of 36 characters, in groups of 8-4-4-4-12 (3 so far).")).toBeVisible();
  await teamId.fill("not a uuid!");
  await expect(page.getByText("The team ID is a UUID: only the digits 0–9, the letters a–f and hyphens.")).toBeVisible();
  await expect(teamId).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Delete team" })).toBeDisabled();
  await expectAccessible();
  await teamId.fill(demo.disposable(6).team_id);
  await expect(page.getByRole("button", { name: "Delete team" })).toBeEnabled();
});

test("the service's 422 details show beside the fields they name", async ({ page, connect, demo, confirmDelete }) => {
  const team = demo.disposable(6);
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 0 });
  await page.route("**/v1/org/**", (route) =>
    route.fulfill({
      status: 422,
      json: {
        detail: [
          {
            type: "uuid_version",
            loc: ["path", "team_id"],
            msg: "UUID version 4 expected",
            input: team.team_id,
            ctx: { expected_version: 4 },
          },
        ],
      },
    }),
  );
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await confirmDelete(team.team_id);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByLabel("Team ID")).toHaveAccessibleDescription(/UUID version 4 expected/);
});

test("a double click sends one request", async ({ page, connect, demo }) => {
  const team = demo.disposable(7);
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 0 });
  const sent = deletesSent(page);
  // The service is slow to answer, so the second click lands while the first request runs.
  await page.route("**/v1/org/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await page.getByRole("button", { name: "Delete team" }).click();
  await dialog(page).getByLabel("Type the team ID to confirm").fill(team.team_id);
  const confirm = dialog(page).getByRole("button", { name: "Delete this team" });
  await confirm.dblclick();
  await expect(page.getByRole("status")).toContainText("was deleted");
  expect(sent).toHaveLength(1);
});

test("a dead network keeps the error in the dialog, assumes nothing, and a retry works", async ({ page, connect, demo, confirmDelete }) => {
  const team = demo.disposable(8);
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 0 });
  await page.route("**/v1/org/**", (route) => route.abort("internetdisconnected"));
  await page.goto(`/teams/delete?teamId=${team.team_id}`);
  await confirmDelete(team.team_id);
  await expect(dialog(page).getByRole("alert")).toContainText("nothing is assumed deleted");
  expect((await usersOf(page, team.api_key)).status()).toBe(200);

  await page.unroute("**/v1/org/**");
  await dialog(page).getByRole("button", { name: "Delete this team" }).click();
  await expect(page.getByRole("status")).toContainText("was deleted");
});

test("keyboard only: fill, open, confirm; Enter in the confirmation never confirms; focus stays in the dialog", async ({
  page,
  connect,
  demo,
}) => {
  const team = demo.disposable(9);
  await connect({ managementKey: demo.managementKey, orgId: demo.orgId, undoSeconds: 0 });
  const sent = deletesSent(page);
  await page.goto("/teams/delete");
  await page.getByLabel("Team ID").focus();
  await page.keyboard.type(team.team_id);
  await page.keyboard.press("Enter"); // submits the form: opens the dialog
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Cancel" })).toBeFocused();

  // Tab cycles through the dialog's controls and never leaves it.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  }
  await dialog(page).getByLabel("Type the team ID to confirm").focus();
  await page.keyboard.type(team.team_id);
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
  expect(sent).toHaveLength(0);

  await page.keyboard.press("Tab"); // Cancel
  await page.keyboard.press("Tab"); // Delete this team
  await expect(dialog(page).getByRole("button", { name: "Delete this team" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("was deleted");
  expect(sent).toHaveLength(1);
});

test("without a saved organization, the page links to Teams", async ({ page, expectAccessible }) => {
  await page.goto("/teams/delete");
  await expect(page.getByRole("heading", { name: "An organization is needed" })).toBeVisible();
  await expectAccessible();
  await page.getByRole("link", { name: "Go to Teams" }).click();
  await expect(page.getByRole("heading", { name: "Teams", exact: true })).toBeVisible();
});

test("a saved organization whose key this tab lacks: the form says so and cannot delete", async ({ page, connect, demo }) => {
  await connect({ orgId: demo.orgId });
  await page.goto(`/teams/delete?teamId=${demo.disposable(6).team_id}`);
  await expect(page.getByText("This tab has no management key for this organization: add it in Teams.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete team" })).toBeDisabled();
});
