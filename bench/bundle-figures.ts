/**
 * The bundle's figures, from the Vite manifest of a build: what a first visit to /users loads
 * (the entry chunk, its static imports and their CSS, as `npm run check:bundle` counts it), all
 * the JavaScript, and the number of chunks. Gzip at level 9, as check:bundle measures.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface Size {
  raw: number;
  gzip: number;
}

export interface BundleFigures {
  initialJs: Size;
  initialCss: Size;
  totalJs: Size;
  jsChunks: number;
  /** The files counted as initial, for comparing with what the browser loaded. */
  initialFiles: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export function sizeOf(contents: string | Buffer): Size {
  return { raw: Buffer.byteLength(contents), gzip: gzipSync(contents, { level: 9 }).length };
}

/** The files of a build together, each gzipped on its own as the browser receives it. */
export function sizeOfFiles(distDir: string, files: string[]): Size {
  return files
    .map((file) => sizeOf(readFileSync(join(distDir, file))))
    .reduce((sum, size) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), { raw: 0, gzip: 0 });
}

export function bundleFigures(distDir: string): BundleFigures {
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;

  // The entry and, transitively, its static imports: what loads before the app can render.
  const initialChunks = new Set<ManifestChunk>();
  const pending = ["index.html"];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const chunk = manifest[key];
    if (!chunk || initialChunks.has(chunk)) continue;
    initialChunks.add(chunk);
    pending.push(...(chunk.imports ?? []));
  }
  const initialJsFiles = [...initialChunks].map((chunk) => chunk.file);
  const initialCssFiles = [...new Set([...initialChunks].flatMap((chunk) => chunk.css ?? []))];
  const allJsFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith(".js"));

  return {
    initialJs: sizeOfFiles(distDir, initialJsFiles),
    initialCss: sizeOfFiles(distDir, initialCssFiles),
    totalJs: sizeOfFiles(distDir, allJsFiles),
    jsChunks: allJsFiles.length,
    initialFiles: [...initialJsFiles, ...initialCssFiles].map((file) => `/${file}`),
  };
}
