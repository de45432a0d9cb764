/**
 * `scanUserPage` against the exact reading (the text decoded, `JSON.parse`, `checkUserPage`,
 * then `teamPageOf`): it reads the usual page, however it is laid out, with the same values and
 * instants; and whatever bytes it is given — valid pages, pages one mistake away, any JSON, bytes
 * edited at random — it never reads a page the exact reading refuses, nor reads one differently.
 * What it leaves is read the exact way.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkUserPage } from "./contract-reader.ts";
import { oneMistakeAway, oneMistakeIn, page, pagesOf } from "./contract-pages.test-helper.ts";
import { arrayItemTexts } from "./json-text.ts";
import { scanUserPage } from "./scan-user-page.ts";
import { fieldPaths, placesRead } from "./team-page.test-helper.ts";
import { teamPageOf } from "./team-page.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The exact reading of a body's bytes: what the client does with a page the scan leaves. */
function exactReading(bytes: Uint8Array) {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { notJson: true };
  }
  return checkUserPage(body);
}

/** The scan reads nothing the exact reading does not, and reads it the same. */
function neverDiffers(bytes: Uint8Array) {
  const scanned = scanUserPage(bytes);
  if (scanned === null) return;
  const exact = exactReading(bytes);
  if (!("page" in exact)) throw new Error(`the scan read a page the exact reading refuses: ${JSON.stringify(exact)}`);
  const { instants, ids, ...converted } = teamPageOf(exact.page);
  expect(placesRead(scanned)).toEqual(placesRead({ ...converted, instants, ids }));
  // Nothing was left out on the way: the page sent has the fields of the page read, no more.
  expect(fieldPaths(exact.page)).toEqual(fieldPaths(converted));
}

/** JSON as `JSON.stringify` writes it, with white space from `spaces` between tokens. */
function spaced(value: unknown, spaces: string[]): string {
  let n = 0;
  const space = () => spaces[n++ % spaces.length]!;
  const write = (item: unknown): string => {
    if (Array.isArray(item)) return `[${space()}${item.map(write).join(`${space()},${space()}`)}${space()}]`;
    if (typeof item === "object" && item !== null) {
      const fields = Object.entries(item).filter(([, field]) => field !== undefined);
      return `{${space()}${fields.map(([key, field]) => `${JSON.stringify(key)}${space()}:${space()}${write(field)}`).join(`${space()},${space()}`)}${space()}}`;
    }
    return JSON.stringify(item);
  };
  return `${space()}${write(value)}${space()}`;
}

/** Strings as the service writes them: printable ASCII, no quote or backslash to escape. */
const plainText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0x7f })
    .filter((code) => code !== 0x22 && code !== 0x5c)
    .map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
type Page = { users: { connected_sources: { source?: unknown; provider?: unknown }[] }[] };
/**
 * Pages the contract accepts: a connected source without either name is given a `source` of the
 * other's; every other one names its `provider` as its `source`, as the service does.
 */
/** Instants written the ways a service may write them: any offset, 0–6 digits of fraction, `t` or `z`. */
const instantText = fc
  .record({
    date: fc.date({ noInvalidDate: true, min: new Date(Date.UTC(1, 0, 2)), max: new Date(Date.UTC(9999, 11, 30)) }),
    digits: fc.integer({ min: 0, max: 6 }),
    zone: fc.constantFrom("Z", "z", "+00:00", "-00:00", "+05:30", "-08:00", "+14:00", "-12:45", "+24:00"),
    t: fc.constantFrom("T", "T", "t"),
  })
  .map(({ date, digits, zone, t }) => {
    const iso = date.toISOString();
    const fraction = digits > 0 ? `.${`${iso.slice(20, 23)}987`.slice(0, digits)}` : "";
    return `${iso.slice(0, 10)}${t}${iso.slice(11, 19)}${fraction}${zone}`;
  });
const usualPage = pagesOf(
  fc.oneof(
    plainText,
    fc.uuid(),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    instantText,
  ),
  {
    unknownFields: false,
  },
).map((value) => {
  (value as Page).users
    .flatMap((user) => user.connected_sources)
    .forEach((source, i) => {
      source.source ??= source.provider ?? { logo: "/logos/oura.svg", name: "Oura", slug: "oura" };
      if (i % 2 === 0) source.provider = { ...(source.source as object) };
    });
  return value;
});
const whiteSpace = fc.array(fc.stringMatching(/^[ \t\n\r]{0,3}$/), { minLength: 1, maxLength: 8 });

/** A key's fields in another order: JSON's objects have none. */
function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffled(item, seed));
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  const rotated = entries.map((_, i) => entries[(i + seed) % entries.length]!);
  return Object.fromEntries(rotated.map(([key, field]) => [key, shuffled(field, seed + 1)]));
}

describe("scanUserPage", () => {
  it("reads the usual page, in any order and with any white space, as the exact reading does", () => {
    fc.assert(
      fc.property(usualPage, whiteSpace, fc.nat(), (value, spaces, seed) => {
        for (const text of [JSON.stringify(value), spaced(shuffled(value, seed), spaces)]) {
          const spans: number[] = [];
          const bytes = utf8(text);
          expect(scanUserPage(bytes, spans)).not.toBeNull();
          neverDiffers(bytes);
          // Each user's span holds its text as the exact path splits it (what an NDJSON export writes).
          const spanned = Array.from({ length: spans.length / 2 }, (_, i) =>
            new TextDecoder().decode(bytes.subarray(spans[2 * i], spans[2 * i + 1])),
          );
          expect(spanned).toEqual(arrayItemTexts(text, "users"));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("never reads differently from the exact reading: any page, pages one mistake away, any JSON", () => {
    const bodies = fc.oneof(page, oneMistakeAway, oneMistakeIn(usualPage), oneMistakeIn(usualPage), fc.jsonValue({ maxDepth: 4 }));
    fc.assert(
      fc.property(bodies, whiteSpace, (value, spaces) => {
        neverDiffers(utf8(JSON.stringify(value) ?? ""));
        neverDiffers(utf8(spaced(value, spaces)));
      }),
      { numRuns: 5000 },
    );
  });

  it("never reads differently from the exact reading: usual pages with a byte edited", () => {
    const significant = [...'{}[]:,"\\ 0123456789-.eEnul\u00e9\u0000\t'].flatMap((char) => [...utf8(char)]);
    const edit = fc.record({
      at: fc.nat(),
      kind: fc.constantFrom("remove", "insert", "replace"),
      byte: fc.oneof(fc.constantFrom(...significant), fc.integer({ min: 0, max: 255 })),
    });
    fc.assert(
      fc.property(usualPage, fc.array(edit, { minLength: 1, maxLength: 3 }), (value, edits) => {
        const bytes = [...utf8(JSON.stringify(value))];
        for (const { at, kind, byte } of edits) {
          const place = at % (bytes.length + 1);
          if (kind === "insert") bytes.splice(place, 0, byte);
          else if (place < bytes.length) bytes.splice(place, 1, ...(kind === "replace" ? [byte] : []));
        }
        neverDiffers(new Uint8Array(bytes));
      }),
      { numRuns: 5000 },
    );
  });

  const usual = { users: [], total: 12, offset: 0, limit: 500 };
  const user = {
    user_id: "f313e9e6-50cb-4efd-b77f-9768da9b2a41",
    team_id: "34ccfbdb-07ad-41cf-ab6b-90dcadd230d5",
    client_user_id: "c-1",
    created_on: "2025-01-01T10:00:00+05:30",
    connected_sources: [{ created_on: "2025-01-01T00:00:00Z", provider: { logo: "/logos/oura.svg", name: "Oura", slug: "oura" } }],
    fallback_birth_date: null,
  };

  const oura = { logo: "/logos/oura.svg", name: "Oura", slug: "oura" };
  const bothNames = { ...user, connected_sources: [{ created_on: "2025-01-01T00:00:00Z", source: oura, provider: oura }] };

  it("reads a page of the service's kind, with its values and instants", () => {
    const text = JSON.stringify({ ...usual, users: [user, bothNames, { ...user, client_user_id: "c-2" }] });
    const scanned = scanUserPage(utf8(text))!;
    expect(placesRead(scanned)).toEqual(placesRead(teamPageOf(JSON.parse(text))));
    const { ids } = scanned;
    expect(scanned.users.map(({ user_id, client_user_id }) => [ids.text(user_id), ids.text(client_user_id)])).toEqual([
      [user.user_id, "c-1"],
      [user.user_id, "c-1"],
      [user.user_id, "c-2"],
    ]);
    const { instants } = scanned;
    expect(instants.ms(scanned.users[0]!.created_on)).toBe(Date.UTC(2025, 0, 1, 4, 30));
    expect(instants.ms(scanned.users[1]!.connected_sources[0]!.created_on)).toBe(Date.UTC(2025, 0, 1));
    expect(instants.length).toBe(6);
  });

  it("reads sources written alike as one object, and sources that only begin alike apart", () => {
    const pageWith = (logo: (slug: string) => string) => {
      const sources = ["oura", "garmin", "oura", "whoop", "garmin"].map((slug) => ({ logo: logo(slug), name: slug.toUpperCase(), slug }));
      const users = sources.map((source, i) => ({
        ...user,
        user_id: `u-${i}`,
        connected_sources: [{ created_on: "2025-01-01T00:00:00Z", source }],
      }));
      const read = scanUserPage(utf8(JSON.stringify({ ...usual, users })))!.users.map((u) => u.connected_sources[0]!.source!);
      expect(read).toEqual(sources);
      return read;
    };
    const alike = pageWith((slug) => `/logos/${slug}.svg`);
    expect(alike[2]).toBe(alike[0]);
    expect(alike[4]).toBe(alike[1]);
    // The same first bytes, to where the hash stops reading: each is still read for what it is.
    pageWith(() => `https://cdn.example.com/assets/health/logos/${"x".repeat(40)}.svg`);
  });

  it("keeps the text of an instant it cannot write again, and reads the rest where they lie", () => {
    const written = ["2025-01-01T10:00:00.123456+05:30", "2025-01-01 10:00:00Z", "yesterday", "2025-01-01T10:00:00.5-08:00"];
    const users = written.map((created_on, i) => ({ ...user, user_id: `u-${i}`, created_on }));
    const scanned = scanUserPage(utf8(JSON.stringify({ ...usual, users })))!;
    const { instants } = scanned;
    expect(scanned.users.map(({ created_on }) => [instants.ms(created_on), instants.text(created_on)])).toEqual([
      [Date.parse(written[0]!), written[0]],
      [Date.parse(written[1]!), written[1]],
      [Number.NaN, "yesterday"],
      [Date.UTC(2025, 0, 1, 18, 0, 0, 500), undefined],
    ]);
  });

  it("reads each of many distinct values right, though they are made once (a page of 30,000 team IDs)", () => {
    const users = Array.from({ length: 30_000 }, (_, i) => ({
      ...user,
      team_id: `team-${i}`,
      fallback_time_zone: { id: `Zone/${i % 977}`, source_slug: "oura", updated_at: "x" },
    }));
    const text = JSON.stringify({ ...usual, users });
    const scanned = scanUserPage(utf8(text));
    expect(scanned?.users.map((read) => [read.team_id, read.fallback_time_zone?.id])).toEqual(
      users.map((sent) => [sent.team_id, sent.fallback_time_zone.id]),
    );
  });

  it.each([
    ["a string with an escape", JSON.stringify({ ...usual, users: [{ ...user, client_user_id: 'say "hi"' }] })],
    ["a string that is not ASCII", JSON.stringify({ ...usual, users: [{ ...user, client_user_id: "Zoë" }] })],
    ["a key written with an escape", JSON.stringify({ ...usual, users: [user] }).replace('"user_id"', '"user\\u005fid"')],
    ["an unknown field", JSON.stringify({ ...usual, users: [{ ...user, cohort: "A" }] })],
    [
      "a key twice (JSON.parse keeps the last)",
      JSON.stringify({ ...usual, users: [user] }).replace('"client_user_id"', '"client_user_id":"x","client_user_id"'),
    ],
    ["a count written with an exponent", JSON.stringify(usual).replace('"total":12', '"total":1.2e1')],
    ["a count of -0", JSON.stringify(usual).replace('"offset":0', '"offset":-0')],
    ["a leading byte-order mark", `\uFEFF${JSON.stringify(usual)}`],
  ])("leaves %s to the exact reading, which accepts it", (_, text) => {
    expect(scanUserPage(utf8(text))).toBeNull();
    expect(exactReading(utf8(text))).toHaveProperty("page");
  });

  it.each([
    ["a count too large to be exact", JSON.stringify(usual).replace('"total":12', `"total":${2 ** 53}`)],
    ["a count with a leading zero", JSON.stringify(usual).replace('"total":12', '"total":012')],
    ["a control character in a string", JSON.stringify({ ...usual, users: [user] }).replace('"c-1"', '"c\u00011"')],
    ["text after the page", `${JSON.stringify(usual)} {}`],
    ["a page cut short", JSON.stringify({ ...usual, users: [user] }).slice(0, -20)],
    ["a source without source or provider", JSON.stringify({ ...usual, users: [{ ...user, connected_sources: [{ created_on: "x" }] }] })],
    ["a provider that opens like an array", JSON.stringify({ ...usual, users: [bothNames] }).replace('"provider":{', '"provider":[')],
    ["a misspelt null", JSON.stringify({ ...usual, users: [user] }).replace(":null", ":nall")],
    ["a fallback that is not an object", JSON.stringify({ ...usual, users: [{ ...user, fallback_time_zone: "UTC" }] })],
    ["nothing", ""],
  ])("leaves %s to the exact reading, which refuses it", (_, text) => {
    expect(scanUserPage(utf8(text))).toBeNull();
    expect(exactReading(utf8(text))).not.toHaveProperty("page");
  });
});
