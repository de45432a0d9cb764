/**
 * The bundle's figures of a build: what a first visit to /users loads (as `npm run check:bundle`
 * counts it, see scripts/initial-assets.ts), all the JavaScript, and the number of chunks. Gzip at
 * level 9, as check:bundle measures.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { allScripts, initialAssets } from "../scripts/initial-assets.ts";

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
  const initial = initialAssets(distDir);
  const allJsFiles = allScripts(distDir);
  return {
    initialJs: sizeOfFiles(distDir, initial.js),
    initialCss: sizeOfFiles(distDir, initial.css),
    totalJs: sizeOfFiles(distDir, allJsFiles),
    jsChunks: allJsFiles.length,
    initialFiles: [...initial.js, ...initial.css].map((file) => `/${file}`),
  };
}
