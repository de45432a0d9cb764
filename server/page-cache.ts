/** The bodies of the list operation's recently served pages. */

/**
 * What each kept page is counted for beyond its body (its key, the map's entry, the Buffer
 * object), so that many tiny pages — past the end, or of one user — cannot hold more than the
 * budget says.
 */
export const entryOverheadBytes = 512;

/**
 * The bodies of recently served pages, up to a budget of bytes, the least recently served
 * dropped first. Each is kept with the version of the database it was read at (see
 * `databaseVersion` in store.ts); a lookup at any other version empties the cache first, so that
 * no page served is older than the last write, whatever wrote it. Nothing of a team is kept
 * beyond the pages asked for, and never more than the budget.
 */
export function createPageCache(budgetBytes: number) {
  const bodies = new Map<string, Buffer<ArrayBuffer>>();
  let bytes = 0;
  let keptAt = "";

  /** The body of page `key` at `version`: the one kept, or `read()`'s, then kept. */
  function get(key: string, version: string, read: () => Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
    if (version !== keptAt) {
      bodies.clear();
      bytes = 0;
      keptAt = version;
    }
    const kept = bodies.get(key);
    if (kept) {
      bodies.delete(key); // served again: now the most recent
      bodies.set(key, kept);
      return kept;
    }
    const body = read();
    if (cost(body) > budgetBytes) return body;
    bodies.set(key, body);
    bytes += cost(body);
    for (const [oldest, old] of bodies) {
      if (bytes <= budgetBytes) break;
      bodies.delete(oldest);
      bytes -= cost(old);
    }
    return body;
  }

  return { get, bytes: () => bytes, size: () => bodies.size };
}

const cost = (body: Buffer) => body.length + entryOverheadBytes;
