import { spawnServer, type SpawnedServer } from "../server/spawn-server.ts";
import { storageKeys } from "../src/api/stored-value.ts";
import { expect, test } from "./fixtures.ts";

/** `npm start` as a newcomer runs it: the demo database it seeds itself (smaller, to be quick). */
let demo: SpawnedServer;
test.beforeAll(async () => {
  demo = await spawnServer("server/start.ts", ["--quiet", "--port", "0", "--db", ":memory:", "--demo-users", "120"]);
});
test.afterAll(async () => {
  await demo.stop();
});

test("from npm start to browsing in two clicks: open the dashboard, connect to a demo team", async ({ page, expectAccessible }) => {
  await page.goto(`${demo.url}/`);
  await expect(page).toHaveURL(`${demo.url}/teams`);
  const offer = page.getByRole("region", { name: "Demo data" });
  await expect(offer).toContainText("Sleep study");
  await expect(offer).toContainText("120 users");
  await expectAccessible();

  await offer.getByRole("button", { name: "Connect to Sleep study (Acme Health)" }).click();
  await expect(page).toHaveURL(/\/t\/[0-9a-f-]{36}\/users$/);
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 1–100 of 120");
  await expect(page.getByRole("button", { name: /^Switch team/ })).toContainText("Sleep study");

  // Saved as if added in Teams: the team and its organization, keys for this tab only.
  const stored = await page.evaluate(
    (names) => ({
      tab: sessionStorage.getItem(names.keys),
      local: JSON.stringify(localStorage),
      entries: localStorage.getItem(names.entries),
    }),
    storageKeys,
  );
  const entries = JSON.parse(stored.entries!) as { orgs: { orgId: string }[]; teams: { label: string }[] };
  expect(entries.teams.map((t) => t.label)).toEqual(["Sleep study"]);
  expect(demo.output()).toContain(entries.orgs[0]!.orgId); // the organization the terminal printed
  expect(Object.keys((JSON.parse(stored.tab!) as { orgs: object }).orgs)).toHaveLength(1);
  expect(stored.local).not.toContain("svc_");

  // The team can be deleted from its row: its organization came with it.
  await page.getByRole("link", { name: "Teams", exact: true }).click();
  await expect(page.getByRole("button", { name: "Delete team Sleep study…" })).toBeEnabled();
});

test("Add all demo teams saves every team of both organizations, with counts", async ({ page }) => {
  await page.goto(`${demo.url}/teams`);
  await page.getByRole("button", { name: "Add all demo teams" }).click();
  await expect(page.getByRole("status")).toHaveText("Added 2 organizations and 4 teams.");
  const table = page.getByRole("table", { name: "Teams" });
  await expect(table.getByRole("row")).toHaveCount(5);
  await expect(table.getByRole("row").filter({ hasText: "Cardio trial" })).toContainText("Northwind Research");
  await expect(table.getByRole("row").filter({ hasText: "Sleep study" }).getByRole("cell").nth(3)).toHaveText("120");
  // Once all are saved, the offer only opens them.
  const offer = page.getByRole("region", { name: "Demo data" });
  await expect(offer.getByRole("button", { name: "Add all demo teams" })).toHaveCount(0);
  await offer.getByRole("button", { name: "Open Pilot clinic (Acme Health)" }).click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 1–8 of 8");
});
