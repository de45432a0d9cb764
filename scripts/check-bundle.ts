/**
 * `npm run check:bundle` (after `npm run build`): the JavaScript a first visit to /users loads —
 * what index.html links and preloads, and their static imports (scripts/initial-assets.ts) — must
 * stay within 120 kB gzip. Lazy chunks (the delete view, settings, the user panel) are listed but
 * not counted. And the entry must not load React: it sends the first page's request while React
 * and the app are still on their way (src/main.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { allScripts, initialAssets } from "./initial-assets.ts";

const budget = 120_000;
const dist = join(import.meta.dirname, "..", "dist");

const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const assets = initialAssets(dist);
const initial = new Set(assets.js);
const rows = allScripts(dist).map((file) => ({ chunk: file, "gzip bytes": gzipped(file), initial: initial.has(file) }));
console.table(rows);
const total = rows.filter((r) => r.initial).reduce((sum, r) => sum + r["gzip bytes"], 0);
console.log(`Initial JavaScript of /users: ${(total / 1000).toFixed(1)} kB gzip (budget ${budget / 1000} kB).`);
if (total > budget) {
  console.error("Over budget: load the new code lazily, or find what grew.");
  process.exit(1);
}
const reactInEntry = assets.entry.filter(
  (file) => /react-dom/.test(readFileSync(join(dist, file), "utf8")) || /^assets\/react-/.test(file),
);
if (reactInEntry.length > 0) {
  console.error(`The entry loads React (${reactInEntry.join(", ")}): src/main.ts must import the app dynamically.`);
  process.exit(1);
}
