/**
 * Lists of rows, each appended in increasing order, held as the gaps between them: three bits of
 * gap a nibble, the fourth saying more follows. A list whose rows come every ten or so (a pair of
 * hexadecimal digits in a UUID) costs about six bits a row it holds, against a bit a row of the
 * team for a bitmap. The nibbles go into chunks a list, so that a list grows without copies.
 */
import { release } from "./release-memory.ts";

const chunkBytes = 4096;

export class PostingLists {
  #chunks: Uint8Array[][] = [];
  /** Each list's last chunk (the others are full), and the nibbles written in it. */
  #last: Uint8Array[] = [];
  #written: number[] = [];
  #lastRow: number[] = [];
  #counts: number[] = [];

  /** Starts `lists` more lists, empty; returns the first one's number. */
  open(lists = 1): number {
    const first = this.#chunks.length;
    for (let list = 0; list < lists; list++) {
      this.#chunks.push([]);
      this.#last.push(new Uint8Array(0));
      this.#written.push(0);
      this.#lastRow.push(-1);
      this.#counts.push(0);
    }
    return first;
  }

  /** How many rows a list holds. */
  count(list: number): number {
    return this.#counts[list]!;
  }

  /** Appends `row` (below 2^31) to a list, unless it is the list's last row already; rows come in increasing order. */
  add(list: number, row: number): void {
    const last = this.#lastRow[list]!;
    if (row === last) return;
    this.#lastRow[list] = row;
    this.#counts[list]!++;
    let chunk = this.#last[list]!;
    let at = this.#written[list]!;
    for (let gap = row - last; gap > 0; gap >>>= 3, at++) {
      if (at === chunk.length * 2) {
        this.#chunks[list]!.push((chunk = this.#last[list] = new Uint8Array(chunkBytes)));
        at = 0;
      }
      chunk[at >> 1]! |= (gap < 8 ? gap : (gap & 7) | 8) << ((at & 1) << 2);
    }
    this.#written[list] = at;
  }

  /** A list's rows, in order. */
  rows(list: number): Uint32Array {
    const rows = new Uint32Array(this.#counts[list]!);
    const chunks = this.#chunks[list]!;
    let [found, row, gap, shift] = [0, -1, 0, 0];
    for (let c = 0; c < chunks.length; c++) {
      const chunk = chunks[c]!;
      const bytes = c === chunks.length - 1 ? (this.#written[list]! + 1) >> 1 : chunk.length; // all but the last are full
      for (let at = 0; at < bytes; at++) {
        const byte = chunk[at]!;
        // Most bytes hold two whole gaps (each 1–7; a 0 is the unused half of the last byte).
        if (shift === 0 && (byte & 0x88) === 0) {
          rows[found++] = row += byte & 0xf;
          if (byte >> 4 !== 0) rows[found++] = row += byte >> 4;
          continue;
        }
        for (let nibble = byte & 0xf, half = 0; half < 2; nibble = byte >> 4, half++) {
          gap |= (nibble & 7) << shift; // a gap is below 2^31
          if (nibble & 8) shift += 3;
          else if (nibble !== 0) {
            rows[found++] = row += gap;
            gap = shift = 0;
          }
        }
      }
    }
    return rows;
  }

  /** The rows in all of `lists`, ascending; past the `atMost` rarest of them, in those (more rows, not fewer). */
  common(lists: readonly number[], atMost = 3): Uint32Array {
    const rarest = [...new Set(lists)].sort((a, b) => this.count(a) - this.count(b)).slice(0, atMost);
    let rows = this.rows(rarest[0]!);
    for (const list of rarest.slice(1)) rows = intersection(rows, this.rows(list));
    return rows;
  }

  /** Gives back the room each list's last chunk keeps for growth. */
  trim(): void {
    this.#last.forEach((chunk, list) => {
      const used = (this.#written[list]! + 1) >> 1;
      if (used === chunk.length) return;
      const chunks = this.#chunks[list]!;
      chunks[chunks.length - 1] = this.#last[list] = chunk.slice(0, used);
    });
  }
}

/** The rows of `rows` (ascending) also in `others` (ascending); both are given back. */
function intersection(rows: Uint32Array, others: Uint32Array): Uint32Array {
  // Through a bitmap of the others: a merge's branches go either way at random.
  const bits = new Uint32Array(((others.at(-1) ?? 0) >> 5) + 1);
  for (let i = 0; i < others.length; i++) bits[others[i]! >> 5]! |= 1 << (others[i]! & 31);
  const both = new Uint32Array(Math.min(rows.length, others.length));
  let found = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if ((bits[row >> 5]! >>> (row & 31)) & 1) both[found++] = row;
  }
  const exact = both.slice(0, found);
  release(rows, others, bits, both);
  return exact;
}
