/** A typed array that grows as values are pushed: the columns of the team index. */
type NumberArray = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

export class GrowableArray<A extends NumberArray> {
  #items: A;
  #length = 0;

  constructor(
    private readonly allocate: (capacity: number) => A,
    initialCapacity = 1024,
  ) {
    this.#items = allocate(initialCapacity);
  }

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (this.#length === this.#items.length) {
      // Growing by half keeps the copies amortized O(1) per value, and the unused tail under a third.
      const larger = this.allocate(Math.ceil(this.#items.length * 1.5));
      larger.set(this.#items);
      this.#items = larger;
    }
    this.#items[this.#length++] = value;
  }

  at(index: number): number {
    return this.#items[index] ?? Number.NaN;
  }

  /** The pushed values, without a copy; valid until the next push. */
  view(): A {
    return this.#items.subarray(0, this.#length) as A;
  }
}

export const growableUint16 = () => new GrowableArray((n) => new Uint16Array(n));
export const growableUint32 = () => new GrowableArray((n) => new Uint32Array(n));
export const growableInt32 = () => new GrowableArray((n) => new Int32Array(n));
export const growableFloat64 = () => new GrowableArray((n) => new Float64Array(n));
