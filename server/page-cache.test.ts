import { describe, expect, it } from "vitest";
import { createPageCache, entryOverheadBytes } from "./page-cache.ts";

const body = (bytes: number) => Buffer.alloc(bytes, 0x61);
/** A budget of `pages` pages of `bytes`, counted as the cache counts them. */
const budget = (pages: number, bytes: number) => pages * (bytes + entryOverheadBytes);

describe("the cache of recently served pages", () => {
  it("reads a page once while the version stays, and again at another version", () => {
    const cache = createPageCache(budget(10, 10));
    let reads = 0;
    const read = () => (reads++, body(10));
    const first = cache.get("a", "1", read);
    expect(cache.get("a", "1", read)).toBe(first);
    expect(reads).toBe(1);
    expect(cache.get("a", "2", read)).not.toBe(first);
    expect(reads).toBe(2);
  });

  it("empties at a new version, whichever page is asked for", () => {
    const cache = createPageCache(budget(10, 100));
    cache.get("a", "1", () => body(100));
    cache.get("b", "1", () => body(100));
    expect(cache.size()).toBe(2);
    cache.get("c", "2", () => body(50));
    expect([cache.size(), cache.bytes()]).toEqual([1, 50 + entryOverheadBytes]);
  });

  it("keeps within its budget, dropping the least recently served first", () => {
    const cache = createPageCache(budget(3, 100));
    const reads: string[] = [];
    const get = (key: string) => cache.get(key, "1", () => (reads.push(key), body(100)));
    ["a", "b", "c"].forEach(get);
    get("a"); // a is now the most recent; b the least
    get("d"); // four pages: b goes
    expect(cache.size()).toBe(3);
    get("a");
    get("c");
    get("d");
    get("b");
    expect(reads).toEqual(["a", "b", "c", "d", "b"]);
    expect(cache.bytes()).toBeLessThanOrEqual(budget(3, 100));
  });

  it("does not keep a page larger than its budget", () => {
    const cache = createPageCache(budget(1, 100));
    cache.get("small", "1", () => body(60));
    expect(cache.get("large", "1", () => body(101))).toHaveLength(101);
    expect([cache.size(), cache.bytes()]).toEqual([1, 60 + entryOverheadBytes]);
  });

  it("counts each page's keeping, so that tiny pages are not kept without end", () => {
    const cache = createPageCache(budget(100, 100));
    for (let i = 0; i < 10_000; i++) cache.get(String(i), "1", () => body(2));
    expect(cache.size()).toBeLessThanOrEqual(Math.floor(budget(100, 100) / entryOverheadBytes));
  });
});
