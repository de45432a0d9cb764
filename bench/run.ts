/**
 * `npm run bench`: the users page of the dashboard against a plain-DOM baseline of the same page
 * (bench/baseline-page.ts), in one headless Chromium, on a team of 2,500 users. Builds first.
 *
 * Each figure is the median of `runs` runs, the dashboard and the baseline interleaved (the order
 * alternates every run), after one warm-up run that is not counted. Each page starts in a new
 * browser context (cold caches); within it, the steps that need the prefetched next page follow
 * the navigation. Prints a table of ratios to the baseline and writes bench/results.json.
 * Prints figures; fails nothing.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromiumArgs, chromiumExecutable } from "../e2e/browser.ts";
import { storeConnection } from "../e2e/store-connection.ts";
import { startBaselineServer, type BaselineServer } from "./baseline-page.ts";
import { startDemoService, type DemoService } from "./demo-service.ts";
import { bundleFigures, sizeOf, sizeOfFiles, type BundleFigures, type Size } from "./bundle-figures.ts";
import { addPaintProbe, inputPaint, navigationPaint, scrollFigures, type RowTargets } from "./paint-probe.ts";
import { build } from "./build.ts";
import { describeMachine, formatTable, loadNow, machineLine, median, noLongFramesOfItsOwn, ratioOf, type ReportRow } from "./report.ts";
import { serviceThroughput, type ServiceThroughput } from "./service-figures.ts";

/** Medians of at least 7 runs; BENCH_RUNS sets more (or fewer, while iterating). */
const runs = Number(process.env.BENCH_RUNS ?? 7);
const viewport = { width: 1440, height: 900 };
/** After the next page's response has come: time for the page to parse it and keep it. */
const settleMs = 300;
const projectRoot = join(import.meta.dirname, "..");
const resultsFile = join(import.meta.dirname, "results.json");

type SiteName = "dashboard" | "baseline";
interface Site {
  name: SiteName;
  url: string;
  /** Runs before the page's first navigation (the dashboard's stored connection). */
  prepare: (page: Page) => Promise<void>;
}

/** The figures timed in the browser, in the table's order. A ratio target applies to the medians. */
const timedFigures = {
  firstRow100: { label: "navigation → first row painted, 100 rows", unit: "ms", ratioTarget: 1.5 },
  lastRow100: { label: "navigation → last row painted, 100 rows", unit: "ms" },
  firstRow500: { label: "navigation → first row painted, 500 rows", unit: "ms", ratioTarget: 1.5 },
  lastRow500: { label: "navigation → last row painted, 500 rows", unit: "ms" },
  nextPage100: { label: "Next page (prefetched) → rows painted, 100 rows", unit: "ms", ratioTarget: 1.5 },
  nextPage500: { label: "Next page (prefetched) → rows painted, 500 rows", unit: "ms", ratioTarget: 1.5 },
  pageSize100to500: { label: "page size 100 → 500 → rows painted", unit: "ms" },
  longFrames500: { label: "long frames (> 50 ms) scrolling 500 rows", unit: "" },
} as const;
type FigureKey = keyof typeof timedFigures;
type Samples = Record<FigureKey, Record<SiteName, number[]>>;

/** The pages the scenarios show, with their first and last users, asked of the service. */
async function pageTargets(serviceUrl: string, apiKey: string) {
  const targets = async (offset: number, limit: number): Promise<RowTargets> => {
    const response = await fetch(`${serviceUrl}/v2/user/?offset=${offset}&limit=${limit}`, { headers: { "x-service-api-key": apiKey } });
    const { users } = (await response.json()) as { users: { user_id: string }[] };
    if (users.length !== limit) throw new Error(`expected ${limit} users at offset ${offset}, got ${users.length}`);
    return { firstUserId: users[0]!.user_id, lastUserId: users.at(-1)!.user_id, rows: users.length };
  };
  return {
    first100: await targets(0, 100),
    second100: await targets(100, 100),
    first500: await targets(0, 500),
    second500: await targets(500, 500),
  };
}
type PageTargets = Awaited<ReturnType<typeof pageTargets>>;

/** Resolves once the page has fetched the users at `offset` (the prefetch) and had time to keep them. */
async function pageFetched(page: Page, offset: number, limit: number) {
  const response = await page.waitForResponse(
    (r) => {
      const url = new URL(r.url());
      return (
        url.pathname.startsWith("/v2/user") &&
        url.searchParams.get("offset") === `${offset}` &&
        url.searchParams.get("limit") === `${limit}`
      );
    },
    { timeout: 30_000 },
  );
  await response.finished();
  await page.waitForTimeout(settleMs);
}

/** Runs `steps` in a page of a new context (cold caches) whose navigation's rows are `targets`. */
async function inNewPage(browser: Browser, site: Site, targets: RowTargets, steps: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await site.prepare(page);
    await addPaintProbe(page, targets);
    await steps(page);
  } finally {
    await context.close();
  }
}

type RunFigures = Partial<Record<FigureKey, number>> & { loaded?: string[] };

/**
 * Opens /users at `size` rows a page, then, once the second page is prefetched, clicks Next page;
 * leaves the page on the second page with the third prefetched.
 */
async function openThenNext(page: Page, site: Site, size: 100 | 500, second: RowTargets, figures: RunFigures) {
  const prefetched = pageFetched(page, size, size);
  await page.goto(`${site.url}/users?pageSize=${size}`, { waitUntil: "commit" });
  const navigation = await navigationPaint(page);
  figures[`firstRow${size}`] = navigation.firstMs;
  figures[`lastRow${size}`] = navigation.lastMs;
  figures.loaded ??= navigation.loaded;
  await prefetched;

  const thirdPrefetched = pageFetched(page, 2 * size, size);
  const next = await inputPaint(page, second, () => page.getByRole("button", { name: "Next page" }).click());
  figures[`nextPage${size}`] = next.lastMs;
  await thirdPrefetched;
}

/** Pages of 100: the navigation, Next page (prefetched), then page size 500. */
async function pagesOf100(browser: Browser, site: Site, targets: PageTargets): Promise<RunFigures> {
  const figures: RunFigures = {};
  await inNewPage(browser, site, targets.first100, async (page) => {
    await openThenNext(page, site, 100, targets.second100, figures);
    // From page 2 of 100, a page of 500 starts at the first user: a page not fetched yet.
    const resized = await inputPaint(page, targets.first500, () => page.getByLabel("Rows per page").selectOption("500"));
    figures.pageSize100to500 = resized.lastMs;
  });
  return figures;
}

/** Pages of 500: the navigation, Next page (prefetched), then scrolling that page to its end. */
async function pagesOf500(browser: Browser, site: Site, targets: PageTargets): Promise<RunFigures> {
  const figures: RunFigures = {};
  await inNewPage(browser, site, targets.first500, async (page) => {
    await openThenNext(page, site, 500, targets.second500, figures);
    const scroll = await scrollFigures(page);
    if (!scroll.reachedEnd) throw new Error(`${site.name}: scrolling did not reach the end of the table`);
    figures.longFrames500 = scroll.longFrames;
  });
  return figures;
}

/** Every browser figure of both pages, `runs` times after a warm-up, interleaved. */
async function measurePages() {
  const samples = Object.fromEntries(Object.keys(timedFigures).map((key) => [key, { dashboard: [], baseline: [] }])) as unknown as Samples;
  let loadedByUsers: string[] = [];
  let service: DemoService | undefined;
  let baseline: BaselineServer | undefined;
  let browser: Browser | undefined;
  try {
    service = await startDemoService();
    const { team } = service;
    console.log(`Team of ${team.users.toLocaleString("en")} users; ${runs} runs and a warm-up, dashboard and baseline interleaved.`);
    const targets = await pageTargets(service.url, team.apiKey);
    baseline = await startBaselineServer({ serviceUrl: service.url, apiKey: team.apiKey });
    const sites: Site[] = [
      // The whole team is not loaded automatically: the baseline has no such work, and its
      // requests and worker would share the two cores with the figures measured here.
      { name: "dashboard", url: service.url, prepare: (page) => storeConnection(page, { teamApiKey: team.apiKey, autoLoadUsers: 0 }) },
      { name: "baseline", url: baseline.url, prepare: async () => {} },
    ];
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });

    for (let run = 0; run <= runs; run++) {
      const order = run % 2 ? [...sites].reverse() : sites;
      console.log(run === 0 ? "warm-up…" : `run ${run}/${runs} (${order.map((s) => s.name).join(" first, then ")})…`);
      for (const scenario of [pagesOf100, pagesOf500]) {
        for (const site of order) {
          const figures = await scenario(browser, site, targets);
          if (run === 0) continue;
          if (site.name === "dashboard" && figures.loaded && loadedByUsers.length === 0) loadedByUsers = figures.loaded;
          for (const key of Object.keys(timedFigures) as FigureKey[]) {
            const value = figures[key];
            if (value === undefined) continue;
            if (!Number.isFinite(value)) throw new Error(`${site.name}: ${timedFigures[key].label} was not measured`);
            samples[key][site.name].push(value);
          }
        }
      }
    }
    return { samples, loadedByUsers, chromiumVersion: browser.version(), baselineAssets: baseline.assets };
  } finally {
    await browser?.close();
    await baseline?.close();
    await service?.stop();
  }
}

type PageMeasurements = Awaited<ReturnType<typeof measurePages>>;

function timedRows({ samples }: PageMeasurements): ReportRow[] {
  return (Object.keys(timedFigures) as FigureKey[]).map((key) => {
    const { label, unit, ...figure } = timedFigures[key];
    const dashboard = median(samples[key].dashboard);
    const baseline = median(samples[key].baseline);
    const ratio = ratioOf({ dashboard, baseline });
    const target =
      "ratioTarget" in figure
        ? { text: `≤ ${figure.ratioTarget}×`, met: ratio !== null && ratio <= figure.ratioTarget }
        : key === "longFrames500"
          ? { text: "0 where the baseline has 0", met: noLongFramesOfItsOwn(samples.longFrames500) }
          : null;
    return { figure: label, dashboard, baseline, unit, target };
  });
}

function bundleRows(bundle: BundleFigures, loadedJs: Size, { baselineAssets }: PageMeasurements): ReportRow[] {
  const script = sizeOf(baselineAssets.script);
  const css = sizeOf(baselineAssets.stylesheet);
  const row = (figure: string, dashboard: number, baseline: number, target: ReportRow["target"] = null): ReportRow => ({
    figure,
    dashboard: dashboard / 1000,
    baseline: baseline / 1000,
    unit: "kB",
    target,
  });
  return [
    row("initial JS of /users, gzip", bundle.initialJs.gzip, script.gzip, { text: "≤ 120 kB", met: bundle.initialJs.gzip <= 120_000 }),
    row("initial JS of /users, raw", bundle.initialJs.raw, script.raw),
    // What the browser really fetched: lazy chunks the page asks for at once count here.
    row("JS loaded by /users before its rows painted, gzip", loadedJs.gzip, script.gzip),
    row("initial CSS of /users, gzip", bundle.initialCss.gzip, css.gzip),
    row("initial CSS of /users, raw", bundle.initialCss.raw, css.raw),
    row("all JS, gzip", bundle.totalJs.gzip, script.gzip),
    { figure: "JS chunks", dashboard: bundle.jsChunks, baseline: 1, unit: "", target: null },
  ];
}

function serviceRow(throughput: ServiceThroughput): ReportRow {
  return {
    figure: "service list pages vs bare node:http, same bytes",
    dashboard: throughput.measured ? throughput.serviceRequestsPerSecond : null,
    baseline: throughput.measured ? throughput.bareRequestsPerSecond : null,
    unit: "req/s",
    target: null,
  };
}

async function main() {
  const loadAtStart = loadNow();
  build();
  const distDir = join(projectRoot, "dist");
  const bundle = bundleFigures(distDir);
  const pages = await measurePages();
  // Alone on the machine, once the browser and the dashboard's server are gone.
  console.log("Service throughput…");
  const throughput: ServiceThroughput =
    process.env.BENCH_SERVICE === "0"
      ? { measured: false, reason: "BENCH_SERVICE=0" }
      : await serviceThroughput((line) => console.log(`  ${line}`));

  const loadedJs = sizeOfFiles(
    distDir,
    pages.loadedByUsers.filter((path) => path.endsWith(".js")),
  );
  const rows = [...timedRows(pages), ...bundleRows(bundle, loadedJs, pages), serviceRow(throughput)];
  const machine = describeMachine(pages.chromiumVersion, loadAtStart);
  console.log(`\n${formatTable(rows)}\n`);
  console.log(`Medians of ${runs} runs each; ratio = dashboard ÷ baseline (for the service, higher is better).`);
  const { longFrames500 } = pages.samples;
  console.log(`Long frames, run by run: dashboard ${longFrames500.dashboard.join(" ")}; baseline ${longFrames500.baseline.join(" ")}.`);
  if (!throughput.measured) console.log(`Service: not measured (${throughput.reason}).`);
  const extra = pages.loadedByUsers.filter((path) => !bundle.initialFiles.includes(path));
  if (extra.length > 0) console.log(`Also loaded by /users before its rows were painted (not in the initial figures): ${extra.join(", ")}`);
  console.log(`Machine: ${machineLine(machine)}`);

  const results = {
    date: new Date().toISOString(),
    machine,
    runs,
    samples: pages.samples,
    table: rows.map((row) => ({ ...row, ratio: ratioOf(row) })),
    bundle: { dashboard: bundle, loadedByUsers: pages.loadedByUsers, loadedJs },
    service: throughput,
  };
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Written: ${resultsFile}`);
}

await main();
