/**
 * Deletes one team, and only with both opt-ins: `npm run smoke -- --destructive` and
 * SMOKE_DELETE_TEAM_ID named again in SMOKE_DELETE_CONFIRM (scripts/smoke-env.ts checks them
 * before the browser starts, and this test checks them again).
 */
import { readDeletion, readSettings } from "../scripts/smoke-env.ts";
import { expect, test } from "./fixtures.ts";

test("deletes the named team from its row, and its key is then refused", async ({ teamsPage, settingsPage, request, apiBaseUrl }) => {
  const deletion = readDeletion(process.env, readSettings(process.env));
  const settings = readSettings(process.env);
  await settingsPage.goto();
  await settingsPage.undoSeconds.fill("0");
  await settingsPage.save();

  await teamsPage.goto();
  await teamsPage.addOrganization({ label: "Smoke test organization", orgId: settings.orgId, managementKey: settings.managementKey });
  const label = "Team to delete";
  const row = await teamsPage.addTeam({
    label,
    teamId: deletion.teamId,
    organization: "Smoke test organization",
    environment: "smoke test",
  });

  const dialog = await row.delete();
  await dialog.confirmWith(label);
  await expect(row.keyStatus).toHaveText("Deleted");
  if (deletion.teamApiKey) {
    const answer = await request.get(`${apiBaseUrl}/v2/user/?limit=1`, { headers: { "x-service-api-key": deletion.teamApiKey } });
    expect(answer.status()).toBe(401);
  }
});
