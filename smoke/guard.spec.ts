/** The read-only guard itself: a DELETE never leaves the browser, and the test that sent it would fail. */
import { expect, test } from "./fixtures.ts";

test("the read-only guard stops a DELETE before it leaves the browser", async ({ page, guard }) => {
  await page.goto("/teams");
  const outcome = await page.evaluate(async () => {
    try {
      const response = await fetch("/v1/org/00000000-0000-4000-8000-000000000000/team/00000000-0000-4000-8000-000000000001", {
        method: "DELETE",
      });
      return `answered ${response.status}`;
    } catch {
      return "stopped";
    }
  });
  expect(outcome).toBe("stopped");
  // Taken here so that this test passes: any other test that sends one fails.
  expect(guard.takeBlocked().map((request) => request.replace(/^DELETE https?:\/\/[^/]+/, "DELETE "))).toEqual([
    "DELETE /v1/org/00000000-0000-4000-8000-000000000000/team/00000000-0000-4000-8000-000000000001",
  ]);
});
