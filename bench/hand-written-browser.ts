/**
 * `npx tsx bench/hand-written-browser.ts` (under `flock /tmp/e2e.lock`): the hand-written modules
 * that the browser's own part decides, beside the library's way, in Chromium. The team worker's
 * script is built here with esbuild once a variant, from the source with one module swapped, and
 * served in place of the app's (a route of the context); the rest is `npm start`'s app. Each run
 * is a whole-team load of BENCH_USERS (100,000) in a new context: the time from the click to the
 * status saying every user is loaded, the worker's peak memory (V8, Blink, buffers: the DevTools
 * protocol every 100 ms), then ten characters of an ID typed (the page's `team view` round trips).
 * BENCH_RUNS (3) rounds, the variants' order turned each round; medians. Prints ratios; fails nothing.
 */
import { chromium, type Browser } from "@playwright/test";
import { build as esbuild, type Plugin } from "esbuild";
import { readFileSync } from "node:fs";
import { chromiumArgs, chromiumExecutable } from "../e2e/browser.ts";
import { DevtoolsTargets } from "../e2e/devtools-targets.ts";
import { serveLargeTeam } from "../e2e/large-team.ts";
import { UsersPage } from "../e2e/kit/users-page.ts";
import { storeConnection } from "../e2e/store-connection.ts";
import { idTextWasm } from "../src/team-engine/id-text-wasm.ts";
import { build } from "./build.ts";
import { watchWholeTeamLoaded } from "./whole-team-loaded.ts";

const users = Number(process.env.BENCH_USERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const count = users.toLocaleString("en");

/** A source file's text with `from` replaced by `to` (which must be there). */
const swap = (file: string, from: string, to: string): Plugin => ({
  name: `swap ${file}`,
  setup(builder) {
    builder.onLoad({ filter: new RegExp(`${file.replace(".", "\\.")}$`) }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes(from)) throw new Error(`${file} no longer holds what the bench swaps`);
      return { contents: text.replace(from, to), loader: "ts" };
    });
  },
});

const variants = {
  modules: { plugins: [] as Plugin[], banner: "" },
  // scanUserPage left out: every page parsed by JSON.parse and checked by the reader.
  "no-scan": { plugins: [swap("list-users.ts", "get(range, options, scanUserPage)", "get(range, options)")], banner: "" },
  // The body read by response.arrayBuffer() (text() without a reader of bytes), not the BYOB reader.
  "array-buffer": {
    plugins: [
      swap(
        "read-text.ts",
        "let reader: ReadableStreamBYOBReader;",
        "if (!fromBytes) return response.text();\n" +
          "  { const bytes = new Uint8Array(await response.arrayBuffer()); return fromBytes(bytes) ?? new TextDecoder().decode(bytes); }\n" +
          "  let reader: ReadableStreamBYOBReader;",
      ),
    ],
    banner: "",
  },
  // id-text.wat refused, as a Content-Security-Policy would: the IDs searched in JavaScript.
  "js-ids": {
    plugins: [],
    banner:
      `{ const { Module } = WebAssembly; WebAssembly.Module = function (bytes) {` +
      ` if (bytes.byteLength === ${atob(idTextWasm).length}) throw new WebAssembly.CompileError("refused by the bench");` +
      ` return new Module(bytes); }; }`,
  },
};
type Variant = keyof typeof variants;
const chosen = (process.env.BENCH_VARIANTS?.split(",") ?? Object.keys(variants)) as Variant[];

const workers = new Map<Variant, string>();
for (const variant of chosen) {
  const { plugins, banner } = variants[variant];
  const built = await esbuild({
    entryPoints: ["src/team-engine/team.worker.ts"],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    write: false,
    plugins,
    banner: { js: banner },
  });
  workers.set(variant, built.outputFiles[0]!.text);
}

build();
console.log(`Seeding a team of ${count} users (npm start's server, in memory, 127.0.0.1)…`);
const server = await serveLargeTeam(users);
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
const cdp = await browser.newBrowserCDPSession();
const targets = new DevtoolsTargets(cdp);

interface Run {
  searchableMs: number;
  workerPeakBytes: number;
  keystrokesMs: number;
}

async function run(browser: Browser, variant: Variant, typed: string): Promise<Run> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  try {
    let served = false;
    await context.route("**/assets/team.worker-*.js", (route) => {
      served = true;
      return route.fulfill({ status: 200, contentType: "text/javascript", body: workers.get(variant)! });
    });
    const page = await context.newPage();
    await storeConnection(page, { teamApiKey: server.apiKey, teamId: server.teamId, autoLoadUsers: 0 });
    const usersPage = new UsersPage(page);
    await usersPage.goto(server.teamId);
    await usersPage.wholeTeam.loadButton.waitFor({ timeout: 120_000 });
    const loadedText = `All ${count} users are loaded`;
    const loadedAt = await watchWholeTeamLoaded(page, loadedText);
    const clickedAt = await page.evaluate(() => performance.now());
    await usersPage.wholeTeam.loadButton.click();
    let loading = true;
    let workerPeakBytes = 0;
    const sampling = (async () => {
      while (loading) {
        const worker = await targets.find("worker");
        const usage = worker
          ? await targets.send<{ usedSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number }>(
              worker,
              "Runtime.getHeapUsage",
            )
          : undefined;
        if (usage) {
          const bytes = usage.usedSize + (usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0);
          workerPeakBytes = Math.max(workerPeakBytes, bytes);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await page.getByRole("status").filter({ hasText: loadedText }).waitFor({ timeout: 600_000 });
    const searchableMs = (await loadedAt()) - clickedAt;
    if (!served) throw new Error("the app's team worker was not the bench's: its name changed?");
    loading = false;
    await sampling;
    // Ten characters of an ID, each answered before the next: the page's round trips summed.
    const search = page.getByLabel("Search the whole team");
    await search.click();
    let keystrokesMs = 0;
    for (const character of typed) {
      const from = await page.evaluate(() => performance.now());
      await page.keyboard.type(character);
      const handle = await page.waitForFunction(
        (from) => performance.getEntriesByName("team view", "measure").find((m) => m.startTime >= from)?.duration ?? false,
        from,
        { timeout: 60_000, polling: 20 },
      );
      keystrokesMs += (await handle.jsonValue()) as number;
    }
    return { searchableMs, workerPeakBytes, keystrokesMs };
  } finally {
    await context.close();
  }
}

const typed = (
  (await (
    await fetch(`${server.url}/v2/user/?offset=${users - 7}&limit=1`, { headers: { "x-service-api-key": server.apiKey } })
  ).json()) as { users: { user_id: string }[] }
).users[0]!.user_id.slice(0, 10);

const results = new Map<Variant, Run[]>(chosen.map((variant) => [variant, []]));
try {
  await run(browser, "modules", typed); // a warm-up: the service's first listing of the team, the browser's caches
  for (let round = 0; round < runs; round++) {
    for (const variant of chosen.map((_, i) => chosen[(i + round) % chosen.length]!)) {
      const figures = await run(browser, variant, typed);
      results.get(variant)!.push(figures);
      console.log(
        `round ${round + 1}/${runs} ${variant}: searchable ${(figures.searchableMs / 1000).toFixed(2)} s, worker's peak ` +
          `${(figures.workerPeakBytes / 1e6).toFixed(0)} MB, ten keystrokes ${figures.keystrokesMs.toFixed(1)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const base = results.get("modules")!;
const rows: Record<string, Record<string, string>> = {};
for (const variant of chosen) {
  const of = (figure: keyof Run) => median(results.get(variant)!.map((r) => r[figure]));
  const ratio = (figure: keyof Run) => `${(of(figure) / median(base.map((r) => r[figure]))).toFixed(2)}×`;
  rows[variant] = {
    "to searchable": `${(of("searchableMs") / 1000).toFixed(2)} s (${ratio("searchableMs")})`,
    "worker's peak": `${(of("workerPeakBytes") / 1e6).toFixed(0)} MB (${ratio("workerPeakBytes")})`,
    "ten keystrokes": `${of("keystrokesMs").toFixed(1)} ms (${ratio("keystrokesMs")})`,
  };
}
console.log(`\n${count} users in Chromium, medians of ${runs} interleaved runs (ratio to the modules as shipped):`);
console.table(rows);
console.log(`Each run: ${JSON.stringify(Object.fromEntries(results))}`);
