/**
 * A service that limits its rate: the reference service with `--rate`, a dashboard in upstream
 * mode in front of it. The whole-team load is refused (429, Retry-After) whenever it asks faster
 * than the service allows, and ends complete all the same, with no failure shown, its bar telling
 * pages a second meanwhile.
 */
import type { SpawnedServer } from "../server/spawn-server.ts";
import { expect, test } from "./fixtures.ts";
import { UsersPage } from "./kit/users-page.ts";
import { storeConnection } from "./store-connection.ts";
import { startUpstreamDemo, type UpstreamDemo } from "./upstream-demo.ts";

const teamSize = 6_000; // 12 pages of 500, above the 5,000 loaded without asking: the load is the test's click
const rate = 4; // requests a second: the load is refused many times over
let service: SpawnedServer;
let dashboard: SpawnedServer;
let team: UpstreamDemo["team"];
let stop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ service, dashboard, team, stop } = await startUpstreamDemo(teamSize, ["--rate", String(rate)]));
});
test.afterAll(() => stop?.());

test("a whole-team load from a rate-limited service ends complete, with no failure shown", async ({ page }) => {
  test.setTimeout(90_000);
  await storeConnection(page, { teamApiKey: team.api_key, teamId: team.team_id });
  const users = new UsersPage(page);
  await page.goto(`${dashboard.url}/users`);
  await expect(users.wholeTeam.loadButton).toBeVisible();
  await users.wholeTeam.loadButton.click();
  // The bar tells pages a second while the pages come (shown, not read out at each report).
  await expect(page.getByText(/pages\/s/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `All ${teamSize.toLocaleString("en")} users are loaded` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("alert").filter({ hasText: /stopped|failed|Too many requests/i })).toHaveCount(0);
  await expect(page.locator(".team-failure")).toHaveCount(0);

  // The service did refuse the load: the limit was reached, and waited out.
  const refused = service
    .output()
    .split("\n")
    .filter((line) => /^GET \/v2\/user\/ 429 /.test(line));
  expect(refused.length).toBeGreaterThan(0);
});
