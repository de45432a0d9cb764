import { ContractError } from "./errors.ts";
import { release } from "./release-memory.ts";

/**
 * The largest answer read: a page of 500 users at the worst realistic case (30 sources each,
 * names and a client ID of three-byte characters) is about 14 MB, a usual one 300 kB. A body
 * past it is not one the dashboard can use, and is refused before it fills the tab's memory.
 */
export const maxAnswerBytes = 32 * 1024 * 1024;

const tooLarge = () =>
  new ContractError(`The answer is larger than ${maxAnswerBytes / 1024 / 1024} MB, far more than a page of users can be: it was not read.`);

/**
 * A response's text: its bytes read into a buffer of our own (a BYOB reader; the body's length
 * and a byte more when it says its length, else grown), then decoded at once, in JavaScript when
 * every byte is ASCII, else by a TextDecoder; the buffer is given back at once. `text()`,
 * `json()`, `arrayBuffer()` and a default reader's chunks are memory the browser owns and frees
 * only at a full collection of the heap: a million users' load reads 420 MB of pages, and that
 * garbage held the team worker about 100 MB above what it keeps. Nothing of a page is in the JS
 * heap while its bytes come: text decoded read by read lived across the reads, long enough to be
 * moved to the old generation, which too only a full collection frees (the page and the worker
 * peaked about 40 MB higher at a million users). A body that is not a byte stream is read by
 * `text()`. Either way the text is what `text()` gives: UTF-8, a leading byte-order mark dropped,
 * malformed bytes as U+FFFD.
 */
export async function readText(response: Response): Promise<string>;
/**
 * The same, unless `fromBytes` makes something of the body's bytes first: then that. `onRead` is
 * told of each read as the bytes come (not for a body read by `text()`). `signal`: the request's,
 * which ends the reading when it aborts — a compressed body in Node's fetch does not end by itself.
 */
export async function readText<T extends object>(
  response: Response,
  fromBytes: ((bytes: Uint8Array) => T | null) | undefined,
  onRead?: () => void,
  signal?: AbortSignal,
): Promise<string | T>;
export async function readText<T extends object>(
  response: Response,
  fromBytes?: (bytes: Uint8Array) => T | null,
  onRead?: () => void,
  signal?: AbortSignal,
): Promise<string | T> {
  // A compressed body's length is what came, less than it reads: one that says more is refused unread.
  const length = Number(response.headers.get("Content-Length")) || 0;
  if (length > maxAnswerBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  let reader: ReadableStreamBYOBReader;
  try {
    if (!response.body) return "";
    reader = response.body.getReader({ mode: "byob" });
  } catch {
    return response.text(); // not a byte stream
  }
  const aborted = signal && abortOf(signal, () => void reader.cancel().catch(() => {}));
  // Room for the whole body when its length is known, and a byte more: the last read then ends
  // it. (A compressed body's buffer grows.) At most a byte past the cap is room enough to refuse.
  let bytes = new Uint8Array(Math.max(readBytes, Math.min(length + 1, maxFirstBytes)));
  let filled = 0;
  for (;;) {
    if (filled > maxAnswerBytes) {
      release(bytes);
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    if (filled === bytes.length) {
      const larger = new Uint8Array(Math.min(bytes.length * 2, maxAnswerBytes + 1));
      larger.set(bytes);
      release(bytes);
      bytes = larger;
    }
    const reading = reader.read(new Uint8Array(bytes.buffer, filled, bytes.length - filled));
    const { done, value } = await (aborted ? Promise.race([reading, aborted]) : reading);
    // The read took our buffer and hands it back, at the end too (empty); a failure rejects, and
    // only a cancel, which nothing here does, would end without it.
    bytes = new Uint8Array(value!.buffer);
    filled += value!.byteLength;
    if (done) break;
    onRead?.();
  }
  const read = bytes.subarray(0, filled);
  try {
    return fromBytes?.(read) ?? asciiText(read) ?? new TextDecoder().decode(read);
  } finally {
    release(bytes);
  }
}

/** A promise that rejects with the signal's reason once it aborts, after `onAbort`; it never resolves. */
function abortOf(signal: AbortSignal, onAbort: () => void): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => {
      onAbort();
      reject(signal.reason as Error);
    };
    if (signal.aborted) abort();
    else signal.addEventListener("abort", abort, { once: true });
  });
  aborted.catch(() => {}); // rejected whether or not a read still waits on it
  return aborted;
}

/** The smallest buffer a body starts with: all of it when the body's length is unknown. */
const readBytes = 1 << 16;
/** The most a buffer starts with, whatever length a body claims (a page of 500 users is about 300 kB). */
const maxFirstBytes = 1 << 23;
/** Character codes a `fromCharCode` call: far below any engine's limit on arguments. */
const codesPerCall = 1 << 13;
/** A call's codes: `fromCharCode` takes an array's items fast, and a typed array's one by one. */
const codes = new Array<number>(codesPerCall).fill(0);

/** The bytes as text, or null unless every one is ASCII (found out before the call that would take it). */
export function asciiText(bytes: Uint8Array): string | null {
  let text = "";
  for (let at = 0; at < bytes.length; at += codesPerCall) {
    const count = Math.min(codesPerCall, bytes.length - at);
    const these = count === codesPerCall ? codes : new Array<number>(count);
    let all = 0;
    for (let i = 0; i < count; i++) all |= these[i] = bytes[at + i]!;
    if (all >= 0x80) return null;
    text += String.fromCharCode(...these);
  }
  return text;
}
