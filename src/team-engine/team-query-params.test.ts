import { describe, expect, it } from "vitest";
import { asksWholeTeam, readTeamQuery, selectionSearch, writeTeamQuery } from "./team-query-params.ts";

describe("the whole team's view in the URL", () => {
  it("round-trips a search, facets with 'none', and a descending sort", () => {
    const query = {
      search: "client-4",
      facets: { sources: ["oura", null], timeZones: [null], birthDate: ["known" as const] },
      sort: { column: "created_on" as const, direction: "desc" as const },
    };
    const search = new URLSearchParams("page=2");
    writeTeamQuery(search, query);
    expect(search.toString()).toBe("page=2&q=client-4&source=oura&source=&tz=&birth=known&sort=-created_on");
    expect(readTeamQuery(search)).toEqual(query);
    expect(asksWholeTeam(query)).toBe(true);
  });

  it("reads nothing asked from a plain page URL, and ignores what it does not know", () => {
    const query = readTeamQuery(new URLSearchParams("page=3&sort=password&birth=maybe"));
    expect(query).toEqual({ search: "", facets: {}, sort: null });
    expect(asksWholeTeam(query)).toBe(false);
  });

  it("leaves out what is empty", () => {
    const search = new URLSearchParams("q=x&source=oura&sort=team_id");
    writeTeamQuery(search, { search: "", facets: {}, sort: null });
    expect(search.toString()).toBe("");
  });

  it("carries the overview's calendar with the selection, and nothing else", () => {
    expect(selectionSearch("page=2&q=x&sort=team_id&calendar=utc")).toBe("?q=x&calendar=utc");
  });
});
