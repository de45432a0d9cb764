/**
 * `npx tsx bench/hand-written-bench.ts`: each hand-written module beside the library's way, by
 * what a user waits for. A team of BENCH_USERS (100,000) is seeded once; then, BENCH_RUNS (5)
 * rounds, each variant of `hand-written-run.ts` loads it in a Node process of its own, the
 * variants' order turned a place each round (interleaved), and the figures are medians. Then the
 * first page of 100 and 500 users read by the app's reader and by zod, in turn. Prints ratios
 * (library / module: above 1 the module is faster); fails nothing.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { tolerant } from "../src/api/contract.ts";
import { joinUrl, send } from "../src/api/http.ts";
import { arrayItemTexts } from "../src/api/json-text.ts";
import { asTeamApiKey } from "../src/api/key-kinds.ts";
import { createTeamClient } from "../src/api/list-users.ts";
import type { Variant } from "./hand-written-run.ts";
import { serveSeededTeam } from "./seeded-team.ts";

const users = Number(process.env.BENCH_USERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const service = await serveSeededTeam(users, "hand-written-bench");

type Figures = { variant: Variant; compiled: string; searchableMs: number } & Record<string, number | string>;
const variants: Variant[] = ["modules", "no-scan", "zod", "fetch-byob", "fetch-array-buffer", "library-sort", "js-ids"];
const chosen = process.env.BENCH_VARIANTS ? (process.env.BENCH_VARIANTS.split(",") as Variant[]) : variants;
const results = new Map<Variant, Figures[]>(chosen.map((v) => [v, []]));

const run = promisify(execFile);
for (let round = 0; round < runs; round++) {
  const order = chosen.map((_, i) => chosen[(i + round) % chosen.length]!);
  for (const variant of order) {
    const { stdout } = await run(process.execPath, ["--expose-gc", "--import", "tsx", "bench/hand-written-run.ts"], {
      env: { ...process.env, BENCH_VARIANT: variant, BENCH_URL: service.url, BENCH_KEY: service.apiKey, BENCH_USERS: String(users) },
      maxBuffer: 1 << 20,
    });
    const figures = JSON.parse(stdout.trim().split("\n").at(-1)!) as Figures;
    results.get(variant)!.push(figures);
    console.log(
      `round ${round + 1}/${runs} ${variant}: searchable ${Math.round(figures.searchableMs)} ms (WebAssembly: ${figures.compiled || "none"})`,
    );
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const medianOf = (variant: Variant, figure: string) => median(results.get(variant)!.map((r) => Number(r[figure])));

/** Module, its library, the run compared with (the module in place), the figures a user feels. */
const comparisons: [string, Variant, Variant, string[]][] = [
  ["scan-user-page.ts → JSON.parse", "no-scan", "modules", ["searchableMs", "searchableCpuMs", "peakBytes"]],
  ["contract-reader.ts → zod/mini (no scan)", "zod", "no-scan", ["searchableMs", "searchableCpuMs", "peakBytes"]],
  ["read-text.ts → response.arrayBuffer()", "fetch-array-buffer", "fetch-byob", ["searchableMs", "searchableCpuMs", "peakBytes"]],
  ["radix-sort.ts → Float64Array sort", "library-sort", "modules", ["wholeOrdersTotalMs", "wholeOrderWorstMs", "sortedKeystrokesTotalMs"]],
  [
    "id-text.wat → JavaScript",
    "js-ids",
    "modules",
    ["keystrokesTotalMs", "keystrokeMedianMs", "keystrokeWorstMs", "searchableMs", "searchableCpuMs"],
  ],
];
/** Times are the runs' CPU time but `searchableMs`, the clock's from the click to the first view. */
const shown = (figure: string, value: number) => (figure.endsWith("Bytes") ? `${(value / 1e6).toFixed(1)} MB` : `${value.toFixed(1)} ms`);
/** Each round's ratio, the runs of a round being next to each other in time: their range. */
const roundRatios = (library: Variant, module: Variant, figure: string) =>
  results.get(library)!.map((r, round) => Number(r[figure]) / Number(results.get(module)![round]![figure]));
const rows: Record<string, Record<string, string>> = {};
for (const [name, library, module, figures] of comparisons) {
  if (!results.get(library)?.length || !results.get(module)?.length) continue;
  for (const figure of figures) {
    const [withLibrary, withModule] = [medianOf(library, figure), medianOf(module, figure)];
    rows[`${name}: ${figure}`] = {
      module: shown(figure, withModule),
      library: shown(figure, withLibrary),
      "library / module": `${(withLibrary / withModule).toFixed(2)}×`,
      "rounds' ratios": roundRatios(library, module, figure)
        .sort((a, b) => a - b)
        .map((ratio) => ratio.toFixed(2))
        .join(" "),
    };
  }
}
console.log(`\n${users.toLocaleString("en")} users, medians of ${runs} interleaved runs, each in a Node process of its own:`);
console.table(rows);
console.log(`Each run's figures: ${JSON.stringify(Object.fromEntries(results))}`);

// The users page's first page: fetched and read as the page reads it (parsed, checked, each
// user's text as sent), by the app's client and with zod in the reader's place, in turn.
const client = createTeamClient({ baseUrl: service.url, apiKey: asTeamApiKey(service.apiKey) });
const headers = { Accept: "application/json", "x-service-api-key": service.apiKey };
async function zodFirstPage(limit: number) {
  const { body, text } = await send({
    url: joinUrl(service.url, `/v2/user/?offset=0&limit=${limit}`),
    method: "GET",
    headers,
    retryable: true,
  });
  return { page: tolerant.userPage.parse(body), texts: arrayItemTexts(text!, "users") };
}
for (const limit of [100, 500]) {
  const reader: number[] = [];
  const zod: number[] = [];
  // This process's CPU time (the fetch's and the reading's), not the clock's, which counts the waits for a core.
  const cpuMs = async (work: () => Promise<unknown>) => {
    const start = process.cpuUsage();
    await work();
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  for (let i = 0; i < 41; i++) {
    reader.push(await cpuMs(() => client.listUsersAsSent({ offset: 0, limit })));
    zod.push(await cpuMs(() => zodFirstPage(limit)));
  }
  console.log(
    `first page of ${limit} fetched and read (CPU), medians of 41 in turn: reader ${median(reader).toFixed(2)} ms, zod ${median(zod).toFixed(2)} ms, zod / reader ${(median(zod) / median(reader)).toFixed(2)}×`,
  );
}

await service.stop();
