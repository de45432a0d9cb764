/**
 * A response's text, read into a buffer of our own (a BYOB reader, the buffer passed from one read
 * to the next) and decoded in JavaScript while it is ASCII. `text()`, `json()`, `arrayBuffer()`
 * and a default reader's chunks are memory the browser owns and frees only at a full collection
 * of the heap: a million users' load reads 420 MB of pages, and that garbage held the team worker
 * about 100 MB above what it keeps. A body that is not ASCII is decoded by a TextDecoder from the
 * first read that is not; a body that is not a byte stream is read by `text()`. Either way the
 * text is what `text()` gives: UTF-8, a leading byte-order mark dropped, malformed bytes as U+FFFD.
 */
export async function readText(response: Response): Promise<string> {
  let reader: ReadableStreamBYOBReader;
  try {
    if (!response.body) return "";
    reader = response.body.getReader({ mode: "byob" });
  } catch {
    return response.text(); // not a byte stream
  }
  const parts: string[] = [];
  let decoder: TextDecoder | undefined;
  let buffer = new ArrayBuffer(readBytes);
  for (;;) {
    const { done, value } = await reader.read(new Uint8Array(buffer));
    if (done) break;
    const ascii = decoder ? null : asciiText(value);
    if (ascii !== null) parts.push(ascii);
    else parts.push((decoder ??= new TextDecoder()).decode(value, { stream: true }));
    buffer = value.buffer as ArrayBuffer; // the read took ours and hands it back
  }
  if (decoder) parts.push(decoder.decode());
  return parts.join("");
}

/** A read's most: a page of 500 users comes in four. */
const readBytes = 1 << 16;
/** Character codes a `fromCharCode` call: far below any engine's limit on arguments. */
const codesPerCall = 1 << 13;
/** A call's codes: `fromCharCode` takes an array's items fast, and a typed array's one by one. */
const codes = new Array<number>(codesPerCall).fill(0);

/** The bytes as text, or null unless every one is ASCII. */
function asciiText(bytes: Uint8Array): string | null {
  let text = "";
  let all = 0;
  for (let at = 0; at < bytes.length; at += codesPerCall) {
    const count = Math.min(codesPerCall, bytes.length - at);
    const these = count === codesPerCall ? codes : new Array<number>(count);
    for (let i = 0; i < count; i++) all |= these[i] = bytes[at + i]!;
    text += String.fromCharCode(...these);
  }
  return all < 0x80 ? text : null;
}
