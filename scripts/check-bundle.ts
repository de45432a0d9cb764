/**
 * `npm run check:bundle` (after `npm run build`): the JavaScript a first visit to /users loads —
 * what index.html links and preloads, and their static imports (scripts/initial-assets.ts) — must
 * stay within 106 kB as it is sent: the build's brotli copy (scripts/compress-build.ts), which the
 * dashboard's server sends every browser that takes br (all of them over HTTPS), else the file as
 * it is. 106 kB brotli is the former budget, 120 kB of gzip level 9, at these chunks' ratio of
 * brotli to gzip (0.88); the gzip copy's size is listed beside it. Lazy chunks (the delete view,
 * settings, the user panel) are listed but not counted. And the entry must not load React: it
 * sends the first page's request while React and the app are still on their way (src/main.ts).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { allScripts, initialAssets } from "./initial-assets.ts";

const budget = 106_000;
const dist = join(import.meta.dirname, "..", "dist");

/** The bytes of `file`'s copy with `suffix`, else of the file itself: what a browser taking that coding gets. */
const sent = (file: string, suffix: string) => {
  const copy = join(dist, file + suffix);
  return statSync(existsSync(copy) ? copy : join(dist, file)).size;
};
const assets = initialAssets(dist);
const initial = new Set(assets.js);
const rows = allScripts(dist).map((file) => ({
  chunk: file,
  "brotli bytes (sent)": sent(file, ".br"),
  "gzip bytes": sent(file, ".gz"),
  initial: initial.has(file),
}));
console.table(rows);
const total = rows.filter((r) => r.initial).reduce((sum, r) => sum + r["brotli bytes (sent)"], 0);
const gzipTotal = rows.filter((r) => r.initial).reduce((sum, r) => sum + r["gzip bytes"], 0);
console.log(
  `Initial JavaScript of /users: ${(total / 1000).toFixed(1)} kB as sent, brotli (budget ${budget / 1000} kB); ${(gzipTotal / 1000).toFixed(1)} kB gzip.`,
);
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
