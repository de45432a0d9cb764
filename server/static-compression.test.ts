/** The app's files sent in the build's compressed copy the browser takes (scripts/compress-build.ts writes them). */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressFiles } from "../scripts/compress-build.ts";
import { createDashboardApp } from "./dashboard-app.ts";
import { listen, type Listening } from "./service.ts";

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(", ")}];\n`;
const page = `<!doctype html><title>Team admin</title>${"<meta name=x content=y>".repeat(60)}`;
let dashboard: Listening;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), page);
  writeFileSync(join(dist, "assets", "app-1234.js"), script);
  writeFileSync(join(dist, "assets", "tiny-1234.js"), "console.log(1)");
  writeFileSync(join(dist, "assets", "logo-1234.png"), Buffer.alloc(2048, 7));
  compressFiles(dist);
  dashboard = await listen(createDashboardApp({ api: new Hono(), distDir: dist }), "127.0.0.1", 0);
});
afterAll(() => dashboard.close());

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    request(`${dashboard.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("the build's compressed copies", () => {
  it("are written beside each text file worth it, never for a tiny one or an image", () => {
    expect(readdirSync(join(dist, "assets")).sort()).toEqual([
      "app-1234.js",
      "app-1234.js.br",
      "app-1234.js.gz",
      "logo-1234.png",
      "tiny-1234.js",
    ]);
    expect(readdirSync(dist)).toContain("index.html.br");
  });
});

describe("the app's files, compressed as the browser asks", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip, *;q=0", "gzip"],
    ["identity", undefined],
    [undefined, undefined],
    ["br;q=0, gzip;q=0", undefined],
  ] as const)("Accept-Encoding %j: %s, with the same caching and Vary", async (acceptEncoding, coding) => {
    const asset = await get("/assets/app-1234.js", acceptEncoding);
    expect(asset.status).toBe(200);
    expect(asset.headers["content-encoding"]).toBe(coding);
    expect(asset.headers.vary).toBe("Accept-Encoding");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(asset.headers["content-length"])).toBe(asset.body.length);
    const decoded = coding === "br" ? brotliDecompressSync(asset.body) : coding === "gzip" ? gunzipSync(asset.body) : asset.body;
    expect(decoded.toString("utf8")).toBe(script);
    if (coding) expect(asset.body.length).toBeLessThan(script.length / 3);
  });

  it("sends index.html compressed at every app route, with its CSP and no-cache", async () => {
    for (const path of ["/", "/index.html", "/users?page=2", "/settings"]) {
      const html = await get(path, "gzip, deflate, br");
      expect(html.headers["content-encoding"]).toBe("br");
      expect(html.headers.vary).toBe("Accept-Encoding");
      expect(html.headers["cache-control"]).toBe("no-cache");
      expect(html.headers["content-security-policy"]).toMatch(/script-src 'self'/);
      expect(html.headers["content-type"]).toMatch(/^text\/html/);
      expect(brotliDecompressSync(html.body).toString("utf8")).toBe(page);
    }
  });

  it("sends a file without copies as it is, and never a copy at its own name", async () => {
    const tiny = await get("/assets/tiny-1234.js", "gzip, br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.body.toString("utf8")).toBe("console.log(1)");
    expect((await get("/assets/app-1234.js.br", "br")).status).toBe(404);
    expect((await get("/assets/app-1234.js.gz")).status).toBe(404);
  });
});
