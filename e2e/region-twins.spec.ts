/**
 * Two regions that seeded the same teams (`npm run try:services`): one team ID and one label in
 * each service, 12 users of Sleep study in the US, 30 in the EU. Each team keeps its own address
 * and its own names on Teams.
 */
import { startTwoServices, type TwoServices } from "../server/two-services.ts";
import { expect, test as base } from "./fixtures.ts";

const test = base.extend<object, { regions: TwoServices }>({
  regions: [
    async ({}, use) => {
      const regions = await startTwoServices({
        serviceArgs: [
          ["--seed", "demo", "--demo-users", "12"],
          ["--seed", "demo", "--demo-users", "30"],
        ],
        quiet: true,
      });
      await use(regions);
      await regions.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ regions }, use) => use(regions.dashboard.url),
});

const sleepStudy = (regions: TwoServices, region: 0 | 1) =>
  regions.services[region].credentials.orgs[0]!.teams.find((t) => t.name === "Sleep study")!;

test("each region's row names its service, and opens that region's team", async ({
  page,
  teamsPage,
  usersPage,
  regions,
  expectAccessible,
}) => {
  const [us, eu] = [sleepStudy(regions, 0), sleepStudy(regions, 1)];
  expect(us.team_id).toBe(eu.team_id);
  await teamsPage.goto();

  // The provided teams and organizations share their labels: their buttons are named with their service.
  await expect(
    teamsPage.table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Sleep study", exact: true }) }),
  ).toHaveCount(2);
  for (const service of ["us-prod", "eu-sandbox"]) {
    await expect(page.getByRole("button", { name: `Set key of Sleep study (${service})…`, exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: `Copy team ID of Sleep study (${service})`, exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: `Set key of Acme Health (${service})…`, exact: true })).toHaveCount(1);
  }
  await page.getByRole("button", { name: "Set key of Sleep study (eu-sandbox)…" }).click();
  await expect(page.getByRole("dialog", { name: "Key for Sleep study" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expectAccessible();

  // "Another URL…" at this dashboard, one path a region: the same team ID at one host.
  const dashboard = regions.dashboard.url;
  await teamsPage.addTeam({ label: "US by URL", environment: "production", baseUrl: `${dashboard}/s/us-prod`, teamApiKey: us.api_key });
  await teamsPage.addTeam({ label: "EU by URL", environment: "sandbox", baseUrl: `${dashboard}/s/eu-sandbox`, teamApiKey: eu.api_key });
  await expect(teamsPage.row("EU by URL").keyStatus).toHaveText("Works");
  // The same team at a place whose address could not tell the two apart is refused.
  const again = await teamsPage.submitTeamForm({
    label: "EU again",
    baseUrl: `${dashboard.replace("http:", "https:")}/s/eu-sandbox/`,
    teamId: eu.team_id,
  });
  await expect(again.getByLabel("Team ID")).toHaveAccessibleDescription(/This team is already saved, as EU by URL/);
  await again.getByRole("button", { name: "Cancel" }).click();

  const host = new URL(dashboard).host;
  for (const [label, service, users] of [
    ["EU by URL", "eu-sandbox", "30"],
    ["US by URL", "us-prod", "12"],
  ] as const) {
    await teamsPage.row(label).openUsersLink.click();
    await expect(usersPage.range).toHaveText(`Showing 1–${users} of ${users}`);
    expect(new URL(page.url()).pathname).toBe(`/t/${us.team_id}@${host}~s~${service}/users`);
    await teamsPage.goto();
  }
  // A link made before paths were named (`id@host`) named both: no team, rather than the first.
  await page.goto(`/t/${us.team_id}@${host}/users`);
  await expect(page.getByRole("heading", { name: "No saved team here" })).toBeVisible();
});
