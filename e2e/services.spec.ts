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

test("a team whose service the deployment no longer declares: the users page and the delete dialog say so, and nothing reaches a service", async ({
  page,
  teamsPage,
  usersPage,
  deployment,
  expectAccessible,
}) => {
  await page.addInitScript((name) => localStorage.setItem(name, "0"), storageKeys.undoSeconds);
  // An earlier file declared us-west (the US service, under another name): the operator saved a
  // team and an organization there, keys given on Teams as always.
  await page.route("**/deployment.json", async (route) => {
    const answer = await route.fetch();
    const file = (await answer.json()) as { services: object[] };
    await route.fulfill({
      response: answer,
      json: { ...file, services: [...file.services, { name: "us-west", label: "US West", environment: "production" }] },
    });
  });
  await page.route("**/s/us-west/**", (route) => route.continue({ url: route.request().url().replace("/s/us-west/", "/s/us-prod/") }));
  await teamsPage.goto();
  await page.getByRole("button", { name: "Add organization", exact: true }).click();
  const orgForm = page.getByRole("dialog", { name: "Add an organization" });
  await orgForm.getByLabel("Label").fill("West org");
  await orgForm.getByLabel("Organization ID").fill(ids.orgB);
  await orgForm.getByLabel("Service").selectOption({ label: "US West (production)" });
  await orgForm.getByLabel("Management key").fill(keys.managementB);
  await orgForm.getByRole("button", { name: "Add organization" }).click();
  await expect(orgForm).toHaveCount(0);
  await teamsPage.addTeam({ label: "West cohort", service: "US West (production)", teamApiKey: keys.teamB, organization: "West org" });
  await expect(teamsPage.row("West cohort").keyStatus).toHaveText("Works");

  // The file that follows declares no us-west: the dashboard's server answers for it.
  await page.unrouteAll();
  await page.reload();
  const before = deployment.services.map((s) => s.server.output().length);
  const row = teamsPage.row("West cohort");
  await expect(row.keyStatus).toContainText("Failed");
  await expect(row.keyStatus).toContainText("The service us-west is not declared in this deployment.");
  await expectAccessible();

  await row.openUsersLink.click();
  await expect(usersPage.error).toContainText("The service us-west is not declared in this deployment");
  await expect(usersPage.error).toContainText(
    "Edit the entry in Teams to choose one of this deployment's services, or ask whoever runs this dashboard to declare us-west.",
  );
  await expect(usersPage.error).not.toContainText("API base URL");
  await expectAccessible();

  await teamsPage.goto();
  const dialog = await teamsPage.row("West cohort").delete();
  await dialog.confirmWith(ids.teamB);
  await expect(dialog.error).toHaveText(
    "The service us-west is not declared in this deployment. This dashboard's server answered, not a service: nothing was sent to one. " +
      "Edit the entry in Teams to choose one of this deployment's services, or ask whoever runs this dashboard to declare us-west.",
  );
  await expectAccessible();
  await dialog.cancelButton.click();
  await expect(teamsPage.row("West cohort").keyStatus).not.toContainText("Already gone");
  await expect(teamsPage.row("West cohort").deleteButton).toBeVisible();
  expect(deployment.services.map((s) => s.server.output().length)).toEqual(before);
});

test("Add team and Add organization refuse this dashboard's /s/<name> of a service it does not declare", async ({
  page,
  teamsPage,
  deployment,
  expectAccessible,
}) => {
  await teamsPage.goto();
  const teamForm = await teamsPage.submitTeamForm({ label: "Nowhere", baseUrl: `${deployment.dashboard.url}/s/nope`, teamId: ids.unknown });
  await expect(teamForm.getByLabel("API base URL")).toHaveAccessibleDescription(
    /This dashboard declares no service named nope \(it has us-prod, eu-sandbox\): choose one in the Service list\./,
  );
  await expect(teamForm.getByLabel("API base URL")).toBeFocused();
  await expectAccessible();
  await teamForm.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Add organization", exact: true }).click();
  const orgForm = page.getByRole("dialog", { name: "Add an organization" });
  await orgForm.getByLabel("Label").fill("Nowhere org");
  await orgForm.getByLabel("Organization ID").fill(ids.unknown);
  await orgForm.getByLabel("Service").selectOption({ label: "Another URL…" });
  await orgForm.getByLabel("Management API URL").fill(`${deployment.dashboard.url}/S/us-prod`);
  await orgForm.getByRole("button", { name: "Add organization" }).click();
  await expect(orgForm.getByLabel("Management API URL")).toHaveAccessibleDescription(
    new RegExp(`This dashboard serves US \\(production\\) at ${deployment.dashboard.url}/s/us-prod: choose it in the Service list\\.`),
  );
  await expectAccessible();
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
