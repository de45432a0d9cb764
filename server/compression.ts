/**
 * Content codings, as RFC 9110 §12.5.3 has a client ask for them: which one an answer goes in,
 * and the streams that encode or decode one as the bytes come. Brotli and gzip are what this
 * server writes (Node 20's zlib has no zstd); the levels are chosen by bench/compression-levels.ts
 * (see docs/performance.md, "Compression").
 */
import { Readable, pipeline, type Transform } from "node:stream";
import type { ReadableStream as WebStream } from "node:stream/web";
import { constants, createBrotliCompress, createBrotliDecompress, createGunzip, createGzip, createInflate } from "node:zlib";

/** The codings this server writes, in the order it prefers them when the client likes them alike. */
export const written = ["br", "gzip"] as const;
export type Written = (typeof written)[number];
export type Coding = Written | "identity";

/** gzip 6 makes a demo page of 500 users 9.2× smaller for 3.5 ms of CPU; 4 does worse than 6 and 9 gains 4 % for 50 % more. */
export const gzipLevel = 6;
/** Brotli 4: 8.7× smaller in 2.5 ms; 5 gains 11 % of bytes for twice the CPU. */
export const brotliQuality = 4;

/** Each coding the header names, with its weight (lowercased; a weight that is not a number counts as 1). */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    if (!name) continue;
    const q = params.map((param) => /^q\s*=\s*([0-9.]+)$/i.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Math.min(1, Math.max(0, Number(q) || 0));
    named.set(name.toLowerCase(), weight);
  }
  return named;
}

/**
 * The weight the client gives `coding` (RFC 9110: a coding not named takes `*`'s; identity, when
 * neither names it, is acceptable but below any coding the client did name: "br;q=0.2" asks for br).
 */
function weightOf(named: Map<string, number>, coding: string): number {
  const own = named.get(coding) ?? (coding === "x-gzip" ? named.get("gzip") : undefined);
  if (own !== undefined) return own;
  const any = named.get("*");
  if (any !== undefined) return any;
  return coding === "identity" ? 0.0001 : 0;
}

/**
 * The coding to answer in for a request's `Accept-Encoding`: the one of `offered` (and identity)
 * with the highest weight, ties going to the first offered; null when none is acceptable (identity
 * refused by `identity;q=0` or `*;q=0`). No header asks for nothing: identity. An empty one too.
 */
export function chooseCoding(acceptEncoding: string | undefined | null, offered: readonly Written[] = written): Coding | null {
  if (acceptEncoding === undefined || acceptEncoding === null) return "identity";
  const named = weights(acceptEncoding);
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of [...offered, "identity" as const]) {
    const weight = weightOf(named, coding);
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

/** Whether a client whose header is `acceptEncoding` takes an answer in `coding` as it is. */
export function accepts(acceptEncoding: string | undefined | null, coding: string): boolean {
  const name = coding.trim().toLowerCase();
  if (acceptEncoding === undefined || acceptEncoding === null) return name === "identity";
  return weightOf(weights(acceptEncoding), name) > 0;
}

/** A stream that writes `coding`; `sizeHint` (the body's length when known) helps brotli. */
export function encoder(coding: Written, sizeHint = 0): Transform {
  if (coding === "gzip") return createGzip({ level: gzipLevel });
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(sizeHint > 0 && { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }),
    },
  });
}

/** A stream that reads `coding`, or undefined for one this server cannot read. */
export function decoder(coding: string): Transform | undefined {
  switch (coding.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "br":
      return createBrotliDecompress();
    case "deflate":
      return createInflate();
    default:
      return undefined;
  }
}

/** The slices a whole body is fed to an encoder in, so that it reads only as fast as its output is taken. */
const sliceBytes = 64 * 1024;

function* slices(body: Uint8Array) {
  for (let at = 0; at < body.length; at += sliceBytes) yield body.subarray(at, at + sliceBytes);
}

/**
 * `body` through `transforms`, as a stream read as its reader asks: each piece goes out as soon
 * as it is made, and nothing is made ahead of the reader beyond the streams' small buffers. A
 * body that fails (an upstream that stops) fails the stream: its reader sees an error, never a
 * coding ended early around what came.
 */
export function transformed(body: Uint8Array | ReadableStream<Uint8Array>, transforms: Transform[]): ReadableStream<Uint8Array> {
  if (transforms.length === 0 && !(body instanceof Uint8Array)) return body;
  const source = body instanceof Uint8Array ? Readable.from(slices(body)) : Readable.fromWeb(body as WebStream<Uint8Array>);
  if (transforms.length === 0) return Readable.toWeb(source) as ReadableStream<Uint8Array>;
  const last = transforms[transforms.length - 1]!;
  pipeline([source, ...transforms], () => {}); // an error destroys every stream, the last one with it
  return Readable.toWeb(last) as ReadableStream<Uint8Array>;
}
