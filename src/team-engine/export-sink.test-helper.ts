/** A stand-in for the writable stream of a file the operator picked, for tests in Node. */
import type { ChunkWritable } from "./export-sink.ts";

/** A writable that records what it is asked, in order; `failWrite` makes that write reject (a full disk, say). */
export function recordingWritable({ failWrite }: { failWrite?: number } = {}) {
  const calls: string[] = [];
  const writable: ChunkWritable = {
    write: async (chunk) => {
      if (calls.length === failWrite) throw new Error("No space left on the device");
      // The bytes are read now: the writer reuses its buffer once the write is done.
      calls.push(`write ${chunk instanceof Uint8Array ? new TextDecoder().decode(chunk) : String(chunk)}`);
    },
    close: async () => void calls.push("close"),
    abort: async (reason) => void calls.push(`abort ${(reason as Error).message}`),
  };
  return { calls, writable };
}

/** A picked file whose writable is `writable`: what the page passes the worker, minus the browser. */
export const pickedFile = (name: string, writable: ChunkWritable) =>
  ({ name, createWritable: async () => writable }) as unknown as FileSystemFileHandle;
