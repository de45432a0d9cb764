/**
 * A stable LSD radix sort of items by 32-bit unsigned keys. The keys move with their items, so
 * every pass reads in order (a key read through its item's index would be a cache miss each).
 * Digits are 16 bits in large ranges and 8 bits in small ones (fewer counters to clear); a digit
 * that every key shares moves nothing and is skipped. A wider key is sorted a word at a time, so
 * that one word a row is held, not the whole key (a million rows' sort takes 16 MB, not 24 for
 * two words): a number's low word first, then its high word (team-sort.ts; each sort is stable),
 * and a client ID's first four characters first, then those that tie by the next four (team-ids.ts).
 */
import { release } from "../api/release-memory.ts";

interface Keyed {
  items: Uint32Array;
  keys: Uint32Array;
}

export class KeySorter implements Keyed {
  /** Fill these for the range to sort; they are in key order after `sort`. */
  readonly items: Uint32Array;
  readonly keys: Uint32Array;
  /** Where a pass writes; the passes go back and forth between it and this. */
  #spare: Keyed;
  #wideCounts = new Uint32Array(0x1_0000);
  #narrowCounts = new Uint32Array(0x100);

  constructor(capacity: number) {
    this.items = new Uint32Array(capacity);
    this.keys = new Uint32Array(capacity);
    this.#spare = { items: new Uint32Array(capacity), keys: new Uint32Array(capacity) };
  }

  /** Frees the keys and the room the passes used; `items` stays (often kept as an order). */
  release(): void {
    release(this.keys, this.#spare.items, this.#spare.keys);
  }

  /** Sorts the items from `from` to `to` by their keys, equal keys in the order they were in. */
  sort(from: number, to: number): void {
    for (const _ of this.sortSteps(from, to));
  }

  /** `sort`, a step a pass over the range: in idle time, a range of a million is two steps. */
  *sortSteps(from: number, to: number): Generator<void, void> {
    const wide = to - from >= wideFrom;
    const [bits, counts] = wide ? [16, this.#wideCounts] : [8, this.#narrowCounts];
    let [source, target]: [Keyed, Keyed] = [this, this.#spare];
    for (let shift = 0; shift < 32; shift += bits) {
      if (pass(source, target, shift, counts, from, to)) [source, target] = [target, source];
      if (wide) yield;
    }
    // Copied by hand: `set` of a subarray costs an object each, and small ranges are many.
    if (source !== this) {
      for (let i = from; i < to; i++) {
        this.items[i] = source.items[i]!;
        this.keys[i] = source.keys[i]!;
      }
    }
  }
}

/**
 * One counting pass on the digit of each key at `shift`, from `source` into `target`; false if
 * every key has the same digit there (nothing moved).
 */
function pass(source: Keyed, target: Keyed, shift: number, counts: Uint32Array, from: number, to: number): boolean {
  const mask = counts.length - 1;
  const keys = source.keys;
  counts.fill(0);
  for (let i = from; i < to; i++) counts[(keys[i]! >>> shift) & mask]!++;
  if (counts[(keys[from]! >>> shift) & mask] === to - from) return false;
  for (let digit = 0, start = from; digit <= mask; digit++) {
    const many = counts[digit]!;
    counts[digit] = start; // where this digit's keys go
    start += many;
  }
  for (let i = from; i < to; i++) {
    const at = counts[(keys[i]! >>> shift) & mask]!++;
    target.items[at] = source.items[i]!;
    target.keys[at] = keys[i]!;
  }
  return true;
}

/** From this many items a pass counts 16-bit digits: 65,536 counters are cheap next to them. */
const wideFrom = 1 << 14;
