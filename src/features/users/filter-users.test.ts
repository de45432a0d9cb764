import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { User } from "../../api/contract.ts";
import { filterUsers } from "./filter-users.ts";
import { foldForSearch } from "../../team-engine/fold-text.ts";

const user = (client_user_id: string, user_id = `id-${client_user_id}`): User => ({
  user_id,
  team_id: "team-a",
  client_user_id,
  created_on: "2025-01-01T00:00:00Z",
  connected_sources: [],
  fallback_birth_date: null,
  fallback_time_zone: null,
});
const clientIds = (users: User[]) => users.map((u) => u.client_user_id);

describe("filterUsers", () => {
  const page = [user("İSTANBUL-7"), user("ΟΔΟΣ-1"), user("Straße-3"), user("café"), user("istanbul-8"), user("plain")];

  it.each([
    ["istanbul", ["İSTANBUL-7", "istanbul-8"]],
    ["İSTANBUL", ["İSTANBUL-7", "istanbul-8"]],
    ["οδοσ", ["ΟΔΟΣ-1"]],
    ["ΟΔΟΣ", ["ΟΔΟΣ-1"]],
    ["strasse", ["Straße-3"]],
    ["STRAẞE", ["Straße-3"]],
    ["CAFE", ["café"]],
    ["  Café ", ["café"]],
  ])("finds by %j the IDs the Collator would", (text, expected) => {
    expect(clientIds(filterUsers(page, text, foldForSearch))).toEqual(expected);
  });

  it("searches the user ID too", () => {
    expect(clientIds(filterUsers([user("a", "ÉTÉ-1"), user("b", "ete")], "ete-", foldForSearch))).toEqual(["a"]);
  });

  it("keeps every user for text the Collator ignores", () => {
    expect(filterUsers(page, " \u200b ", foldForSearch)).toBe(page);
  });

  it("filters printable ASCII as before: lower-cased on both sides", () => {
    const id = fc.string({ unit: fc.constantFrom("a", "B", "c", "1", "-", " "), maxLength: 5 });
    fc.assert(
      fc.property(fc.array(fc.tuple(id, id)), id, (pairs, text) => {
        const users = pairs.map(([client, userId]) => user(client, userId));
        const needle = text.trim().toLowerCase();
        const before = users.filter((u) => u.client_user_id.toLowerCase().includes(needle) || u.user_id.toLowerCase().includes(needle));
        expect(filterUsers(users, text, foldForSearch)).toEqual(before);
      }),
    );
  });
});
