/**
 * `npm run bench:network`: the whole team loaded in Chromium over an emulated link
 * (bench/emulated-link.ts, a TCP proxy of the bench's own between the browser and the dashboard's
 * server), as an operator across the internet loads it. Builds first.
 *
 * The dashboard runs in upstream mode (UPSTREAM_BASE_URL) in front of the reference service, as
 * it is deployed in front of a hosted service: what crosses the link is what the dashboard's proxy
 * sends, and the service's time (`--latency`) and limit (`--rate`) are the hosted one's, behind it.
 * The dashboard and the service share this machine's loopback: the emulated link is the one
 * between the browser and the dashboard.
 *
 * A team of BENCH_USERS (100,000 unless told; 1,000,000 is the issue's other size), each service
 * seeded alike. Three reference services: one with no service time (the unlimited runs), one with
 * BENCH_SERVICE_MS a request (50 unless told, the link runs), one with that and `--rate 20`.
 *
 * - Time to searchable (click → the status saying every user is loaded, seen by an observer in
 *   the page), the bytes that crossed the link each way during it, the pages: with no link limits
 *   and no service time, and over each profile (100 Mbit/s and 40 ms of round trip; 20 Mbit/s and
 *   120 ms), interleaved, BENCH_RUNS of each (3 unless told), after one warm-up load of each
 *   service that is not counted; medians.
 * - The floor of each link run, from that run's own figures: max(bytes down / bandwidth, pages ×
 *   service time / 16 in flight, the unlimited runs' median time to searchable — fetching and
 *   parsing on this machine with nothing in the way) + one round trip.
 * - The rate-limited service over the 100 Mbit/s link: its time against pages / rate, and that the
 *   load ended complete with no error shown.
 * - The users page's first row painted over the 20 Mbit/s, 120 ms link against the bare HTML
 *   baseline page's (bench/baseline-page.ts, served compressed here) on the same link.
 *
 * Prints figures; fails nothing.
 */
import { chromium, type Browser } from "@playwright/test";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream";
import { createBrotliCompress, createGzip, constants as zlib } from "node:zlib";
import { chromiumArgs, chromiumExecutable } from "../e2e/browser.ts";
import { UsersPage } from "../e2e/kit/users-page.ts";
import { storeConnection } from "../e2e/store-connection.ts";
import { startUpstreamDemo } from "../e2e/upstream-demo.ts";
import { startBaselineServer } from "./baseline-page.ts";
import { build } from "./build.ts";
import { startLink, unlimited, type EmulatedLink, type LinkProfile } from "./emulated-link.ts";
import { addPaintProbe, navigationPaint, type RowTargets } from "./paint-probe.ts";
import { describeMachine, loadNow, machineLine, median } from "./report.ts";
import { watchWholeTeamLoaded } from "./whole-team-loaded.ts";

const users = Number(process.env.BENCH_USERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const serviceMs = Number(process.env.BENCH_SERVICE_MS ?? 50);
const rate = 20;
/** The pages in flight the floor allows (the pacer's ceiling, Settings' default). */
const floorInFlight = 16;
const profiles: LinkProfile[] = [
  { name: "100 Mbit/s, 40 ms RTT", megabitsPerSecond: 100, rttMs: 40 },
  { name: "20 Mbit/s, 120 ms RTT", megabitsPerSecond: 20, rttMs: 120 },
];
const [fast, slow] = profiles as [LinkProfile, LinkProfile];
const viewport = { width: 1440, height: 900 };
const count = users.toLocaleString("en");

interface Team {
  apiKey: string;
  teamId: string;
}

/** A reference service seeded with the demo (its largest team of `users`), and the dashboard in upstream mode in front of it. */
async function serviceBehindDashboard(serviceArgs: string[]) {
  const demo = await startUpstreamDemo(users, ["--quiet", ...serviceArgs]);
  return {
    serviceUrl: demo.service.url,
    url: demo.dashboard.url,
    team: { apiKey: demo.team.api_key, teamId: demo.team.team_id } satisfies Team,
    stop: demo.stop,
  };
}
type Backend = Awaited<ReturnType<typeof serviceBehindDashboard>>;

interface Load {
  searchableMs: number;
  down: number;
  up: number;
  /** Distinct pages asked (offsets), and every list request (retries too). */
  pages: number;
  requests: number;
  tooMany: number;
  complete: boolean;
  errorsShown: string[];
}

/** One whole-team load, in a new context (cold caches), from the Load button's click to the status saying every user is loaded. */
async function wholeTeamLoad(browser: Browser, link: EmulatedLink, team: Team): Promise<Load> {
  const context = await browser.newContext({ baseURL: link.url, viewport });
  try {
    const page = await context.newPage();
    await storeConnection(page, { teamApiKey: team.apiKey, teamId: team.teamId, autoLoadUsers: 0 });
    const usersPage = new UsersPage(page);
    await usersPage.goto(team.teamId);
    await usersPage.wholeTeam.loadButton.waitFor({ timeout: 120_000 });
    const loadedText = `All ${count} users are loaded`;
    const loadedAt = await watchWholeTeamLoaded(page, loadedText);
    const before = { ...link.bytes, requests: link.requests.length, tooMany: link.tooManyRequests };
    const clickedAt = await page.evaluate(() => performance.now());
    await usersPage.wholeTeam.loadButton.click();
    const complete = await page
      .getByRole("status")
      .filter({ hasText: loadedText })
      .waitFor({ timeout: 600_000 })
      .then(
        () => true,
        () => false,
      );
    const searchableAt = await loadedAt();
    const after = { ...link.bytes, requests: link.requests.length, tooMany: link.tooManyRequests };
    const asked = link.requests.slice(before.requests, after.requests);
    const errorsShown = (await page.getByRole("alert").allTextContents()).map((text) => text.trim()).filter(Boolean);
    return {
      searchableMs: searchableAt - clickedAt,
      down: after.down - before.down,
      up: after.up - before.up,
      pages: new Set(asked.map(({ path }) => /[?&]offset=(\d+)/.exec(path)?.[1])).size,
      requests: asked.length,
      tooMany: after.tooMany - before.tooMany,
      complete,
      errorsShown,
    };
  } finally {
    await context.close();
  }
}

/**
 * The baseline page's server behind a front that compresses what it sends uncompressed (its HTML,
 * script and stylesheet) as the dashboard's server does: brotli, else gzip, when the browser asks.
 * Its `/v2/user/` answers come compressed from the dashboard already, and pass as they came.
 */
async function compressedBaseline(dashboardUrl: string, apiKey: string) {
  const baseline = await startBaselineServer({ serviceUrl: dashboardUrl, apiKey });
  const target = new URL(baseline.url);
  const front: Server = createServer((req, res) => {
    const upstream = request(
      new URL(req.url ?? "/", target),
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const accepted = String(req.headers["accept-encoding"] ?? "");
        const coding = answer.headers["content-encoding"]
          ? null
          : /\bbr\b/.test(accepted)
            ? "br"
            : /\bgzip\b/.test(accepted)
              ? "gzip"
              : null;
        if (!coding) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          return void answer.pipe(res);
        }
        const { "content-length": _length, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...headers, "content-encoding": coding, vary: "Accept-Encoding" });
        const encoder = coding === "br" ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : createGzip({ level: 9 });
        pipeline(answer, encoder, res, () => {});
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    close: async () => {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await baseline.close();
    },
  };
}

/** The first page of 100 users (the users page's default), asked of the service: the rows to wait for. */
async function firstPageTargets(backend: Backend): Promise<RowTargets> {
  const response = await fetch(`${backend.serviceUrl}/v2/user/?offset=0&limit=100`, {
    headers: { "x-service-api-key": backend.team.apiKey },
  });
  const { users: page } = (await response.json()) as { users: { user_id: string }[] };
  return { firstUserId: page[0]!.user_id, lastUserId: page.at(-1)!.user_id, rows: page.length };
}

/** Navigation → the first row painted, in a new context (cold caches). */
async function firstRowMs(browser: Browser, url: string, targets: RowTargets, team?: Team): Promise<number> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    if (team) await storeConnection(page, { teamApiKey: team.apiKey, teamId: team.teamId, autoLoadUsers: 0 });
    await addPaintProbe(page, targets);
    await page.goto(url, { waitUntil: "commit" });
    return (await navigationPaint(page)).firstMs;
  } finally {
    await context.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const times = (ratio: number) => `${ratio.toFixed(2)}×`;

async function main() {
  const loadAtStart = loadNow();
  build();
  console.log(`Seeding three reference services of ${count} users (no service time; ${serviceMs} ms; ${serviceMs} ms and --rate ${rate})…`);
  const backends: Backend[] = [];
  const links: EmulatedLink[] = [];
  let browser: Browser | undefined;
  try {
    const started = await Promise.allSettled([
      serviceBehindDashboard([]),
      serviceBehindDashboard(["--latency", String(serviceMs)]),
      serviceBehindDashboard(["--latency", String(serviceMs), "--rate", String(rate)]),
    ]);
    for (const result of started) if (result.status === "fulfilled") backends.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    const [bare, timed, limited] = backends as [Backend, Backend, Backend];
    const link = async (backend: Backend, profile: LinkProfile) => {
      const started = await startLink(backend.url, profile);
      links.push(started);
      return started;
    };
    const unlimitedLink = await link(bare, unlimited);
    const profileLinks = await Promise.all(profiles.map((profile) => link(timed, profile)));
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });

    console.log("Warm-up: a load of each service, not counted…");
    await wholeTeamLoad(browser, unlimitedLink, bare.team);
    await wholeTeamLoad(browser, await link(timed, unlimited), timed.team);

    const samples = new Map<string, Load[]>([[unlimited.name, []], ...profiles.map((p): [string, Load[]] => [p.name, []])]);
    const sites: [string, EmulatedLink, Team][] = [
      [unlimited.name, unlimitedLink, bare.team],
      ...profiles.map((p, i): [string, EmulatedLink, Team] => [p.name, profileLinks[i]!, timed.team]),
    ];
    for (let run = 1; run <= runs; run++) {
      // Interleaved, the order turned each run.
      const order = sites.map((_, i) => sites[(i + run - 1) % sites.length]!);
      for (const [name, through, team] of order) {
        console.log(`run ${run}/${runs}: ${name}…`);
        const load = await wholeTeamLoad(browser, through, team);
        if (!load.complete) throw new Error(`${name}: the load did not end complete (${load.errorsShown.join("; ") || "no error shown"})`);
        samples.get(name)!.push(load);
      }
    }

    console.log(`The rate-limited service (--rate ${rate}) over ${fast.name}…`);
    const rateLoad = await wholeTeamLoad(browser, await link(limited, fast), limited.team);

    console.log(`First rows over ${slow.name}: the users page and the baseline page, interleaved…`);
    const targets = await firstPageTargets(timed);
    const baseline = await compressedBaseline(timed.url, timed.team.apiKey);
    const firstRows = { dashboard: [] as number[], baseline: [] as number[] };
    try {
      const dashboardLink = await link(timed, slow);
      const baselineLink = await link({ ...timed, url: baseline.url }, slow);
      const pages = {
        dashboard: () => firstRowMs(browser!, `${dashboardLink.url}/t/${timed.team.teamId}/users?pageSize=100`, targets, timed.team),
        baseline: () => firstRowMs(browser!, `${baselineLink.url}/users?pageSize=100`, targets),
      };
      for (let run = 0; run <= Math.max(runs, 5); run++) {
        const order = run % 2 ? (["baseline", "dashboard"] as const) : (["dashboard", "baseline"] as const);
        for (const name of order) {
          const ms = await pages[name]();
          if (run > 0) firstRows[name].push(ms); // run 0: a warm-up
        }
      }
    } finally {
      await baseline.close();
    }
    const chromiumVersion = browser.version();
    await browser.close();
    browser = undefined;

    // The figures.
    const unlimitedMs = median(samples.get(unlimited.name)!.map((load) => load.searchableMs));
    console.log(`\n${machineLine(describeMachine(chromiumVersion, loadAtStart))}`);
    console.log(
      `A team of ${count} users loaded whole in Chromium; the dashboard in upstream mode in front of the reference service; ` +
        `medians of ${runs} interleaved runs. Service time ${serviceMs} ms a request on the link runs, none on the unlimited ones.\n`,
    );
    const table: Record<string, Record<string, string>> = {};
    for (const profile of [unlimited, ...profiles]) {
      const loads = samples.get(profile.name)!;
      const searchable = median(loads.map((load) => load.searchableMs));
      const row: Record<string, string> = {
        "to searchable": seconds(searchable),
        "runs (s)": loads.map((load) => (load.searchableMs / 1000).toFixed(2)).join(" "),
        "bytes down / up": `${megabytes(median(loads.map((l) => l.down)))} / ${megabytes(median(loads.map((l) => l.up)))}`,
        pages: `${median(loads.map((l) => l.pages))} (${median(loads.map((l) => l.requests))} requests)`,
      };
      if (profile !== unlimited) {
        const bytesPerMs = (profile.megabitsPerSecond * 1e6) / 8 / 1000;
        const floors = loads.map((load) => {
          const terms = { bytes: load.down / bytesPerMs, service: (load.pages * serviceMs) / floorInFlight, parse: unlimitedMs };
          return { terms, floor: Math.max(terms.bytes, terms.service, terms.parse) + profile.rttMs };
        });
        const floor = median(floors.map((f) => f.floor));
        const term = (key: "bytes" | "service" | "parse") => seconds(median(floors.map((f) => f.terms[key])));
        row.floor = `${seconds(floor)} = max(${term("bytes")} bytes, ${term("service")} service, ${term("parse")} parse) + ${profile.rttMs} ms`;
        row["÷ unlimited"] = times(searchable / unlimitedMs);
        row["÷ floor"] = times(searchable / floor);
      }
      table[profile.name] = row;
    }
    console.table(table);

    const ratePages = Math.ceil(users / 500);
    const paced = (ratePages / rate) * 1000;
    console.log(
      `\nRate-limited service (--rate ${rate}, ${serviceMs} ms, ${fast.name}): ${seconds(rateLoad.searchableMs)} to searchable, ` +
        `${rateLoad.pages} pages in ${rateLoad.requests} requests (${rateLoad.tooMany} answered 429); pages / rate = ${seconds(paced)}: ` +
        `${times(rateLoad.searchableMs / paced)}. Ended complete: ${rateLoad.complete ? "yes" : "no"}; ` +
        `errors shown: ${rateLoad.errorsShown.length === 0 ? "none" : rateLoad.errorsShown.join("; ")}.`,
    );
    const [dashboardFirst, baselineFirst] = [median(firstRows.dashboard), median(firstRows.baseline)];
    console.log(
      `First row painted over ${slow.name} (page of 100, cold cache, median of ${firstRows.dashboard.length}): ` +
        `users page ${dashboardFirst.toFixed(0)} ms, baseline page ${baselineFirst.toFixed(0)} ms: ${times(dashboardFirst / baselineFirst)}. ` +
        `Runs (ms): users page ${firstRows.dashboard.map((ms) => ms.toFixed(0)).join(" ")}; baseline ${firstRows.baseline.map((ms) => ms.toFixed(0)).join(" ")}.`,
    );
  } finally {
    await browser?.close();
    await Promise.all(links.map((link) => link.close()));
    await Promise.all(backends.map((backend) => backend.stop()));
  }
}

await main();
