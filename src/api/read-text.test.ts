/**
 * `readText` against the platform's `text()`: the same text for any bytes, however the stream
 * cuts them into reads — ASCII, characters split across reads, a byte-order mark, malformed UTF-8.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "./read-text.ts";

/** A response whose byte stream gives `chunks` one read each (a read of its own for each). */
function chunked(chunks: Uint8Array[]): Response {
  const queue = [...chunks];
  const body = new ReadableStream({
    type: "bytes",
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next.slice());
      else {
        controller.close();
        controller.byobRequest?.respond(0); // a read waits: closing alone leaves it waiting
      }
    },
  });
  return new Response(body);
}

/** The bytes cut at the given places. */
function cut(bytes: Uint8Array, places: number[]): Uint8Array[] {
  const ends = [...new Set(places.map((place) => place % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const end of [...ends, bytes.length]) {
    if (end > start) chunks.push(bytes.subarray(start, end));
    start = Math.max(start, end);
  }
  return chunks;
}

const expected = (bytes: Uint8Array) => new Response(bytes.slice()).text();
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("readText", () => {
  it("reads a JSON page of ASCII as text() does, past several reads", async () => {
    const page = JSON.stringify({ users: Array.from({ length: 2000 }, (_, i) => ({ user_id: `user-${i}`, note: "x".repeat(100) })) });
    expect(page.length).toBeGreaterThan(3 * 65536);
    expect(await readText(new Response(page))).toBe(page);
  });

  it("keeps a character whose bytes are split between reads, after ASCII reads", async () => {
    const bytes = utf8('{"name":"Zoë Ødegård 東京 🩺"}');
    const splitInZoe = bytes.indexOf(0xc3) + 1;
    const splitInTokyo = bytes.indexOf(0xe6) + 2;
    const text = await readText(chunked(cut(bytes, [5, splitInZoe, splitInTokyo, bytes.length - 3])));
    expect(text).toBe('{"name":"Zoë Ødegård 東京 🩺"}');
  });

  it("tells of each read with bytes as it comes, before the body ends", async () => {
    const bytes = utf8('{"users": [], "total": 0}');
    const told: number[] = [];
    let reads = 0;
    const text = await readText(chunked(cut(bytes, [4, 9, 17])), undefined, () => told.push(++reads));
    expect(text).toBe('{"users": [], "total": 0}');
    expect(told).toEqual([1, 2, 3, 4]);
  });

  it("drops a leading byte-order mark and reads malformed bytes as U+FFFD, as text() does", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0xff, 0x41, 0xe6, 0x9d]);
    const text = await readText(chunked(cut(bytes, [2, 6])));
    expect(text).toBe("{}\uFFFDA\uFFFD");
    expect(text).toBe(await expected(bytes));
  });

  it("reads the whole body whatever length it claims: longer, shorter or none", async () => {
    const bytes = utf8(`{"users":[${'"x",'.repeat(40_000)}"é"]}`);
    const claiming = (length: string | null) =>
      new Response(chunked(cut(bytes, [1000, 70_000, 140_000])).body, { headers: length === null ? {} : { "Content-Length": length } });
    for (const length of [String(bytes.length), "10", String(bytes.length * 3), "not a number", null]) {
      expect(await readText(claiming(length))).toBe(await expected(bytes));
    }
  });

  it("reads an empty body, and a body that is not a byte stream (through text())", async () => {
    expect(await readText(new Response(null))).toBe("");
    expect(await readText(chunked([]))).toBe("");
    const notBytes = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8("é1"));
        controller.close();
      },
    });
    expect(await readText(new Response(notBytes))).toBe("é1");
  });

  it("gives text()'s text for any string, cut anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 200 }), fc.array(fc.nat(), { maxLength: 6 }), async (text, places) => {
        const bytes = utf8(text);
        expect(await readText(chunked(cut(bytes, places)))).toBe(await expected(bytes));
      }),
    );
  });

  it("gives text()'s text for any bytes, cut anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.array(fc.nat(), { maxLength: 6 }), async (bytes, places) => {
        expect(await readText(chunked(cut(bytes, places)))).toBe(await expected(bytes));
      }),
    );
  });
  it("hands the body's bytes, whole however the stream cuts them, to a reader of bytes: its answer, or the text when it has none", async () => {
    const bytes = utf8(`{"users":[${'"x",'.repeat(40_000)}"é"]}`);
    const seen: Uint8Array[] = [];
    const lengthOf = (read: Uint8Array) => (seen.push(read.slice()), { length: read.length });
    expect(await readText(chunked(cut(bytes, [3, 70_000])), lengthOf)).toEqual({ length: bytes.length });
    expect(seen).toEqual([bytes]);
    expect(await readText(chunked(cut(bytes, [5, 100_000])), () => null)).toBe(await expected(bytes));
  });
});
