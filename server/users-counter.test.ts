import { brotliCompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { UsersCounter, usersCounterFor } from "./users-counter.ts";

const page = (n: number) =>
  JSON.stringify({
    users: Array.from({ length: n }, (_, i) => ({ id: `u${i}`, tricky: 'a "users": [{}] \\" ]}', nested: { list: [{}, [1]] }, café: "é" })),
    total: 100,
    offset: 0,
    limit: n,
  });

/** Fed in pieces of `size` bytes, as a stream would bring it. */
function counted(bytes: Uint8Array, size: number) {
  const counter = new UsersCounter();
  for (let at = 0; at < bytes.length; at += size) counter.feed(bytes.subarray(at, at + size));
  return counter.result();
}

describe("counting a page's users as its bytes pass", () => {
  it("counts the objects of the top-level users list, whatever the strings hold and however the bytes are cut", () => {
    for (const n of [0, 1, 7, 500]) {
      const bytes = new TextEncoder().encode(page(n));
      for (const size of [1, 3, 64, bytes.length]) expect(counted(bytes, size)).toBe(n);
    }
  });

  it("says nothing for a body that is not a page, or was cut short", () => {
    expect(counted(new TextEncoder().encode('{"detail": "Not Found"}'), 5)).toBeNull();
    expect(counted(new TextEncoder().encode(page(3)).subarray(0, 40), 5)).toBeNull();
  });

  it("counts a gzip or brotli page from its compressed bytes", async () => {
    for (const [coding, bytes] of [
      ["gzip", gzipSync(page(42))],
      ["br", brotliCompressSync(page(42))],
    ] as const) {
      const counter = usersCounterFor(coding);
      for (let at = 0; at < bytes.length; at += 10) counter.feed(bytes.subarray(at, at + 10));
      expect(await counter.end()).toBe(42);
    }
    const broken = usersCounterFor("gzip");
    broken.feed(new Uint8Array([1, 2, 3]));
    expect(await broken.end()).toBeNull();
  });
});
