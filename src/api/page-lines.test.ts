import { describe, expect, it } from "vitest";
import { pageLinesOfTexts, scannedPageLines } from "./page-lines.ts";

const oura = { logo: "/logos/oura.svg", name: "Oura", slug: "oura" };
const userOf = (n: number, client_user_id = `client-${n}`) => ({
  user_id: `2f0c6b4e-7a1d-4c3b-9e8f-00000000000${n}`,
  team_id: "34ccfbdb-07ad-41cf-ab6b-90dcadd230d5",
  client_user_id,
  created_on: "2025-01-01T10:00:00+00:00",
  connected_sources: [{ created_on: "2025-01-01T00:00:00Z", provider: oura }],
  fallback_birth_date: null,
  fallback_time_zone: null,
});
const pageOf = <U>(users: U[]) => ({ users, total: 40, offset: 0, limit: 500 });
const utf8 = (text: string) => new TextEncoder().encode(text);
const linesOf = ({ bytes, ends }: { bytes: Uint8Array; ends: Uint32Array }) =>
  Array.from(ends, (end, i) => new TextDecoder().decode(bytes.subarray(i > 0 ? ends[i - 1] : 0, end)));

describe("scannedPageLines", () => {
  it("cuts each user of the usual page from its bytes, one a line, though the page spreads them over many", () => {
    const users = [userOf(1), userOf(2), userOf(3)];
    // Indented with CR LF, as another service might write it: still the usual page, read from its bytes.
    const written = users.map((user) => JSON.stringify(user, null, 2).replaceAll("\n", "\r\n"));
    const page = `{"users": [\r\n${written.join(",\r\n")}\r\n], "total": 40, "offset": 0, "limit": 500}`;
    const lines = scannedPageLines(utf8(page))!;
    expect(linesOf(lines)).toEqual(written.map((text) => `${text.replaceAll("\r\n", "")}\n`));
    expect(lines.userIds).toEqual(users.map((user) => user.user_id));
    expect([lines.total, lines.teamId]).toEqual([40, users[0]!.team_id]);
    expect(lines.bytes.length).toBe(lines.ends.at(-1));
  });

  it("keeps the bytes as they came, and gives a page of no users no lines", () => {
    const text = JSON.stringify(pageOf([userOf(1)]));
    expect(linesOf(scannedPageLines(utf8(text))!)).toEqual([`${JSON.stringify(userOf(1))}\n`]);
    const empty = scannedPageLines(utf8(JSON.stringify(pageOf([]))))!;
    expect([empty.bytes.length, empty.ends.length, empty.teamId]).toEqual([0, 0, undefined]);
  });

  it("reads no other page: one the exact reading must check (an escape, a field of no contract)", () => {
    expect(scannedPageLines(utf8(JSON.stringify(pageOf([userOf(1, "caf\u00e9")])).replace("é", "\\u00e9")))).toBeNull();
    expect(scannedPageLines(utf8(JSON.stringify(pageOf([{ ...userOf(1), score: 1 }]))))).toBeNull();
    expect(scannedPageLines(utf8(JSON.stringify({ users: [userOf(1)] })))).toBeNull();
  });
});

describe("pageLinesOfTexts", () => {
  it("writes each text as UTF-8 on a line of its own, line breaks left out, and says where each ends", () => {
    const users = [userOf(1, "東京 🏥"), userOf(2, "café"), userOf(3)];
    const texts = users.map((user, i) => (i === 1 ? JSON.stringify(user, null, 1) : JSON.stringify(user)));
    const lines = pageLinesOfTexts(pageOf(users), texts);
    expect(linesOf(lines)).toEqual(texts.map((text) => `${text.replaceAll("\n", "")}\n`));
    expect(lines.bytes.length).toBe(lines.ends.at(-1));
    expect(lines.userIds).toEqual(users.map((user) => user.user_id));
  });
});
