import { describe, expect, it, vi } from "vitest";
import { blobOfChunks, writeChunks } from "./export-sink.ts";
import { recordingWritable } from "./export-sink.test-helper.ts";

/** Chunks that stop with `error` after `count`, and tell whether the consumer let go of them. */
function produce(count: number, error?: Error) {
  const state = { produced: 0, finished: false };
  async function* chunks() {
    try {
      for (; state.produced < count; state.produced++) yield `chunk ${state.produced}`;
      if (error) throw error;
    } finally {
      state.finished = true;
    }
  }
  return { chunks: chunks(), state };
}

describe("writeChunks", () => {
  it("writes each chunk in order as it comes, then closes", async () => {
    const { calls, writable } = recordingWritable();
    const { chunks } = produce(3);
    await writeChunks(chunks, writable);
    expect(calls).toEqual(["write chunk 0", "write chunk 1", "write chunk 2", "close"]);
  });

  it("aborts, never closes, when the export fails or is cancelled midway, and reports the export's error", async () => {
    const { calls, writable } = recordingWritable();
    const cancelled = new DOMException("The export was cancelled", "AbortError");
    await expect(writeChunks(produce(2, cancelled).chunks, writable)).rejects.toBe(cancelled);
    expect(calls).toEqual(["write chunk 0", "write chunk 1", "abort The export was cancelled"]);
  });

  it("aborts when a write fails, and stops the export", async () => {
    const { calls, writable } = recordingWritable({ failWrite: 1 });
    const { chunks, state } = produce(10);
    await expect(writeChunks(chunks, writable)).rejects.toThrow("No space left on the device");
    expect(calls).toEqual(["write chunk 0", "abort No space left on the device"]);
    expect(state).toEqual({ produced: 1, finished: true });
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
});
