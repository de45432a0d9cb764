/**
 * The users' IDs, held once and searched where they are held: each row's client user ID and user
 * ID, folded for search (`foldForSearch`) and joined — `client\0user\0` — into one flat string a
 * page of the service, so that a search is a few `indexOf` scans over flat text instead of a test
 * per user, and the IDs cost their characters and no object each. An ID the fold changes (capitals,
 * accents) is also kept as sent; the user IDs are found again through an open-addressing hash
 * table of row numbers, not a Map of strings.
 */
import { foldForSearch } from "./fold-text.ts";
import { growableUint32 } from "./growable-array.ts";

const separator = "\u0000";

export class TeamIds {
  /** The sealed pages' text, and the first row of each. */
  #pages: string[] = [];
  #pageFirstRows: number[] = [];
  /** The rows appended since the last seal: joined into one page at the next. */
  #pending: string[] = [];
  #pendingLength = 0;
  /** Where each row's text starts within its page. */
  #rowStarts = growableUint32();
  /** IDs as sent, where the fold changed them: row → ID. */
  #sentClientIds = new Map<number, string>();
  #sentUserIds = new Map<number, string>();
  /** Row + 1 in the slot of its user ID's hash (0: empty), at most half full. */
  #slots = new Int32Array(1 << 12);

  get rows(): number {
    return this.#rowStarts.length;
  }

  /** The row of a user ID, if it was appended. */
  rowOf(userId: string): number | undefined {
    const entry = this.#slots[this.#slotOf(userId)]!;
    return entry === 0 ? undefined : entry - 1;
  }

  /** Appends a row, unless its user ID is already here; returns whether it was appended. */
  append(clientUserId: string, userId: string): boolean {
    if ((this.rows + 1) * 2 > this.#slots.length) this.#grow();
    const slot = this.#slotOf(userId); // one probe finds a duplicate, or the new row's place
    if (this.#slots[slot] !== 0) return false;
    const row = this.rows;
    const client = foldForSearch(clientUserId);
    const id = foldForSearch(userId);
    if (client !== clientUserId) this.#sentClientIds.set(row, clientUserId);
    if (id !== userId) this.#sentUserIds.set(row, userId);
    this.#rowStarts.push(this.#pendingLength);
    const text = `${client}${separator}${id}${separator}`;
    this.#pending.push(text);
    this.#pendingLength += text.length;
    this.#slots[slot] = row + 1;
    return true;
  }

  /** Ends a page: the rows appended since the last seal become one flat string. */
  seal(): void {
    if (this.#pending.length === 0) return;
    this.#pageFirstRows.push(this.rows - this.#pending.length);
    this.#pages.push(this.#pending.join(""));
    this.#pending = [];
    this.#pendingLength = 0;
  }

  clientUserId(row: number): string {
    return this.#sentClientIds.get(row) ?? this.#field(row, 0);
  }

  userId(row: number): string {
    return this.#sentUserIds.get(row) ?? this.#field(row, 1);
  }

  /** Marks the rows whose client user ID or user ID contains `query` (not empty), both folded. */
  matches(query: string): Uint8Array {
    this.seal();
    const matched = new Uint8Array(this.rows);
    const needle = foldForSearch(query);
    // Only what the Collator ignores (a zero-width space, a lone accent): every ID holds that.
    if (needle === "") return matched.fill(1);
    const starts = this.#rowStarts.view();
    this.#pages.forEach((text, page) => {
      const first = this.#pageFirstRows[page]!;
      const end = page + 1 < this.#pages.length ? this.#pageFirstRows[page + 1]! : this.rows;
      let row = first;
      // A folded needle holds no separator, so a hit lies within one ID.
      for (let at = text.indexOf(needle); at !== -1;) {
        while (row + 1 < end && starts[row + 1]! <= at) row++;
        matched[row] = 1;
        if (row + 1 >= end) break;
        at = text.indexOf(needle, starts[row + 1]!); // one hit is enough: go on with the next row
      }
    });
    return matched;
  }

  /** The folded text of a row's field (0: client user ID, 1: user ID). */
  #field(row: number, field: 0 | 1): string {
    const { text, start } = this.#textOf(row);
    const clientEnd = text.indexOf(separator, start);
    return field === 0 ? text.slice(start, clientEnd) : text.slice(clientEnd + 1, text.indexOf(separator, clientEnd + 1));
  }

  #textOf(row: number): { text: string; start: number } {
    const start = this.#rowStarts.at(row);
    const sealed = this.rows - this.#pending.length;
    if (row >= sealed) return { text: this.#pending[row - sealed]!, start: 0 };
    // The last page whose first row is at or before `row`.
    let [low, high] = [0, this.#pageFirstRows.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.#pageFirstRows[middle]! <= row) low = middle;
      else high = middle - 1;
    }
    return { text: this.#pages[low]!, start };
  }

  /** The slot holding `userId`, or else the empty slot where it belongs. */
  #slotOf(userId: string): number {
    const mask = this.#slots.length - 1;
    let slot = hash(userId) & mask;
    while (this.#slots[slot] !== 0 && this.userId(this.#slots[slot]! - 1) !== userId) slot = (slot + 1) & mask;
    return slot;
  }

  #grow(): void {
    const old = this.#slots;
    this.#slots = new Int32Array(old.length * 2);
    const mask = this.#slots.length - 1;
    for (const entry of old) {
      if (entry === 0) continue;
      let slot = hash(this.userId(entry - 1)) & mask;
      while (this.#slots[slot] !== 0) slot = (slot + 1) & mask;
      this.#slots[slot] = entry;
    }
  }
}

/** FNV-1a over the UTF-16 code units. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
