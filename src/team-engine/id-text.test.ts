import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IdText, type IdTextEngine } from "./id-text.ts";
import { refuseWebAssembly } from "./refuse-webassembly.test-helper.ts";

type Row = [client: string, user: string];

/** A text of the rows, and where each starts. */
function textOf(rows: readonly Row[], engine: IdTextEngine = "webassembly"): { text: IdText; starts: Uint32Array } {
  const text = new IdText(engine);
  return { text, starts: Uint32Array.from(rows, ([client, user]) => text.appendRow(client, user)) };
}

/** What a scan must answer: the rows whose client or user text holds the needle, in order. */
const holding = (rows: readonly Row[], needle: string) =>
  rows.flatMap(([client, user], row) => (client.includes(needle) || user.includes(needle) ? [row] : []));

function scanned({ text, starts }: { text: IdText; starts: Uint32Array }, needle: string, cap: number) {
  const into = new Uint8Array(starts.length).fill(1); // each byte must be written, 0 or 1
  const { count, rows: listed, unmatched } = text.scan(IdText.encode(needle), starts, into, cap);
  return {
    marked: [...into.keys()].filter((row) => into[row] === 1),
    count,
    listed: listed && [...listed],
    unmatched: unmatched && [...unmatched],
  };
}

// One, two, three and four bytes in UTF-8, runs long enough to cross the 16 bytes read at once,
// hexadecimal digits and letters (one alone is answered from the rows' masks of digits, or of
// letters: "g" and "w" have a bit, "z" none) and others.
const unit = fc.constantFrom("a", "b", "0", "f", "g", "w", "z", "-", "é", "ж", "€", "😀", "aaaaaaaaaaaaaaaa");
const id = fc.string({ unit, maxLength: 6 });
const engines = fc.constantFrom<IdTextEngine>("webassembly", "javascript");

describe("IdText", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("searches with WebAssembly where it compiles, as in Node and the browsers the dashboard supports", () => {
    expect(new IdText().compiled).toBe(true);
    expect(new IdText("javascript").compiled).toBe(false);
  });

  it("marks and lists exactly the rows holding the needle, within one field, with either engine", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(id, id), { maxLength: 40 }),
        fc.string({ unit, minLength: 1, maxLength: 3 }),
        fc.nat(45),
        engines,
        (rows, needle, cap, engine) => {
          const expected = holding(rows, needle);
          const others = [...rows.keys()].filter((row) => !expected.includes(row));
          expect(scanned(textOf(rows, engine), needle, cap)).toEqual({
            marked: expected,
            count: expected.length,
            listed: expected.length <= cap ? expected : null,
            unmatched: others.length <= cap ? others : null,
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it("searches a few rows alone as a scan of the whole text finds them, with either engine", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.tuple(id, id), { minLength: 1, maxLength: 40 })
          .chain((rows) => fc.tuple(fc.constant(rows), fc.subarray([...rows.keys()]))),
        fc.string({ unit, minLength: 1, maxLength: 3 }),
        fc.nat(45),
        engines,
        ([rows, candidates], needle, cap, engine) => {
          const text = new IdText(engine);
          const starts = Uint32Array.from(rows, ([client, user]) => text.appendRow(client, user));
          const into = new Uint8Array(rows.length).fill(1);
          const { count, rows: listed, unmatched } = text.scanEach(IdText.encode(needle), Uint32Array.from(candidates), starts, into, cap);
          const expected = holding(rows, needle).filter((row) => candidates.includes(row));
          const others = [...rows.keys()].filter((row) => !expected.includes(row));
          expect({ marked: [...into.keys()].filter((row) => into[row] === 1), count, listed: listed && [...listed] }).toEqual({
            marked: expected,
            count: expected.length,
            listed: expected,
          });
          expect(unmatched && [...unmatched]).toEqual(others.length <= cap ? others : null);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("scans a search's few rows gathered side by side (all, or the first and the rest alone) as it tests them alone", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.tuple(id, id), { minLength: 1, maxLength: 40 })
          .chain((rows) => fc.tuple(fc.constant(rows), fc.subarray([...rows.keys()]))),
        fc.string({ unit, minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 10 }),
        fc.option(fc.nat({ max: 10 })),
        ([rows, candidateRows], needle, step, stopAfter) => {
          const { text, starts } = textOf(rows);
          const candidates = Uint32Array.from(candidateRows);
          text.prepareGathered(candidates);
          let steps = 0;
          while ((stopAfter === null || steps < stopAfter) && !text.stepGather(starts, step)) steps++;
          if (stopAfter === null) expect(steps).toBe(Math.max(0, Math.ceil(candidates.length / step) - 1));
          const expected = holding(rows, needle).filter((row) => candidateRows.includes(row));
          const into = new Uint8Array(rows.length).fill(1);
          const found = text.scanEach(IdText.encode(needle), candidates, starts, into, 45);
          expect({ listed: [...found.rows!], count: found.count, marked: [...into.keys()].filter((row) => into[row] === 1) }).toEqual({
            listed: expected,
            count: expected.length,
            marked: expected,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("drops the rows gathered when a row comes or a search scans the whole text over them", () => {
    const rows: Row[] = Array.from({ length: 400 }, (_, i) => [`c${i}`, `u-${i % 7}-${i}`]);
    const { text, starts } = textOf(rows);
    const candidates = Uint32Array.from(holding(rows, "u-3"));
    const gathered = () => {
      text.prepareGathered(candidates);
      while (!text.stepGather(starts, 16));
    };
    const searchedEach = (needle: string, textStarts = starts) => [
      ...text.scanEach(IdText.encode(needle), candidates, textStarts, new Uint8Array(textStarts.length), 400).rows!,
    ];
    gathered();
    expect(searchedEach("u-3-1")).toEqual(holding(rows, "u-3-1"));
    expect(scanned({ text, starts }, "u", 400).count).toBe(400); // its scratch, the rows' masks and marks, reaches past them
    expect(searchedEach("u-3-2")).toEqual(holding(rows, "u-3-2"));
    gathered();
    const moreStarts = Uint32Array.of(...starts, text.appendRow("c-new", "u-3-new"));
    expect(searchedEach("u-3-3", moreStarts)).toEqual(holding(rows, "u-3-3"));
  });

  it("reads a search and one more character off what was worked out to follow it (all, or the first rows and the rest scanned), as a scan finds it", () => {
    // Rows where the search is followed by a digit, another byte, several others, or the field's end.
    const followUnit = fc.constantFrom("0", "1", "a", "f", "-", "g", "é", "0f0f0f0f0f0f0f0f");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: followUnit, maxLength: 5 }), fc.string({ unit: followUnit, maxLength: 5 })), {
          minLength: 1,
          maxLength: 80,
        }),
        fc.string({ unit: followUnit, minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.nat({ max: 40 })),
        (rows, typed, step, stopAfter) => {
          const { text, starts } = textOf(rows);
          text.prepareFollows(IdText.encode(typed));
          let steps = 0;
          while ((stopAfter === null || steps < stopAfter) && !text.stepFollows(starts, step)) steps++;
          if (stopAfter === null) expect(steps).toBe(Math.ceil(rows.length / step) - 1);
          for (const next of [..."0123456789abcdef", "-", "g", "x", "é"]) {
            // The search and a character, and another search as long (not read off what follows this one).
            for (const needle of [typed + next, `${typed.slice(1)}-${next}`, `${next}${typed}`]) {
              const found = scanned({ text, starts }, needle, 3);
              const holders = holding(rows, needle);
              expect(found.marked).toEqual(holders);
              expect(found.count).toBe(holders.length);
              expect(found.listed).toEqual(holders.length <= 3 ? holders : null);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("tests alone the few rows where several characters follow the search, and reads off the rest", () => {
    // "p" is followed by "x" in every row, and by "y" too in rows 7 and 150.
    const rows: Row[] = Array.from({ length: 200 }, (_, i) => [i === 7 || i === 150 ? `px-py${i}` : `px${i}`, `u${i}`]);
    const { text, starts } = textOf(rows);
    text.prepareFollows(IdText.encode("p"));
    while (!text.stepFollows(starts, 64));
    expect(scanned({ text, starts }, "py", 10).listed).toEqual([7, 150]);
    expect(scanned({ text, starts }, "px", 10).count).toBe(200);
    expect(scanned({ text, starts }, "p-", 10).listed).toEqual([]);
  });

  it("reads the digits worked out and scans the rest while they are not all worked out, and scans once rows came after", () => {
    const rows: Row[] = Array.from({ length: 100 }, (_, i) => [`client-${i}`, `user-${(i * 37).toString(16)}`]);
    const text = new IdText();
    const starts = Uint32Array.from(rows, ([client, user]) => text.appendRow(client, user));
    text.prepareFollows(IdText.encode("-"));
    expect(text.stepFollows(starts, 30)).toBe(false); // 30 rows of 100 done
    expect(scanned({ text, starts }, "-1", 100).marked).toEqual(holding(rows, "-1"));
    while (!text.stepFollows(starts, 30));
    expect(scanned({ text, starts }, "-a", 100).marked).toEqual(holding(rows, "-a"));
    // Another search's: what the last one worked out is not kept ("r" is followed by no digit).
    text.prepareFollows(IdText.encode("r"));
    while (!text.stepFollows(starts, 30));
    expect(scanned({ text, starts }, "r1", 100).marked).toEqual([]);
    const more: Row[] = [...rows, ["client-x", "user-a"]];
    const moreStarts = Uint32Array.of(...starts, text.appendRow("client-x", "user-a"));
    expect(text.stepFollows(moreStarts, 30)).toBe(true); // nothing left: the work was dropped
    expect(scanned({ text, starts: moreStarts }, "-a", 101).marked).toEqual(holding(more, "-a"));
  });

  it("leaves no mark of the last search in the rows scanned after those worked out", () => {
    const rows: Row[] = Array.from({ length: 40 }, (_, i) => [`c${i}`, i % 2 ? "00" : "01"]);
    const text = new IdText();
    const starts = Uint32Array.from(rows, ([client, user]) => text.appendRow(client, user));
    text.prepareFollows(IdText.encode("0"));
    expect(text.stepFollows(starts, 5)).toBe(false);
    for (const needle of ["00", "01", "00"]) expect(scanned({ text, starts }, needle, 3).marked).toEqual(holding(rows, needle));
  });

  it("finds a needle at a row's start and end, across the blocks it reads, and never across the zero between fields or rows", () => {
    const rows: Row[] = [
      ["x".repeat(15) + "needle", "y"],
      ["nee", "dle"], // split by the field's zero
      ["z", "y".repeat(31) + "ne"],
      ["edle", "needle" + "w".repeat(40)], // the previous row's end and this one's start, then a hit
      ["needleneedle", "needle"], // more than one hit in a row: counted once
    ];
    for (const engine of ["webassembly", "javascript"] as const) {
      expect(scanned(textOf(rows, engine), "needle", 10)).toEqual({
        marked: [0, 3, 4],
        count: 3,
        listed: [0, 3, 4],
        unmatched: [1, 2],
      });
      expect(scanned(textOf(rows, engine), "y".repeat(20), 10).marked).toEqual([2]);
    }
  });

  it("searches again as rows keep coming after a search, its scratch written over by the text", () => {
    const rows: Row[] = Array.from({ length: 3000 }, (_, i) => [`client-${i}`, `user-${i * 7}`]);
    for (const engine of ["webassembly", "javascript"] as const) {
      const text = new IdText(engine);
      const starts = Uint32Array.from(rows.slice(0, 1000), ([client, user]) => text.appendRow(client, user));
      expect(scanned({ text, starts }, "-7", 1000).marked).toEqual(holding(rows.slice(0, 1000), "-7"));
      const all = holding(rows, "-7");
      const grown = { text, starts: Uint32Array.of(...starts, ...rows.slice(1000).map(([client, user]) => text.appendRow(client, user))) };
      expect(scanned(grown, "-7", 1000)).toEqual({ marked: all, count: all.length, listed: all, unmatched: null });
      expect(scanned(grown, "-7", 100)).toEqual({ marked: all, count: all.length, listed: null, unmatched: null });
      expect(scanned(grown, "7", 100).marked).toEqual(holding(rows, "7")); // a digit: read off the rows' masks
    }
  });

  it("gives back each field's text, tells whether a range holds a needle, and whether a field is a text", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(id, id), { minLength: 1, maxLength: 10 }), engines, (rows, engine) => {
        const { text } = textOf(rows, engine);
        let start = 0;
        for (const [client, user] of rows) {
          const clientEnd = text.zeroAfter(start);
          const userEnd = text.zeroAfter(clientEnd + 1);
          expect([text.text(start, clientEnd), text.text(clientEnd + 1, userEnd)]).toEqual([client, user]);
          expect(text.holdsAt(clientEnd + 1, user)).toBe(true);
          expect(text.holdsAt(clientEnd + 1, `${user}a`)).toBe(false);
          if (user !== "") expect(text.holdsAt(clientEnd + 1, user.slice(0, -1))).toBe(false);
          expect(text.holds(IdText.encode("a"), start, userEnd)).toBe(`${client}\u0000${user}`.includes("a"));
          start = userEnd + 1;
        }
        expect(start).toBe(text.length);
      }),
    );
  });

  it("gives a released text's memory, as grown, to the next text when no other is held: a Refresh holds one memory", async () => {
    const { IdText } = await import("./id-text.ts"); // a module of its own: no text of the other tests held
    const first = new IdText();
    for (let row = 0; row < 20_000; row++) first.appendRow(`patient-${row}`, `0000${row}`);
    const grown = first.byteLength;
    expect(grown).toBeGreaterThan(4 * 0x1_0000);
    first.release();

    const next = new IdText();
    expect(next.byteLength).toBe(grown);
    const starts = Uint32Array.of(next.appendRow("other-1", "ffff"));
    // The first text's bytes are still in the memory, past the end of this one's: never found.
    expect(scanned({ text: next, starts }, "patient", 5).marked).toEqual([]);
    expect(scanned({ text: next, starts }, "other", 5).marked).toEqual([0]);
  });

  it("keeps no memory back from a text released while another is held (an export reading the team a Refresh replaced)", async () => {
    const { IdText } = await import("./id-text.ts");
    const replaced = new IdText();
    const loading = new IdText();
    for (let row = 0; row < 20_000; row++) replaced.appendRow(`patient-${row}`, `0000${row}`);
    replaced.release();
    expect(new IdText().byteLength).toBe(loading.byteLength);
  });

  it("keeps the text in JavaScript and answers the same where WebAssembly cannot be compiled (a Content-Security-Policy)", async () => {
    refuseWebAssembly();
    const { IdText: Fallback } = await import("./id-text.ts");
    const text = new Fallback();
    expect(text.compiled).toBe(false);
    const starts = Uint32Array.of(text.appendRow("patient-1", "ab"), text.appendRow("patient-2", "cd"));
    const into = new Uint8Array(2);
    expect(text.scan(Fallback.encode("-2"), starts, into, 2)).toEqual({ count: 1, rows: Uint32Array.of(1), unmatched: Uint32Array.of(0) });
    expect([...into]).toEqual([0, 1]);
  });
});
