/**
 * The overview on the real service: its tables equal what the seed gives, counted by hand here
 * in the browser's time zone (Tokyo, so that days differ from UTC); a bar filters the users;
 * Users and Overview keep the selection; axe on every state, light and dark, wide and narrow.
 */
import type { User } from "../src/api/contract.ts";
import { demoSeed } from "../server/demo-seed.ts";
import { expect, test } from "./fixtures.ts";
import { looks, showIn } from "./looks.ts";
import { OverviewPage } from "./kit/overview-page.ts";
import { UsersPage } from "./kit/users-page.ts";

const timeZone = "Asia/Tokyo";
test.use({ timezoneId: timeZone });

const seeded = demoSeed().orgs[0]!.teams[0]!.users as User[];
const n = (value: number) => value.toLocaleString("en-US");
const monthOf = (instant: string) => {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "short" }).formatToParts(Date.parse(instant));
  return `${parts.find((p) => p.type === "month")!.value} ${parts.find((p) => p.type === "year")!.value}`;
};
const tally = <K>(keys: K[]) => keys.reduce((map, key) => map.set(key, (map.get(key) ?? 0) + 1), new Map<K, number>());
const slugsOf = (user: User) => new Set(user.connected_sources.map((c) => c.source.slug));
const nameOf = new Map(seeded.flatMap((u) => u.connected_sources.map((c) => [c.source.slug, c.source.name] as const)));

test.beforeEach(async ({ connect, demo }) => {
  await connect({ teamApiKey: demo.bigTeam.api_key, managementKey: demo.managementKey, orgId: demo.orgId });
});

async function openOverview(overview: OverviewPage, teamId: string, query = "") {
  await overview.goto(teamId, query);
  await expect(overview.chart("Users per source").root).toBeVisible({ timeout: 30_000 }); // the whole team loads first
}

test("the tables' numbers are the seed's, counted in the browser's time zone", async ({ overviewPage: overview, demo }) => {
  await openOverview(overview, demo.bigTeam.team_id);
  await expect(overview.page.getByText(`counted in your browser’s time zone, ${timeZone}`)).toBeVisible();
  const withSource = seeded.filter((u) => u.connected_sources.length > 0).length;
  await expect(overview.figure("Users")).toHaveText(n(seeded.length));
  await expect(overview.figure("With a source")).toHaveText(n(withSource));
  await expect(overview.figure("With no source")).toHaveText(n(seeded.length - withSource));

  const perSource = [...tally(seeded.flatMap((u) => [...slugsOf(u)])).entries()]
    .map(([slug, users]) => [nameOf.get(slug)!, users] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  expect(await overview.chart("Users per source").rows()).toEqual([
    ["Source", "Users"],
    ...perSource.map(([name, users]) => [name, n(users)]),
    ["No source", n(seeded.length - withSource)],
  ]);
  await expect(overview.figure("Most connected source")).toHaveText(`${perSource[0]![0]} (${n(perSource[0]![1])})`);

  const perUser = tally(seeded.map((u) => Math.min(3, slugsOf(u).size)));
  expect(await overview.chart("Sources per user").rows()).toEqual([
    ["Sources", "Users"],
    ["No source", n(perUser.get(0) ?? 0)],
    ["1 source", n(perUser.get(1) ?? 0)],
    ["2 sources", n(perUser.get(2) ?? 0)],
    ["3 or more", n(perUser.get(3) ?? 0)],
  ]);

  const zones = [...tally(seeded.flatMap((u) => (u.fallback_time_zone ? [u.fallback_time_zone.id] : []))).entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  );
  const other = zones.slice(10).reduce((sum, [, users]) => sum + users, 0);
  expect(await overview.chart("Time zones").rows()).toEqual([
    ["Time zone", "Users"],
    ...zones.slice(0, 10).map(([id, users]) => [id, n(users)]),
    ...(other > 0 ? [["Other time zones", n(other)]] : []),
    ["No time zone", n(seeded.filter((u) => !u.fallback_time_zone).length)],
  ]);

  const known = seeded.filter((u) => u.fallback_birth_date).length;
  expect(await overview.chart("Birth date known").rows()).toEqual([
    ["Birth date", "Users"],
    ["Known", n(known)],
    ["Unknown", n(seeded.length - known)],
  ]);

  // By month in Tokyo: every month from the first to the last, empty ones included.
  const byMonth = tally(seeded.map((u) => monthOf(u.created_on)));
  const created = await overview.chart("Users created over time").rows();
  expect(created[0]).toEqual(["Month", "Users created"]);
  // The month still running is named so ("Nov 2026, so far"); the seed's month names do not know it.
  const month = (label: string) => label.replace(/, so far$/, "");
  const shownMonths = created.slice(1).filter(([, count]) => count !== "0");
  expect(new Map(shownMonths.map(([label, count]) => [month(label!), count]))).toEqual(
    new Map([...byMonth].map(([month, users]) => [month, n(users)])),
  );
  expect(shownMonths).toHaveLength(byMonth.size); // each month once

  const connections = await overview.chart("Connections over time, by source").rows();
  const [header, ...months] = connections;
  for (const [column, name] of header!.entries()) {
    if (column === 0) continue;
    const slug = [...nameOf.entries()].find(([, sourceName]) => sourceName === name)![0];
    const expected = tally(
      seeded.flatMap((u) => u.connected_sources.filter((c) => c.source.slug === slug).map((c) => monthOf(c.created_on))),
    );
    const shown = new Map(months.filter((row) => row[column] !== "0").map((row) => [month(row[0]!), row[column]!]));
    expect(shown, name).toEqual(new Map([...expected.entries()].map(([month, count]) => [month, n(count)])));
  }
});

test("a bar filters the users, shows the filter, and Users and Overview keep it", async ({ overviewPage: overview, page, demo }) => {
  await openOverview(overview, demo.bigTeam.team_id);
  const oura = seeded.filter((u) => slugsOf(u).has("oura"));
  await overview.chart("Users per source").bar("Oura").click();
  await expect(page).toHaveURL(/[?&]source=oura(&|$)/);
  await expect(overview.figure("Users")).toHaveText(n(oura.length));
  await expect(overview.removeFromSelection("Source: Oura")).toBeVisible();
  await expect(overview.chart("Users per source").bar("Oura")).toHaveAttribute("aria-pressed", "true");

  // And a time zone: Oura users in Tokyo.
  const tokyo = oura.filter((u) => u.fallback_time_zone?.id === "Asia/Tokyo");
  await overview.chart("Time zones").bar("Asia/Tokyo").click();
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  await expect(overview.figure("Users")).toHaveText(n(tokyo.length));

  // To Users, with the same selection: the same users.
  await overview.usersLink.click();
  const users = new UsersPage(page);
  await expect(page).toHaveURL(new RegExp(`/t/${demo.bigTeam.team_id}/users\\?source=oura&tz=Asia%2FTokyo$`));
  await expect(users.range).toContainText(`of ${n(tokyo.length)}`);

  // And back through the users page's link, and through the main navigation.
  await page.getByRole("link", { name: "Chart these users" }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${demo.bigTeam.team_id}/overview\\?source=oura&tz=Asia%2FTokyo$`));
  await expect(overview.figure("Users")).toHaveText(n(tokyo.length));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  await expect(users.range).toContainText(`of ${n(tokyo.length)}`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" }).click();

  // Removing a filter from the selection widens it again.
  await overview.removeFromSelection("Time zone: Asia/Tokyo").click();
  await expect(page).not.toHaveURL(/tz=/);
  await expect(overview.figure("Users")).toHaveText(n(oura.length));
  await overview.removeFromSelection("Source: Oura").click();
  await expect(overview.figure("Users")).toHaveText(n(seeded.length));
  await expect(overview.selection).toHaveCount(0);
});

test("the legend shows and hides a source's line; a period and cumulative change the table", async ({ overviewPage: overview, demo }) => {
  await openOverview(overview, demo.bigTeam.team_id);
  const connections = overview.chart("Connections over time, by source");
  const first = connections.legend.getByRole("button").first();
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await first.click();
  await expect(first).toHaveAttribute("aria-pressed", "false");
  await first.press("Enter");
  await expect(first).toHaveAttribute("aria-pressed", "true");

  const created = overview.chart("Users created over time");
  await created.period.selectOption("week");
  const weeks = await created.rows();
  expect(weeks[0]).toEqual(["Week", "Users created"]);
  expect(weeks[1]![0]).toMatch(/^week of \d{4}-\d{2}-\d{2}$/);
  const sum = weeks.slice(1).reduce((total, row) => total + Number(row[1]!.replaceAll(",", "")), 0);
  expect(sum).toBe(seeded.length);
  await created.root.getByRole("switch", { name: "Cumulative" }).check();
  const running = await created.rows();
  expect(running.at(-1)).toEqual([weeks.at(-1)![0], n(seeded.length)]);
  await expect(created.summary).toHaveText(/^The selection grew to 2,500 users from week of/);
});

test("each chart's numbers download as CSV", async ({ overviewPage: overview, page, demo }) => {
  await openOverview(overview, demo.bigTeam.team_id);
  const download = page.waitForEvent("download");
  await overview.chart("Birth date known").downloadCsvButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^overview-birth-date-.*\.csv$/);
  const known = seeded.filter((u) => u.fallback_birth_date).length;
  const { readFileSync } = await import("node:fs");
  expect(readFileSync(await file.path(), "utf8")).toBe(`Birth date,Users\r\nKnown,${known}\r\nUnknown,${seeded.length - known}\r\n`);
});

for (const look of looks) {
  test(`axe finds nothing serious on the overview, its tables and a filter, ${look.name}`, async ({
    overviewPage: overview,
    page,
    demo,
    expectAccessible,
  }) => {
    await showIn(page, look);
    await openOverview(overview, demo.bigTeam.team_id);
    await expectAccessible();
    await overview.chart("Users created over time").showAsTable.check();
    await overview.chart("Time zones").bar("Asia/Tokyo").click();
    await expect(overview.removeFromSelection("Time zone: Asia/Tokyo")).toBeVisible();
    await expectAccessible();
    // A narrow window stacks the charts: each as wide as the page's content.
    const boxes = await Promise.all(
      ["Users created over time", "Connections over time, by source"].map((title) => overview.chart(title).root.boundingBox()),
    );
    if (look.width < 600) expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    else expect(boxes[1]!.y).toBe(boxes[0]!.y);
  });
}

test("a team too large to load automatically asks first, then charts it", async ({ overviewPage: overview, page, demo, settingsPage }) => {
  await settingsPage.goto();
  await settingsPage.autoLoadUsers.fill("1,000,000"); // the cap, as the page writes it, is taken
  await expect(settingsPage.autoLoadUsers).not.toHaveAccessibleDescription(/A whole number/);
  // What that commits a tab to, said before any team loads on its own.
  await expect(settingsPage.autoLoadUsers).toHaveAccessibleDescription(/A team of 1,000,000 users takes about 250 MB of memory\./);
  await settingsPage.autoLoadUsers.fill("1,000,001");
  await expect(settingsPage.autoLoadUsers).toHaveAccessibleDescription(/A whole number of users from 0 to 1,000,000\./);
  await settingsPage.autoLoadUsers.fill("100");
  await settingsPage.save();
  await overview.goto(demo.bigTeam.team_id);
  await expect(page.getByText("The overview counts the whole team: load it to see the figures and charts.")).toBeVisible();
  await new UsersPage(page).wholeTeam.loadButton.click();
  await expect(overview.figure("Users")).toHaveText(n(seeded.length), { timeout: 30_000 });
});
