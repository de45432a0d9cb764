/**
 * The whole team, on the real service with a team of 20,000: loading with progress, search,
 * facets, sort, export (to a picked file or downloaded), cancel, a 503 and a 429 midway (whether
 * the main thread stays free meanwhile: `npm run bench:main-thread`). A test that holds, answers or counts the worker's
 * requests does it at a proxy in front of the server (`service-proxy.ts`), which sees them all.
 */
import { storageKeys } from "../src/api/stored-value.ts";
import type { Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { demoSeed } from "../server/demo-seed.ts";
import { parseCsv } from "../src/team-engine/csv-reader.test-helper.ts";
import { DevtoolsTargets } from "./devtools-targets.ts";
import { expect, test as base } from "./fixtures.ts";
import { SavePicker, type SavePickerAnswer } from "./kit/save-picker.ts";
import { UsersPage } from "./kit/users-page.ts";
import { serveLargeTeam } from "./large-team.ts";
import { offsetOf, startServiceProxy, type ServiceProxy } from "./service-proxy.ts";
import { storeConnection } from "./store-connection.ts";
import { allEnded, watchWorkers } from "./workers.ts";

const teamSize = 20_000;
/** The demo seed is deterministic but for its keys: the same users the server seeded. */
const seeded = demoSeed(teamSize).orgs[0]!.teams[0]!.users;

/** The worker's server of the team (the `largeTeam` fixture's), and its key. */
let server: LargeTeam;
let apiKey: string;
type LargeTeam = Awaited<ReturnType<typeof serveLargeTeam>>;

/**
 * A test that asks for `serviceProxy` loads the app and the API through it. Chromium asks where
 * to save an export, which a headless one cannot: a test that exports sets how `savePicker`
 * answers, before the page loads; the files it wrote are deleted after.
 */
const test = base.extend<
  { serviceProxy: ServiceProxy; savePicker: (answer: SavePickerAnswer) => Promise<SavePicker> },
  { largeTeam: LargeTeam }
>({
  // One server of the team for all the tests a worker runs: each test only reads it (a test's
  // requests are held, failed or counted at its own proxy). A beforeAll ran once per test here
  // (each test of a fully parallel file is its own group), 6 s of seeding 20,000 users each.
  largeTeam: [
    async ({}, use) => {
      server = await serveLargeTeam(teamSize);
      apiKey = server.apiKey;
      await use(server);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  serviceProxy: async ({}, use) => {
    const proxy = await startServiceProxy(server.url);
    await use(proxy);
    await proxy.close();
  },
  savePicker: async ({ page }, use) => {
    let installed: SavePicker | undefined;
    await use(async (answer) => (installed = await SavePicker.install(page, answer)));
    await installed?.clear();
  },
});
/** Any list of the team's users: a page the table shows, or one of the whole team's. */
const anyUsersPage = /^\/v2\/user\//;
/** The pages the whole-team load (or an NDJSON export) asks for. */
const wholeTeamPages = /^\/v2\/user\/\?offset=\d+&limit=500$/;
const pageAt = (offset: number) => new RegExp(`^/v2/user/\\?offset=${offset}&limit=500$`);
/** The whole team's pages from `offset` on: held, they leave the pages before it to come whatever order the requests arrive in. */
const pagesFrom = (offset: number) => (path: string) => wholeTeamPages.test(path) && offsetOf(path) >= offset;

test.beforeEach(async ({ page }) => {
  // Its real team ID: a key typed in for it again (Forget keys) must be of this team.
  await storeConnection(page, { teamApiKey: apiKey, teamId: server.teamId });
  // These tests count the pages held at the proxy, four at a time: Settings' ceiling at 4 keeps
  // the pace fixed there (the pacer's growth is rate-limited.spec.ts's and the unit tests').
  await page.addInitScript((key) => localStorage.setItem(key, "4"), storageKeys.pagesInFlight);
});

const loaded = (page: Page) => page.getByRole("status").filter({ hasText: "All 20,000 users are loaded" });
const bodyRows = (page: Page) => new UsersPage(page).table.locator("tbody tr");
/** The whole-team bar's progress lines, found by what they show. */
const loadingStatus = (page: Page) => page.getByRole("status").filter({ hasText: "Loading the whole team" });
const exportingNdjson = (page: Page) => page.getByRole("status").filter({ hasText: "Exporting NDJSON" });
/** The seeded users who hold `text` (lower-case) in an ID: a search's matches. */
const matching = (text: string) => seeded.filter((user) => user.user_id.includes(text) || user.client_user_id.toLowerCase().includes(text));
/** The name the seed gives the source `slug`. */
const sourceName = (slug: string) => seeded.flatMap((u) => u.connected_sources).find((c) => c.source.slug === slug)!.source.name;
/** Those of `users` who connected the source `slug`. */
const holding = (users: typeof seeded, slug: string) => users.filter((user) => user.connected_sources.some((c) => c.source.slug === slug));
/** The search's note of how many seeded users hold `text` (lower-case) in an ID. */
function searchedNote(page: Page, text: string) {
  const matches = matching(text).length;
  return page.getByText(`All 20,000 loaded users are searched: ${matches.toLocaleString("en")} ${matches === 1 ? "match" : "matches"}.`);
}

/** The service's own page, to compare with. */
async function servicePage(page: Page, offset: number, limit: number) {
  const answer = await page.request.get(`${server.url}/v2/user/?offset=${offset}&limit=${limit}`, {
    headers: { "x-service-api-key": apiKey },
  });
  return ((await answer.json()) as { users: { user_id: string; client_user_id: string; created_on: string }[] }).users;
}

/**
 * Waits for the whole team's load to end without `expect`, whose failed polls snapshot the whole
 * page's accessibility tree: that took the page's thread from the load it waited for (20,000
 * users loaded 0.51–0.62 s after the click, against 0.39–0.49 s with `waitFor`, four loads each in
 * turn).
 */
const untilLoaded = (page: Page) => loaded(page).waitFor({ timeout: 45_000 });

/**
 * `expect(locator).toBeVisible()`, its wait made without `expect`'s polls (see `untilLoaded`): each
 * miss snapshots the accessibility tree of a page of 100 rows while the page works at the answer.
 */
async function expectShown(locator: Locator, timeout = 10_000) {
  await locator.waitFor({ timeout });
  await expect(locator).toBeVisible();
}

/** `origin`: the server's, or a proxy's in front of it. */
async function loadWholeTeam(page: Page, origin = server.url) {
  await page.goto(`${origin}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await untilLoaded(page);
}

test("search finds a user who sits on a far page", async ({ page }) => {
  const [far] = await servicePage(page, 19_990, 1);
  await loadWholeTeam(page);
  await page.getByLabel("Search the whole team").fill(far!.user_id.toUpperCase());
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(far!.client_user_id);
  await expect(page.getByText("All 20,000 loaded users are searched: 1 match.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${far!.user_id.toUpperCase()}`));

  // The view is in the URL: a reload loads the team again, then applies it.
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(1, { timeout: 45_000 });
  await expect(bodyRows(page).first()).toContainText(far!.client_user_id);
});

test("a search typed fast keeps every character, though the URL follows each keystroke later", async ({ page }) => {
  const [far] = await servicePage(page, 19_990, 1);
  await loadWholeTeam(page);
  const typed = far!.user_id.slice(0, 13);
  const search = page.getByLabel("Search the whole team");
  await search.pressSequentially(typed);
  await expect(search).toHaveValue(typed);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(far!.client_user_id);
  await expect(page).toHaveURL(new RegExp(`q=${typed}`));
  // A facet is a step in the history, the search typed after it is not: Back shows the search
  // of that step again, though this field never typed it last.
  await page.getByRole("button", { name: "Filter by connected source" }).click();
  await page.getByRole("group", { name: "Connected source" }).getByRole("checkbox", { name: /^Oura/ }).click();
  await page.keyboard.press("Escape");
  await search.press("End");
  await search.pressSequentially("0");
  await expect(search).toHaveValue(`${typed}0`);
  await expect(page).toHaveURL(new RegExp(`q=${typed}0`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`q=${typed}(&|$)`));
  await expect(search).toHaveValue(typed);
});

test("a search typed a character at a time, each answered, never shows a note that a page is loading", async ({ page }) => {
  const [far] = await servicePage(page, 19_990, 1);
  await loadWholeTeam(page);
  // A note, however briefly shown, is seen: it would be laid out and painted while the answer waits, and announced.
  await page.evaluate(() => {
    const seen = new MutationObserver(() => {
      if (document.querySelector(".users-pagination [role=status]")) (window as { noteShown?: boolean }).noteShown = true;
    });
    seen.observe(document.body, { childList: true, subtree: true });
  });
  const search = page.getByLabel("Search the whole team");
  const typed = far!.user_id.slice(0, 6);
  for (let length = 1; length <= typed.length; length++) {
    const text = typed.slice(0, length);
    await search.press(text.at(-1)!);
    await expectShown(searchedNote(page, text));
  }
  expect(await page.evaluate(() => (window as { noteShown?: boolean }).noteShown ?? false)).toBe(false);
});

test("client IDs' first characters typed one at a time count the users that hold them, letters and others", async ({ page }) => {
  await loadWholeTeam(page);
  const search = page.getByLabel("Search the whole team");
  // Each keystroke's count differs from the one before (p 13,333, p1 3,611, p19 352, p199 39,
  // p1999 5), so each note is the new answer's. "p", "u" and "w" (none holds it) are read off the
  // rows' masks of letters; "@" and "z" have no bit there and are scanned.
  for (const typed of ["p1999", "u", "w", "@", "z"]) {
    await search.fill("");
    await expectShown(page.getByText("All 20,000 loaded users are searched."));
    for (let length = 1; length <= typed.length; length++) {
      await search.press(typed[length - 1]!);
      await expectShown(searchedNote(page, typed.slice(0, length)));
    }
  }
});

test("each keystroke, facet and sort is asked of the worker once", async ({ page }) => {
  await loadWholeTeam(page);
  const views = () => page.evaluate(() => performance.getEntriesByName("team view", "measure").length);
  // The view of no search, asked once the team can answer, is answered first.
  await expect.poll(views).toBeGreaterThan(0);
  /** After `act`, its answer shown and a moment more: the views asked meanwhile. */
  const asked = async (act: () => Promise<void>, shown: () => Promise<void>) => {
    const before = await views();
    await act();
    await shown();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
    return (await views()) - before;
  };
  const search = page.getByLabel("Search the whole team");
  for (const text of ["p", "p1", "p19"]) {
    expect(
      await asked(
        () => search.press(text.at(-1)!),
        () => expectShown(searchedNote(page, text)),
      ),
    ).toBe(1);
  }
  await page.getByRole("button", { name: "Filter by connected source" }).click();
  const oura = page.getByRole("group", { name: "Connected source" }).getByRole("checkbox", { name: /^Oura/ });
  expect(
    await asked(
      () => oura.click(),
      () => expect(page).toHaveURL(/source=oura/),
    ),
  ).toBe(1);
  await page.keyboard.press("Escape");
  const created = page.getByRole("columnheader", { name: "Created" });
  expect(
    await asked(
      () => created.getByRole("button").click(),
      () => expect(created).toHaveAttribute("aria-sort", "ascending"),
    ),
  ).toBe(1);
});

test("typing while the team is busy: a late answer to a keystroke typed over is not shown, and a facet chosen meanwhile stays", async ({
  page,
  browser,
}) => {
  await loadWholeTeam(page);
  const search = page.getByLabel("Search the whole team");
  await search.fill("a1");
  await expect(searchedNote(page, "a1")).toBeVisible();
  // And its rows shown: a render of rows still under way would hold back the next keystroke's.
  const ofA1 = new Set(matching("a1").map((user) => user.user_id));
  const shownOfA1 = async () =>
    ofA1.has((await bodyRows(page).first().getAttribute("data-user-id"))!) &&
    ofA1.has((await bodyRows(page).last().getAttribute("data-user-id"))!);
  await expect.poll(shownOfA1).toBe(true);
  const targets = new DevtoolsTargets(await browser.newBrowserCDPSession());
  const worker = (await targets.find("worker"))!;
  /** Keeps the worker's thread busy for a second, as a far larger team's first keystrokes can. */
  const keepBusy = () => targets.hold(worker, 1000);
  const views = () => page.evaluate(() => performance.getEntriesByName("team view", "measure").length);

  // "a1b" waits for the worker, then is typed over: "a1" again, answered before. The answer to
  // "a1b", coming after, changes nothing.
  let { released: busy } = await keepBusy();
  const asked = await views();
  await search.press("b");
  await search.press("Backspace");
  await busy;
  await expect.poll(views).toBeGreaterThan(asked);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  await expect(page).toHaveURL(/q=a1(&|$)/);
  await expect(search).toHaveValue("a1");
  await expect(searchedNote(page, "a1")).toBeVisible();

  // A facet chosen while a keystroke waits for its answer keeps that keystroke's search.
  ({ released: busy } = await keepBusy());
  await search.press("d");
  await page.getByRole("button", { name: "Filter by connected source" }).click();
  const oura = page.getByRole("group", { name: "Connected source" }).getByRole("checkbox", { name: /^Oura/ });
  await oura.click();
  await expect(page).toHaveURL(/source=oura/);
  await busy;
  await expect(page).toHaveURL(/q=a1d&source=oura$/);
  await expect(oura).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(search).toHaveValue("a1d");
});

test("the search runs in WebAssembly under the app's Content-Security-Policy, and finds as before", async ({ page, browser }) => {
  const [far] = await servicePage(page, 19_990, 1);
  const policy = (await page.request.get(`${server.url}/users`)).headers()["content-security-policy"];
  expect(policy).toContain("script-src 'self'");
  await loadWholeTeam(page);
  await page.getByLabel("Search the whole team").fill(far!.user_id.slice(0, 2));
  await expect(page.getByText(/All 20,000 loaded users are searched: [\d,]+ matches\./)).toBeVisible();
  await page.getByLabel("Search the whole team").fill(far!.user_id.slice(0, 24));
  await expect(bodyRows(page).first()).toContainText(far!.client_user_id);
  // The worker holds the IDs' text in the search module's memory: about 53 bytes a user here.
  const targets = new DevtoolsTargets(await browser.newBrowserCDPSession());
  const worker = await targets.find("worker");
  expect(worker).toBeDefined();
  expect(await targets.wasmMemory(worker!)).toBeGreaterThan(teamSize * 40);
});

test("facet counts equal those computed from the seed, and combine", async ({ page, expectAccessible }) => {
  const bySource = new Map<string, number>();
  for (const user of seeded) {
    for (const slug of new Set(user.connected_sources.map((c) => c.source.slug))) bySource.set(slug, (bySource.get(slug) ?? 0) + 1);
  }
  const noSource = seeded.filter((u) => u.connected_sources.length === 0).length;
  await loadWholeTeam(page);

  await page.getByRole("button", { name: "Filter by connected source" }).click();
  const options = page.getByRole("group", { name: "Connected source" });
  await expect(options.getByRole("checkbox", { name: /^Oura/ })).toBeVisible();
  for (const [slug, count] of bySource) {
    const name = sourceName(slug);
    await expect(options.locator("label").filter({ hasText: new RegExp(`^${name}`) })).toContainText(count.toLocaleString("en"));
  }
  await expect(options.locator("label").filter({ hasText: /^No source/ })).toContainText(noSource.toLocaleString("en"));
  await expectAccessible();

  // Oura and a known birth date, combined: the rows and the count agree with the seed.
  // The URL takes the choice in a transition: the box shows it once the view follows.
  await options.getByRole("checkbox", { name: /^Oura/ }).click();
  await expect(options.getByRole("checkbox", { name: /^Oura/ })).toBeChecked();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Filter by birth date" }).click();
  const known = page.getByRole("group", { name: "Birth date" }).getByRole("checkbox", { name: /^Known/ });
  await known.click();
  await expect(known).toBeChecked();
  await page.keyboard.press("Escape");
  const expected = seeded.filter((u) => u.connected_sources.some((c) => c.source?.slug === "oura") && u.fallback_birth_date).length;
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(`of ${expected.toLocaleString("en")}`);
  await expect(page).toHaveURL(/source=oura&birth=known/);
});

/** The sources' counts among `users`, as the filter shows them. */
async function expectSourceCounts(page: Page, users: typeof seeded) {
  const options = page.getByRole("group", { name: "Connected source" });
  for (const slug of ["oura", "fitbit", "strava"]) {
    const holders = holding(users, slug);
    const name = sourceName(slug);
    await expect(options.locator("label").filter({ hasText: new RegExp(`^${name}`) })).toHaveText(
      new RegExp(`^${name}\\s*${holders.length.toLocaleString("en")}$`),
    );
  }
}

test("a search's facet counts are made when a filter opens, not as one types; a choice keeps the boxes while they are counted again", async ({
  page,
  expectAccessible,
}) => {
  await loadWholeTeam(page);
  /** The filters' counts the page asked of the worker so far (its "team facets" round trips). */
  const counted = () => page.evaluate(() => performance.getEntriesByName("team facets", "measure").length);
  const search = page.getByLabel("Search the whole team");
  await search.click();
  // With nothing searched the counts are made (the filters' counts of everybody): once, at the load.
  await expect.poll(counted).toBe(1);
  const before = await counted();
  for (const key of "p19") {
    await search.press(key);
    await expectShown(searchedNote(page, "p19".slice(0, "p19".indexOf(key) + 1)));
  }
  expect(await counted()).toBe(before);

  // Opened, the filter counts the search's users.
  const filter = page.getByRole("button", { name: "Filter by connected source" });
  await filter.click();
  await expectSourceCounts(page, matching("p19"));
  expect(await counted()).toBe(before + 1);
  await expectAccessible();

  // A choice: counted again over the search and the choice; the boxes stay meanwhile.
  const oura = page.getByRole("group", { name: "Connected source" }).getByRole("checkbox", { name: /^Oura/ });
  await oura.click();
  await expect(oura).toBeChecked();
  await expect(oura).toBeFocused();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(
    `of ${holding(matching("p19"), "oura").length.toLocaleString("en")}`,
  );

  // Meanwhile the last counts were shown, said to be busy; then the choice's.
  await expect(page.getByRole("group", { name: "Connected source" })).toHaveAttribute("aria-busy", "false");
  // Closed, the next keystroke counts nothing; opened again, the counts are the new search's.
  await page.keyboard.press("Escape");
  const afterChoice = await counted();
  await search.press("End"); // focused again, the caret is at the start
  await search.press("9");
  const ouraOfP199 = holding(matching("p199"), "oura");
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(`of ${ouraOfP199.length.toLocaleString("en")}`);
  expect(await counted()).toBe(afterChoice);
  await filter.click();
  // Each group is counted over the others' choices: the sources' over the search alone.
  await expectSourceCounts(page, matching("p199"));
  await expectAccessible();
});

test("a filter opened again half a minute later shows the counts it had, not made by the worker again", async ({ page, browser }) => {
  await page.clock.install(); // the page's clock only (its User Timing too): the worker's is its own
  await loadWholeTeam(page);
  const targets = new DevtoolsTargets(await browser.newBrowserCDPSession());
  const worker = (await targets.find("worker"))!;
  /** The filters' counts the worker made so far. */
  const made = async () => {
    const count = await targets.value<number>(worker, 'performance.getEntriesByName("team facets work", "measure").length');
    if (count === undefined) throw new Error("the worker's measures could not be read");
    return count;
  };
  const search = page.getByLabel("Search the whole team");
  await search.fill("p19");
  await expect(searchedNote(page, "p19")).toBeVisible();
  const filter = page.getByRole("button", { name: "Filter by connected source" });
  await filter.click();
  await expectSourceCounts(page, matching("p19"));
  const before = await made();

  await page.keyboard.press("Escape");
  await page.clock.fastForward("00:31"); // past the query client's 30 s of freshness
  await filter.click();
  await expectSourceCounts(page, matching("p19"));
  // The worker answers in turn: once the next keystroke's view shows, any count that opening
  // asked for is made.
  await page.keyboard.press("Escape");
  await search.press("End");
  await search.press("Backspace");
  await expect(searchedNote(page, "p1")).toBeVisible();
  expect(await made()).toBe(before);
});

test("a filter opened before any count says it is counting, then shows the search's counts", async ({
  page,
  browser,
  expectAccessible,
}) => {
  // The search comes with the address (which loads the whole team): no count was made before the filter opens.
  await page.goto(`${server.url}/users?q=p19`);
  await expectShown(searchedNote(page, "p19"), 45_000);
  const targets = new DevtoolsTargets(await browser.newBrowserCDPSession());
  const worker = (await targets.find("worker"))!;
  // The worker's thread held for two seconds, as a far larger team's count can.
  const { released: busy } = await targets.hold(worker, 2000);
  await page.getByRole("button", { name: "Filter by connected source" }).click();
  const options = page.getByRole("group", { name: "Connected source" });
  // Both read at once, while the hold lasts: on a busy machine the counts can come between two checks.
  const counting = () => options.evaluate((group) => [group.querySelector("[role=status]")?.textContent, group.getAttribute("aria-busy")]);
  await expect.poll(counting).toEqual(["Counting…", "true"]);
  await expectAccessible();
  await busy;
  const holders = holding(matching("p19"), "oura");
  await expect(options.locator("label").filter({ hasText: /^Oura/ })).toHaveText(
    new RegExp(`^Oura\\s*${holders.length.toLocaleString("en")}$`),
  );
  await expect(options).toHaveAttribute("aria-busy", "false");
  await expect(options.getByRole("status")).toHaveCount(0);
});

test("a team worker that fails: an opened filter says its counts could not be made, and the next keystroke says so too", async ({
  page,
  browser,
  expectAccessible,
}) => {
  await loadWholeTeam(page);
  const search = page.getByLabel("Search the whole team");
  await search.fill("p19");
  await expect(searchedNote(page, "p19")).toBeVisible();
  const targets = new DevtoolsTargets(await browser.newBrowserCDPSession());
  const worker = (await targets.find("worker"))!;
  await targets.fail(worker);
  await page.getByRole("button", { name: "Filter by connected source" }).click();
  const options = page.getByRole("group", { name: "Connected source" });
  const failure = options.getByRole("alert");
  await expect(failure).toContainText("The filters' counts could not be answered");
  await expect(options.getByRole("status")).toHaveCount(0);
  await expect(options.getByRole("checkbox")).toHaveCount(0);
  await expect(options).toHaveAttribute("aria-busy", "false");
  await expectAccessible();
  // Retry is offered; asked again of the failed worker, the counts fail again, and say so.
  await failure.getByRole("button", { name: "Retry" }).click();
  await expect(failure).toContainText("The filters' counts could not be answered");
  await page.keyboard.press("Escape");
  await search.press("1");
  await expect(page.getByRole("alert")).toContainText("The search could not be answered");
});

test("sort by created date, descending, is the service's order reversed", async ({ page }) => {
  const last = await servicePage(page, teamSize - 100, 100);
  await loadWholeTeam(page);
  const created = page.getByRole("columnheader", { name: "Created" });
  await created.getByRole("button").click();
  await expect(created).toHaveAttribute("aria-sort", "ascending");
  await created.getByRole("button").click();
  await expect(created).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/sort=-created_on/);
  // The rows follow the answer (a deferred render): read until they show it.
  const shown = () =>
    bodyRows(page)
      .locator("time")
      .evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute("datetime")!)));
  await expect.poll(shown).toEqual(last.map((u) => Date.parse(u.created_on)).reverse());
});

test("a sort shown again from the page's cache is asked of the worker again, which keeps only that sort's order", async ({ page }) => {
  await loadWholeTeam(page);
  /** The views the page asked of the worker so far (its "team view" round trips). */
  const asked = () => page.evaluate(() => performance.getEntriesByName("team view", "measure").length);
  const header = (name: string) => page.getByRole("columnheader", { name });
  await header("Client user ID").getByRole("button").click();
  await expect(header("Client user ID")).toHaveAttribute("aria-sort", "ascending");
  await header("Created").getByRole("button").click();
  await expect(header("Created")).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(asked).toBeGreaterThanOrEqual(3); // the first view, then each sort's
  const before = await asked();
  // Back to a view the page holds: shown at once, and asked again, so that the worker, which
  // gave that column's order back for Created's, sorts by it before the next keystroke.
  await header("Client user ID").getByRole("button").click();
  await expect(header("Client user ID")).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(asked).toBe(before + 1);
  // The rows follow the answer (a deferred render): read until they show it.
  const inOrder = async () => {
    const ids = await bodyRows(page).locator("b").allTextContents();
    return ids.every((id, i) => i === 0 || ids[i - 1]!.toLowerCase() <= id.toLowerCase());
  };
  await expect.poll(inOrder).toBe(true);
});

test("Refresh loads the team again, and its search and sort answer from the new load as before", async ({ page }) => {
  await loadWholeTeam(page);
  const created = page.getByRole("columnheader", { name: "Created" });
  await created.getByRole("button").click();
  await created.getByRole("button").click();
  await page.getByLabel("Search the whole team").fill("patient-1999");
  const shown = () => bodyRows(page).locator("td").first().allTextContents();
  const matching = seeded.filter((u) => u.client_user_id.includes("patient-1999"));
  await expect(bodyRows(page)).toHaveCount(matching.length);
  const before = await shown();

  // The team it replaces is given back to memory as the new one loads: the view comes from the new one.
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(page.getByRole("progressbar", { name: "Loading the whole team" })).toBeVisible();
  await untilLoaded(page);
  await expect(created).toHaveAttribute("aria-sort", "descending");
  await expect(bodyRows(page)).toHaveCount(matching.length);
  expect(await shown()).toEqual(before);
  await expect(page.getByText(`All 20,000 loaded users are searched: ${matching.length} matches.`)).toBeVisible();
});

/** An exported CSV holds every user of the seed, as the service has them. */
function expectSeedCsv(text: string) {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([
    "user_id",
    "client_user_id",
    "team_id",
    "created_on",
    "connected_sources",
    "birth_date",
    "birth_date_source",
    "time_zone",
    "time_zone_source",
  ]);
  expect(rows).toHaveLength(teamSize);
  const byId = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
  const expected = seeded.map((user) => [
    user.user_id,
    user.client_user_id,
    user.team_id,
    user.created_on,
    user.connected_sources.map((c) => c.source!.slug).join(";"),
    user.fallback_birth_date?.value ?? "",
    user.fallback_birth_date?.source_slug ?? "",
    user.fallback_time_zone?.id ?? "",
    user.fallback_time_zone?.source_slug ?? "",
  ]);
  expect(rows.sort(byId)).toEqual(expected.sort(byId));
}

const exportFileName = /^team-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv$/;

test("without a save picker, the exported CSV is downloaded, and parses back to the whole team, equal to the seed", async ({
  page,
  savePicker,
}) => {
  await savePicker("absent");
  await loadWholeTeam(page);
  const download = page.waitForEvent("download");
  await new UsersPage(page).wholeTeam.exportCsvButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(exportFileName);
  expectSeedCsv(readFileSync(await file.path(), "utf8"));
});

test("with a save picker, the CSV is written to the file picked, under the name a download has, and equals the seed", async ({
  page,
  savePicker,
}) => {
  const picker = await savePicker({ file: "picked.csv" });
  const downloads: unknown[] = [];
  page.on("download", (download) => downloads.push(download));
  await loadWholeTeam(page);
  await new UsersPage(page).wholeTeam.exportCsvButton.click();
  // The picker makes the file as it answers, then the export replaces it at once when it closes
  // it: until then it is absent or empty.
  await expect.poll(async () => (await picker.read("picked.csv"))?.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toHaveCount(0);

  const [asked] = await picker.asked();
  expect(asked!.suggestedName).toMatch(exportFileName);
  expect(asked!.types).toEqual([{ description: "CSV", accept: { "text/csv": [".csv"] } }]);
  expect(await picker.files()).toEqual(["picked.csv"]);
  expectSeedCsv((await picker.read("picked.csv"))!);
  expect(downloads).toHaveLength(0);
});

test("with a save picker, the NDJSON is written as it comes; Cancel or a failure leave the file as it was, and say so", async ({
  page,
  serviceProxy,
  savePicker,
  expectAccessible,
}) => {
  const picker = await savePicker({ file: "picked.ndjson" });
  await loadWholeTeam(page, serviceProxy.url);
  const before = "an earlier export\n";
  await picker.write("picked.ndjson", before);
  const wholeTeam = new UsersPage(page).wholeTeam;
  const exporting = exportingNdjson(page);

  // Two pages come, the others wait: the first lines are in the browser's swap file, not yet the file.
  const held = serviceProxy.hold(pagesFrom(1_000));
  await wholeTeam.exportNdjsonButton.click();
  await expect(exporting).toContainText("Exporting NDJSON: 1,000 of 20,000 users");
  await expect.poll(() => picker.files()).toEqual(["picked.ndjson", "picked.ndjson.crswap"]);
  expect((await picker.read("picked.ndjson.crswap"))!.trim().split("\n")).toHaveLength(1_000);
  await page.getByRole("button", { name: "Cancel export" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The NDJSON export was cancelled" })).toHaveText(
    "The NDJSON export was cancelled at 1,000 of 20,000 users: picked.ndjson was left as it was.",
  );
  await expectAccessible(); // the cancelled export's words
  await expect(wholeTeam.exportNdjsonButton).toBeVisible();
  await expect.poll(() => picker.files()).toEqual(["picked.ndjson"]);
  expect(await picker.read("picked.ndjson")).toBe(before);
  await expect(page.getByRole("alert")).toHaveCount(0);
  held.release();

  // A page the service fails: the export stops, saying why, and the file is as it was.
  serviceProxy.answer(pageAt(5000), { status: 500, json: { detail: "Broken" } });
  await wholeTeam.exportNdjsonButton.click();
  await expect(page.getByRole("alert")).toContainText(
    /^The NDJSON export stopped at [\d,]+ of 20,000 users: .+; picked\.ndjson was left as it was\.$/,
  );
  await expect(page.getByText("The NDJSON export was cancelled")).toHaveCount(0);
  await expectAccessible(); // the export's failure
  await expect.poll(() => picker.files()).toEqual(["picked.ndjson"]);
  expect(await picker.read("picked.ndjson")).toBe(before);
});

test("an export goes on through a Refresh and writes the whole team to the file picked", async ({ page, serviceProxy, savePicker }) => {
  const picker = await savePicker({ file: "picked.ndjson" });
  await loadWholeTeam(page, serviceProxy.url);
  await picker.write("picked.ndjson", "an earlier export\n");
  const wholeTeam = new UsersPage(page).wholeTeam;
  // The export's pages from 1,000 on wait, and so do the Refresh's: both are running at the click and after it.
  const held = serviceProxy.hold(pagesFrom(1_000));
  await wholeTeam.exportNdjsonButton.click();
  await expect(exportingNdjson(page)).toContainText("Exporting NDJSON: 1,000 of 20,000 users");

  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(page.getByRole("progressbar", { name: "Loading the whole team" })).toBeVisible();
  await expect(exportingNdjson(page)).toContainText("Exporting NDJSON: 1,000 of 20,000 users");
  await expect(page.getByRole("button", { name: "Cancel export" })).toBeVisible();

  held.release();
  await untilLoaded(page);
  await expect(exportingNdjson(page)).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => picker.files()).toEqual(["picked.ndjson"]);
  const lines = (await picker.read("picked.ndjson"))!.trim().split("\n");
  expect(new Set(lines.map((line) => (JSON.parse(line) as { user_id: string }).user_id)).size).toBe(teamSize);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("Forget keys in another tab mid-export: the export stops, says so, sends nothing more, and the file picked is as it was", async ({
  page,
  context,
  serviceProxy,
  savePicker,
  expectAccessible,
}) => {
  const picker = await savePicker({ file: "picked.ndjson" });
  const workers = watchWorkers(page);
  await loadWholeTeam(page, serviceProxy.url);
  const before = "an earlier export\n";
  await picker.write("picked.ndjson", before);
  // The export's pages from 1,000 on reach the service, their answers wait: they come once the keys are forgotten.
  const held = serviceProxy.hold(pagesFrom(1_000), { answers: true });
  await new UsersPage(page).wholeTeam.exportNdjsonButton.click();
  await expect(exportingNdjson(page)).toContainText("Exporting NDJSON: 1,000 of 20,000 users");
  await expect.poll(() => held.waiting).toBe(4);

  const other = await context.newPage();
  await other.goto(`${serviceProxy.url}/settings`);
  const sent = serviceProxy.paths(wholeTeamPages).length;
  await other.getByRole("button", { name: "Forget keys" }).click();

  const notice = page.getByRole("alert").filter({ hasText: "The NDJSON export of Test team stopped" });
  await expect(notice).toHaveText(
    /^The NDJSON export of Test team stopped at 1,000 of 20,000 users when this tab let go of the team \(.+\): picked\.ndjson was left as it was\./,
  );
  await expect(page.getByRole("heading", { name: /^This tab has no key for / })).toBeVisible();
  held.release();
  await expect.poll(() => allEnded(workers)).toBe(true);
  expect(serviceProxy.paths(wholeTeamPages).slice(sent)).toEqual([]);
  await expect.poll(() => picker.files()).toEqual(["picked.ndjson"]);
  expect(await picker.read("picked.ndjson")).toBe(before);
  await expectAccessible();
  await page.getByRole("button", { name: "Dismiss", exact: true }).click();
  await expect(notice).toHaveCount(0);
});

test("a dismissed save picker exports nothing and says nothing", async ({ page, savePicker }) => {
  const picker = await savePicker("dismiss");
  const downloads: unknown[] = [];
  page.on("download", (download) => downloads.push(download));
  await loadWholeTeam(page);
  await new UsersPage(page).wholeTeam.exportNdjsonButton.click();
  await expect.poll(async () => (await picker.asked()).length).toBe(1);
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  await expect(page.getByRole("progressbar", { name: "Exporting NDJSON" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(new UsersPage(page).wholeTeam.exportNdjsonButton).toBeEnabled();
  expect(downloads).toHaveLength(0);
});

test("Cancel midway keeps what was loaded, leaves a working page, and Resume completes it", async ({ page, serviceProxy }) => {
  // The load's first four pages come, the others wait at the proxy: Cancel lands midway, however slow the machine.
  const held = serviceProxy.hold(pagesFrom(2_000));
  await page.goto(`${serviceProxy.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect.poll(() => held.waiting).toBe(4); // four pages loaded, the next four asked for and held
  await expect(loadingStatus(page)).toContainText("page 4 of 40 · 2,000 of 20,000 users");
  await expect(page.getByRole("progressbar", { name: "Loading the whole team" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(
    "Loading was cancelled with 2,000 of 20,000 users loaded; search covers those. Resume loads the 36 pages left.",
  );
  await expect.poll(() => held.waiting).toBe(0); // the worker gave up the held requests

  // The page still works: the service's pages turn, and the search covers what was loaded.
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Showing 101–200 of 20,000");
  await expect(page.getByLabel("Search the whole team")).toBeVisible();

  held.release();
  await page.getByRole("button", { name: "Resume" }).click();
  await untilLoaded(page);
});

test("Forget keys in another tab while the whole team loads: the load stops, its worker ends, and the users go", async ({
  page,
  context,
  serviceProxy,
}) => {
  const held = serviceProxy.hold(pagesFrom(2_000));
  const workers = watchWorkers(page);
  await page.goto(`${serviceProxy.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect.poll(() => held.waiting).toBe(4);
  await expect(loadingStatus(page)).toContainText("page 4 of 40");

  // A second tab, opened as a person opens one: Forget keys there forgets them in every tab.
  const other = await context.newPage();
  await other.goto(`${serviceProxy.url}/settings`);
  await other.getByRole("button", { name: "Forget keys" }).click();

  await expect(page.getByRole("heading", { name: /^This tab has no key for / })).toBeVisible();
  await expect.poll(() => held.waiting).toBe(0); // the requests in flight were let go
  // The loaded users were in the worker alone: it ends with them.
  await expect.poll(() => allEnded(workers)).toBe(true);
  const asked = serviceProxy.paths(anyUsersPage).length;
  held.release();
  // The team's link opened again in this tab: the key is gone from it too, so nothing is asked.
  await page.goto(`${serviceProxy.url}/t/${server.teamId}/users`);
  await expect(page.getByRole("heading", { name: /^This tab has no key for / })).toBeVisible();
  expect(serviceProxy.paths(anyUsersPage)).toHaveLength(asked);
});

test("Forget keys while the whole team loads: not one request reaches the service after the click", async ({ page, serviceProxy }) => {
  // The pages from 2,000 on reach the service and their answers wait: they come just after the
  // click, when a worker still running would ask for the next pages.
  const held = serviceProxy.hold(pagesFrom(2_000), { answers: true });
  const workers = watchWorkers(page);
  await page.goto(`${serviceProxy.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect.poll(() => held.waiting).toBe(4);
  await expect(loadingStatus(page)).toContainText("page 4 of 40");
  // Settings, the load going on: the loaded team stays with the tab.
  await page.getByRole("link", { name: "Settings", exact: true }).click();

  const sent = serviceProxy.paths(anyUsersPage).length;
  await page.getByRole("button", { name: "Forget keys" }).click();
  held.release();
  await expect.poll(() => allEnded(workers)).toBe(true);
  expect(serviceProxy.paths(anyUsersPage).slice(sent)).toEqual([]);
});

test("a tab opened on the team while the whole team loads shows its users, and the load goes on to the end", async ({
  page,
  context,
  serviceProxy,
}) => {
  const held = serviceProxy.hold(pagesFrom(2_000));
  await page.goto(`${serviceProxy.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect.poll(() => held.waiting).toBe(4);
  await expect(loadingStatus(page)).toContainText("page 4 of 40");

  // Opened as a person opens one: it gets the keys from this tab, and loads no whole team unasked.
  const other = await context.newPage();
  await other.goto(`${serviceProxy.url}/t/${server.teamId}/users`);
  await expect(new UsersPage(other).pagination).toContainText("of 20,000");
  await expect(new UsersPage(other).wholeTeam.loadButton).toBeVisible();

  // This tab's load was not disturbed: once the held pages come, it ends without being started again.
  held.release();
  await untilLoaded(page);
  expect(serviceProxy.paths(pageAt(0))).toHaveLength(1);
});

test("a screen reader is told the load's progress each quarter, not each page", async ({ page, serviceProxy }) => {
  const held = serviceProxy.hold(pagesFrom(2_000));
  await page.goto(`${serviceProxy.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect.poll(() => held.waiting).toBe(4);
  await expect(loadingStatus(page)).toContainText("page 4 of 40");
  await expect(loadingStatus(page)).toMatchAriaSnapshot(`- status: "Loading the whole team: started"`);

  held.release(4); // 8 pages of 40: the text on screen moves, what is told does not
  await expect(loadingStatus(page)).toContainText("page 8 of 40");
  await expect(loadingStatus(page)).toMatchAriaSnapshot(`- status: "Loading the whole team: started"`);

  await expect.poll(() => held.waiting).toBe(4); // the next four asked: the first two of them pass
  held.release(2); // 10 pages of 40: a quarter
  await expect(loadingStatus(page)).toContainText("page 10 of 40");
  await expect(loadingStatus(page)).toMatchAriaSnapshot(`- status: "Loading the whole team: 25 % done"`);

  held.release();
  await untilLoaded(page);
});

test("an export tells a screen reader its quarters, and goes on while the operator is on another view", async ({
  page,
  serviceProxy,
  savePicker,
}) => {
  await savePicker("absent");
  await loadWholeTeam(page, serviceProxy.url);
  // NDJSON asks the service for the pages again: they wait at the proxy.
  const held = serviceProxy.hold(wholeTeamPages);
  await new UsersPage(page).wholeTeam.exportNdjsonButton.click();
  const exporting = exportingNdjson(page);
  await expect.poll(() => held.waiting).toBe(1);
  await expect(exporting).toContainText("Exporting NDJSON: 0 of 20,000 users");
  await expect(exporting).toMatchAriaSnapshot(`- status: "Exporting NDJSON: started"`);

  held.release(1);
  await expect(exporting).toContainText("Exporting NDJSON: 500 of 20,000 users");
  await expect(exporting).toMatchAriaSnapshot(`- status: "Exporting NDJSON: started"`);
  held.release(9);
  await expect(exporting).toContainText("Exporting NDJSON: 5,000 of 20,000 users");
  await expect(exporting).toMatchAriaSnapshot(`- status: "Exporting NDJSON: 25 % done"`);

  // Away to Settings and the overview mid-export: the export goes on, and is downloaded when done.
  await expect.poll(() => held.waiting).toBe(4);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "Overview", exact: true }).click();
  await expect(exporting).toContainText("Exporting NDJSON: 5,000 of 20,000 users");
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  expect(held.waiting).toBe(4);
  const download = page.waitForEvent("download");
  held.release();
  const file = await download;
  expect(
    readFileSync(await file.path(), "utf8")
      .trim()
      .split("\n"),
  ).toHaveLength(teamSize);
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(new UsersPage(page).wholeTeam.exportNdjsonButton).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a 503 midway is retried, and the team loads complete", async ({ page, serviceProxy }) => {
  serviceProxy.answer(pageAt(5000), { status: 503, headers: { "Retry-After": "1" }, json: { detail: "Busy, try again" } });
  await loadWholeTeam(page, serviceProxy.url);
  expect(serviceProxy.paths(pageAt(5000))).toHaveLength(2);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a 429 midway: the bar counts down the wait the service asked for, retries no earlier, and completes", async ({
  page,
  serviceProxy,
}) => {
  serviceProxy.answer(pageAt(5000), { status: 429, headers: { "Retry-After": "5" }, json: { detail: "Slow down" } });
  await page.goto(`${serviceProxy.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expectShown(page.getByText(/^The service asked to wait: retrying in [1-5] s$/));
  await untilLoaded(page);
  const [refused, retried] = serviceProxy.requests.filter((request) => pageAt(5000).test(request.path));
  expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(5_000);
});

test("Cancel during a long wait the service asked for stops the load at once; Resume completes it", async ({
  page,
  serviceProxy,
  expectAccessible,
}) => {
  serviceProxy.answer(pageAt(5000), { status: 429, headers: { "Retry-After": "100" }, json: { detail: "Slow down" } });
  await page.goto(`${serviceProxy.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expectShown(page.getByText(/^The service asked to wait: retrying in 1 min \d\d s$/));
  await expect(loadingStatus(page)).toMatchAriaSnapshot(
    `- status: "Loading the whole team: the service asked to wait; loading goes on after the wait"`,
  );
  // The loading state, checked by axe here: no request is held, so however long the scan takes,
  // none runs out of time (a page held at a proxy would, after 15 s).
  await expectAccessible();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(/Loading was cancelled with [\d,]+ of 20,000 users loaded/);
  await expect(page.getByText(/The service asked to wait/)).toHaveCount(0);
  expect(serviceProxy.paths(pageAt(5000))).toHaveLength(1);

  await page.getByRole("button", { name: "Resume" }).click();
  await untilLoaded(page);
});

test("a wait longer than two minutes is not waited: the load stops, saying how long the service asked", async ({ page, serviceProxy }) => {
  serviceProxy.answer(pageAt(5000), { status: 429, headers: { "Retry-After": "600" }, json: { detail: "Slow down" } });
  await page.goto(`${serviceProxy.url}/users`);
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect(page.getByRole("alert")).toContainText(
    /Loading stopped with [\d,]+ of 20,000 users loaded: The service asked to wait 10 min before trying again\. What was loaded is kept/,
  );
  expect(serviceProxy.paths(pageAt(5000))).toHaveLength(1);
});

test("the loaded team is dropped with the connection's cached data: Forget keys, then the key again, loads it anew", async ({
  page,
  serviceProxy,
}) => {
  const asked = () => serviceProxy.paths(wholeTeamPages).length;
  await loadWholeTeam(page, serviceProxy.url);
  const firstLoad = asked();
  expect(firstLoad).toBe(40);
  // Moving away and back keeps the team (in memory for the tab): nothing is asked again.
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(loaded(page)).toBeVisible();
  expect(asked()).toBe(firstLoad);

  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("button", { name: "Forget keys" }).click();
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await page.getByLabel("Team API key").fill(apiKey);
  await page.getByRole("button", { name: "Use this key" }).click();
  await expect(new UsersPage(page).wholeTeam.loadButton).toBeVisible();
  expect(asked()).toBe(firstLoad);
});
