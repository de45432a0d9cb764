/**
 * The overview read as an analyst reads it, on the team of sixteen sources (seed.ts) on
 * 2026-03-20 in Tokyo: no two lines' legend entries look alike; the values under the cursor,
 * by pointer and by keys, are the table's; the running month is marked and never the busiest;
 * days are counted in UTC on request, kept in the URL. Axe on each new state.
 */
import { expect, test } from "./fixtures.ts";
import { OverviewPage, type OverviewChart } from "./kit/overview-page.ts";
import { looks, showIn } from "./looks.ts";
import { manySources } from "./seed.ts";

test.use({ timezoneId: "Asia/Tokyo" });

test.beforeEach(async ({ page, connect, demo }) => {
  await page.clock.setFixedTime(new Date("2026-03-20T12:00:00Z")); // March 2026 is running
  await connect({ teamApiKey: demo.manySourcesTeam.api_key });
});

async function openOverview(overview: OverviewPage, teamId: string, query = "") {
  await overview.goto(teamId, query);
  await expect(overview.chart("Connections over time, by source").cursor).toBeVisible({ timeout: 30_000 });
}

/** The table's row of `period` as label → cell, the chart shown again after (a new chart: no period under its cursor). */
async function tableRow(chart: OverviewChart, period: string): Promise<Map<string, string>> {
  const [header, ...rows] = await chart.rows();
  await chart.showAsTable.uncheck();
  const row = rows.find((cells) => cells[0] === period);
  expect(row, `the table has a row for ${period}`).toBeDefined();
  return new Map(header!.map((column, i) => [column, row![i]!]));
}

type Readout = Awaited<ReturnType<OverviewChart["readoutValues"]>>;

/** The readout, once it shows `period`. */
async function readout(chart: OverviewChart, period: string): Promise<Readout> {
  await expect(chart.readout.getByRole("paragraph")).toHaveText(period);
  await expect(chart.cursor).toHaveAttribute("aria-valuetext", period);
  return chart.readoutValues();
}

/** Each readout's values equal the table's row of its period ("Other sources": the sum of the sources not drawn). */
async function expectTableHas(chart: OverviewChart, readouts: Readout[]) {
  for (const shown of readouts) {
    expect(shown.values.length).toBeGreaterThan(0);
    const row = await tableRow(chart, shown.period);
    const periodColumn = [...row.keys()][0];
    for (const [label, value] of shown.values) {
      const cells =
        label === "Other sources"
          ? [...row].filter(([column]) => column !== periodColumn && !shown.values.some(([drawn]) => drawn === column))
          : [[label, row.get(label)!] as const];
      const sum = cells.reduce((total, [, cell]) => total + Number(cell.replaceAll(",", "")), 0);
      expect(value, `${label} in ${shown.period}`).toBe(sum.toLocaleString("en-US"));
    }
  }
}

for (const scheme of ["light", "dark"] as const) {
  test(`no two legend entries look alike with sixteen sources, ${scheme}`, async ({
    overviewPage: overview,
    page,
    demo,
    expectAccessible,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openOverview(overview, demo.manySourcesTeam.team_id);
    const connections = overview.chart("Connections over time, by source");
    const entries = connections.legend.getByRole("button");
    const drawn = await entries.evaluateAll((buttons) =>
      buttons.map((button) => {
        const style = getComputedStyle(button.querySelector("svg line")!);
        return { label: button.textContent, colour: style.stroke, dash: style.strokeDasharray };
      }),
    );
    // The seven with the most connections (Tracker 01 has 16, … 07 has 10), and the other nine summed.
    expect(drawn.map((entry) => entry.label)).toEqual([...manySources.slice(0, 7).map((source) => source.name), "Other sources"]);
    expect(new Set(drawn.map((entry) => entry.colour)).size).toBe(drawn.length);
    expect(new Set(drawn.map((entry) => entry.dash)).size).toBe(drawn.length);
    await expect(connections.root).toContainText(
      `Other sources sums the 9 others: ${manySources
        .slice(7)
        .map((s) => s.name)
        .join(", ")}.`,
    );

    // "Other sources" is drawn on request.
    const other = connections.legendButton("Other sources");
    await expect(other).toHaveAttribute("aria-pressed", "false");
    await other.click();
    await expect(other).toHaveAttribute("aria-pressed", "true");
    await expectAccessible();
  });
}

test("pointing at a period and the arrow keys show its values, the table's", async ({ page, overviewPage: overview, demo }) => {
  await openOverview(overview, demo.manySourcesTeam.team_id);
  const connections = overview.chart("Connections over time, by source");
  await expect(connections.readout).toBeEmpty();

  // The pointer, near the right end of the plot: March, still running.
  const box = (await connections.cursor.boundingBox())!;
  await connections.cursor.hover({ position: { x: box.width * 0.9, y: box.height / 2 } });
  const march = await readout(connections, "Mar 2026, so far");
  expect(march.values.map(([label]) => label)).toEqual(manySources.slice(0, 7).map((source) => source.name)); // the lines shown
  expect(march.values[0]).toEqual(["Tracker 01", "9"]);
  await expectTableHas(connections, [march]);

  // The keys, with "Other sources" shown: from the first period to the last, and no further.
  await connections.legendButton("Other sources").click();
  await connections.cursor.focus();
  await connections.cursor.press("Home");
  const keyed = [await readout(connections, "Jan 2026")];
  expect(keyed[0]!.values.at(-1)).toEqual(["Other sources", "24"]); // Trackers 08 to 16: 9 + 8 + 7 of January's three users
  await connections.cursor.press("ArrowRight");
  keyed.push(await readout(connections, "Feb 2026"));
  await connections.cursor.press("End");
  keyed.push(await readout(connections, "Mar 2026, so far"));
  await connections.cursor.press("ArrowRight");
  await connections.cursor.press("ArrowLeft");
  keyed.push(await readout(connections, "Feb 2026"));
  await expectTableHas(connections, keyed);
  // Another width draws the chart again: the period read stays, and the keys go on from it.
  await connections.cursor.focus();
  await connections.cursor.press("End");
  await connections.cursor.press("ArrowLeft");
  await readout(connections, "Feb 2026");
  const { width, height } = page.viewportSize()!;
  await page.setViewportSize({ width: Math.min(width, 900) - 200, height });
  await expect.poll(async () => (await connections.cursor.boundingBox())!.width).not.toBe(box.width);
  await expect(connections.readout.getByRole("paragraph")).toHaveText("Feb 2026");
  await expect(connections.cursor).toBeFocused();
  await connections.cursor.press("ArrowRight");
  await readout(connections, "Mar 2026, so far");

  // The users created, by day.
  const created = overview.chart("Users created over time");
  await created.period.selectOption("day");
  await created.cursor.focus();
  await created.cursor.press("Home");
  const days = [await readout(created, "2026-01-11")];
  await created.cursor.press("ArrowRight");
  days.push(await readout(created, "2026-01-12"));
  await created.cursor.press("End");
  days.push(await readout(created, "2026-03-20, so far"));
  await expectTableHas(created, days);
});

test("the running month is marked on the chart's readout and the table, and is never the busiest", async ({
  overviewPage: overview,
  demo,
}) => {
  await openOverview(overview, demo.manySourcesTeam.team_id);
  const created = overview.chart("Users created over time");
  // March has the most users (13), but it is not over: February (4) is the busiest month.
  await expect(created.summary).toHaveText(
    "20 users were created from Jan 2026 to Mar 2026, so far; the busiest month was Feb 2026, with 4 users.",
  );
  expect(await created.rows()).toEqual([
    ["Month", "Users created"],
    ["Jan 2026", "3"],
    ["Feb 2026", "4"],
    ["Mar 2026, so far", "13"],
  ]);
  await created.period.selectOption("week");
  const weeks = await created.rows();
  expect(weeks.at(-1)).toEqual(["week of 2026-03-16, so far", "0"]); // the series runs on to today
});

test("days are counted in UTC on request, kept in the URL", async ({ overviewPage: overview, page, demo }) => {
  await openOverview(overview, demo.manySourcesTeam.team_id);
  const created = overview.chart("Users created over time");
  await created.period.selectOption("day");
  // Three users at 23:30 UTC on March 10: in Tokyo, already March 11.
  let row = await tableRow(created, "2026-03-10");
  expect(row.get("Users created")).toBe("1");
  expect((await tableRow(created, "2026-03-11")).get("Users created")).toBe("3");
  await expect(page.getByText("counted in your browser’s time zone, Asia/Tokyo")).toBeVisible();

  await overview.countDaysIn("UTC").check();
  await expect(page).toHaveURL(/[?&]calendar=utc(&|$)/);
  await expect(page.getByText("counted in UTC")).toBeVisible();
  await expect(created.summary).toContainText("to 2026-03-20, so far");
  row = await tableRow(created, "2026-03-10");
  expect(row.get("Users created")).toBe("4");
  expect((await tableRow(created, "2026-03-11")).get("Users created")).toBe("0");

  // Kept with the selection: a reload, and to Users and back.
  await page.reload();
  await expect(overview.countDaysIn("UTC")).toBeChecked({ timeout: 30_000 });
  await overview.usersLink.click();
  await expect(page).toHaveURL(/\/users\?calendar=utc$/);
  await page.getByRole("link", { name: "Chart these users" }).click();
  await expect(overview.countDaysIn("UTC")).toBeChecked();
  await overview.countDaysIn(/^Your time zone/).check();
  await expect(page).not.toHaveURL(/calendar=/);
});

for (const look of looks) {
  test(`axe finds nothing serious with UTC chosen, Other sources shown and a period read, ${look.name}`, async ({
    overviewPage: overview,
    page,
    demo,
    expectAccessible,
  }) => {
    await showIn(page, look);
    await openOverview(overview, demo.manySourcesTeam.team_id, "?calendar=utc");
    await expect(page.getByText("counted in UTC")).toBeVisible();
    const connections = overview.chart("Connections over time, by source");
    await connections.legendButton("Other sources").click();
    await connections.cursor.focus();
    await connections.cursor.press("End");
    await expect(connections.readout).toContainText("Other sources");
    await overview.chart("Users created over time").cursor.hover();
    await expect(overview.chart("Users created over time").readout).toContainText("Users created");
    await expectAccessible();
  });
}
