/**
 * `npm run bench:service`: the seed of a team of 100,000 users (`BENCH_USERS`) on a new file, its
 * first pages, then list-page latency and throughput beside a bare `node:http` server sending
 * the same bytes — what this machine can send at all, so that the service's throughput reads as
 * a ratio that means the same on any machine.
 *
 * The service and the bare server each run in their own process, so the load generator shares
 * neither's event loop. Their throughput runs alternate (service, bare, service, bare …), so that
 * whatever else the machine is doing weighs on both alike, and each figure is the median of its
 * rounds. Prints figures; fails nothing.
 */
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { spawnServer, type SpawnedServer } from "../server/spawn-server.ts";
import { residentMemory } from "./service-memory.ts";

export interface ServiceBenchOptions {
  /** Users in the large team (default 100,000; at least 500). */
  users?: number;
  /** Length of each autocannon run, in seconds (default 3). */
  seconds?: number;
  /** Throughput runs of each server, per page (default 3). */
  rounds?: number;
  /** Receives progress lines. */
  log?: (line: string) => void;
}

export interface PageFigures {
  limit: number;
  offset: number;
  bytes: number;
  /** One connection, so no request queues behind another. */
  p50Ms: number;
  p99Ms: number;
  /** Eight connections; medians of the rounds. */
  serviceRequestsPerSecond: number;
  serviceP99Ms: number;
  bareRequestsPerSecond: number;
  /** Service over bare: the share of what this machine can send that the service sends. */
  ratio: number;
}

export interface ServiceBenchFigures {
  users: number;
  seconds: number;
  rounds: number;
  connections: number;
  pages: PageFigures[];
  /** From the spawn of the service on a new file to its listening, seeded: ms (Node and tsx's start included). */
  seedMs: number;
  /** The first requests after the seed, one at a time: a page of 500 at offset 0, then the last page of 500. */
  firstPages: { offset: number; ms: number }[];
  /** The service's resident memory after its runs, and at its peak (seeding included), in bytes; undefined off Linux. */
  serviceMemory: { bytes: number; peakBytes: number } | undefined;
}

const connections = 8;

export async function runServiceBench(options: ServiceBenchOptions = {}): Promise<ServiceBenchFigures> {
  const { users = 100_000, seconds = 3, rounds = 3, log = () => {} } = options;
  if (!(users >= 500 && seconds > 0 && Number.isInteger(rounds) && rounds >= 1)) {
    throw new Error(`Expected at least 500 users, a positive duration and a whole number of rounds; got ${users}, ${seconds}, ${rounds}`);
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  const servers: SpawnedServer[] = [];
  try {
    log(`Seeding a team of ${users.toLocaleString("en")} users…`);
    const credentialsOut = join(dir, "credentials.json");
    const seedStart = performance.now();
    const service = await spawnServer("server/cli.ts", [
      ...["--port", "0", "--quiet", "--db", join(dir, "bench.sqlite")],
      ...["--seed", "demo", "--demo-users", String(users), "--credentials-out", credentialsOut],
    ]);
    servers.push(service);
    const seedMs = performance.now() - seedStart;
    const headers = { "x-service-api-key": largeTeamKey(credentialsOut, users), accept: "application/json" };
    const firstPages = [];
    for (const offset of [0, Math.max(0, users - 500)]) {
      const start = performance.now();
      const response = await fetch(`${service.url}/v2/user/?offset=${offset}&limit=500`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the page at ${offset} answered ${response.status}`);
      firstPages.push({ offset, ms: performance.now() - start });
    }

    const pages = [
      { limit: 100, offset: 0 },
      { limit: 100, offset: users - 100 },
      { limit: 500, offset: 0 },
      { limit: 500, offset: users - 500 },
    ].map((page) => ({ ...page, path: `/v2/user/?offset=${page.offset}&limit=${page.limit}` }));

    // The bare server's bodies: each page as the service sent it, once.
    const manifest: Record<string, string> = {};
    const bytes = new Map<string, number>();
    for (const [index, { path }] of pages.entries()) {
      const body = Buffer.from(await (await fetch(`${service.url}${path}`, { headers })).arrayBuffer());
      manifest[path] = join(dir, `page-${index}.json`);
      writeFileSync(manifest[path], body);
      bytes.set(path, body.length);
    }
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
    const bare = await spawnServer("bench/bare-server.ts", [join(dir, "manifest.json")]);
    servers.push(bare);

    const figures: PageFigures[] = [];
    for (const { limit, offset, path } of pages) {
      log(`limit ${limit}, offset ${offset.toLocaleString("en")}…`);
      const alone = await measure(`${service.url}${path}`, headers, 1, seconds);
      const serviceRuns = [];
      const bareRuns = [];
      for (let round = 0; round < rounds; round++) {
        serviceRuns.push(await measure(`${service.url}${path}`, headers, connections, seconds));
        bareRuns.push(await measure(`${bare.url}${path}`, headers, connections, seconds));
      }
      const serviceRequestsPerSecond = median(serviceRuns.map((run) => run.requests.average));
      const bareRequestsPerSecond = median(bareRuns.map((run) => run.requests.average));
      figures.push({
        limit,
        offset,
        bytes: bytes.get(path)!,
        p50Ms: alone.latency.p50,
        p99Ms: alone.latency.p99,
        serviceRequestsPerSecond,
        serviceP99Ms: median(serviceRuns.map((run) => run.latency.p99)),
        bareRequestsPerSecond,
        ratio: serviceRequestsPerSecond / bareRequestsPerSecond,
      });
    }
    return { users, seconds, rounds, connections, pages: figures, seedMs, firstPages, serviceMemory: residentMemory(service.child.pid!) };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

function largeTeamKey(credentialsFile: string, users: number): string {
  const credentials = JSON.parse(readFileSync(credentialsFile, "utf8")) as { orgs: { teams: { api_key: string; users: number }[] }[] };
  const team = credentials.orgs.flatMap((o) => o.teams).find((t) => t.users === users);
  if (!team) throw new Error("the large team is missing from the credentials");
  return team.api_key;
}

async function measure(url: string, headers: Record<string, string>, connections: number, duration: number) {
  const result = await autocannon({ url, headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const fromEnv = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const figures = await runServiceBench({
    users: fromEnv("BENCH_USERS"),
    seconds: fromEnv("BENCH_SECONDS"),
    rounds: fromEnv("BENCH_ROUNDS"),
    log: (line) => console.log(line),
  });
  const [firstPage, lastPage] = figures.firstPages;
  console.log(
    `Seeded ${figures.users.toLocaleString("en")} users in ${(figures.seedMs / 1000).toFixed(1)} s (spawn to listening, a new file). ` +
      `Then the first page of 500 in ${firstPage!.ms.toFixed(0)} ms, and the last page in ${lastPage!.ms.toFixed(0)} ms.`,
  );
  console.table(
    figures.pages.map((page) => ({
      page: `limit ${page.limit}, offset ${page.offset.toLocaleString("en")}`,
      kB: Math.round(page.bytes / 1000),
      "p50 ms": page.p50Ms,
      "p99 ms": page.p99Ms,
      [`req/s (${connections} conn.)`]: Math.round(page.serviceRequestsPerSecond),
      [`p99 ms (${connections} conn.)`]: page.serviceP99Ms,
      "bare req/s": Math.round(page.bareRequestsPerSecond),
      "service/bare": page.ratio.toFixed(2),
    })),
  );
  const memory = figures.serviceMemory;
  const megabytes = (bytes: number) => `${Math.round(bytes / 1e6).toLocaleString("en")} MB`;
  console.log(
    memory
      ? `Service memory (RSS): ${megabytes(memory.bytes)} after the runs, ${megabytes(memory.peakBytes)} at its peak.`
      : "Service memory: not measured (no /proc).",
  );
  const last = figures.pages.at(-1)!;
  console.log(`Medians of ${figures.rounds} alternating rounds of ${figures.seconds} s; bare: node:http sending the same bytes.`);
  console.log(
    `Target: a page of 500 at offset ${last.offset.toLocaleString("en")} under 50 ms p99 and at least 0.5× the bare server — measured ${last.p99Ms} ms and ${last.ratio.toFixed(2)}×.`,
  );
}
