/**
 * A Vite plugin: once the build is written, a brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside each file of the app a browser downloads as text — scripts, stylesheets,
 * index.html, SVG, JSON, WebAssembly — of 256 bytes or more, each kept only when smaller. Built once,
 * so the most a coding can do costs nothing when serving; the dashboard's server (dashboard-app.ts)
 * sends the copy the browser accepts. node:zlib, no dependency.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** The files worth a compressed copy. */
export const compressible = /\.(?:js|mjs|css|html|svg|json|wasm|txt)$/;
/** Smaller files gain less than the header a compressed answer adds. */
const minBytes = 256;

/** Writes the copies for every compressible file under `dir`; returns how many files got them. */
export function compressFiles(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, name);
    if (!compressible.test(name) || !statSync(path).isFile()) continue;
    const body = readFileSync(path);
    if (body.length < minBytes) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        ...(!name.endsWith(".wasm") && { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT }),
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    count++;
  }
  return count;
}

export function compressBuild(): Plugin {
  let outDir = "dist";
  return {
    name: "compress-build",
    apply: "build",
    configResolved: (config) => void (outDir = join(config.root, config.build.outDir)),
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        compressFiles(outDir);
      },
    },
  };
}
