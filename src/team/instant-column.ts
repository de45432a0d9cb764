/**
 * A column of instants as the service wrote them, in 10 bytes each instead of a string of 25 or
 * more: the milliseconds (what the overview counts and the sort orders by) and how they were
 * written (the offset, the fraction's digits, `Z`), from which the same text is written again.
 * Text that cannot be written again exactly (an unusual form, or unreadable) is kept as it came.
 */
import { growableFloat64, growableUint16 } from "./growable-array.ts";
import { keptAsText, parseInstant, type InstantFormat } from "./parse-instant.ts";

export class InstantColumn {
  #ms = growableFloat64();
  #formats = growableUint16();
  #texts = new Map<number, string>();
  #format: InstantFormat = { code: keptAsText };

  get length(): number {
    return this.#ms.length;
  }

  /** Appends an instant; null (no value) reads back as "". */
  push(text: string | null): void {
    if (text === null) {
      this.#ms.push(Number.NaN);
      this.#formats.push(keptAsText);
      return;
    }
    this.#ms.push(parseInstant(text, this.#format));
    if (this.#format.code === keptAsText) this.#texts.set(this.#formats.length, text);
    this.#formats.push(this.#format.code);
  }

  ms(index: number): number {
    return this.#ms.at(index);
  }

  /** Every instant's milliseconds (NaN: unreadable or none), without a copy; valid until the next push. */
  msView(): Float64Array {
    return this.#ms.view();
  }

  /** The instant exactly as it came. */
  text(index: number): string {
    const code = this.#formats.at(index);
    return code === keptAsText ? (this.#texts.get(index) ?? "") : writeInstant(this.#ms.at(index), code);
  }
}

function writeInstant(ms: number, code: number): string {
  const offsetMinutes = (code >> 3) - 1440;
  const fractionDigits = (code >> 1) & 3;
  const wallClock = new Date(ms + offsetMinutes * 60_000).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  const fraction = fractionDigits > 0 ? wallClock.slice(19, 20 + fractionDigits) : "";
  if (code & 1) return `${wallClock.slice(0, 19)}${fraction}Z`;
  const size = Math.abs(offsetMinutes);
  const hhmm = `${String(Math.floor(size / 60)).padStart(2, "0")}:${String(size % 60).padStart(2, "0")}`;
  return `${wallClock.slice(0, 19)}${fraction}${offsetMinutes < 0 ? "-" : "+"}${hhmm}`;
}
