/**
 * JSON text kept as the service wrote it: each user's text in a page (what an NDJSON export
 * writes), and a text laid out for reading (the detail panel), its tokens untouched — so `1.0`,
 * `\u00e9`, big integers and the order of keys stay the service's, not what `JSON.stringify`
 * makes of the parsed value.
 */

const [quote, backslash, colon, comma, openBracket, closeBracket, openBrace, closeBrace] = [34, 92, 58, 44, 91, 93, 123, 125];

/**
 * Each item's text of the array under `key` in the document's top-level object (the last such
 * key, as `JSON.parse` keeps the last), outer white space left out; null when there is no such
 * array. `text` must be JSON (it was parsed already).
 */
export function arrayItemTexts(text: string, key: string): string[] | null {
  let found: string[] | null = null;
  let depth = 0;
  /** The depth of the array being split, while inside it; -1 otherwise. */
  let arrayDepth = -1;
  let items: string[] = [];
  let itemStart = -1;
  let expectingArrayOf = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === quote) {
      const start = at;
      for (at++; text.charCodeAt(at) !== quote; at++) if (text.charCodeAt(at) === backslash) at++;
      if (itemStart < 0 && arrayDepth === depth) itemStart = start;
      if (depth === 1 && arrayDepth < 0) {
        let next = at + 1;
        while (isSpace(text.charCodeAt(next))) next++;
        // A key: the one asked (its value is the one that counts, so far), or another; a value: neither.
        expectingArrayOf = text.charCodeAt(next) === colon && (JSON.parse(text.slice(start, at + 1)) as string) === key;
        if (expectingArrayOf) found = null;
      }
      continue;
    }
    if (isSpace(char) || char === colon) continue;
    if (char === openBracket || char === openBrace) {
      if (itemStart < 0 && arrayDepth === depth) itemStart = at;
      depth++;
      if (char === openBracket && expectingArrayOf && depth === 2) {
        arrayDepth = depth;
        items = [];
      }
      expectingArrayOf = false;
    } else if (char === closeBracket || char === closeBrace) {
      if (depth === arrayDepth) {
        if (itemStart >= 0) items.push(text.slice(itemStart, trimmedEnd(text, at)));
        found = items;
        arrayDepth = -1;
        itemStart = -1;
      }
      depth--;
    } else if (char === comma) {
      if (depth === arrayDepth) {
        items.push(text.slice(itemStart, trimmedEnd(text, at)));
        itemStart = -1;
      }
      if (depth === 1) expectingArrayOf = false;
    } else {
      // A number, true, false or null.
      if (itemStart < 0 && arrayDepth === depth) itemStart = at;
      expectingArrayOf = false;
    }
  }
  return found;
}

function isSpace(char: number): boolean {
  return char === 0x20 || char === 0x0a || char === 0x0d || char === 0x09;
}

/** Where the text before `end` stops, white space left out. */
function trimmedEnd(text: string, end: number): number {
  while (isSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

/**
 * `text` (JSON) indented by two spaces a level, as `JSON.stringify(value, null, 2)` lays a value
 * out, with its strings, numbers and literals copied as written.
 */
export function layOutJson(text: string): string {
  let out = "";
  let depth = 0;
  const newLine = () => `\n${"  ".repeat(depth)}`;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (isSpace(char)) continue;
    if (char === quote) {
      const start = at;
      for (at++; text.charCodeAt(at) !== quote; at++) if (text.charCodeAt(at) === backslash) at++;
      out += text.slice(start, at + 1);
    } else if (char === openBrace || char === openBracket) {
      let next = at + 1;
      while (isSpace(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) === char + 2) {
        out += text[at]! + text[next]!; // empty: {} or []
        at = next;
      } else {
        depth++;
        out += text[at]! + newLine();
      }
    } else if (char === closeBrace || char === closeBracket) {
      depth--;
      out += newLine() + text[at]!;
    } else if (char === comma) out += `,${newLine()}`;
    else if (char === colon) out += ": ";
    else out += text[at]!;
  }
  return out;
}
