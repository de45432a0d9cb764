/**
 * The facets' count of a search's rows by profile, in WebAssembly (profile-count.wat): a million
 * rows in 2.5 ms in a browser's worker, the copies in and out of its memory included, where
 * JavaScript took 3.4–4.7 ms (in Node, 1.3 against 4.9). Rows' profiles of two bytes only (a team
 * of 256 to 65,535 profiles); null for any other, or where WebAssembly is not allowed: then the
 * caller counts.
 */
import { align, compileWasm } from "./compile-wasm.ts";
import type { CodeView } from "./growable-array.ts";
import { profileCountWasm } from "./profile-count-wasm.ts";

interface CountExports {
  memory: WebAssembly.Memory;
  count(profiles: number, marks: number, rows: number, flip: number, counts: number): void;
  countPassing(profiles: number, marks: number, rows: number, flip: number, counts: number, passes: number, out: number): void;
}

/** The module, made on the first count; null where it cannot be. Its memory stays, as grown, for the next. */
let counter: CountExports | null | undefined;

function countModule(): CountExports | null {
  if (counter === undefined) {
    const module = compileWasm(profileCountWasm);
    counter = module && (new WebAssembly.Instance(module, {}).exports as unknown as CountExports);
  }
  return counter;
}

/**
 * How many of the rows whose mark (`marks`, a byte a row) is `are` have each of the
 * `profileCount` profiles (`rowProfiles`, each row's); with `passes` (a byte a profile), also
 * marks in `out` every row counted whose profile passes (0 for the others). Null when the module
 * cannot count these rows.
 */
export function countMarkedProfiles(
  rowProfiles: CodeView,
  marks: Uint8Array,
  are: 0 | 1,
  profileCount: number,
  passing: { passes: Uint8Array; out: Uint8Array } | null,
): Uint32Array | null {
  const module = rowProfiles instanceof Uint16Array ? countModule() : null;
  if (!module) return null;
  const rows = rowProfiles.length;
  const marksAt = align(2 * rows);
  const countsAt = align(marksAt + rows);
  const passesAt = align(countsAt + 4 * profileCount);
  const outAt = align(passesAt + (passing ? profileCount : 0));
  const end = outAt + (passing ? rows : 0);
  const { memory } = module;
  if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 0x1_0000));
  const bytes = new Uint8Array(memory.buffer);
  new Uint16Array(memory.buffer, 0, rows).set(rowProfiles);
  bytes.set(marks.subarray(0, rows), marksAt);
  bytes.fill(0, countsAt, countsAt + 4 * profileCount);
  if (passing) {
    bytes.set(passing.passes.subarray(0, profileCount), passesAt);
    module.countPassing(0, marksAt, rows, are ^ 1, countsAt, passesAt, outAt);
    passing.out.set(bytes.subarray(outAt, outAt + rows));
  } else {
    module.count(0, marksAt, rows, are ^ 1, countsAt);
  }
  return new Uint32Array(memory.buffer, countsAt, profileCount).slice();
}
