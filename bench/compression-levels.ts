/**
 * `npx tsx bench/compression-levels.ts`: what each compression level makes of 500-user pages of
 * the demo data, against the CPU it takes — the figures docs/performance.md records and
 * server/compression.ts's levels were chosen by. One core, the pages compressed one after another.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { openStore } from "../server/service.ts";

const users = 20_000;
const pageSize = 500;
const { db, store, seeded } = openStore({ db: ":memory:", seed: "demo", demoUsers: users });
const team = seeded?.orgs.flatMap((org) => org.teams).sort((a, b) => b.users - a.users)[0];
if (!team) throw new Error("no demo team");
const key = store.findKey(team.api_key);
if (key?.kind !== "team") throw new Error("no team key");
const pages: Buffer[] = [];
for (let offset = 0; offset < Math.min(team.users, users); offset += pageSize) pages.push(store.userPageJson(key.teamId, offset, pageSize));
db.close();
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
