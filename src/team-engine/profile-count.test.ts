import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countMarkedProfiles } from "./profile-count.ts";
import { refuseWebAssembly } from "./refuse-webassembly.test-helper.ts";

/** The count and marks as the facets' loop makes them, one row at a time. */
function reference(rowProfiles: ArrayLike<number>, marks: Uint8Array, are: 0 | 1, profileCount: number, passes: Uint8Array | null) {
  const counts = new Uint32Array(profileCount);
  const out = new Uint8Array(rowProfiles.length);
  for (let row = 0; row < rowProfiles.length; row++) {
    if (marks[row] !== are) continue;
    counts[rowProfiles[row]!]!++;
    out[row] = passes ? passes[rowProfiles[row]!]! : 1;
  }
  return { counts, out };
}

/** Where two arrays first differ (their length, if one is shorter); -1 where they do not: no deep comparison of 65,536 items. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

const cases = fc
  .record({
    rows: fc.integer({ min: 0, max: 3000 }),
    // Few profiles, or all that two bytes name.
    profileCount: fc.oneof(fc.integer({ min: 1, max: 3000 }), fc.constant(0x1_0000)),
    seed: fc.integer(),
  })
  .chain(({ rows, profileCount, seed }) =>
    fc.record({
      rowProfiles: fc.constant(Uint16Array.from({ length: rows }, (_, row) => Math.abs(Math.imul(row + 1, seed | 1)) % profileCount)),
      // Marks beyond the rows (a buffer longer than the team) are not read.
      marks: fc.uint8Array({ min: 0, max: 1, minLength: rows, maxLength: rows + 40 }),
      are: fc.constantFrom<0 | 1>(0, 1),
      profileCount: fc.constant(profileCount),
      passes: fc.option(
        fc.constant(Uint8Array.from({ length: profileCount }, (_, profile) => ((profile * 7 + (seed & 7)) % 3 === 0 ? 1 : 0))),
      ),
    }),
  );

describe("countMarkedProfiles", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("counts the rows marked as `are` by profile, and marks those whose profile passes, as the loop in JavaScript does", () => {
    fc.assert(
      fc.property(cases, ({ rowProfiles, marks, are, profileCount, passes }) => {
        const out = new Uint8Array(rowProfiles.length).fill(7); // every mark is written
        const counts = countMarkedProfiles(rowProfiles, marks, are, profileCount, passes ? { passes, out } : null);
        const expected = reference(rowProfiles, marks, are, profileCount, passes);
        expect(firstDifference(counts!, expected.counts)).toBe(-1);
        if (passes) expect(firstDifference(out, expected.out)).toBe(-1);
        else expect(out.every((mark) => mark === 7)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("counts a million rows after fewer, and fewer after a million, in the memory it grew", () => {
    const sizes = [10, 1_000_000, 3];
    for (const rows of sizes) {
      const rowProfiles = Uint16Array.from({ length: rows }, (_, row) => row % 40_000);
      const marks = Uint8Array.from({ length: rows }, (_, row) => (row % 3 === 0 ? 1 : 0));
      const counts = countMarkedProfiles(rowProfiles, marks, 1, 40_000, null)!;
      expect(firstDifference(counts, reference(rowProfiles, marks, 1, 40_000, null).counts)).toBe(-1);
    }
  });

  it("leaves the count to the caller where WebAssembly cannot be compiled (a Content-Security-Policy)", async () => {
    refuseWebAssembly();
    const { countMarkedProfiles: refused } = await import("./profile-count.ts");
    expect(refused(Uint16Array.of(0, 1, 1), Uint8Array.of(1, 1, 0), 1, 2, null)).toBeNull();
  });

  it("leaves rows whose profiles take one byte or four to the caller", () => {
    const marks = new Uint8Array(4).fill(1);
    expect(countMarkedProfiles(new Uint8Array(4), marks, 1, 2, null)).toBeNull();
    expect(countMarkedProfiles(new Uint32Array(4), marks, 1, 2, null)).toBeNull();
  });
});
