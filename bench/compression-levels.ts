/**
 * `npx tsx bench/compression-levels.ts`: what each compression level makes of 500-user pages of
 * the demo data, against the CPU it takes — the figures docs/performance.md records and
 * server/compression.ts's levels were chosen by. One core, the pages compressed one after another.
 * Then what compression costs where the link costs nothing: the team's pages fetched from the
 * service over loopback, 4 in flight, decoded and parsed, plain, gzip and brotli in turn.
 */
import { request } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { createServiceApp } from "../server/service-app.ts";
import { listen, openStore } from "../server/service.ts";

const users = 20_000;
const pageSize = 500;
const { db, store, seeded } = openStore({ db: ":memory:", seed: "demo", demoUsers: users });
const team = seeded?.orgs.flatMap((org) => org.teams).sort((a, b) => b.users - a.users)[0];
if (!team) throw new Error("no demo team");
const key = store.findKey(team.api_key);
if (key?.kind !== "team") throw new Error("no team key");
const pages: Buffer[] = [];
for (let offset = 0; offset < Math.min(team.users, users); offset += pageSize) pages.push(store.userPageJson(key.teamId, offset, pageSize));
const raw = pages.reduce((sum, page) => sum + page.length, 0);

const levels: [string, (page: Buffer) => Buffer][] = [
  ...[1, 4, 6, 9].map((level): [string, (page: Buffer) => Buffer] => [`gzip ${level}`, (page) => gzipSync(page, { level })]),
  ...[1, 4, 5, 6].map((level): [string, (page: Buffer) => Buffer] => [
    `brotli ${level}`,
    (page) =>
      brotliCompressSync(page, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
  ]),
];
console.log(`${pages.length} pages of ${pageSize} demo users, ${(raw / pages.length / 1000).toFixed(0)} kB a page uncompressed`);
const rows = levels.map(([name, compress]) => {
  compress(pages[0]!); // warm
  const started = process.cpuUsage();
  let bytes = 0;
  for (const page of pages) bytes += compress(page).length;
  const used = process.cpuUsage(started);
  const cpuMs = (used.user + used.system) / 1000;
  return {
    level: name,
    "kB a page": +(bytes / pages.length / 1000).toFixed(1),
    "× smaller": +(raw / bytes).toFixed(1),
    "CPU ms a page": +(cpuMs / pages.length).toFixed(2),
    "pages a second, one core": Math.round((pages.length * 1000) / cpuMs),
  };
});
console.table(rows);

const service = await listen(createServiceApp(store), "127.0.0.1", 0);
/** One page as a client reads it: its bytes, decoded, parsed. */
const fetchPage = (offset: number, acceptEncoding: string) =>
  new Promise<void>((resolve, reject) => {
    const headers = { "x-service-api-key": team.api_key, "accept-encoding": acceptEncoding };
    request({ host: "127.0.0.1", port: service.port, path: `/v2/user/?offset=${offset}&limit=${pageSize}`, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const coding = res.headers["content-encoding"];
        JSON.parse((coding === "br" ? brotliDecompressSync(body) : coding === "gzip" ? gunzipSync(body) : body).toString("utf8"));
        resolve();
      });
    })
      .on("error", reject)
      .end();
  });
async function loadTeam(acceptEncoding: string) {
  const started = performance.now();
  let next = 0;
  const fetcher = async () => {
    for (let at = next; at < pages.length * pageSize; at = next) {
      next += pageSize;
      await fetchPage(at, acceptEncoding);
    }
  };
  await Promise.all([fetcher(), fetcher(), fetcher(), fetcher()]);
  return performance.now() - started;
}
const codings = ["identity", "gzip", "br"];
await loadTeam("identity"); // warm: the service's page cache too
const times = new Map(codings.map((coding) => [coding, [] as number[]]));
for (let run = 0; run < 5; run++) for (const coding of codings) times.get(coding)!.push(await loadTeam(coding));
const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
const plainMs = median(times.get("identity")!);
console.log(`${pages.length} pages over loopback, 4 in flight, decoded and parsed (medians of 5, in turn):`);
for (const coding of codings) {
  const ms = median(times.get(coding)!);
  console.log(`  ${coding.padEnd(8)} ${ms.toFixed(0)} ms  ${(ms / plainMs).toFixed(2)}× plain`);
}
await service.close();
db.close();
