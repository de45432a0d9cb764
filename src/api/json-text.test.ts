import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrayItemTexts, layOutJson } from "./json-text.ts";

/** JSON text of `value`, with white space of its own between tokens: spaced, indented, or none. */
const written = (value: unknown, space: string | number) => JSON.stringify(value, null, space);

describe("arrayItemTexts", () => {
  it("gives each item of the top-level object's array under the key, as written, which parses to the item", () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 6 }),
        fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
        fc.constantFrom(0, 2, "\t", " \r\n "),
        (users, others, space) => {
          const text = written({ ...others, users, total: 3 }, space);
          const items = arrayItemTexts(text, "users");
          expect(items?.map((item) => JSON.parse(item) as unknown)).toEqual((JSON.parse(text) as { users: unknown[] }).users);
          // Each is a piece of the text itself, without its outer white space.
          let from = 0;
          for (const item of items!) {
            from = text.indexOf(item, from);
            expect(from).toBeGreaterThanOrEqual(0);
            expect(item.trim()).toBe(item);
          }
        },
      ),
    );
  });

  it("keeps the service's own writing: numbers, escapes, key order, duplicate keys", () => {
    const text =
      '{"total":2, "users" : [ {"b":1.0,"a":"\\u00e9\\/","n":12345678901234567890,"a":2} ,\n  {"x":[1,{"y":"]},"}]} ], "limit":500}';
    expect(arrayItemTexts(text, "users")).toEqual(['{"b":1.0,"a":"\\u00e9\\/","n":12345678901234567890,"a":2}', '{"x":[1,{"y":"]},"}]}']);
  });

  it("takes the key as JSON.parse does: escaped, and the last one when it comes twice", () => {
    expect(arrayItemTexts('{"us\\u0065rs":[1, 2]}', "users")).toEqual(["1", "2"]);
    expect(arrayItemTexts('{"users":[1],"users":[3,4]}', "users")).toEqual(["3", "4"]);
    expect(arrayItemTexts('{"users":[1],"users":5}', "users")).toBeNull();
    expect(arrayItemTexts('{"users":[]}', "users")).toEqual([]);
  });

  it("finds nothing under the key elsewhere than in the top-level object", () => {
    expect(arrayItemTexts('{"page":{"users":[1]}}', "users")).toBeNull();
    expect(arrayItemTexts('[{"users":[1]}]', "users")).toBeNull();
    expect(arrayItemTexts('{"a":"users","b":["users"]}', "users")).toBeNull();
    expect(arrayItemTexts("null", "users")).toBeNull();
  });
});

describe("layOutJson", () => {
  it("lays a JSON text out as JSON.stringify(value, null, 2) does, however it was written", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, "\t", " \r\n "), (value, space) => {
        expect(layOutJson(written(value, space))).toBe(JSON.stringify(value, null, 2));
      }),
    );
  });

  it("copies strings, numbers and keys as written", () => {
    expect(layOutJson('{"b":1.0,"a":"caf\\u00e9 {x}, [y]: z","a":[],"n":12345678901234567890,"o":{ }}')).toBe(
      '{\n  "b": 1.0,\n  "a": "caf\\u00e9 {x}, [y]: z",\n  "a": [],\n  "n": 12345678901234567890,\n  "o": {}\n}',
    );
  });
});
