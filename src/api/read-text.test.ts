/**
 * `readText` against the platform's `text()`: the same text for any bytes, however the stream
 * cuts them into reads — ASCII, characters split across reads, a byte-order mark, malformed UTF-8.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ContractError } from "./errors.ts";
import { maxAnswerBytes, readText } from "./read-text.ts";

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

  describe("an answer far larger than a page of users can be", () => {
    const mib = 1 << 20;

    it("is a cap over twice a page of 500 users at the worst realistic case", () => {
      // Each user with 30 sources (source and provider both), names and a client ID of
      // three-byte characters, long logo addresses: about 30 kB, where the demo's are 600 bytes.
      const wide = (n: number) => "漢".repeat(n);
      const source = (i: number) => ({
        logo: `https://cdn.example.com/logos/${"x".repeat(160)}/${i}.svg`,
        name: wide(60),
        slug: `provider_${i}`,
      });
      const at = "2025-03-01T08:00:00.123456+00:00";
      const user = {
        user_id: crypto.randomUUID(),
        team_id: crypto.randomUUID(),
        client_user_id: wide(255),
        created_on: at,
        connected_sources: Array.from({ length: 30 }, (_, i) => ({ created_on: at, source: source(i), provider: source(i) })),
        fallback_birth_date: { source_slug: "provider_1", updated_at: at, value: "1990-05-17" },
        fallback_time_zone: { id: "America/Argentina/ComodRivadavia", source_slug: "provider_1", updated_at: at },
      };
      const page = utf8(JSON.stringify({ users: Array.from({ length: 500 }, () => user), total: 1_000_000, offset: 0, limit: 500 }));
      expect(page.length).toBeGreaterThan(13 * mib);
      expect(maxAnswerBytes).toBeGreaterThan(2 * page.length);
    });

    /** A byte stream of `total` bytes in reads of 1 MiB, counting the bytes it was asked for. */
    function endless(total: number) {
      const asked = { bytes: 0, cancelled: false };
      const body = new ReadableStream({
        type: "bytes",
        pull(controller) {
          const size = Math.min(mib, total - asked.bytes);
          if (size === 0) {
            controller.close();
            controller.byobRequest?.respond(0);
            return;
          }
          asked.bytes += size;
          controller.enqueue(new Uint8Array(size).fill(0x20));
        },
        cancel: () => void (asked.cancelled = true),
      });
      return { body, asked };
    }

    it("is refused by its Content-Length, before a byte is read", async () => {
      const { body, asked } = endless(maxAnswerBytes + 1);
      const answer = new Response(body, { headers: { "Content-Length": String(maxAnswerBytes + 1) } });
      const error = await readText(answer).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractError);
      expect((error as Error).message).toBe("The answer is larger than 32 MB, far more than a page of users can be: it was not read.");
      expect(asked).toEqual({ bytes: 0, cancelled: true });
    });

    it("is refused once its bytes pass the cap, when it did not say its length (or said less)", async () => {
      for (const length of [null, "1000"]) {
        const { body, asked } = endless(maxAnswerBytes + 8 * mib);
        const answer = new Response(body, { headers: length === null ? {} : { "Content-Length": length } });
        const error = await readText(answer).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ContractError);
        expect((error as Error).message).toBe("The answer is larger than 32 MB, far more than a page of users can be: it was not read.");
        expect(asked.cancelled).toBe(true);
        expect(asked.bytes).toBeLessThanOrEqual(maxAnswerBytes + 2 * mib);
      }
    });

    it("is read whole up to the cap", async () => {
      const { body } = endless(maxAnswerBytes);
      expect((await readText(new Response(body))).length).toBe(maxAnswerBytes);
    });
  });
});

describe("readText and its request's signal", () => {
  it("stops reading a body that never ends once the signal aborts, as Node's fetch does not for a compressed one", async () => {
    const body = new ReadableStream({ type: "bytes", pull: () => new Promise(() => {}) });
    const controller = new AbortController();
    const reading = readText(new Response(body), undefined, undefined, controller.signal);
    controller.abort(new Error("gave up"));
    await expect(reading).rejects.toThrow("gave up");
  });
});
