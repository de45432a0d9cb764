import { describe, expect, it } from "vitest";
import { FacetProfiles } from "./facet-profiles.ts";

describe("FacetProfiles", () => {
  it("gives users with the same sources (in any order, repeated or not), time zone and birth date known one profile", () => {
    const profiles = new FacetProfiles();
    profiles.push([2, 0], 2, 3, true);
    profiles.push([0, 2, 2], 3, 3, true);
    profiles.push([0, 2], 2, 3, false); // birth date unknown
    profiles.push([0, 2], 2, 0, true); // no time zone
    profiles.push([0], 1, 3, true); // a set that is the start of another
    profiles.push([], 0, 3, true);
    profiles.push([7, 1], 0, 3, true); // what lies past the count is a row before's
    expect(Array.from(profiles.rows())).toEqual([0, 0, 1, 2, 3, 4, 4]);
    const { set, zone, birthKnown, setSlugs } = profiles.table;
    expect(set.map((s) => setSlugs[s])).toEqual([[0, 2], [0, 2], [0, 2], [0], []]);
    expect(zone).toEqual([3, 3, 0, 3, 3]);
    expect(birthKnown).toEqual([1, 0, 1, 1, 1]);
    expect(Array.from(profiles.users())).toEqual([2, 1, 1, 1, 2]);
  });

  it("counts each profile's rows past the room it starts with (a million users have 34,538 profiles)", () => {
    const profiles = new FacetProfiles();
    // 3,000 profiles (a time zone each), the first 1,500 on two rows.
    for (let round = 0; round < 2; round++) for (let zone = 0; zone < 3_000 - round * 1_500; zone++) profiles.push([1], 1, zone, false);
    const expected = Array.from({ length: 3_000 }, (_, profile) => (profile < 1_500 ? 2 : 1));
    expect(Array.from(profiles.users())).toEqual(expected);
    expect(profiles.rows().length).toBe(4_500);
  });
});
