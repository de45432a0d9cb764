/**
 * Counts the users of a page of the list operation (`{"users": [{…}, …], "total": …}`) as its
 * bytes pass, without holding them: a scan of the JSON's structure that counts the objects opened
 * directly inside the top-level "users" array. Bytes, not text: every byte JSON's structure uses
 * is ASCII, and no byte of a multi-byte UTF-8 character is.
 */
import type { Transform } from "node:stream";
import { decoder } from "./compression.ts";

const quote = 0x22;
const backslash = 0x5c;

export class UsersCounter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The text of the string being read at depth 1 (a key, perhaps), ASCII only and short: "users" is what is looked for. */
  private string: string | null = null;
  private lastString = "";
  private key: string | null = null;
  private inUsers = false;
  private found = false;
  count = 0;

  feed(bytes: Uint8Array) {
    for (const byte of bytes) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === backslash) this.escaped = true;
        else if (byte === quote) {
          this.inString = false;
          if (this.string !== null) this.lastString = this.string;
          this.string = null;
        } else if (this.string !== null && this.string.length < 8) this.string += String.fromCharCode(byte);
        continue;
      }
      switch (byte) {
        case quote:
          this.inString = true;
          this.string = this.depth === 1 ? "" : null;
          break;
        case 0x3a: // :
          if (this.depth === 1) this.key = this.lastString;
          break;
        case 0x2c: // ,
          if (this.depth === 1) this.key = null;
          break;
        case 0x5b: // [
        case 0x7b: // {
          if (this.depth === 1 && byte === 0x5b && this.key === "users") this.inUsers = this.found = true;
          this.depth++;
          if (this.inUsers && this.depth === 3 && byte === 0x7b) this.count++;
          break;
        case 0x5d: // ]
        case 0x7d: // }
          this.depth--;
          if (this.depth === 1) this.inUsers = false;
          break;
      }
    }
  }

  /** The count, or null when the body held no "users" list or ended inside its structure. */
  result(): number | null {
    return this.found && this.depth === 0 && !this.inString ? this.count : null;
  }
}

/** A counter fed with the bytes as they came: decoded first when the service compressed them. */
export function usersCounterFor(contentEncoding: string | null) {
  const counter = new UsersCounter();
  const coding = contentEncoding?.trim().toLowerCase() || "identity";
  if (coding === "identity") {
    return { feed: (bytes: Uint8Array) => counter.feed(bytes), end: async () => counter.result() };
  }
  const decode: Transform | undefined = decoder(coding);
  if (!decode) return { feed: () => {}, end: async () => null };
  let failed = false;
  decode.on("data", (bytes: Buffer) => counter.feed(bytes));
  decode.on("error", () => (failed = true));
  const ended = new Promise<void>((resolve) => {
    decode.once("end", resolve);
    decode.once("error", () => resolve());
  });
  return {
    feed: (bytes: Uint8Array) => {
      if (!failed) decode.write(bytes);
    },
    end: async () => {
      if (!failed) decode.end();
      await ended;
      return failed ? null : counter.result();
    },
  };
}
