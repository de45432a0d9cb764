/**
 * The hand-written reader against zod's reading of the same contract: on valid pages, on pages
 * one mistake away from valid, and on any JSON, both accept and refuse alike, name the same first
 * problem, and read the same values.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { errorBodySchema, tolerant } from "./contract.ts";
import { checkUserPage, readErrorBody, readUserPage } from "./contract-reader.ts";
import { oneMistakeAway, page, places, text, withMistake, wrongValues } from "./contract-pages.test-helper.ts";

/** What zod makes of a body, in the reader's terms. */
function zodReading(body: unknown) {
  const parsed = z.safeParse(tolerant.userPage, body);
  return parsed.success ? { page: parsed.data } : { mismatch: parsed.error.issues[0]!.path };
}

function sameAsZod(body: unknown) {
  const zod = zodReading(body);
  expect(readUserPage(body)).toEqual(zod);
  // The check alone refuses alike, and accepts the page as it was sent.
  expect(checkUserPage(body)).toEqual("mismatch" in zod ? zod : { page: body });
}

describe("readUserPage reads exactly as the contract", () => {
  it("accepts every valid page, with the same values (provider read as source)", () => {
    fc.assert(fc.property(page, sameAsZod), { numRuns: 500 });
  });

  it("refuses a page one mistake away exactly when zod does, at the same first problem", () => {
    fc.assert(fc.property(oneMistakeAway, sameAsZod), { numRuns: 3000 });
  });

  it("agrees on any JSON", () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), sameAsZod), { numRuns: 1000 });
  });

  it("names the field a mistake is in", () => {
    const valid = { user_id: "u", team_id: "t", client_user_id: "c", created_on: "d", connected_sources: [{ created_on: "x" }] };
    expect(readUserPage({ users: [valid], total: 1, offset: 0, limit: 1 })).toEqual({
      mismatch: ["users", 0, "connected_sources", 0, "source"],
    });
    expect(readUserPage({ users: [], total: 1, offset: -1, limit: 1 })).toEqual({ mismatch: ["offset"] });
    expect(readUserPage("<html>")).toEqual({ mismatch: [] });
  });

  it("gives back the users it did not need to change, as sent", () => {
    const sent = { user_id: "u", team_id: "t", client_user_id: "c", created_on: "d", connected_sources: [] };
    const read = readUserPage({ users: [sent], total: 1, offset: 0, limit: 1 });
    expect("page" in read && read.page.users[0]).toBe(sent);
  });
});

describe("readErrorBody reads exactly as the contract", () => {
  const item = fc.record(
    {
      type: text,
      loc: fc.array(fc.oneof(text, fc.integer())),
      msg: text,
      input: fc.jsonValue({ maxDepth: 1 }),
      // Not "__proto__": zod's copy of a record turns that key into a prototype; the reader keeps the service's object.
      ctx: fc.dictionary(
        text.filter((key) => key !== "__proto__"),
        fc.jsonValue({ maxDepth: 1 }),
      ),
    },
    { requiredKeys: ["type", "loc", "msg"] },
  );
  const body = fc.record({ detail: fc.oneof(text, fc.array(item, { maxLength: 3 })) });
  const agrees = (value: unknown) => {
    const parsed = z.safeParse(errorBodySchema, value);
    expect(readErrorBody(value)).toEqual(parsed.success ? parsed.data : undefined);
  };

  it("on valid bodies, bodies one mistake away, and any JSON", () => {
    fc.assert(fc.property(body, agrees), { numRuns: 500 });
    const mistaken = body.chain((valid) =>
      fc.tuple(fc.constantFrom(...places(valid)), fc.constantFrom(...wrongValues)).map(([path, wrong]) => withMistake(valid, path, wrong)),
    );
    fc.assert(fc.property(mistaken, agrees), { numRuns: 2000 });
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), agrees), { numRuns: 1000 });
  });
});
