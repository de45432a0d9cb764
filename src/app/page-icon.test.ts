/**
 * The page's icon is a small raster image. Chromium loads the icon again at every change of the
 * URL (each keystroke of a search, each facet or page), on the page's thread: an SVG icon is a
 * document built each time (3 to 11 ms, measured in a trace, that the worker's answer to the
 * keystroke waited behind), a PNG a decode of a fraction of a millisecond.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const icons = [...readFileSync(join(root, "index.html"), "utf8").matchAll(/<link\s[^>]*rel="icon"[^>]*>/g)].map(([tag]) => ({
  href: /href="\/([^"]+)"/.exec(tag)?.[1],
  type: /type="([^"]+)"/.exec(tag)?.[1],
}));

it("the page has one icon, a PNG of at most 64 pixels a side that public/ serves", () => {
  expect(icons).toEqual([{ href: "favicon.png", type: "image/png" }]);
  const png = readFileSync(join(root, "public", icons[0]!.href!));
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)]; // the IHDR chunk
  expect(Math.max(width, height)).toBeLessThanOrEqual(64);
});
