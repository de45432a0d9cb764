/**
 * Loading the whole team never blocks the page: measured alone, after every other end-to-end test
 * (the "quiet" project), since a busy 2-core machine stretches any task past 50 ms.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { serveLargeTeam } from "./large-team.ts";
import { storeConnection } from "./store-connection.ts";

let server: Awaited<ReturnType<typeof serveLargeTeam>>;
test.beforeAll(async () => {
  server = await serveLargeTeam(20_000);
});
test.afterAll(async () => {
  await server.stop();
});

const loaded = (page: Page) => page.getByRole("status").filter({ hasText: "All 20,000 users are loaded" });

test("loads with progress, and no script blocks the main thread meanwhile", async ({ page, expectAccessible }) => {
  await storeConnection(page, { teamApiKey: server.apiKey });
  // Long animation frames (the Long Tasks API's successor, with attribution): the time each
  // script of the page ran within a frame longer than 50 ms. Loading must add none over 50 ms.
  await page.addInitScript(() => {
    const blocking: number[] = [];
    (window as { blocking?: number[] }).blocking = blocking;
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries() as (PerformanceEntry & { scripts: { duration: number }[] })[]) {
        for (const script of frame.scripts) if (script.duration > 50) blocking.push(Math.round(script.duration));
      }
    }).observe({ type: "long-animation-frame" });
  });
  await page.goto(`${server.url}/users`);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 20,000");
  await expect(page.getByText(/Search, filter, sort and export all 20,000 users/)).toBeVisible();
  const before = await page.evaluate(() => (window as { blocking?: number[] }).blocking!.length);
  await page.getByRole("button", { name: "Load the whole team" }).click();

  const progress = page.getByRole("progressbar", { name: "Loading the whole team" });
  await expect(progress).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /page \d+ of 40 · [\d,]+ of 20,000 users/ })).toBeVisible();
  await expect(loaded(page)).toBeVisible({ timeout: 45_000 });
  const during = await page.evaluate((from) => (window as { blocking?: number[] }).blocking!.slice(from), before);
  expect(during, "scripts over 50 ms (ms) on the main thread while loading").toEqual([]);
  await expect(page.getByLabel("Search the whole team")).toBeVisible();
  await expectAccessible();
});
