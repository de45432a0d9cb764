/** Each distinct string once, named by a small integer: slugs, time zones, team IDs repeat a lot. */
export class Interner {
  readonly values: string[] = [];
  #codes = new Map<string, number>();
  /** The latest value asked: most are asked again by the next user, and comparing is cheaper than hashing. */
  #latestValue: string | undefined;
  #latestCode = 0;

  code(value: string): number {
    if (value === this.#latestValue) return this.#latestCode;
    let code = this.#codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.#codes.set(value, code);
    }
    this.#latestValue = value;
    this.#latestCode = code;
    return code;
  }

  find(value: string): number | undefined {
    return this.#codes.get(value);
  }

  value(code: number): string {
    return this.values[code] ?? "";
  }

  get size(): number {
    return this.values.length;
  }
}
