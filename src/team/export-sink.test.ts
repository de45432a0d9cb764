import { describe, expect, it } from "vitest";
import { writeChunks } from "./export-sink.ts";
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
