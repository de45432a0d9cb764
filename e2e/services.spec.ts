/**
 * A deployment of two services on real HTTP: one dashboard server started with a deployment file
 * naming two reference services, each its own process with its own seed, and providing the
 * organizations and teams of both. What reaches each service is read in its own request log.
 */
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtureSeed, ids, keys } from "../server/testing.ts";
import { storageKeys } from "../src/api/stored-value.ts";
import { startTwoServices, type TwoServices } from "../server/two-services.ts";
import { confirmDialog } from "./delete-helpers.ts";
import { expect, test as base } from "./fixtures.ts";
import { looks, showIn } from "./looks.ts";
import { TeamSwitcher } from "./kit/team-switcher.ts";

const test = base.extend<object, { deployment: TwoServices }>({
  deployment: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), "services-e2e-"));
      const seed = join(dir, "us.json");
      writeFileSync(seed, JSON.stringify(fixtureSeed({ teamA: 250, teamA2: 3, teamB: 5 })));
      // US: the fixture's Org A (Team A, Team A2) and Org B (Team B); EU: the demo, 30 users in its largest team.
      const deployment = await startTwoServices({
        serviceArgs: [
          ["--seed", seed],
          ["--seed", "demo", "--demo-users", "30"],
        ],
        quiet: true,
      });
      await use(deployment);
      await deployment.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ deployment }, use) => use(deployment.dashboard.url),
});
// One deployment, one worker: the tests follow each other's keys and deletion.
test.describe.configure({ mode: "serial" });

/** The lines of a service's own request log that match, e.g. `/^DELETE /`. */
const logged = (deployment: TwoServices, name: string, pattern: RegExp) =>
  deployment.services
    .find((s) => s.name === name)!
    .server.output()
    .split("\n")
    .filter((line) => pattern.test(line));
const lists = /^GET \/v2\/user\/ /;

const eu = (deployment: TwoServices) => {
  const acme = deployment.services[1].credentials.orgs[0]!;
  return { org: acme, sleep: acme.teams.find((t) => t.name === "Sleep study")! };
};

test("Teams lists the teams both services provide; each key, given on Teams, reaches its own service only", async ({
  page,
  teamsPage,
  deployment,
  expectAccessible,
}) => {
  const sentWithKey: { url: string; key: string }[] = [];
  page.on("request", (request) => {
    const key = request.headers()["x-service-api-key"];
    if (key) sentWithKey.push({ url: new URL(request.url()).pathname, key });
  });
  await teamsPage.goto();
  for (const label of ["Team A", "Team A2", "Team B", "Sleep study", "Pilot clinic", "New cohort", "Cardio trial"]) {
    await expect(teamsPage.row(label).keyStatus).toHaveText("Not in this tab");
  }
  await expect(teamsPage.row("Team A").environment).toHaveText("ProductionUS (production) · provided by the deployment");
  await expect(teamsPage.row("Sleep study").environment).toHaveText("sandboxEU (sandbox) · provided by the deployment");
  // Provided: not edited or removed here.
  await expect(teamsPage.row("Team A").root.getByRole("button", { name: /^(Edit|Remove)/ })).toHaveCount(0);
  await expect(teamsPage.organizations.getByRole("row")).toHaveCount(5); // a header, two organizations at each service
  await expectAccessible();

  // A key of the EU service, given to a US team, is asked of the US service, which refuses it.
  const euBefore = logged(deployment, "eu-sandbox", lists).length;
  const refused = await teamsPage.submitKey("Team A", eu(deployment).sleep.api_key);
  await expect(refused.getByRole("alert")).toContainText("Invalid API key");
  await expectAccessible();
  await refused.getByRole("button", { name: "Cancel" }).click();
  expect(logged(deployment, "eu-sandbox", lists)).toHaveLength(euBefore);

  sentWithKey.length = 0;
  await teamsPage.setKey("Team A", keys.teamA);
  await teamsPage.setKey("Sleep study", eu(deployment).sleep.api_key);
  await expect(teamsPage.row("Team A").keyStatus).toHaveText("Works");
  await expect(teamsPage.row("Team A").users).toHaveText("250");
  await expect(teamsPage.row("Sleep study").keyStatus).toHaveText("Works");
  await expect(teamsPage.row("Sleep study").users).toHaveText("30");
  await expectAccessible();

  // Every request that carried a key went to that key's own service, by name.
  expect(sentWithKey.map((s) => s.key).sort()).toEqual(expect.arrayContaining([keys.teamA, eu(deployment).sleep.api_key]));
  for (const { url, key } of sentWithKey) {
    expect(url).toBe(key === keys.teamA ? "/s/us-prod/v2/user/" : "/s/eu-sandbox/v2/user/");
    expect([keys.teamA, eu(deployment).sleep.api_key]).toContain(key);
  }
  expect(logged(deployment, "eu-sandbox", lists).length).toBeGreaterThan(euBefore);
});

test("browsing a team of each service, and switching between them", async ({ page, teamsPage, usersPage, deployment }) => {
  await teamsPage.goto();
  await teamsPage.setKey("Team A", keys.teamA);
  await teamsPage.setKey("Sleep study", eu(deployment).sleep.api_key);
  await teamsPage.row("Team A").openUsersLink.click();
  await expect(usersPage.range).toContainText("250");
  await expect(page.getByRole("banner")).toContainText("Production");
  await new TeamSwitcher(page).switchTo("Sleep study");
  await expect(usersPage.range).toContainText("30");
  expect(new URL(page.url()).pathname).toBe(`/t/${eu(deployment).sleep.team_id}/users`);
});

test("deleting a team of one service sends one DELETE, which reaches that service and no other", async ({
  page,
  teamsPage,
  deployment,
  expectAccessible,
}) => {
  await page.addInitScript((name) => localStorage.setItem(name, "0"), storageKeys.undoSeconds);
  await teamsPage.goto();
  await teamsPage.setKey("Org A", keys.managementA, { organization: true });
  await expect(teamsPage.organizations.getByRole("row").filter({ hasText: "Org A" }).first()).toContainText("In this tab");
  const dialog = await teamsPage.row("Team A2").delete();
  await expectAccessible();
  await dialog.confirmWith(ids.teamA2);
  await expect(teamsPage.row("Team A2").keyStatus).toHaveText("Deleted");
  await expect(confirmDialog(page)).toHaveCount(0);

  expect(logged(deployment, "us-prod", /^DELETE /)).toEqual([
    expect.stringMatching(new RegExp(`^DELETE /v1/org/${ids.orgA}/team/${ids.teamA2} 204 `)),
  ]);
  expect(logged(deployment, "eu-sandbox", /^DELETE /)).toEqual([]);
  // The team is gone from its service only: the EU's teams still list.
  const answer = await page.request.get(`/s/eu-sandbox/v2/user/?limit=1`, {
    headers: { "x-service-api-key": eu(deployment).sleep.api_key },
  });
  expect(answer.status()).toBe(200);
});

test("an unknown service's name is the dashboard's own JSON 404, which reaches no service", async ({ page, deployment }) => {
  const before = deployment.services.map((s) => s.server.output().length);
  const nowhere = { detail: "The service nowhere is not declared in this deployment.", service: "nowhere" };
  for (const [method, path, reason, body] of [
    ["GET", "/s/nowhere/v2/user/?limit=1", "unknown-service", nowhere],
    ["DELETE", `/s/nowhere/v1/org/${ids.orgA}/team/${ids.teamA}`, "unknown-service", nowhere],
    ["GET", "/s/us-prod/healthz", "not-forwarded", { detail: "Not Found" }],
  ] as const) {
    const answer = await page.request.fetch(path, {
      method,
      headers: { "x-service-api-key": keys.teamA, "x-management-key": keys.managementA },
    });
    expect(answer.status()).toBe(404);
    expect(answer.headers()["x-dashboard-refusal"]).toBe(reason);
    expect(await answer.json()).toEqual(body);
  }
  expect(deployment.services.map((s) => s.server.output().length)).toEqual(before);
});

test.describe("the kit, pointed at one of the deployment's services", () => {
  test.use({ teamApiKey: keys.teamB, apiBaseUrl: async ({ deployment }, use) => use(`${deployment.dashboard.url}/s/us-prod`) });

  test("saves a team by Another URL… and lists it as the service counts it", async ({ savedTeam, usersPage, listUsers }) => {
    await usersPage.goto(savedTeam.ref);
    expect((await listUsers()).total).toBe(5);
    await expect(usersPage.range).toContainText("5");
  });
});

for (const look of looks) {
  test(`axe finds nothing serious on the provided teams and their key form, ${look.name}`, async ({
    page,
    teamsPage,
    expectAccessible,
  }) => {
    await showIn(page, look);
    await teamsPage.goto();
    await expect(teamsPage.row("Team B").keyStatus).toHaveText("Not in this tab");
    await expectAccessible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width);
    await teamsPage.row("Team B").setKeyButton.click();
    await expect(page.getByRole("dialog", { name: "Key for Team B" })).toBeVisible();
    await expectAccessible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Add team" }).click();
    await expect(page.getByRole("dialog", { name: "Add a team" }).getByLabel("Service")).toHaveValue("us-prod");
    await expectAccessible();
  });
}
