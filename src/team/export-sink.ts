/**
 * Where an export's chunks go as `exportChunks` produces them: to a file the operator picked,
 * through its writable stream, or, where the browser cannot write files, into a Blob the page
 * downloads at the end.
 */

/** What `writeChunks` needs of a `FileSystemWritableFileStream`; tests give it a recorder. */
export type ChunkWritable = Pick<FileSystemWritableFileStream, "write" | "close" | "abort">;

/**
 * Writes each chunk as it comes, then closes. The browser writes to a swap file until `close`
 * replaces the target with it, so a cancel or a failure aborts instead: the target stays as it was.
 */
export async function writeChunks(chunks: AsyncIterable<string>, writable: ChunkWritable): Promise<void> {
  try {
    for await (const chunk of chunks) await writable.write(chunk);
  } catch (error) {
    // The export's own error is the one to report, not the abort's.
    await writable.abort(error).catch(() => {});
    throw error;
  }
  await writable.close();
}

/** Strings are gathered into a Blob every few megabytes, so a large export lives in Blob storage. */
const blobBatchChars = 4_000_000;

/** The chunks as one Blob of `type`. */
export async function blobOfChunks(chunks: AsyncIterable<string>, type: string): Promise<Blob> {
  let parts: BlobPart[] = [];
  let pendingChars = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    pendingChars += chunk.length;
    if (pendingChars > blobBatchChars) {
      parts = [new Blob(parts)];
      pendingChars = 0;
    }
  }
  return new Blob(parts, { type });
}
