/**
 * An emulated network link for `npm run bench:network`: a TCP proxy (node:net) between the
 * browser and a server on 127.0.0.1. Each way, the bytes of all connections share the link's rate
 * (a token bucket one slice deep: a slice leaves when the link has sent the slices before it), then
 * travel half the round trip. Each connection keeps its own queue and timer, so that one
 * connection's slow answer never holds another's bytes back beyond the rate they share. It counts
 * the bytes that cross it each way, and the list requests (`GET /v2/user/?…`) and 429 answers it
 * carried. Not emulated: TCP's slow start and losses (a real link's first round trips send less).
 */
import { connect, createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface LinkProfile {
  name: string;
  /** The rate each way; Infinity: unlimited. */
  megabitsPerSecond: number;
  /** The round trip: half of it is added each way. */
  rttMs: number;
}

export const unlimited: LinkProfile = { name: "no link limits", megabitsPerSecond: Infinity, rttMs: 0 };

/** A list request as it crossed the link: its path and query, and when (performance.now()). */
export interface CarriedRequest {
  path: string;
  at: number;
}

export interface EmulatedLink {
  url: string;
  profile: LinkProfile;
  /** Bytes that crossed to the browser (down) and to the server (up), so far. */
  readonly bytes: { down: number; up: number };
  readonly requests: readonly CarriedRequest[];
  /** 429 answers carried to the browser, so far. */
  readonly tooManyRequests: number;
  close(): Promise<void>;
}

/** Bytes a slice holds at most: a slice leaves the link whole, so large ones would add their own wait. */
const sliceBytes = 16 * 1024;
/** A connection's queue beyond which its sender is paused (TCP's window would stop it too). */
const pauseAboveBytes = 4 * 1024 * 1024;

/** One way of the link: the moment it has sent everything queued so far, and what crossed. */
interface Way {
  bytesPerMs: number;
  freeAt: number;
  crossed: number;
}

export async function startLink(target: string, profile: LinkProfile): Promise<EmulatedLink> {
  const { hostname, port } = new URL(target);
  const oneWayMs = profile.rttMs / 2;
  const bytesPerMs = (profile.megabitsPerSecond * 1e6) / 8 / 1000;
  const down: Way = { bytesPerMs, freeAt: 0, crossed: 0 };
  const up: Way = { bytesPerMs, freeAt: 0, crossed: 0 };
  const requests: CarriedRequest[] = [];
  let tooManyRequests = 0;
  const sockets = new Set<Socket>();

  /** Carries `from`'s bytes to `to` over `way`; `seen` reads each chunk as it enters the link. */
  function carry(from: Socket, to: Socket, way: Way, seen: (chunk: Buffer) => void) {
    const immediate = !Number.isFinite(way.bytesPerMs) && oneWayMs === 0;
    const queue: { piece: Buffer | null; at: number }[] = []; // null: the sender's end
    let queued = 0;
    let timer: NodeJS.Timeout | undefined;
    const deliver = () => {
      timer = undefined;
      const now = performance.now();
      while (queue.length > 0 && queue[0]!.at <= now + 0.5) {
        const { piece } = queue.shift()!;
        if (piece === null) {
          to.end();
          continue;
        }
        queued -= piece.length;
        way.crossed += piece.length;
        if (!to.destroyed) to.write(piece);
      }
      if (from.isPaused() && queued < pauseAboveBytes / 4) from.resume();
      if (queue.length > 0) timer = setTimeout(deliver, Math.max(0, queue[0]!.at - performance.now()));
    };
    const enqueue = (piece: Buffer | null, at: number) => {
      queue.push({ piece, at });
      if (piece) queued += piece.length;
      if (!timer) timer = setTimeout(deliver, Math.max(0, queue[0]!.at - performance.now()));
    };
    from.on("data", (chunk: Buffer) => {
      seen(chunk);
      if (immediate) {
        way.crossed += chunk.length;
        to.write(chunk);
        return;
      }
      for (let start = 0; start < chunk.length; start += sliceBytes) {
        const piece = chunk.subarray(start, start + sliceBytes);
        const now = performance.now();
        // The link sends the slices of every connection one after another at its rate.
        way.freeAt = Math.max(now, way.freeAt) + piece.length / way.bytesPerMs;
        enqueue(piece, (Number.isFinite(way.bytesPerMs) ? way.freeAt : now) + oneWayMs);
      }
      if (queued > pauseAboveBytes) from.pause();
    });
    from.on("end", () => {
      if (immediate) to.end();
      else enqueue(null, Math.max(queue.at(-1)?.at ?? 0, performance.now() + oneWayMs));
    });
    from.on("close", () => {
      if (immediate || queue.length === 0) to.end();
    });
  }

  /** Finds `pattern`'s matches in a stream read chunk by chunk (a match may span two chunks). */
  function scanner(pattern: RegExp, found: (match: RegExpExecArray) => void) {
    let tail = "";
    return (chunk: Buffer) => {
      const text = tail + chunk.toString("latin1");
      let consumed = 0;
      for (const match of text.matchAll(pattern)) {
        found(match);
        consumed = match.index + match[0].length;
      }
      tail = text.slice(Math.max(consumed, text.length - 512));
    };
  }

  const server = createServer((browser) => {
    const origin = connect(Number(port), hostname);
    for (const socket of [browser, origin]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        browser.destroy();
        origin.destroy();
      });
    }
    const at = () => performance.now();
    carry(
      browser,
      origin,
      up,
      scanner(/GET (\/v2\/user\/\?[^ \r\n]*) HTTP\/1\.1\r\n/g, (match) => requests.push({ path: match[1]!, at: at() })),
    );
    carry(
      origin,
      browser,
      down,
      scanner(/HTTP\/1\.1 429 /g, () => tooManyRequests++),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    profile,
    bytes: {
      get down() {
        return down.crossed;
      },
      get up() {
        return up.crossed;
      },
    },
    requests,
    get tooManyRequests() {
      return tooManyRequests;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
