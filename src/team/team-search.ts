/**
 * Substring search over each user's client user ID and user ID, ignoring case, accents and
 * compatibility forms (`foldForSearch`). Both are kept folded in one long string, so a search is
 * a few `indexOf` scans over flat text instead of a test per user; each hit is mapped back to its
 * row through the rows' start positions.
 */
import { foldForSearch } from "./fold-text.ts";
import { growableUint32 } from "./growable-array.ts";

const separator = "\u0000";

export class SearchText {
  #text = "";
  /** Rows appended since the last search, joined into `#text` only when a search needs it. */
  #pending: string[] = [];
  #length = 0;
  #clientIdStarts = growableUint32();
  #userIdStarts = growableUint32();

  get rows(): number {
    return this.#clientIdStarts.length;
  }

  append(clientUserId: string, userId: string): void {
    // Starts are measured on the folded text: a fold may change the length (ß is ss, İ is i).
    const client = foldForSearch(clientUserId);
    const id = foldForSearch(userId);
    this.#clientIdStarts.push(this.#length);
    this.#userIdStarts.push(this.#length + client.length + 1);
    this.#length += client.length + id.length + 2;
    this.#pending.push(`${client}${separator}${id}${separator}`);
  }

  /** Marks the rows whose client user ID or user ID contains `query` (not empty), both folded. */
  matches(query: string): Uint8Array {
    const needle = foldForSearch(query);
    const rows = this.rows;
    const matched = new Uint8Array(rows);
    // Only what the Collator ignores (a zero-width space, a lone accent): every ID holds that.
    // (indexOf would find "" at the text's end forever.)
    if (needle === "") return matched.fill(1);
    const text = this.#joined();
    const clientIdStarts = this.#clientIdStarts.view();
    const userIdStarts = this.#userIdStarts.view();
    let row = 0;
    let from = 0;
    for (let at = text.indexOf(needle, from); at !== -1; at = text.indexOf(needle, from)) {
      while (row + 1 < rows && clientIdStarts[row + 1]! <= at) row++;
      const end = at + needle.length;
      const userIdStart = userIdStarts[row]!;
      const rowEnd = row + 1 < rows ? clientIdStarts[row + 1]! : this.#length;
      // A hit must lie within one field. The fold drops the separator (the Collator ignores it),
      // so a folded query cannot hold it; this stays in case a fold ever keeps it.
      const inClientId = end < userIdStart;
      const inUserId = at >= userIdStart && end < rowEnd;
      if (inClientId || inUserId) {
        matched[row] = 1;
        from = rowEnd; // one hit is enough: go on with the next row
      } else {
        from = at + 1;
      }
    }
    return matched;
  }

  #joined(): string {
    if (this.#pending.length > 0) {
      // One concatenation per batch keeps the rope shallow; the first indexOf flattens it once.
      this.#text += this.#pending.join("");
      this.#pending = [];
    }
    return this.#text;
  }
}
