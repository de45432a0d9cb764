/**
 * `npm run bench:main-thread`: does loading a whole team block the page? A team of 20,000 users
 * (`npm start`'s server, built app), in headless Chromium: the long animation frames (over 50 ms)
 * and the scripts that ran in them while the whole team loads, beside the same page left idle for
 * as long (the baseline: what the machine itself causes). Runs interleaved, the order alternating,
 * after a warm-up. Prints figures; fails nothing.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../e2e/browser.ts";
import { serveLargeTeam } from "../e2e/large-team.ts";
import { storeConnection } from "../e2e/store-connection.ts";
import { build } from "./build.ts";
import { describeMachine, formatTable, loadNow, machineLine, median, noLongFramesOfItsOwn, type ReportRow } from "./report.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const users = 20_000;

type Mode = "loading" | "idle";
interface RunFigures {
  longFrames: number;
  longScripts: number;
  longestScriptMs: number;
  /** Loading only: from the click to "All … users are loaded". */
  loadMs?: number;
}

/** In the page, before its scripts: every long animation frame, with its scripts' durations. */
function observeLongFrames() {
  const frames: { start: number; scripts: number[] }[] = [];
  Object.assign(window, { longFrames: frames });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries() as (PerformanceEntry & { scripts: { duration: number }[] })[])
      frames.push({ start: frame.startTime, scripts: frame.scripts.map((script) => script.duration) });
  }).observe({ type: "long-animation-frame" });
}

async function measure(browser: Browser, url: string, apiKey: string, mode: Mode, idleMs: number): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page: Page = await context.newPage();
    await storeConnection(page, { teamApiKey: apiKey, autoLoadUsers: 0 });
    await page.addInitScript(observeLongFrames);
    await page.goto(`${url}/users`);
    await page.getByText(`Search, filter, sort and export all ${users.toLocaleString("en")} users`).waitFor();
    await page.waitForTimeout(500); // the first page's own work is not counted
    const from = await page.evaluate(() => performance.now());
    let loadMs: number | undefined;
    if (mode === "loading") {
      await page.getByRole("button", { name: "Load the whole team" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `All ${users.toLocaleString("en")} users are loaded` })
        .waitFor({ timeout: 120_000 });
      loadMs = (await page.evaluate(() => performance.now())) - from;
    } else {
      await page.waitForTimeout(idleMs);
    }
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
    const frames = await page.evaluate(
      (since) => (window as unknown as { longFrames: { start: number; scripts: number[] }[] }).longFrames.filter((f) => f.start >= since),
      from,
    );
    const scripts = frames.flatMap((frame) => frame.scripts);
    return {
      longFrames: frames.length,
      longScripts: scripts.filter((duration) => duration > 50).length,
      longestScriptMs: Math.round(Math.max(0, ...scripts)),
      loadMs,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const loadAtStart = loadNow();
  build();
  const server = await serveLargeTeam(users);
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  const samples: Record<Mode, RunFigures[]> = { loading: [], idle: [] };
  try {
    console.log(`A team of ${users.toLocaleString("en")} users; ${runs} runs and a warm-up, loading and idle interleaved.`);
    let idleMs = 5_000;
    for (let run = 0; run <= runs; run++) {
      const order: Mode[] = run % 2 ? ["idle", "loading"] : ["loading", "idle"];
      console.log(run === 0 ? "warm-up…" : `run ${run}/${runs} (${order.join(" first, then ")})…`);
      for (const mode of order) {
        const figures = await measure(browser, server.url, server.apiKey, mode, idleMs);
        // The page stays idle as long as the loads took, so that both windows are alike.
        if (figures.loadMs !== undefined) idleMs = Math.round(figures.loadMs);
        if (run > 0) samples[mode].push(figures);
      }
    }
    const series = (key: keyof RunFigures) => ({
      dashboard: samples.loading.map((f) => f[key] ?? 0),
      baseline: samples.idle.map((f) => f[key] ?? 0),
    });
    const row = (figure: string, key: keyof RunFigures, unit: string, target: ReportRow["target"] = null): ReportRow => ({
      figure,
      dashboard: median(series(key).dashboard),
      baseline: median(series(key).baseline),
      unit,
      target,
    });
    const rows: ReportRow[] = [
      row("scripts over 50 ms on the main thread", "longScripts", "", {
        text: "0 where idle has 0",
        met: noLongFramesOfItsOwn(series("longScripts")),
      }),
      row("long animation frames (> 50 ms)", "longFrames", ""),
      row("longest script in a long frame", "longestScriptMs", "ms"),
      {
        figure: `load of ${users.toLocaleString("en")} users`,
        dashboard: median(series("loadMs").dashboard),
        baseline: null,
        unit: "ms",
        target: null,
      },
    ];
    console.log(`\n${formatTable(rows)}\n`);
    console.log(`Medians of ${runs} runs; "dashboard" is the page loading the whole team, "baseline" the same page idle as long.`);
    for (const key of ["longScripts", "longestScriptMs"] as const)
      console.log(`${key}, run by run: loading ${series(key).dashboard.join(" ")}; idle ${series(key).baseline.join(" ")}.`);
    console.log(`Machine: ${machineLine(describeMachine(browser.version(), loadAtStart))}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
