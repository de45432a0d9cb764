import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SearchText } from "./team-search.ts";

function searchOf(rows: [client: string, userId: string][]): SearchText {
  const search = new SearchText();
  for (const [client, userId] of rows) search.append(client, userId);
  return search;
}
const matchedRows = (search: SearchText, query: string) => {
  const matched = search.matches(query);
  return [...matched.keys()].filter((row) => matched[row] === 1);
};

describe("SearchText", () => {
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
        fc.array(fc.tuple(id, id)),
        id.filter((q) => q !== ""),
        (rows, query) => {
          const needle = query.toLowerCase();
          const before = rows.map(([client, userId]) =>
            client.toLowerCase().includes(needle) || userId.toLowerCase().includes(needle) ? 1 : 0,
          );
          expect([...searchOf(rows).matches(query)]).toEqual(before);
        },
      ),
    );
  });
});
