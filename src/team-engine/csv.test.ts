import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvField, csvRecord, guardFormula } from "./csv.ts";
import { parseCsv } from "./csv-reader.test-helper.ts";

const hostile = [
  "plain",
  "",
  "a,b",
  'say "hi"',
  '"',
  '""',
  "line\nbreak",
  "carriage\rreturn",
  "crlf\r\n",
  "=cmd|' /C calc'!A0",
  "=1+2",
  "+41 79 000 00 00",
  "-5",
  "@SUM(A1:A2)",
  "\tindented",
  "\rleading CR",
  "naïve 東京 🏥",
  "'already quoted",
  " =space first",
];

describe("csvField", () => {
  it.each([
    ["client-1", "client-1"],
    ["", ""],
    ["naïve 東京 🏥", "naïve 東京 🏥"],
  ])("leaves a plain field alone: %j", (field, written) => expect(csvField(field)).toBe(written));

  it.each([
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ["carriage\rreturn", '"carriage\rreturn"'],
  ])("quotes a field with a comma, a quote, CR or LF, doubling its quotes: %j", (field, written) => expect(csvField(field)).toBe(written));

  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["\rx", '"\'\rx"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
  ])("prefixes a single quote to what a spreadsheet would read as a formula: %j", (field, written) =>
    expect(csvField(field)).toBe(written),
  );

  it.each([
    ["a=b", "a=b"],
    [" =x", " =x"],
  ])("does not guard a formula character that is not first: %j", (field, written) => expect(csvField(field)).toBe(written));
});

describe("csvRecord", () => {
  it("ends each record with CRLF", () => {
    expect(csvRecord(["a", "b"])).toBe("a,b\r\n");
    expect(csvRecord([""])).toBe("\r\n");
  });

  it("reads back as the guarded fields, hostile ones included", () => {
    const text = hostile.map((field) => csvRecord([field, field])).join("");
    expect(parseCsv(text)).toEqual(hostile.map((field) => [guardFormula(field), guardFormula(field)]));
  });

  it("reads back as the guarded fields, for any strings", () => {
    const field = fc.string({ unit: fc.constantFrom("a", "Z", ",", '"', "\r", "\n", "=", "+", "-", "@", "\t", " ", "'", "é", "🏥") });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 8 }), (records) => {
        const text = records.map(csvRecord).join("");
        expect(parseCsv(text)).toEqual(records.map((r) => r.map(guardFormula)));
      }),
    );
  });
});
