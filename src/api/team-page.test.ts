import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keptAsText } from "./read-instant.ts";
import { PageIds, PageInstants, teamPageOf } from "./team-page.ts";

const two = (n: number) => String(n).padStart(2, "0");
/** Instants written any way a service might: any offset, 0–6 digits of fraction, `t`, `z`, or not an instant at all. */
const written = fc.oneof(
  fc
    .record({
      ms: fc.integer({ min: Date.UTC(1, 0, 2), max: Date.UTC(9999, 11, 30) }),
      digits: fc.integer({ min: 0, max: 6 }),
      zone: fc.oneof(
        fc.constantFrom("Z", "z", "+00:00", "-00:00"),
        fc
          .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 70 }))
          .map(([sign, h, m]) => `${sign}${two(h)}:${two(m)}`),
      ),
      t: fc.constantFrom("T", "t", " "),
    })
    .map(({ ms, digits, zone, t }) => {
      const iso = new Date(ms).toISOString();
      return `${iso.slice(0, 10)}${t}${iso.slice(11, 19)}${digits > 0 ? `.${"123456".slice(0, digits)}` : ""}${zone}`;
    }),
  fc.string({ unit: fc.constantFrom(..."0123456789-:.TZ+"), maxLength: 30 }),
);

describe("PageInstants", () => {
  it("reads an instant from its bytes as from its text, or leaves it to its text", () => {
    fc.assert(
      fc.property(written, (text) => {
        const bytes = new TextEncoder().encode(`"${text}"`);
        const fromText = new PageInstants();
        const fromBytes = new PageInstants();
        const place = fromBytes.addBytes(bytes, 1, bytes.length - 1);
        fromText.add(text);
        if (place === -1) {
          expect(fromText.code(0)).toBe(keptAsText);
          expect(fromText.text(0)).toBe(text);
          expect(fromBytes.length).toBe(0);
        } else {
          expect([fromBytes.ms(place), fromBytes.code(place), fromBytes.text(place)]).toEqual([
            fromText.ms(0),
            fromText.code(0),
            undefined,
          ]);
          expect(fromBytes.ms(place)).toBe(Date.parse(text));
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("holds as many as come, in the places it gave", () => {
    const instants = new PageInstants(1);
    const texts = Array.from({ length: 1000 }, (_, i) =>
      i % 7 === 0 ? `not ${i}` : new Date(Date.UTC(2025, 0, 1) + i * 86_400_123).toISOString(),
    );
    const places = texts.map((text) => instants.add(text));
    expect(places).toEqual(texts.map((_, i) => i));
    expect(places.map((place) => instants.ms(place))).toEqual(texts.map((text) => Date.parse(text)));
    expect(places.map((place) => instants.text(place))).toEqual(texts.map((text) => (text.startsWith("not") ? text : undefined)));
  });
});

describe("PageIds", () => {
  /** IDs of printable ASCII, DEL, other control characters, letters beyond ASCII and emoji. */
  const id = fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0x20, max: 0x7f }).map((code) => String.fromCharCode(code)),
      fc.constantFrom("\t", "é", "Ä", "日", "😀"),
    ),
  });
  const printable = (text: string) => /^[\x20-\x7e]*$/.test(text);

  it("keeps an ID of printable ASCII as its bytes, from its text or its bytes alike, and any other as its text", () => {
    fc.assert(
      fc.property(fc.array(id, { maxLength: 40 }), (texts) => {
        const fromText = new PageIds(1, 1);
        const fromBytes = new PageIds(1, 1);
        for (const text of texts) {
          const place = fromText.add(text);
          expect([fromText.text(place), fromText.isPlain(place)]).toEqual([text, printable(text)]);
          const bytes = new TextEncoder().encode(`"${text}"`);
          // As the page's scan does: bytes of ASCII, else the ID read the exact way.
          const ascii = bytes.every((byte) => byte < 0x80);
          const byBytes = ascii ? fromBytes.addBytes(bytes, 1, bytes.length - 1) : -1;
          expect(byBytes === -1).toBe(!printable(text));
          const placed = byBytes === -1 ? fromBytes.add(text) : byBytes;
          expect(placed).toBe(place);
        }
        const read = (ids: PageIds) => texts.map((_, place) => [ids.text(place), ids.isPlain(place)]);
        expect(read(fromBytes)).toEqual(read(fromText));
        expect([fromText.length, fromBytes.length]).toEqual([texts.length, texts.length]);
        // A plain ID's bytes are its characters, where it says.
        texts.forEach((text, place) => {
          if (printable(text))
            expect(String.fromCharCode(...fromBytes.bytes.subarray(fromBytes.start(place), fromBytes.end(place)))).toBe(text);
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe("teamPageOf", () => {
  it("keeps the contract's fields as sent and puts each instant in its place", () => {
    const source = { logo: "/logos/oura.svg", name: "Oura", slug: "oura" };
    const page = teamPageOf({
      users: [
        {
          user_id: "u-1",
          team_id: "t",
          client_user_id: "c-1",
          created_on: "2025-01-01T10:00:00+05:30",
          connected_sources: [{ created_on: "soon", provider: source }],
          fallback_birth_date: { source_slug: "oura", updated_at: "2025-02-01T00:00:00Z", value: "1980-01-01", note: "x" },
          fallback_time_zone: null,
          cohort: "A",
        },
      ],
      total: 1,
      offset: 0,
      limit: 500,
    });
    const [user] = page.users;
    const { instants, ids } = page;
    expect(user).toEqual({
      user_id: expect.any(Number),
      team_id: "t",
      client_user_id: expect.any(Number),
      created_on: expect.any(Number),
      connected_sources: [{ created_on: expect.any(Number), provider: source }],
      fallback_birth_date: { source_slug: "oura", updated_at: expect.any(Number), value: "1980-01-01" },
      fallback_time_zone: null,
    });
    expect([ids.text(user!.user_id), ids.text(user!.client_user_id)]).toEqual(["u-1", "c-1"]);
    expect(instants.ms(user!.created_on)).toBe(Date.UTC(2025, 0, 1, 4, 30));
    expect(instants.text(user!.connected_sources[0]!.created_on)).toBe("soon");
    expect(instants.ms(user!.fallback_birth_date!.updated_at)).toBe(Date.UTC(2025, 1, 1));
    expect([page.total, page.offset, page.limit, instants.length]).toEqual([1, 0, 500, 3]);
  });
});
