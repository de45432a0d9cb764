/**
 * `npm run bench:service`: list-page latency and throughput on a team of 100,000 users.
 * The service runs in its own process so the load generator does not share its event loop.
 * Prints figures; fails nothing.
 */
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer } from "../server/spawn-server.ts";

const users = Number(process.env.BENCH_USERS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dir = mkdtempSync(join(tmpdir(), "bench-"));
const credentialsOut = join(dir, "credentials.json");

console.log(`Seeding a team of ${users.toLocaleString("en")} users…`);
const service = await spawnServer("server/cli.ts", [
  ...["--port", "0", "--quiet", "--db", join(dir, "bench.sqlite")],
  ...["--seed", "demo", "--demo-users", String(users), "--credentials-out", credentialsOut],
]);
const url = service.url;
const credentials = JSON.parse(readFileSync(credentialsOut, "utf8")) as { orgs: { teams: { api_key: string; users: number }[] }[] };
const team = credentials.orgs.flatMap((o) => o.teams).find((t) => t.users === users);
if (!team) throw new Error("the large team is missing from the credentials");

const scenarios = [
  { limit: 100, offset: 0 },
  { limit: 100, offset: users - 100 },
  { limit: 500, offset: 0 },
  { limit: 500, offset: users - 500 },
];

async function measure(path: string, connections: number) {
  const result = await autocannon({
    url: `${url}${path}`,
    headers: { "x-service-api-key": team!.api_key, accept: "application/json" },
    connections,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

// Latency is a lone client's (one connection: no queueing behind other requests);
// throughput is what several connections get out of the one process.
const rows = [];
for (const { limit, offset } of scenarios) {
  const path = `/v2/user/?offset=${offset}&limit=${limit}`;
  const alone = await measure(path, 1);
  const loaded = await measure(path, 8);
  rows.push({
    page: `limit ${limit}, offset ${offset.toLocaleString("en")}`,
    "p50 ms": alone.latency.p50,
    "p99 ms": alone.latency.p99,
    "req/s (8 conn.)": Math.round(loaded.requests.average),
    "MB/s (8 conn.)": (loaded.throughput.average / 1e6).toFixed(1),
    "p99 ms (8 conn.)": loaded.latency.p99,
  });
}
console.table(rows);
const last = rows.at(-1);
console.log(`Target: a page of 500 at offset ${(users - 500).toLocaleString("en")} under 50 ms p99 — measured ${last?.["p99 ms"]} ms.`);

await service.stop();
rmSync(dir, { recursive: true, force: true });
