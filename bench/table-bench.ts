/**
 * `npm run bench:table`: is a page of 500 users smooth without virtualizing the rows?
 * Opens /users at 500 rows a page in headless Chromium, then scrolls the table to the end in
 * small steps, and prints the render time of the page and the frames longer than 50 ms seen
 * while scrolling (Long Animation Frames API). Prints figures; fails nothing.
 */
import { chromium } from "@playwright/test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumArgs, chromiumExecutable } from "../e2e/browser.ts";
import { storeConnection } from "../e2e/store-connection.ts";
import { spawnServer } from "../server/spawn-server.ts";

const dir = mkdtempSync(join(tmpdir(), "table-bench-"));
const credentialsOut = join(dir, "credentials.json");
const server = await spawnServer("server/start.ts", [
  "--quiet",
  "--port",
  "0",
  "--db",
  ":memory:",
  "--seed",
  "demo",
  "--credentials-out",
  credentialsOut,
]);
const url = server.url;
const credentials = JSON.parse(readFileSync(credentialsOut, "utf8")) as { orgs: { teams: { api_key: string; users: number }[] }[] };
const apiKey = credentials.orgs[0]!.teams[0]!.api_key;

const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await storeConnection(page, { teamApiKey: apiKey });

const results = [];
for (const run of [1, 2, 3]) {
  const started = Date.now();
  await page.goto(`${url}/users?page=${run}&pageSize=500`);
  await page.locator("table[aria-label=Users] tbody tr").nth(499).waitFor({ state: "attached" });
  const renderMs = Date.now() - started;

  const scroll = await page.evaluate(async () => {
    const frames: number[] = [];
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => frames.push(entry.duration)));
    observer.observe({ type: "long-animation-frame", buffered: false });
    const scroller = document.querySelector<HTMLElement>("table[aria-label=Users]")!.parentElement!;
    let last = performance.now();
    let worstGap = 0;
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += 120; // one wheel notch
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    return { longFrames: frames.length, worstLongFrameMs: Math.round(Math.max(0, ...frames)), worstFrameGapMs: Math.round(worstGap) };
  });
  results.push({ run, "page of 500 rendered (ms)": renderMs, ...scroll });
}
console.table(results);
console.log("Long frames are those over 50 ms; scrolling is smooth when there are none.");

await browser.close();
await server.stop();
