import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PageIds } from "../api/team-page.ts";
import type { IdTextEngine } from "./id-text.ts";
import { TeamIds } from "./team-ids.ts";
import { abandon } from "./team-sort.ts";

/** Appends a row of IDs given as text, in a page of them as the index is given them. */
function append(ids: TeamIds, client: string, userId: string): boolean {
  const page = new PageIds();
  return ids.append(page, page.add(client), page.add(userId));
}

/** The rows appended, their text searched by `engine`. */
function searchOf(rows: [client: string, userId: string][], engine: IdTextEngine = "webassembly"): TeamIds {
  const ids = new TeamIds(engine);
  for (const [client, userId] of rows) append(ids, client, userId);
  return ids;
}
const engines = fc.constantFrom<IdTextEngine>("webassembly", "javascript");
const matchedRows = (search: TeamIds, query: string) => {
  const { matched } = search.matches(query);
  return [...matched.keys()].filter((row) => matched[row] === 1);
};

describe("TeamIds: the search", () => {
  // Folds that change the length come first, so a wrong start would shift every later row.
  const search = searchOf([
    ["Straße", "ẞẞ-0"],
    ["İSTANBUL-7", "İİ-1"],
    ["ΟΔΟΣ", "id-2"],
    ["café", "id-3"],
    ["plain-4", "ID-4"],
  ]);

  it.each([
    ["strasse", [0]],
    ["ssss", [0]],
    ["istanbul", [1]],
    ["ii-1", [1]],
    ["οδοσ", [2]],
    ["ΟΔΟΣ", [2]],
    ["CAFE", [3]],
    ["id-", [2, 3, 4]],
    ["id-4", [4]],
    ["e-4", []],
  ])("finds %j in the rows the Collator would", (query, rows) => {
    expect(matchedRows(search, query)).toEqual(rows);
  });

  it("keeps each hit within one field", () => {
    expect(matchedRows(search, "ess")).toEqual([]); // Straße's end, then ẞẞ-0's start
    expect(matchedRows(search, "0ist")).toEqual([]); // one row's end, then the next one's start
    expect(matchedRows(search, "é\u0000")).toEqual([0, 3]); // the Collator ignores the separator: this is "e"
  });

  it("matches every row for a query the Collator ignores, and returns", () => {
    expect(matchedRows(search, "\u200b")).toEqual([0, 1, 2, 3, 4]);
  });

  it("matches printable ASCII as before: lower-cased on both sides", () => {
    const id = fc.string({ unit: fc.constantFrom("a", "B", "c", "1", "-", " "), maxLength: 5 });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(id, id), { selector: ([, userId]) => userId }),
        id.filter((q) => q !== ""),
        (rows, query) => {
          const needle = query.toLowerCase();
          const before = rows.map(([client, userId]) =>
            client.toLowerCase().includes(needle) || userId.toLowerCase().includes(needle) ? 1 : 0,
          );
          expect([...searchOf(rows).matches(query).matched]).toEqual(before);
          expect([...searchOf(rows, "javascript").matches(query).matched]).toEqual(before);
        },
      ),
    );
  });
});

describe("TeamIds: the IDs", () => {
  it("gives back at once every array of a client ID order stopped midway, at any of its steps", () => {
    const rows = 300_000; // each array of a row 1.2 MB; the sort's counters (0.26 MB) wait for the collector
    const ids = new TeamIds();
    for (let n = 0; n < rows; n++) append(ids, `patient-${(n * 7919) % rows}`, `id-${n}`);
    let steps = 0;
    for (const _ of ids.clientIdOrderingSteps(null, 0)) steps++;
    for (const stopAt of [1, steps >> 2, steps >> 1, steps - 2, steps - 1]) {
      const before = process.memoryUsage().arrayBuffers;
      const ordering = ids.clientIdOrderingSteps(null, 0);
      for (let step = 0; step < stopAt; step++) ordering.next();
      abandon(ordering);
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1_000_000);
    }
  });

  it("narrowed by an earlier search it extends, matches exactly the rows a full scan does", () => {
    const unit = fc.constantFrom("a", "A", "b", "1", "-", "ß", "s", "\u0301");
    const id = fc.string({ unit, maxLength: 5 });
    fc.assert(
      fc.property(
        // Up to 60 rows: an earlier search that matched few of them (a quarter at most, a 32nd
        // with WebAssembly) narrows the search to each of its rows alone; else the text is scanned.
        fc.uniqueArray(fc.tuple(id, id), { selector: ([, userId]) => userId, maxLength: 60 }),
        engines,
        fc.string({ unit, minLength: 1, maxLength: 2 }),
        fc.string({ unit, maxLength: 2 }),
        (rows, engine, typed, more) => {
          const ids = searchOf(rows, engine);
          const earlier = ids.matches(typed);
          expect(ids.matches(typed + more, earlier)).toEqual(ids.matches(typed + more));
          // A search that does not extend the earlier one is not narrowed by it.
          expect(ids.matches(more, earlier)).toEqual(ids.matches(more));
        },
      ),
    );
    // Two of forty rows matched before: each is searched alone, within its own IDs.
    const ids = searchOf(
      Array.from({ length: 40 }, (_, i): [string, string] => [[`ab-${i}`, `abc-${i}`][i - 20] ?? `x-${i}`, `id-${i}`]),
      "javascript",
    );
    const narrowed = ids.matches("abc", ids.matches("ab"));
    expect([...narrowed.matched.keys()].filter((row) => narrowed.matched[row] === 1)).toEqual([21]);
    expect(narrowed.count).toBe(1);
  });

  /** Both orders by lower-cased client user ID, as a stable sort gives them: equal IDs in the service's order. */
  function clientIdOrders(rows: readonly (readonly [string, string])[], serviceOrder: readonly number[]) {
    const keys = rows.map(([client]) => client.toLowerCase());
    const compare = (a: number, b: number) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0);
    return { ascending: [...serviceOrder].sort(compare), descending: [...serviceOrder].sort((a, b) => compare(b, a)) };
  }
  /** The orders `ids` makes, given the service's order as null where it is the rows' own, else written out. */
  const ordersOf = (ids: TeamIds, serviceOrder: readonly number[]) => {
    const own = serviceOrder.every((row, place) => row === place);
    const { ascending, descending } = ids.clientIdOrdering(own ? null : Uint32Array.from(serviceOrder));
    return { ascending: Array.from(ascending), descending: Array.from(descending) };
  };

  it("orders the rows by their lower-cased client user IDs both ways, equal IDs in the service's order, printable ASCII or not", () => {
    // K is the Kelvin sign, which lower-cases to an ASCII k.
    const unit = fc.constantFrom("a", "A", "k", "K", "-", " ", "~", "İ", "ß", "\u0000", "é");
    const id = fc.string({ unit, maxLength: 4 });
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.tuple(id, fc.uuid()), { selector: ([, userId]) => userId })
          .chain((rows) => fc.tuple(fc.constant(rows), fc.shuffledSubarray([...rows.keys()], { minLength: rows.length }))),
        engines,
        ([rows, serviceOrder], engine) => {
          expect(ordersOf(searchOf(rows, engine), serviceOrder)).toEqual(clientIdOrders(rows, serviceOrder));
        },
      ),
    );
    // Enough rows for the radix sort's counting (few rows are compared), with shared prefixes, ties,
    // and keys that end at, and one, two and three past, a multiple of the four characters sorted
    // at a time.
    const many: [string, string][] = Array.from({ length: 3000 }, (_, i) => {
      const n = (i * 7919) % 1500;
      const alike = [
        "abc",
        "abcd",
        "abcdefg",
        "abcdefgh",
        `abcdefgh${n % 10}`,
        `abcdefgh${n % 10}a`,
        "abcdefghabcdefg",
        `${"abcdefgh".repeat(2)}${n % 10}`,
      ];
      return [[`patient-${n}`, `Patient-${n}`, `p${n % 40}`, `é${n % 7}`, "", alike[Math.floor(i / 6) % alike.length]!][i % 6]!, `id-${i}`];
    });
    const inOrder = [...many.keys()];
    const reversed = [...inOrder].reverse();
    expect(ordersOf(searchOf(many), inOrder)).toEqual(clientIdOrders(many, inOrder));
    expect(ordersOf(searchOf(many, "javascript"), reversed)).toEqual(clientIdOrders(many, reversed));
    // An ID that is not ASCII but lower-cases to one that is sorts with it, in the service's order.
    const mergedRows: [string, string][] = [
      ["k", "1"],
      ["\u212a", "2"],
      ["K", "3"],
      ["\u212aa", "4"],
      ["ka", "5"],
      ["é", "6"],
    ];
    const merged = searchOf(mergedRows);
    expect(ordersOf(merged, [5, 4, 3, 2, 1, 0])).toEqual({ ascending: [2, 1, 0, 4, 3, 5], descending: [5, 4, 3, 2, 1, 0] });
    expect(ordersOf(merged, [0, 1, 2, 3, 4, 5])).toEqual({ ascending: [0, 1, 2, 3, 4, 5], descending: [5, 3, 4, 0, 1, 2] });
  });

  it("compares two rows' client user IDs as the sort orders them, and their prefixes never the other way", () => {
    const unit = fc.constantFrom("a", "A", "k", "\u212a", "-", "~", "\u007f", "İ", "ß", "\u0000", "é", "\uffff");
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 9 }), { minLength: 2, maxLength: 12 }), engines, (clientIds, engine) => {
        const ids = searchOf(
          clientIds.map((id, i) => [id, `id-${i}`]),
          engine,
        );
        const key = (row: number) => clientIds[row]!.toLowerCase();
        const sign = (n: number) => Math.sign(n);
        const prefixOf = ids.clientIdPrefixes();
        for (let a = 0; a < clientIds.length; a++) {
          for (let b = 0; b < clientIds.length; b++) {
            expect(sign(ids.compareClientIds(a, b))).toBe(key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
            const byPrefix = sign(prefixOf(a) - prefixOf(b));
            if (byPrefix !== 0) expect(byPrefix).toBe(sign(ids.compareClientIds(a, b)));
            // Printable ASCII IDs that differ within their first seven characters: their prefixes tell them apart.
            const printable = (row: number) => /^[\x20-\x7e]*$/.test(clientIds[row]!);
            if (printable(a) && printable(b) && key(a).slice(0, 7) !== key(b).slice(0, 7)) expect(byPrefix).not.toBe(0);
          }
        }
      }),
    );
  });

  it.each<IdTextEngine>(["webassembly", "javascript"])("gives back each ID as sent and finds each user ID's row (%s)", (engine) => {
    const rows = Array.from({ length: 5000 }, (_, i): [string, string] => [
      i % 3 === 0 ? `Client-${i}` : `client-${i}`,
      i % 7 === 0 ? `ID-${i}` : `id-${i}`,
    ]);
    const ids = new TeamIds(engine);
    for (const [client, userId] of rows) expect(append(ids, client, userId)).toBe(true);
    expect(ids.rows).toBe(5000);
    rows.forEach(([client, userId], row) => {
      expect(ids.clientUserId(row)).toBe(client);
      expect(ids.userId(row)).toBe(userId);
      expect(ids.rowOf(userId)).toBe(row);
    });
  });

  it("gives back its hash table of user IDs when trimmed, and finds and refuses them as before once it is made again", () => {
    const count = 50_000;
    const ids = new TeamIds();
    ids.reserve(count);
    for (let i = 0; i < count; i++) append(ids, `client-${i}`, `id-${i}`);
    const held = process.memoryUsage().arrayBuffers;
    ids.trim();
    // Half full at most: 8 bytes a user or more. (A collection meanwhile could only free more.)
    expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(count * 8);
    expect([ids.rowOf("id-0"), ids.rowOf(`id-${count - 1}`), ids.rowOf("id-x")]).toEqual([0, count - 1, undefined]);
    ids.trim();
    // An export's lookups make the table again; when they are over, it goes as at a trim.
    expect(ids.rowOf("id-1")).toBe(1);
    const lookedUp = process.memoryUsage().arrayBuffers;
    ids.dropLookups();
    expect(lookedUp - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(count * 8);
    expect(ids.rowOf(`id-${count - 1}`)).toBe(count - 1);
    // A load resumed reserves and appends after the trim: a user ID held is still refused.
    ids.reserve(10);
    expect(append(ids, "again", `id-${count >> 1}`)).toBe(false);
    expect(append(ids, "new", "id-x")).toBe(true);
    expect([ids.rows, ids.rowOf("id-x")]).toEqual([count + 1, count]);
  });

  it("refuses a user ID it holds, and tells IDs that fold alike apart", () => {
    const ids = new TeamIds();
    expect(append(ids, "a", "ID-1")).toBe(true);
    expect(append(ids, "b", "id-1")).toBe(true); // another user: the service's IDs are exact
    expect(append(ids, "c", "ID-1")).toBe(false);
    expect(append(ids, "c", "id-1")).toBe(false);
    expect([ids.rowOf("ID-1"), ids.rowOf("id-1"), ids.rowOf("Id-1")]).toEqual([0, 1, undefined]);
    expect(ids.rows).toBe(2);
  });

  it("refuses a user ID it holds whether its rows' IDs came as bytes or as text", () => {
    const ids = new TeamIds();
    // A client user ID beyond ASCII sends its row's IDs through their text; the others go as bytes.
    expect(append(ids, "Zoë", "id-1")).toBe(true);
    expect(append(ids, "c", "ID-2")).toBe(true);
    expect(append(ids, "c", "id-1")).toBe(false);
    expect(append(ids, "Zoë", "ID-2")).toBe(false);
    expect(append(ids, "Zoë", "id-2")).toBe(true);
    expect(append(ids, "c", "ID-1")).toBe(true);
    expect(append(ids, "d", "id-1\u007f")).toBe(true); // DEL is not printable: its text
    expect(append(ids, "d", "id-1\u007f")).toBe(false);
    expect(Array.from({ length: ids.rows }, (_, row) => [ids.clientUserId(row), ids.userId(row)])).toEqual([
      ["Zoë", "id-1"],
      ["c", "ID-2"],
      ["Zoë", "id-2"],
      ["c", "ID-1"],
      ["d", "id-1\u007f"],
    ]);
    expect(["id-1", "ID-2", "id-2", "ID-1"].map((id) => ids.rowOf(id))).toEqual([0, 1, 2, 3]);
    expect(ids.matches("zoe").count).toBe(2);
    expect(ids.matches("id-2").count).toBe(2);
  });
});
