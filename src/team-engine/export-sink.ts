/**
 * Where an export's chunks go as `exportChunks` produces them: to a file the operator picked,
 * through its writable stream, or, where the browser cannot write files, into a Blob the page
 * downloads at the end.
 */
import { release } from "../api/release-memory.ts";

/** What `writeChunks` needs of a `FileSystemWritableFileStream`; tests give it a recorder. */
export type ChunkWritable = Pick<FileSystemWritableFileStream, "write" | "close" | "abort">;

/**
 * What a producer yields where it is about to wait (for the service's next page, or for its next
 * task): the sink writes what it holds, so that the file has all that was produced before a
 * pause, however long. An empty chunk: a consumer that only joins the text is not affected (and
 * so producers yield no other empty text).
 */
export const pause = "";

/**
 * A part of an export's file: text, or UTF-8 bytes (an NDJSON export's lines, a page at a time).
 * Bytes are the sink's once yielded: it gives their memory back once it has copied them (`release`).
 */
export type ExportChunk = string | Uint8Array;

/**
 * The most bytes a write takes: a write is a round trip to the browser's file writer (about 0.7 ms
 * here), so the text is written at each pause, a page or a task's users (a few hundred kB), and
 * more often only when a pause is this far off.
 */
export const writeBytes = 1024 * 1024;

/**
 * Writes the chunks' text as it comes, as UTF-8, at each `pause` and whenever `writeBytes` are
 * held, then closes. The text is encoded into one buffer of ours, reused: a string given to the
 * writable stream left it a buffer of the same size for the collector, and a million users'
 * export held the team worker about 25 MB higher. The browser writes to a swap file until `close`
 * replaces the target with it, so a cancel or a failure aborts instead: the target stays as it was.
 */
export async function writeChunks(chunks: AsyncIterable<ExportChunk>, writable: ChunkWritable): Promise<void> {
  const bytes = new Uint8Array(writeBytes);
  const encoder = new TextEncoder();
  let filled = 0;
  /** Writes what the buffer holds. */
  const flush = async () => {
    if (filled > 0) await writable.write(bytes.subarray(0, filled));
    filled = 0;
  };
  try {
    for await (const chunk of chunks) {
      if (chunk === pause) await flush();
      if (typeof chunk !== "string") {
        // Bytes are copied in as they are, a buffer's room at a time, then given back.
        for (let at = 0; at < chunk.length;) {
          if (filled === bytes.length) await flush();
          const part = chunk.subarray(at, at + bytes.length - filled);
          bytes.set(part, filled);
          filled += part.length;
          at += part.length;
        }
        release(chunk);
        continue;
      }
      // A full buffer is written, then the rest of the chunk encoded (a character is never split).
      for (let rest = chunk; ;) {
        const { read, written } = encoder.encodeInto(rest, bytes.subarray(filled));
        filled += written;
        if (read === rest.length) break;
        await flush();
        rest = rest.slice(read);
      }
    }
    await flush();
  } catch (error) {
    // The export's own error is the one to report, not the abort's.
    await writable.abort(error).catch(() => {});
    throw error;
  }
  await writable.close();
}

/** Chunks are gathered into a Blob every few megabytes, so a large export lives in Blob storage. */
const blobBatchChars = 4_000_000;

/** The chunks as one Blob of `type`. */
export async function blobOfChunks(chunks: AsyncIterable<ExportChunk>, type: string): Promise<Blob> {
  let parts: (ExportChunk | Blob)[] = [];
  let pendingChars = 0;
  /** The Blob of the parts so far, their bytes given back. */
  const gathered = (options?: BlobPropertyBag) => {
    const blob = new Blob(parts as BlobPart[], options);
    for (const part of parts) if (part instanceof Uint8Array) release(part);
    return blob;
  };
  for await (const chunk of chunks) {
    parts.push(chunk);
    pendingChars += chunk.length;
    if (pendingChars > blobBatchChars) {
      parts = [gathered()];
      pendingChars = 0;
    }
  }
  return gathered({ type });
}
