import type { Locator, Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { UsersPage } from "./kit/users-page.ts";

// The kit's page object (e2e/kit/), so that every run of these tests exercises it.
const range = (page: Page) => new UsersPage(page).range;
const table = (page: Page) => new UsersPage(page).table;
const bodyRows = (page: Page) => table(page).locator("tbody tr");

/**
 * Waits for a page of 500 rows' range without `expect`, whose failed polls snapshot the whole
 * page's accessibility tree (Playwright 1.65) and so lay out each off-screen row apart
 * (content-visibility): seconds of the page's thread on a busy machine. Then checks its text.
 */
async function expectRangeOf500(shown: Locator, text: string) {
  await shown.waitFor({ timeout: 30_000 });
  await expect(shown).toHaveText(text);
}

/** The service's own answer, to compare the page against. */
async function listDirect(page: Page, apiKey: string, offset: number, limit: number) {
  const response = await page.request.get(`/v2/user/?offset=${offset}&limit=${limit}`, { headers: { "x-service-api-key": apiKey } });
  return (await response.json()) as {
    users: { user_id: string; client_user_id: string; connected_sources: { source: { name: string; logo: string } }[] }[];
    total: number;
  };
}

/**
 * Waits until a logo shown in `logo` is drawn: the element's background is the address (the
 * service's logo resolved against this origin), and that address's last request answered 200.
 */
async function expectLogoDrawn(page: Page, logo: ReturnType<Page["locator"]>, address: string) {
  const url = new URL(address, page.url()).href;
  await expect(logo).toHaveCSS("background-image", `url("${url}")`);
  const status = (url: string) => (performance.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined)?.responseStatus;
  await expect.poll(() => page.evaluate(status, url)).toBe(200);
}

test.describe("with the demo's team of 2,500", () => {
  test.beforeEach(async ({ connect, demo }) => {
    await connect({ teamApiKey: demo.bigTeam.api_key, managementKey: demo.managementKey, orgId: demo.orgId });
  });

  test("paginates with the buttons, the page input and the page size, keeping the URL in step", async ({ page, demo }) => {
    await page.goto("/users");
    await expect(range(page)).toHaveText("Showing 1–100 of 2,500");
    const firstPage = await listDirect(page, demo.bigTeam.api_key, 0, 100);
    await expect(bodyRows(page).first()).toContainText(firstPage.users[0]!.client_user_id);

    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(range(page)).toHaveText("Showing 101–200 of 2,500");
    const secondPage = await listDirect(page, demo.bigTeam.api_key, 100, 100);
    await expect(bodyRows(page).first()).toContainText(secondPage.users[0]!.client_user_id);

    await page.getByRole("button", { name: "Last page" }).click();
    await expect(page).toHaveURL(/\?page=25$/);
    await expect(range(page)).toHaveText("Showing 2,401–2,500 of 2,500");
    await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();

    await page.getByRole("button", { name: "Previous page" }).click();
    await expect(range(page)).toHaveText("Showing 2,301–2,400 of 2,500");
    await page.getByRole("button", { name: "First page" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();

    await page.getByRole("spinbutton", { name: "Page" }).fill("7");
    await page.getByRole("spinbutton", { name: "Page" }).press("Enter");
    await expect(page).toHaveURL(/\?page=7$/);
    await expect(range(page)).toHaveText("Showing 601–700 of 2,500");

    // A new size keeps the first row of the view on screen: row 601 is on page 3 of 250.
    await page.getByLabel("Rows per page").selectOption("250");
    await expect(page).toHaveURL(/page=3&pageSize=250/);
    await expect(range(page)).toHaveText("Showing 501–750 of 2,500");
  });

  test("a page of 500 shows its last user after scrolling", async ({ page, demo }) => {
    const expected = await listDirect(page, demo.bigTeam.api_key, 500, 500);
    await page.goto("/users?page=2&pageSize=500");
    await expectRangeOf500(range(page), "Showing 501–1,000 of 2,500");
    await expect(bodyRows(page)).toHaveCount(500);
    const last = bodyRows(page).last();
    await expect(last).not.toBeInViewport();
    // The wheel scrolls the table's own scroll area, as a user's would.
    await table(page).hover();
    await expect(async () => {
      await page.mouse.wheel(0, 20_000);
      await expect(last).toBeInViewport({ timeout: 500 });
    }).toPass();
    await expect(last).toBeInViewport();
    await expect(last).toContainText(expected.users[499]!.client_user_id);
  });

  test("reload, back and forward restore the same page", async ({ page }) => {
    await page.goto("/users?page=3&pageSize=50");
    await expect(range(page)).toHaveText("Showing 101–150 of 2,500");
    const first = await bodyRows(page).first().textContent();
    await page.reload();
    await expect(range(page)).toHaveText("Showing 101–150 of 2,500");
    await expect(bodyRows(page).first()).toHaveText(first!);

    await page.getByRole("button", { name: "Next page" }).click();
    await expect(range(page)).toHaveText("Showing 151–200 of 2,500");
    await page.goBack();
    await expect(range(page)).toHaveText("Showing 101–150 of 2,500");
    await page.goForward();
    await expect(range(page)).toHaveText("Showing 151–200 of 2,500");
  });

  test("a page size above 500 and a page past the end are corrected, with the URL", async ({ page }) => {
    await page.goto("/users?pageSize=9999");
    // The range first: a failed poll of the URL snapshots the whole page too.
    await expectRangeOf500(range(page), "Showing 1–500 of 2,500");
    await expect(page).toHaveURL(/\?pageSize=500$/);

    await page.goto("/users?page=999");
    await expect(page).toHaveURL(/\?page=25$/);
    await expect(range(page)).toHaveText("Showing 2,401–2,500 of 2,500");

    await page.goto("/users?page=abc&pageSize=-3");
    await expect(page).toHaveURL(/\/users$/);
    await expect(range(page)).toHaveText("Showing 1–100 of 2,500");
  });

  test("a total that shrinks between pages clamps the page", async ({ page }) => {
    // The service reports fewer users when page 25 is asked for, as if users had gone meanwhile.
    await page.route("**/v2/user/?offset=2400&limit=100", (route) =>
      route.fulfill({ json: { users: [], total: 2250, offset: 2400, limit: 100 } }),
    );
    await page.goto("/users?page=25");
    await expect(page).toHaveURL(/\?page=23$/);
  });

  test("the next page is prefetched, and the previous page stays while the next loads", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/v2/user/")) asked.push(new URL(request.url()).search);
    });
    // Page 3 is slow to come.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/v2/user/?offset=200&limit=100", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/users?page=2");
    await expect(range(page)).toHaveText("Showing 101–200 of 2,500");
    // Page 3 was asked for before anyone clicked.
    await expect.poll(() => asked).toContain("?offset=200&limit=100");

    const secondPageFirstRow = await bodyRows(page).first().textContent();
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading page 3" })).toBeVisible();
    await expect(bodyRows(page).first()).toHaveText(secondPageFirstRow!);
    release();
    await expect(range(page)).toHaveText("Showing 201–300 of 2,500");
    await expect(page.getByRole("status").filter({ hasText: "Loading page" })).toHaveCount(0);
  });

  test("opens a user's detail by mouse, in the URL, and closes it with Esc", async ({ page, demo, expectAccessible }) => {
    const expected = await listDirect(page, demo.bigTeam.api_key, 0, 100);
    const user = expected.users[3]!;
    await page.goto("/users");
    await bodyRows(page).nth(3).click();
    const panel = page.getByRole("dialog", { name: user.client_user_id });
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`user=${user.user_id}`));
    await expect(panel.getByLabel("User JSON")).toContainText(`"user_id": "${user.user_id}"`);
    await expect(panel.getByRole("button", { name: "Copy JSON" })).toBeVisible();
    await expectAccessible();

    await page.reload();
    await expect(page.getByRole("dialog", { name: user.client_user_id })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/user=/);
    await expect(bodyRows(page).nth(3)).toBeFocused();
  });

  test("the keyboard moves through rows, opens a user, and turns pages", async ({ page, demo }) => {
    const expected = await listDirect(page, demo.bigTeam.api_key, 0, 100);
    await page.goto("/users");
    await expect(range(page)).toHaveText("Showing 1–100 of 2,500");
    await bodyRows(page).first().focus();
    // Each key, then the row that must have the focus after it.
    const steps: [string, number][] = [
      ["j", 1],
      ["ArrowDown", 2],
      ["k", 1],
      ["ArrowUp", 0],
      ["ArrowUp", 0], // the first row stays first
      ["End", 99],
      ["ArrowDown", 99], // the last row stays last
      ["Home", 0],
      ["j", 1],
    ];
    for (const [key, row] of steps) {
      await page.keyboard.press(key);
      await expect(bodyRows(page).nth(row), `after ${key}`).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: expected.users[1]!.client_user_id })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(bodyRows(page).nth(1)).toBeFocused();

    await page.keyboard.press("]");
    await expect(range(page)).toHaveText("Showing 101–200 of 2,500");
    await page.keyboard.press("[");
    await expect(range(page)).toHaveText("Showing 1–100 of 2,500");

    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await expect(page.getByText("Open the focused user")).toBeVisible();
  });

  test("a copy control sits on the hovered or focused row only, and copies its user ID", async ({ page, context, demo }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const expected = await listDirect(page, demo.bigTeam.api_key, 0, 100);
    await page.goto("/users");
    // Once the whole team is loaded, the rows' hover and focus are not re-rendered by it any more.
    await expect(page.getByRole("button", { name: "Filter by connected source" })).toBeEnabled();
    const copies = page.getByRole("table", { name: "Users" }).getByRole("button", { name: "Copy user ID" });
    await bodyRows(page).nth(3).hover();
    await expect(copies).toHaveCount(1);
    await expect(bodyRows(page).nth(3).getByRole("button", { name: "Copy user ID" })).toBeVisible();
    await bodyRows(page).nth(5).focus();
    await expect(bodyRows(page).nth(5).getByRole("button", { name: "Copy user ID" })).toBeVisible();
    await expect(copies).toHaveCount(2); // the hovered row, and the focused one
    await page.getByRole("heading", { name: "Users" }).hover();
    await expect(copies).toHaveCount(1);
    await expect(bodyRows(page).nth(3).getByRole("button", { name: "Copy user ID" })).toHaveCount(0);
    await bodyRows(page).nth(5).getByRole("button", { name: "Copy user ID" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.users[5]!.user_id);
  });

  test("shows logos with names, and remembers the visible columns", async ({ page, demo }) => {
    const expected = await listDirect(page, demo.bigTeam.api_key, 0, 100);
    const index = expected.users.findIndex((u) => u.connected_sources.length > 0);
    const { name, logo: address } = expected.users[index]!.connected_sources[0]!.source;
    const logoRequests: Request[] = []; // read at the end: none is read once the page is closed
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/logos/")) logoRequests.push(request);
    });
    await page.goto("/users");
    const logo = bodyRows(page).nth(index).getByRole("img", { name, exact: true }).first();
    await expect(logo).toHaveText(""); // not a lettered badge
    await expectLogoDrawn(page, logo, address);
    // The page's address goes with no logo's request.
    const logoReferrers = await Promise.all(logoRequests.map(async (request) => (await request.allHeaders()).referer));
    expect(logoReferrers.length).toBeGreaterThan(0);
    expect(logoReferrers).toEqual(logoReferrers.map(() => undefined));

    await expect(table(page).getByRole("columnheader", { name: "Team ID" })).toHaveCount(0);
    const columns = page.getByRole("button", { name: "Columns" });
    await columns.click();
    // The menu opens under its button, within the window.
    const button = (await columns.boundingBox())!;
    const menu = (await page.locator("#column-menu").boundingBox())!;
    expect(menu.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(menu.x).toBeLessThan(button.x + button.width);
    expect(menu.x + menu.width).toBeGreaterThan(button.x);
    expect(menu.x + menu.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.getByRole("checkbox", { name: "Team ID" }).check();
    await page.getByRole("checkbox", { name: "Birth date" }).uncheck();
    await expect(table(page).getByRole("columnheader", { name: "Team ID" })).toBeVisible();
    await page.reload();
    await expect(table(page).getByRole("columnheader", { name: "Team ID" })).toBeVisible();
    await expect(table(page).getByRole("columnheader", { name: "Birth date" })).toHaveCount(0);
  });

  test("a failing page request shows a retry that works, keeping the page", async ({ page }) => {
    await page.route("**/v2/user/?offset=200&limit=100", (route) =>
      route.fulfill({ status: 500, json: { detail: "Internal Server Error" } }),
    );
    await page.goto("/users?page=2");
    await expect(range(page)).toHaveText("Showing 101–200 of 2,500");
    await page.getByRole("button", { name: "Next page" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The service failed (500)");
    await expect(alert).toContainText("It said: Internal Server Error.");
    await expect(page).toHaveURL(/\?page=3$/);
    await page.unroute("**/v2/user/?offset=200&limit=100");
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(range(page)).toHaveText("Showing 201–300 of 2,500");
  });

  test("Retry pressed from the keyboard keeps the focus while it asks, asks once, keeps it when it fails again, and gives it to the search once answered", async ({
    page,
    expectAccessible,
  }) => {
    let asked = 0;
    let answer = () => {};
    await page.route("**/v2/user/?offset=0&limit=100", async (route) => {
      asked++;
      if (asked > 2) return route.fallback(); // the third time, the service's answer
      if (asked > 1) await new Promise<void>((resolve) => (answer = resolve)); // the retry is held
      await route.fulfill({ status: 500, json: { detail: "Internal Server Error" } });
    });
    await page.goto("/users");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The service failed (500)");
    const retry = alert.getByRole("button", { name: "Retry" });
    await retry.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => asked).toBe(2);
    await expect(alert.getByRole("button", { name: "Retry", disabled: true })).toBeFocused();
    await expectAccessible();
    await page.keyboard.press("Enter"); // while it asks: not asked again
    await page.keyboard.press(" ");
    answer();
    await expect(alert.getByRole("button", { name: "Retry", disabled: false })).toBeFocused();
    expect(asked).toBe(2);
    await expect(alert).toContainText("The service failed (500)");
    // Answered, the alert goes: the focus goes to the first control of what took its place.
    await page.keyboard.press("Enter");
    await expect(range(page)).toHaveText("Showing 1–100 of 2,500");
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: /Filter this page|Search the whole team/ })).toBeFocused();
  });

  test("a dead network shows a retry", async ({ page }) => {
    await page.route("**/v2/user/**", (route) => route.abort("internetdisconnected"));
    await page.goto("/users");
    await expect(page.getByRole("alert")).toContainText("could not be reached", { timeout: 20_000 });
    await page.unroute("**/v2/user/**");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(range(page)).toHaveText("Showing 1–100 of 2,500");
  });
});

test("before the whole team is loaded, filters the rows of this page only", async ({ page, connect, demo }) => {
  await connect({ teamApiKey: demo.bigTeam.api_key, autoLoadUsers: 0 }); // loaded on request only
  const expected = await listDirect(page, demo.bigTeam.api_key, 0, 100);
  const target = expected.users[42]!;
  await page.goto("/users");
  await expect(page.getByRole("button", { name: "Load the whole team" })).toBeVisible();
  // What it would take is said before it is asked: 2,500 users at about 250 bytes each.
  await expect(page.getByText("by loading the whole team into this tab: under 1 MB of memory.")).toBeVisible();
  await page.getByLabel("Filter this page").fill(target.user_id.slice(0, 13));
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(target.client_user_id);
  await expect(page.getByText("Only the 100 rows of this page are searched: 1 match.")).toBeVisible();
  await page.getByLabel("Filter this page").fill("nobody-has-this-id");
  await expect(page.getByText("No user on this page matches the filter.")).toBeVisible();
});

test("an empty team says so", async ({ page, connect, demo, expectAccessible }) => {
  await connect({ teamApiKey: demo.emptyTeam.api_key });
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "No users yet" })).toBeVisible();
  await expectAccessible();
});

test("a rejected key says so and links to Teams", async ({ page, connect }) => {
  await connect({ teamApiKey: "svc_team_revoked-or-never-issued-0000" });
  await page.goto("/users?page=4");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("The team API key was rejected");
  await alert.getByRole("link", { name: "Check the team's key in Teams" }).click();
  await expect(page).toHaveURL(/\/teams$/);
});

test("a rejected key is asked once on the first load, and again when the view is opened again", async ({ page, connect }) => {
  await connect({ teamApiKey: "svc_team_revoked-or-never-issued-0000" });
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/v2/user")) asked.push(request.url());
  });
  await page.goto("/users");
  await expect(page.getByRole("alert")).toContainText("The team API key was rejected");
  await page.waitForTimeout(500); // a second request would have been sent by now
  expect(asked).toHaveLength(1);

  await page.getByRole("link", { name: "Settings", exact: true }).click();
  // Left for Settings (shown once its code came): a click before that never left the view.
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("The team API key was rejected");
  await expect.poll(() => asked.length).toBe(2);
  await page.waitForTimeout(500);
  expect(asked).toHaveLength(2);
});

test("the Created time gives the instant exactly as the service sent it: on hover, and in the panel for the keyboard", async ({
  page,
  connect,
  demo,
}) => {
  await connect({ teamApiKey: demo.awkwardTeam.api_key });
  await page.goto("/users");
  const sent = "2025-05-01T12:00:00-07:00"; // e2e/seed.ts
  const created = page.getByRole("table", { name: "Users" }).getByRole("row").nth(1).locator("time");
  await expect(created).toHaveAttribute("title", sent);
  await expect(created).toHaveAttribute("datetime", sent);
  await created.hover();

  await page.getByRole("table", { name: "Users" }).getByRole("row").nth(1).focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog");
  await expect(panel.getByRole("definition").filter({ hasText: sent }).first()).toBeVisible();
});

test("without a saved team, /users leads to Teams, and a server on a seed file offers no demo", async ({ page }) => {
  const offer = page.waitForResponse("**/demo/connections");
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "No teams saved yet" })).toBeVisible();
  expect((await offer).status()).toBe(404);
  await expect(page.getByRole("region", { name: "Demo data" })).toHaveCount(0);
});

test("user-supplied strings render as text, and broken or unsafe logos become lettered badges", async ({
  page,
  connect,
  demo,
  expectAccessible,
}) => {
  await connect({ teamApiKey: demo.awkwardTeam.api_key });
  await page.goto("/users");
  const row = bodyRows(page).first();
  await expect(row).toContainText('<img src=x onerror="window.__xss=1">');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(table(page).locator('img[src="x"]')).toHaveCount(0);

  await expectLogoDrawn(page, row.getByRole("img", { name: "Oura" }), "/logos/oura.svg");
  // The logo address answers 404: the image fails and a badge takes its place.
  await expect(row.getByRole("img", { name: "Broken Logo" })).toHaveText("BL");
  // A javascript: address is never loaded at all: no style of the page names it.
  await expect(row.getByRole("img", { name: "Scripted Logo" })).toHaveText("SL");
  const styles = () =>
    [...document.styleSheets, ...document.adoptedStyleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
  expect((await page.evaluate(styles)).filter((rule) => rule.includes("javascript:"))).toEqual([]);
  expect((await page.evaluate(styles)).filter((rule) => rule.includes("/logos/oura.svg"))).toHaveLength(1);

  // The badges' letters are legible (axe's colour contrast) in both themes, in the table and the panel.
  await expectAccessible();
  await row.click();
  await expect(page.getByRole("dialog").getByRole("img", { name: "Broken Logo" })).toHaveText("BL");
  await expectAccessible();
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible();
});

test("the rows stay in place while the whole team and its filters load above them", async ({ page, connect, demo }) => {
  // Every layout shift that moves the table, with the time it happened.
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const moves: { at: number; from: number; to: number }[] = [];
    Object.assign(window, { tableMoves: moves });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        for (const { node, previousRect, currentRect } of entry.sources)
          if (node instanceof Element && node.querySelector("table") && previousRect.y !== currentRect.y)
            moves.push({ at: entry.startTime, from: previousRect.y, to: currentRect.y });
    }).observe({ type: "layout-shift", buffered: true });
  });
  await connect({ teamApiKey: demo.awkwardTeam.api_key });
  await page.goto("/users");
  await expect(bodyRows(page)).toHaveCount(2);
  const rowsShown = await page.evaluate(() => performance.now());
  // Before the whole team's bar and filters held their places, they pushed the rows down twice here.
  await expect(new UsersPage(page).wholeTeam.loaded).toBeVisible();
  await expect(page.getByRole("button", { name: "Filter by connected source" })).toBeEnabled();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  const moves = await page.evaluate(() => (window as unknown as { tableMoves: { at: number }[] }).tableMoves);
  expect(moves.filter((move) => move.at > rowsShown)).toEqual([]);
});

test("the detail panel's JSON is the user exactly as the service sent it", async ({ page, connect, demo }) => {
  await connect({ teamApiKey: demo.awkwardTeam.api_key });
  const answer = await page.request.get("/v2/user/", { headers: { "x-service-api-key": demo.awkwardTeam.api_key } });
  const sent = ((await answer.json()) as { users: Record<string, unknown>[] }).users[0]!;
  await page.goto("/users");
  await bodyRows(page).first().click();
  const json = page.getByRole("dialog").getByLabel("User JSON");
  // Field order, `provider` beside `source`, and the field the contract does not name.
  await expect(json).toHaveText(JSON.stringify(sent, null, 2));
  await expect(json).toContainText('"provider": {');
  await expect(json).toContainText('"study_arm": "placebo"');
});

test("a team whose IDs are not ASCII loads whole as the service sent them, and a search finds them without case or accents", async ({
  page,
  connect,
  demo,
}) => {
  await connect({ teamApiKey: demo.awkwardTeam.api_key });
  await page.goto("/users");
  const usersPage = new UsersPage(page);
  await expect(usersPage.wholeTeam.loaded).toBeVisible();
  // The whole team's pages came through the worker: the row is found, and shown, from what it loaded.
  await page.getByLabel("Search the whole team").fill("ODEGARD 東京");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Zoë Ødegård 東京 🩺");
  await bodyRows(page).first().click();
  await expect(page.getByRole("dialog").getByLabel("User JSON")).toContainText('"client_user_id": "Zoë Ødegård 東京 🩺"');
});

test("a 422 from the service lists each detail message", async ({ page, connect, demo }) => {
  await connect({ teamApiKey: demo.bigTeam.api_key });
  await page.route("**/v2/user/**", (route) =>
    route.fulfill({
      status: 422,
      json: {
        detail: [
          {
            type: "less_than_equal",
            loc: ["query", "limit"],
            msg: "Input should be less than or equal to 200",
            input: "500",
            ctx: { le: 200 },
          },
          {
            type: "int_parsing",
            loc: ["query", "offset"],
            msg: "Input should be a valid integer, unable to parse string as an integer",
            input: "x",
          },
        ],
      },
    }),
  );
  await page.goto("/users?pageSize=500");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("The service refused the request");
  await expect(alert.getByRole("listitem")).toHaveText([
    "Input should be less than or equal to 200 (query › limit)",
    "Input should be a valid integer, unable to parse string as an integer (query › offset)",
  ]);
});

test("a user's JSON that could not be asked says what failed, and Retry asks again", async ({ page, connect, demo, usersPage }) => {
  await connect({ teamApiKey: demo.smallTeam.api_key });
  await page.goto("/users?q=-"); // every user ID has a dash: the loaded team's view, all of it
  await expect(usersPage.wholeTeam.loaded).toBeVisible();
  await page.route("**/v2/user/?offset=*&limit=1", (route) => route.fulfill({ status: 500, json: { detail: "The database is away" } }));
  await usersPage.openUser(0);
  const failure = usersPage.userPanel.root.getByRole("alert");
  await expect(failure).toContainText("The service failed (500)");
  await expect(usersPage.userPanel.root).not.toContainText("order has changed");
  await page.unroute("**/v2/user/?offset=*&limit=1");
  await failure.getByRole("button", { name: "Retry" }).click();
  await expect(usersPage.userPanel.sentJson).toContainText('"user_id"');
  await expect(failure).toHaveCount(0);
});

test("a logo that fails as the rows first show moves none of the row's other logos", async ({ page, connect, demo }) => {
  // Every layout shift of something inside a row's cells, sideways or down.
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const moves: { node: string; from: [number, number]; to: [number, number] }[] = [];
    Object.assign(window, { logoMoves: moves });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        for (const { node, previousRect: a, currentRect: b } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement;
          if (element?.closest("tbody td") && a.width > 0 && b.width > 0 && (a.x !== b.x || a.y !== b.y))
            moves.push({ node: element.outerHTML.slice(0, 80), from: [a.x, a.y], to: [b.x, b.y] });
        }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await connect({ teamApiKey: demo.awkwardTeam.api_key });
  await page.goto("/users");
  const row = bodyRows(page).first();
  // The address of "Broken Logo" answers 404: its badge takes its place, and "Oura" beside it stays.
  await expect(row.getByRole("img", { name: "Broken Logo" })).toHaveText("BL");
  await expectLogoDrawn(page, row.getByRole("img", { name: "Oura" }), "/logos/oura.svg");
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  expect(await page.evaluate(() => (window as unknown as { logoMoves: unknown[] }).logoMoves)).toEqual([]);
});

test("a logo that failed while the network was down is drawn once the browser is back online, and prints", async ({
  page,
  context,
  connect,
  demo,
  expectAccessible,
}) => {
  await page.route("**/logos/oura.svg", (route) => route.abort("internetdisconnected"));
  await connect({ teamApiKey: demo.awkwardTeam.api_key });
  await page.goto("/users");
  const oura = bodyRows(page).first().getByRole("img", { name: "Oura" });
  await expect(oura).toHaveText("OU"); // its lettered badge
  await expectAccessible();
  // The network comes back: the browser says so, and the logo is tried again and drawn.
  await page.unroute("**/logos/oura.svg");
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(oura).toHaveText("");
  await expectLogoDrawn(page, oura, "/logos/oura.svg");
  // A browser prints no backgrounds unless told: a logo is one.
  await page.emulateMedia({ media: "print" });
  await expect(oura).toHaveCSS("print-color-adjust", "exact");
});

test("a row that shows the next user does not keep the last one's logos expanded; the same user brought again keeps them", async ({
  page,
  connect,
  demo,
}) => {
  await connect({ teamApiKey: demo.manySourcesTeam.api_key });
  await page.goto("/users");
  await expect(new UsersPage(page).wholeTeam.loaded).toBeVisible();
  // tracked-1 has 16 sources, tracked-3 has 14: four logos each, then a button for the others.
  const first = bodyRows(page).first();
  await expect(first).toContainText("tracked-1");
  await first.getByRole("button", { name: "Show 12 more sources" }).click();
  await expect(first.getByRole("img")).toHaveCount(16);
  // A search that keeps the user in that row keeps its logos expanded.
  await page.getByLabel("Search the whole team").fill("tracked-1");
  await expect(page).toHaveURL(/q=tracked-1/);
  await expect(first).toContainText("tracked-1");
  // The row drawn again with the new answer's user: its copy button leaves with the mouse, and comes back.
  await page.mouse.move(0, 0);
  await expect(first.getByRole("button", { name: "Copy user ID" })).toHaveCount(0);
  await first.hover();
  await expect(first.getByRole("button", { name: "Copy user ID" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Show fewer sources" })).toHaveAttribute("aria-expanded", "true");
  await expect(first.getByRole("img")).toHaveCount(16);
  // The same row (its elements reused) now shows tracked-3, with its own four logos.
  await page.getByLabel("Search the whole team").fill("tracked-3");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(first).toContainText("tracked-3");
  await expect(first.getByRole("button", { name: "Show 10 more sources" })).toHaveAttribute("aria-expanded", "false");
  await expect(first.getByRole("img")).toHaveCount(4);
  await expect(first.getByRole("img", { name: "Tracker 01" })).toBeVisible();
});
