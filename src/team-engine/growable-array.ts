import { release } from "../api/release-memory.ts";

/** The typed arrays a column of codes or numbers is held in, and what its `view` gives. */
export type CodeView = Uint8Array | Uint16Array | Uint32Array;

/** A typed array that grows as values are pushed: the columns of the team index. */
export class GrowableArray<A extends CodeView> {
  #allocate: (capacity: number) => A;
  #items: A;
  #length = 0;

  constructor(allocate: (capacity: number) => A, initialCapacity = 1024) {
    this.#allocate = allocate;
    this.#items = allocate(initialCapacity);
  }

  get length(): number {
    return this.#length;
  }

  /** The memory the values take, room for growth included. */
  get byteLength(): number {
    return this.#items.byteLength;
  }

  push(value: number): void {
    if (this.#length === this.#items.length) {
      // Growing by half keeps the copies amortized O(1) per value, and the unused tail under a third.
      this.#moveTo(this.#allocate, Math.max(16, Math.ceil(this.#items.length * 1.5)));
    }
    this.#items[this.#length++] = value;
  }

  at(index: number): number {
    return this.#items[index] ?? Number.NaN;
  }

  /** Adds `amount` to the value at `index` (below `length`). */
  add(index: number, amount: number): void {
    this.#items[index]! += amount;
  }

  /** The pushed values, without a copy; valid until the values move (a push, `reserve`, `trim`). */
  view(): A {
    return this.#items.subarray(0, this.#length) as A;
  }

  /** Makes room for `capacity` values at once: no copies as they come, and no dead copies left for the collector. */
  reserve(capacity: number): void {
    if (capacity > this.#items.length) this.#moveTo(this.#allocate, capacity);
  }

  /** Gives back the room kept for growth (unless little), once no more values are coming for a while. */
  trim(): void {
    // A little room (a reservation's margin) is cheaper kept than copied away.
    if (this.#items.length - this.#length > this.#items.length / 8) this.#moveTo(this.#allocate, this.#length);
  }

  /** Gives the values' memory back at once: nothing is left, and the array must not be read again. */
  release(): void {
    release(this.#items);
    this.#length = 0;
  }

  /** Holds the values in arrays of another kind from now on (a wider one: every value fits). */
  protected retype(allocate: (capacity: number) => A): void {
    this.#allocate = allocate;
    this.#moveTo(allocate, this.#items.length);
  }

  #moveTo(allocate: (capacity: number) => A, capacity: number): void {
    const moved = allocate(capacity);
    moved.set(this.#items.subarray(0, this.#length));
    // No view outlives a move (see `view`): the old array's memory goes back now.
    release(this.#items);
    this.#items = moved;
  }
}

/**
 * Codes (small non-negative integers, as an `Interner` gives) in the narrowest array that holds
 * them: a byte each until a code needs two, then two, then four. Most columns of codes name a
 * handful of values, and a million users make each byte a megabyte.
 */
export class CodeArray extends GrowableArray<CodeView> {
  #largest = 0xff;

  constructor() {
    super((n) => new Uint8Array(n));
  }

  override push(code: number): void {
    if (code > this.#largest) {
      const wide = code > 0xffff;
      this.#largest = wide ? 0xffff_ffff : 0xffff;
      this.retype(wide ? (n) => new Uint32Array(n) : (n) => new Uint16Array(n));
    }
    super.push(code);
  }
}

export const growableUint32 = () => new GrowableArray((n) => new Uint32Array(n));
