import { describe, expect, it, vi } from "vitest";
import { blobOfChunks, pause, writeBytes, writeChunks, type ChunkWritable } from "./export-sink.ts";
import { recordingWritable } from "./export-sink.test-helper.ts";

/** `count` chunks of `text(n)`, which stop with `error` after them, and tell whether the consumer let go of them. */
function produce(count: number, error?: Error, text = (n: number) => `chunk ${n}`) {
  const state = { produced: 0, finished: false };
  async function* chunks() {
    try {
      for (; state.produced < count; state.produced++) yield text(state.produced);
      if (error) throw error;
    } finally {
      state.finished = true;
    }
  }
  return { chunks: chunks(), state };
}

/**
 * A chunk of about 200 kB of UTF-8, the same length for any n under 100, in characters of one,
 * two, three and four bytes (a surrogate pair).
 */
const wide = (n: number) => `${n}`.padStart(2, "0").padEnd(50_000, "é") + "€".repeat(20_000) + "😀".repeat(10_000);
const wideBytes = new TextEncoder().encode(wide(0)).byteLength;

describe("writeChunks", () => {
  it("writes the chunks' text as UTF-8 as it comes, a buffer at a time, never splitting a character, then closes", async () => {
    const { calls, writable } = recordingWritable();
    const { chunks, state } = produce(25, undefined, wide);
    const producedAtWrites: number[] = [];
    const writing: ChunkWritable = {
      ...writable,
      write: async (bytes) => {
        producedAtWrites.push(state.produced);
        expect((bytes as Uint8Array).byteLength).toBeLessThanOrEqual(writeBytes);
        await writable.write(bytes);
      },
    };
    await writeChunks(chunks, writing);
    const writes = calls.filter((call) => call.startsWith("write ")).map((call) => call.slice("write ".length));
    // Decoded one write at a time, so a split character would show as U+FFFD.
    expect(writes.join("")).toBe(Array.from({ length: 25 }, (_, n) => wide(n)).join(""));
    expect(writes.join("")).not.toContain("\uFFFD");
    expect(calls.at(-1)).toBe("close");
    // 25 chunks of about 200 kB in buffers of 1 MiB: four full ones, each written in the chunk
    // that filled it, before the chunks after it were made; then the rest.
    const filledIn = [1, 2, 3, 4].map((full) => Math.floor((full * writeBytes) / wideBytes));
    expect(writes).toHaveLength(5);
    expect(producedAtWrites.slice(0, 4)).toEqual(filledIn);
  });

  it("copies chunks of bytes in as they are, between text, a buffer at a time, and gives each back once copied", async () => {
    const { calls, writable } = recordingWritable();
    const encode = (text: string) => new TextEncoder().encode(text);
    // More bytes than a buffer holds, ending in a character of four bytes: split by the buffer, whole in the file.
    const large = encode(`${"é".repeat(writeBytes / 2 - 1)}x😀`);
    const small = encode("a page's lines\n");
    const [largeBytes, smallBytes] = [large.length, small.length];
    async function* chunks() {
      yield "header\n";
      yield large;
      yield pause;
      yield small;
      yield "text after\n";
    }
    const written: number[][] = []; // each write's bytes, copied: the writer reuses its buffer
    await writeChunks(chunks(), { ...writable, write: async (bytes) => void written.push([...(bytes as Uint8Array)]) });
    expect(new TextDecoder().decode(new Uint8Array(written.flat()))).toBe(
      `header\n${"é".repeat(writeBytes / 2 - 1)}x😀a page's lines\ntext after\n`,
    );
    expect(written.map((bytes) => bytes.length)).toEqual([writeBytes, largeBytes - (writeBytes - 7), smallBytes + 11]);
    expect(calls).toEqual(["close"]);
    expect([large.length, small.length]).toEqual([0, 0]);
  });

  it("writes what it holds at a pause, where the producer waits: the file has all that came before it, however long the wait", async () => {
    const { calls, writable } = recordingWritable();
    let resume = () => {};
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    async function* pages() {
      yield "the first page's users\n";
      yield pause;
      await resumed; // the service's next page, slow to come
      yield "the second page's users\n";
      yield pause;
    }
    const writing = writeChunks(pages(), writable);
    await vi.waitFor(() => expect(calls).toEqual(["write the first page's users\n"]));
    resume();
    await writing;
    expect(calls).toEqual(["write the first page's users\n", "write the second page's users\n", "close"]);
  });

  it("aborts, never closes, when the export fails or is cancelled midway, and reports the export's error", async () => {
    const { calls, writable } = recordingWritable();
    const cancelled = new DOMException("The export was cancelled", "AbortError");
    await expect(writeChunks(produce(6, cancelled, wide).chunks, writable)).rejects.toBe(cancelled);
    expect(calls.map((call) => call.slice(0, 6))).toEqual(["write ", "abort "]);
    expect(calls.at(-1)).toBe("abort The export was cancelled");
  });

  it("aborts when a write fails, and stops the export", async () => {
    const { calls, writable } = recordingWritable({ failWrite: 1 });
    const { chunks, state } = produce(20, undefined, wide);
    await expect(writeChunks(chunks, writable)).rejects.toThrow("No space left on the device");
    expect(calls.map((call) => call.slice(0, 6))).toEqual(["write ", "abort "]);
    expect(calls.at(-1)).toBe("abort No space left on the device");
    expect(state).toEqual({ produced: Math.floor((2 * writeBytes) / wideBytes), finished: true }); // the second write's chunk
  });
});

describe("blobOfChunks", () => {
  it("gives the chunks, in order, as one Blob of the type, gathered into Blobs every few megabytes instead of kept as strings", async () => {
    const { Blob: Original } = globalThis;
    const strings: number[] = []; // how many strings each Blob was made of
    vi.stubGlobal(
      "Blob",
      class extends Original {
        constructor(parts: BlobPart[] = [], options?: BlobPropertyBag) {
          super(parts, options);
          strings.push(parts.filter((part) => typeof part === "string").length);
        }
      },
    );
    try {
      const chunk = (n: number) => `${n}`.padEnd(1_000_000, ".");
      async function* chunks() {
        for (let n = 0; n < 10; n++) yield chunk(n);
      }
      const blob = await blobOfChunks(chunks(), "text/csv;charset=utf-8");
      expect(blob.type).toBe("text/csv;charset=utf-8");
      expect(await blob.text()).toBe(Array.from({ length: 10 }, (_, n) => chunk(n)).join(""));
      // 10 MB of text: two Blobs of five strings each on the way, then the last one of the rest.
      expect(strings).toEqual([5, 5, 0]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("takes chunks of bytes beside text, and gives each back once it is in a Blob", async () => {
    const lines = Array.from({ length: 6 }, (_, n) => new TextEncoder().encode(`${n}`.padEnd(1_000_000, "é").concat("\n")));
    const expected = new TextDecoder().decode(new Uint8Array(lines.flatMap((bytes) => [...bytes])));
    async function* chunks() {
      yield "header\n";
      for (const bytes of lines) yield bytes;
    }
    const blob = await blobOfChunks(chunks(), "application/x-ndjson;charset=utf-8");
    expect(await blob.text()).toBe(`header\n${expected}`);
    expect(lines.map((bytes) => bytes.length)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
