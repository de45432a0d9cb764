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
  it("leaves a plain field alone", () => {
    expect(csvField("client-1")).toBe("client-1");
    expect(csvField("")).toBe("");
    expect(csvField("naïve 東京 🏥")).toBe("naïve 東京 🏥");
  });

  it("quotes a field with a comma, a quote, CR or LF, and doubles its quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("carriage\rreturn")).toBe('"carriage\rreturn"');
  });

  it("prefixes a single quote to whatever a spreadsheet would read as a formula", () => {
    expect(csvField("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField("\rx")).toBe('"\'\rx"');
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it("does not guard a formula character that is not first", () => {
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField(" =x")).toBe(" =x");
  });
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
