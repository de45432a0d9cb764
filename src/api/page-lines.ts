/**
 * A page's users as NDJSON: each user's JSON exactly as the service wrote it, on a line of its
 * own, in UTF-8 bytes — what an NDJSON export writes. The usual page's lines are cut straight from
 * its bytes (`scanUserPage` says where each user lies); any other page's from its text, split the
 * exact way (`arrayItemTexts`).
 */
import { scanUserPage } from "./scan-user-page.ts";

export interface PageLines {
  /** The team's total, as the page says. */
  total: number;
  /** Each user's ID, in the page's order. */
  userIds: string[];
  /** The team of the page's users (the first one's); undefined for an empty page. */
  teamId: string | undefined;
  /** The lines, a user each, each ending in a line feed. A new array, the reader's to give back (see `release`). */
  bytes: Uint8Array;
  /** Where each user's line ends in `bytes`: it starts where the one before ends. */
  ends: Uint32Array;
}

const [lineFeed, carriageReturn] = [10, 13];

/** The usual page's lines, cut from its bytes; null for any other page (then read it the exact way). */
export function scannedPageLines(bytes: Uint8Array): PageLines | null {
  const spans: number[] = [];
  const page = scanUserPage(bytes, spans);
  if (!page) return null;
  const { total, users, ids } = page;
  return { total, userIds: users.map((user) => ids.text(user.user_id)), teamId: users[0]?.team_id, ...linesOfSpans(bytes, spans) };
}

/** What a page's lines take of the page itself: the total, and each user's IDs. */
interface ListedPage {
  total: number;
  users: readonly { user_id: string; team_id: string }[];
}

/** The lines of a page checked the exact way, from each user's text (`arrayItemTexts`). */
export function pageLinesOfTexts({ total, users }: ListedPage, texts: readonly string[]): PageLines {
  return { total, userIds: users.map((user) => user.user_id), teamId: users[0]?.team_id, ...linesOfTexts(texts) };
}

/**
 * The lines of users whose objects lie at `spans` (start and end pairs) in `bytes`. A line break
 * in JSON can only be white space between tokens, and is left out: a user spread over many lines
 * becomes one.
 */
function linesOfSpans(bytes: Uint8Array, spans: readonly number[]): { bytes: Uint8Array; ends: Uint32Array } {
  const count = spans.length / 2;
  let length = count;
  for (let i = 0; i < spans.length; i += 2) length += spans[i + 1]! - spans[i]!;
  const lines = new Uint8Array(length);
  const ends = new Uint32Array(count);
  let at = 0;
  for (let user = 0; user < count; user++) {
    const text = bytes.subarray(spans[2 * user], spans[2 * user + 1]);
    if (text.includes(lineFeed) || text.includes(carriageReturn)) {
      for (const byte of text) if (byte !== lineFeed && byte !== carriageReturn) lines[at++] = byte;
    } else {
      lines.set(text, at);
      at += text.length;
    }
    lines[at++] = lineFeed;
    ends[user] = at;
  }
  // Line breaks left out: the lines are shorter than the room made for them.
  return { bytes: at === length ? lines : lines.slice(0, at), ends };
}

/** The lines of users whose texts are `texts`. */
function linesOfTexts(texts: readonly string[]): { bytes: Uint8Array; ends: Uint32Array } {
  // Room for the most bytes a text can take: three a UTF-16 code unit.
  const encoded = new Uint8Array(texts.reduce((units, text) => units + 3 * text.length, 0));
  const encoder = new TextEncoder();
  const spans: number[] = [];
  let at = 0;
  for (const text of texts) {
    const start = at;
    at += encoder.encodeInto(text, encoded.subarray(at)).written;
    spans.push(start, at);
  }
  return linesOfSpans(encoded, spans);
}
