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
  const offer = page.getByRole("region", { name: "Demo data" });
  await expect(offer).toContainText("Sleep study");
  await expect(offer).toContainText("120 users");
  await expectAccessible();

  await offer.getByRole("button", { name: "Connect to Sleep study (Acme Health)" }).click();
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 1–100 of 120");
  await expect(page.getByRole("region", { name: "Current connection" })).toContainText("Management keyset");

  // Stored as if typed in settings: keys for this tab only, the organization ID with the places.
  const stored = await page.evaluate(
    (names) => ({
      tab: sessionStorage.getItem(names.keys),
      remembered: localStorage.getItem(names.keys),
      places: localStorage.getItem(names.connection),
    }),
    storageKeys,
  );
  expect(JSON.parse(stored.tab!)).toMatchObject({ teamApiKey: expect.any(String), managementKey: expect.any(String) });
  expect(stored.remembered).toBeNull();
  const orgId = (JSON.parse(stored.places!) as { orgId: string }).orgId;
  expect(demo.output()).toContain(orgId); // the organization the terminal printed

  // The delete view is ready for this organization.
  await page.getByRole("link", { name: "Delete a team" }).click();
  await expect(page.getByLabel("Organization ID")).toHaveValue(orgId);
});

test("settings offer the demo too, and go to the users once connected", async ({ page }) => {
  await page.goto(`${demo.url}/settings`);
  await page.getByRole("button", { name: /^Connect to Pilot clinic/ }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
});
