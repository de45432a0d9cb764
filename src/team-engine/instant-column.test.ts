import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PageInstants } from "../api/team-page.ts";
import { InstantColumn } from "./instant-column.ts";

/** Appends an instant as the index does, read from its text; null: none. */
function push(column: InstantColumn, text: string | null) {
  if (text === null) return column.pushNone();
  const instants = new PageInstants();
  column.push(instants, instants.add(text));
}

const two = (n: number) => String(n).padStart(2, "0");
/** Instants as a service may write them: any offset sign and size, 0–6 fraction digits, Z or z, T or t. */
const written = fc
  .record({
    ms: fc.integer({ min: Date.UTC(0, 0, 1) - 62_167_219_200_000 + 86_400_000, max: Date.UTC(9999, 11, 30) }),
    digits: fc.integer({ min: 0, max: 6 }),
    zone: fc.oneof(
      fc.constantFrom("Z", "z", "+00:00", "-00:00"),
      fc
        .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 70 }))
        .map(([s, h, m]) => `${s}${two(h)}:${two(m)}`),
    ),
    t: fc.constantFrom("T", "t"),
    fraction: fc.stringMatching(/^\d{6}$/),
  })
  .map(({ ms, digits, zone, t, fraction }) => {
    const iso = new Date(ms).toISOString();
    return `${iso.slice(0, 10)}${t}${iso.slice(11, 19)}${digits > 0 ? `.${fraction.slice(0, digits)}` : ""}${zone}`;
  });

describe("InstantColumn", () => {
  it("gives back every instant exactly as written, and its milliseconds as Date.parse reads them", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(written, fc.string(), fc.constant(null)), { maxLength: 20 }), (texts) => {
        const column = new InstantColumn();
        texts.forEach((text) => push(column, text));
        texts.forEach((text, i) => {
          expect(column.text(i)).toBe(text ?? "");
          if (text !== null && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(text)) {
            expect(column.ms(i)).toBe(Date.parse(text));
          }
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("holds an instant in 6 bytes, or 5 while none has milliseconds", () => {
    const bytesFor = (texts: (i: number) => string) => {
      const column = new InstantColumn();
      for (let i = 0; i < 100_000; i++) push(column, texts(i));
      column.trim();
      expect(column.ms(99_999)).toBe(Date.parse(texts(99_999)));
      expect(column.text(99_999)).toBe(texts(99_999));
      return column.byteLength / 100_000;
    };
    const at = (i: number, fraction: string) =>
      `${new Date(Date.UTC(2025, 0, 1) + i * 1_234_567).toISOString().slice(0, 19)}${fraction}+02:00`;
    expect(bytesFor((i) => at(i, `.${String(i % 1000).padStart(3, "0")}`))).toBeLessThanOrEqual(6);
    expect(bytesFor((i) => at(i, ""))).toBeLessThanOrEqual(5);
  });

  it("keeps only what it cannot write again", () => {
    const column = new InstantColumn();
    for (const text of [
      "2025-03-04T10:22:33+05:30",
      "2025-03-04T10:22:33.5Z",
      "2025-03-04T10:22:33.123-08:00",
      "2025-03-04T10:22:33-00:00",
    ]) {
      push(column, text);
    }
    expect([0, 1, 2, 3].map((i) => column.text(i))).toEqual([
      "2025-03-04T10:22:33+05:30",
      "2025-03-04T10:22:33.5Z",
      "2025-03-04T10:22:33.123-08:00",
      "2025-03-04T10:22:33-00:00",
    ]);
    expect(column.ms(0)).toBe(Date.UTC(2025, 2, 4, 4, 52, 33));
  });
});
