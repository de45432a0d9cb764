/**
 * `npm run check:bundle` (after `npm run build`): the JavaScript a first visit to /users loads —
 * the entry chunk and its static imports — must stay within 120 kB gzip. Lazy chunks (the
 * delete view, settings, the user panel) are listed but not counted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const budget = 120_000;
const dist = join(import.meta.dirname, "..", "dist");
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Record<string, Chunk>;

const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const initial = new Set<string>();
const visit = (key: string) => {
  if (initial.has(key)) return;
  initial.add(key);
  manifest[key]?.imports?.forEach(visit);
};
visit("index.html");

const rows = Object.entries(manifest)
  .filter(([, chunk]) => chunk.file.endsWith(".js"))
  .map(([key, chunk]) => ({ chunk: chunk.file, "gzip bytes": gzipped(chunk.file), initial: initial.has(key) }));
console.table(rows);
const total = rows.filter((r) => r.initial).reduce((sum, r) => sum + r["gzip bytes"], 0);
console.log(`Initial JavaScript of /users: ${(total / 1000).toFixed(1)} kB gzip (budget ${budget / 1000} kB).`);
if (total > budget) {
  console.error("Over budget: load the new code lazily, or find what grew.");
  process.exit(1);
}
