/**
 * An index of the searched text that is not a UUID (client user IDs, the other user IDs): for each
 * character and each pair of adjacent characters (UTF-16 units), the rows holding it
 * (`PostingLists`). A search of one or two characters is read off it; a longer one gets the rows
 * holding its rarest pairs, which are then checked.
 */
import { PostingLists } from "./posting-lists.ts";

/** What no gram spans: the separator between a row's fields. */
const separator = 0;

export class TextGrams {
  #lists = new PostingLists();
  /** The list of each ASCII character, and of each pair of them (-1: none yet). */
  #asciiChars = new Int32Array(0x80).fill(-1);
  #asciiPairs = new Int32Array(0x80 * 0x80).fill(-1);
  /** The lists of the other characters and pairs, by their text. */
  #others = new Map<string, number>();

  /** Indexes a row's text: its fields, folded, each followed by the separator. */
  append(row: number, text: string): void {
    let previous = separator;
    for (let at = 0; at < text.length; at++) {
      const unit = text.charCodeAt(at);
      if (unit !== separator) {
        this.#lists.add(this.#listOf(unit, -1, true), row);
        if (previous !== separator) this.#lists.add(this.#listOf(previous, unit, true), row);
      }
      previous = unit;
    }
  }

  /**
   * The rows whose text may hold `needle` (folded, not empty, no separator), ascending: for one or
   * two characters, exactly those that do (`exact`); for more, those holding its rarest pairs.
   */
  candidates(needle: string): { rows: Uint32Array; exact: boolean } {
    const lists: number[] = [];
    if (needle.length === 1) lists.push(this.#listOf(needle.charCodeAt(0), -1, false));
    for (let at = 1; at < needle.length; at++) lists.push(this.#listOf(needle.charCodeAt(at - 1), needle.charCodeAt(at), false));
    const exact = needle.length <= 2;
    return { rows: lists.includes(-1) ? new Uint32Array(0) : this.#lists.common(lists), exact };
  }

  /** The list of a character (`second` -1) or a pair; -1 if there is none and `open` is false. */
  #listOf(first: number, second: number, open: boolean): number {
    if (first < 0x80 && second < 0x80) {
      const lists = second === -1 ? this.#asciiChars : this.#asciiPairs;
      const at = second === -1 ? first : first * 0x80 + second;
      if (lists[at] === -1 && open) lists[at] = this.#lists.open();
      return lists[at]!;
    }
    const key = second === -1 ? String.fromCharCode(first) : String.fromCharCode(first, second);
    let list = this.#others.get(key);
    if (list === undefined && open) this.#others.set(key, (list = this.#lists.open()));
    return list ?? -1;
  }

  trim(): void {
    this.#lists.trim();
  }
}
