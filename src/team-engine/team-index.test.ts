import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "../api/contract.ts";
import { pageOfUsers } from "../api/team-page.test-helper.ts";
import { foldForSearch } from "./fold-text.ts";
import { IdText } from "./id-text.ts";
import { KeySorter } from "./radix-sort.ts";
import type { FacetCounts, FacetSelection } from "./team-facets.ts";
import { TeamIds } from "./team-ids.ts";
import { TeamIndex } from "./team-index.ts";
import type { TeamQuery, TeamSort, TeamView } from "./team-query.ts";
import { rowsWritten, selectedRows } from "./team-index.test-helper.ts";
import { sortColumns } from "./team-sort.ts";

// Small alphabets, so searches hit, keys tie and facets overlap; the separator and letters whose
// fold is shorter or longer (İ is i, ß is ss, a lone accent is nothing) are in, to catch a search
// that strays across fields.
const idUnit = fc.constantFrom("a", "A", "b", "1", "-", " ", "\u0000", "İ", "ß", "s", "\u0301");
const slugs = ["oura", "fitbit", "garmin"];

const sourceArb = fc
  .record({ created_on: fc.constantFrom("2025-02-01T10:00:00+01:00", "2025-03-01T00:00:00Z"), slug: fc.constantFrom(...slugs) })
  .map(({ created_on, slug }) => ({ created_on, source: { logo: `/logos/${slug}.svg`, name: slug.toUpperCase(), slug } }));

const userArb = fc.record({
  user_id: fc.integer({ min: 0, max: 60 }).map((n) => `User-${n.toString(16)}`),
  team_id: fc.constantFrom("team-a", "team-b"),
  client_user_id: fc.string({ unit: idUnit, maxLength: 4 }),
  // The same instant written three ways, another one, and one that is not a date.
  created_on: fc.constantFrom(
    "2025-01-01T00:00:00Z",
    "2025-01-01T01:00:00+01:00",
    "2024-12-31T19:00:00-05:00",
    "2025-01-01T00:00:00.5Z",
    "soon",
  ),
  connected_sources: fc.array(sourceArb, { maxLength: 3 }),
  fallback_birth_date: fc.option(
    fc.record({
      source_slug: fc.constantFrom("oura", "manual"),
      updated_at: fc.constant("2025-02-01T10:00:00Z"),
      value: fc.constantFrom("1990-01-01", "1985-05-05"),
    }),
    { nil: null },
  ),
  fallback_time_zone: fc.option(
    fc.record({
      id: fc.constantFrom("Europe/Amsterdam", "Asia/Tokyo"),
      source_slug: fc.constant("oura"),
      updated_at: fc.constant("2025-02-01T10:00:00Z"),
    }),
    { nil: null },
  ),
}) satisfies fc.Arbitrary<User>;

/** A team as the service would send it, cut into pages that arrive in any order. */
const teamArb = fc.tuple(fc.array(userArb, { maxLength: 40 }), fc.integer({ min: 1, max: 9 })).chain(([users, pageSize]) => {
  const offsets = Array.from({ length: Math.ceil(users.length / pageSize) }, (_, i) => i * pageSize);
  return fc.tuple(fc.constant(users), fc.constant(pageSize), fc.shuffledSubarray(offsets, { minLength: offsets.length }));
});

const facetsArb: fc.Arbitrary<FacetSelection> = fc.record(
  {
    sources: fc.subarray([...slugs, "polar", null]),
    timeZones: fc.subarray(["Europe/Amsterdam", "Asia/Tokyo", null]),
    birthDate: fc.subarray(["known", "unknown"] as const),
  },
  { requiredKeys: [] },
);
const sortArb: fc.Arbitrary<TeamSort | null> = fc.option(
  fc.record({ column: fc.constantFrom(...sortColumns), direction: fc.constantFrom("asc" as const, "desc" as const) }),
  { nil: null },
);
const queryArb: fc.Arbitrary<TeamQuery> = fc.record({
  search: fc.string({ unit: idUnit, maxLength: 2 }),
  facets: facetsArb,
  sort: sortArb,
});

interface Loaded {
  user: User;
  offset: number;
}

/** What the index should hold: the first-arriving copy of each user, in the service's order. */
function loadBoth(users: User[], pageSize: number, arrival: number[], fullWarmUpFrom?: number): { index: TeamIndex; loaded: Loaded[] } {
  const index = new TeamIndex({ idleStepMs: 0, fullWarmUpFrom }); // idle work in its smallest steps: left halfway by the next view
  const firstSeen = new Map<string, Loaded>();
  // As the loader and the worker do: room for the team after the first page, the spare given back at the end.
  arrival.forEach((offset, i) => {
    const page = users.slice(offset, offset + pageSize);
    index.addPage(pageOfUsers(page), offset);
    if (i === 0) index.reserve(users.length);
    page.forEach((user, j) => firstSeen.has(user.user_id) || firstSeen.set(user.user_id, { user, offset: offset + j }));
  });
  index.trim();
  return { index, loaded: [...firstSeen.values()].sort((a, b) => a.offset - b.offset) };
}

// The reference: every rule written out plainly, one user at a time (the fold has its own tests).
const contains = (field: string, search: string) => foldForSearch(field).includes(foldForSearch(search));
const passesSearch = (u: User, search: string) => search === "" || contains(u.client_user_id, search) || contains(u.user_id, search);
const passesSources = (u: User, chosen: FacetSelection["sources"]) =>
  !chosen?.length ||
  (u.connected_sources.length === 0 ? chosen.includes(null) : u.connected_sources.some((c) => chosen.includes(c.source.slug)));
const passesZone = (u: User, chosen: FacetSelection["timeZones"]) => !chosen?.length || chosen.includes(u.fallback_time_zone?.id ?? null);
const passesBirth = (u: User, chosen: FacetSelection["birthDate"]) =>
  !chosen?.length || chosen.includes(u.fallback_birth_date ? "known" : "unknown");

function compareText(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareLists(a: string[], b: string[]) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return compareText(a[i]!, b[i]!);
  return a.length - b.length;
}
/** Negative, zero or positive; null when a user has no value. */
const referenceCompare: Record<TeamSort["column"], (a: User, b: User) => number> = {
  client_user_id: (a, b) => compareText(a.client_user_id.toLowerCase(), b.client_user_id.toLowerCase()),
  created_on: (a, b) => Date.parse(a.created_on) - Date.parse(b.created_on),
  connected_sources: (a, b) =>
    a.connected_sources.length - b.connected_sources.length ||
    compareLists(
      a.connected_sources.map((c) => c.source.slug),
      b.connected_sources.map((c) => c.source.slug),
    ),
  birth_date: (a, b) => compareText(a.fallback_birth_date!.value, b.fallback_birth_date!.value),
  time_zone: (a, b) => compareText(a.fallback_time_zone!.id, b.fallback_time_zone!.id),
  team_id: (a, b) => compareText(a.team_id, b.team_id),
};
const hasValue: Record<TeamSort["column"], (u: User) => boolean> = {
  client_user_id: () => true,
  created_on: (u) => !Number.isNaN(Date.parse(u.created_on)),
  connected_sources: () => true,
  birth_date: (u) => u.fallback_birth_date != null,
  time_zone: (u) => u.fallback_time_zone != null,
  team_id: () => true,
};

function referenceSelection(loaded: Loaded[], { search = "", facets = {}, sort }: TeamQuery): string[] {
  const selected = loaded.filter(
    ({ user: u }) =>
      passesSearch(u, search.trim()) &&
      passesSources(u, facets.sources) &&
      passesZone(u, facets.timeZones) &&
      passesBirth(u, facets.birthDate),
  );
  if (!sort) return selected.map((l) => l.user.user_id);
  const sign = sort.direction === "asc" ? 1 : -1;
  const present = selected.filter((l) => hasValue[sort.column](l.user));
  const missing = selected.filter((l) => !hasValue[sort.column](l.user));
  present.sort((a, b) => sign * referenceCompare[sort.column](a.user, b.user) || a.offset - b.offset);
  return [...present, ...missing].map((l) => l.user.user_id);
}

function referenceCounts(loaded: Loaded[], { search = "", facets = {} }: TeamQuery) {
  const searched = loaded.map((l) => l.user).filter((u) => passesSearch(u, search.trim()));
  const sources = searched.filter((u) => passesZone(u, facets.timeZones) && passesBirth(u, facets.birthDate));
  const zones = searched.filter((u) => passesSources(u, facets.sources) && passesBirth(u, facets.birthDate));
  const births = searched.filter((u) => passesSources(u, facets.sources) && passesZone(u, facets.timeZones));
  const countBy = <T>(users: User[], values: (u: User) => T[]) => {
    const counts = new Map<T, number>();
    users.forEach((u) => new Set(values(u)).forEach((v) => counts.set(v, (counts.get(v) ?? 0) + 1)));
    return counts;
  };
  return {
    sources: countBy(sources, (u) => (u.connected_sources.length ? u.connected_sources.map((c) => c.source.slug) : [null])),
    timeZones: countBy(zones, (u) => [u.fallback_time_zone?.id ?? null]),
    birthDate: countBy(births, (u) => [u.fallback_birth_date ? "known" : "unknown"]),
  };
}

/** Options with no users are left out, to compare with the reference's counts. */
const nonZero = <V>(options: { value: V; count: number }[]) => new Map(options.filter((o) => o.count > 0).map((o) => [o.value, o.count]));
/** Each group's options with users, and the reference's counts for the same query. */
const countsAndReference = (counts: FacetCounts, loaded: Loaded[], query: TeamQuery) => {
  const expected = referenceCounts(loaded, query);
  return [
    [nonZero(counts.sources), nonZero(counts.timeZones), nonZero(counts.birthDate)],
    [expected.sources, expected.timeZones, expected.birthDate],
  ];
};

describe("TeamIndex against a plain reference", () => {
  it("selects, sorts and counts like the reference, for any team and query", () => {
    // Each query may come after the same facets without a search (then counted by difference
    // from them when its search matches most users), and is viewed at some page, before or after
    // an export of it (which makes its sort's whole ordering; a view before picks its rows), then
    // none, some or all of the idle steps that follow a view (a picked sort's ordering among them,
    // and, in a team warmed up as a large one, the warm-up run again once an ordering is made).
    const viewedArb = fc.record({
      query: queryArb,
      facetsFirst: fc.boolean(),
      exportFirst: fc.boolean(),
      idleSteps: fc.constantFrom(0, 1, 2, 5, Infinity),
      pageIndex: fc.nat({ max: 5 }),
      pageSize: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(
        teamArb,
        fc.array(viewedArb, { minLength: 1, maxLength: 6 }), // six: a column sorted by, two others, and back
        fc.constantFrom("none", "small", "full"),
        fc.boolean(),
        ([users, pageSize, arrival], viewed, warm, large) => {
          const { index, loaded } = loadBoth(users, pageSize, arrival, large ? 0 : undefined);
          if (warm !== "none") index.warmUp(warm === "full"); // as the worker does at the end of a load
          expect(index.size).toBe(loaded.length);
          // What an export took stays as it was while later views reuse their buffers (a selection
          // of every row in its own order is no list: nothing to go stale).
          const exported = index.select(viewed[0]!.query);
          const exportedIds = rowsWritten(exported, index.size).map((row) => index.user(row).user_id);
          for (const { query, facetsFirst, exportFirst, idleSteps, ...page } of viewed) {
            if (facetsFirst) index.view({ ...query, search: "", pageIndex: 0, pageSize: 10 });
            const exportIds = () => Array.from(selectedRows(index, query), (row) => index.user(row).user_id);
            const ids = exportFirst ? exportIds() : null;
            const { facets, matches, rows, pageIndex } = index.view({ ...query, ...page });
            const expectedIds = referenceSelection(loaded, query);
            expect(ids ?? exportIds()).toEqual(expectedIds);
            expect(matches).toBe(expectedIds.length);
            const first = pageIndex * page.pageSize;
            expect(rows.map((row) => row.user.user_id)).toEqual(expectedIds.slice(first, first + page.pageSize));
            const expected = referenceCounts(loaded, query);
            expect(nonZero(facets!.sources)).toEqual(expected.sources);
            expect(nonZero(facets!.timeZones)).toEqual(expected.timeZones);
            expect(nonZero(facets!.birthDate)).toEqual(expected.birthDate);
            // The idle time before the next keystroke: what it may ask is worked out.
            for (let step = 0; step < idleSteps && !index.stepIdle(); step++);
          }
          expect(rowsWritten(exported, index.size).map((row) => index.user(row).user_id)).toEqual(exportedIds);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("counts a search that matches most users, not all, from the few it did not match, as the reference does", () => {
    fc.assert(
      fc.property(fc.array(userArb, { minLength: 8, maxLength: 40 }), facetsArb, fc.nat(6), (users, facets, left) => {
        // "~" is in no generated ID: the users given it are matched, one in seven is not.
        const team = users.map((u, i) => ({
          ...u,
          user_id: `user-${i}`,
          client_user_id: i % 7 === left ? u.client_user_id : `~${u.client_user_id}`,
        }));
        const { index, loaded } = loadBoth(
          team,
          5,
          [...team.keys()].filter((i) => i % 5 === 0),
        );
        const query = { search: "~", facets };
        const { facets: counts, matches } = index.view({ ...query, pageIndex: 0, pageSize: 10 });
        expect(matches).toBe(referenceSelection(loaded, query).length);
        const [actual, expected] = countsAndReference(counts!, loaded, query);
        expect(actual).toEqual(expected);
      }),
    );
  });

  it("counts a team of more profiles than a byte names (two bytes a row's) as the reference does", () => {
    // 400 time zones: a profile code takes two bytes. "a" matches 40% of the users (its rows counted
    // as marked), "c" 70% (counted by difference from the facets' selection: the 30% not marked).
    fc.assert(
      fc.property(
        fc.array(userArb, { minLength: 1200, maxLength: 1200 }),
        facetsArb,
        fc.constantFrom("a", "c", "ac", "b"),
        (users, facets, search) => {
          const team = users.map((u, i) => ({
            ...u,
            user_id: `user-${i}`,
            client_user_id: `${i % 10 < 4 ? "a" : "b"}${i % 10 < 7 ? "c" : "d"}-${i}`,
            fallback_time_zone:
              i % 2 ? u.fallback_time_zone : { id: `Zone/${i % 400}`, source_slug: "oura", updated_at: "2025-02-01T10:00:00Z" },
          }));
          const { index, loaded } = loadBoth(team, 500, [0, 500, 1000]);
          const query = { search, facets };
          const { facets: counts, matches } = index.view({ ...query, pageIndex: 0, pageSize: 10 });
          const expectedIds = referenceSelection(loaded, query);
          expect(matches).toBe(expectedIds.length);
          expect(Array.from(selectedRows(index, query), (row) => index.user(row).user_id)).toEqual(expectedIds);
          const [actual, expected] = countsAndReference(counts!, loaded, query);
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("selects and counts each keystroke of a search typed, erased or replaced under the same facets, as the reference does, counted or not", () => {
    // Each keystroke's selection is changed from the last one's where their matches differ, while
    // few did: most users' client IDs start alike here, so that a search typed on matches most of
    // them and changes a few, as a client ID typed at a million does, keystroke after keystroke.
    // Some keystrokes do not ask for the facets' counts (the filters closed): the next that does
    // must not count from a keystroke that was not counted.
    const keystrokeArb = fc.oneof(
      fc.record({ type: fc.constantFrom("a", "b", "-", "A", "ß") }),
      fc.record({ erase: fc.constant(true) }),
      fc.record({ replace: fc.string({ unit: fc.constantFrom("a", "b", "-", "1"), maxLength: 2 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(userArb, { minLength: 48, maxLength: 150 }),
        facetsArb,
        fc.array(fc.tuple(keystrokeArb, fc.boolean()), { minLength: 2, maxLength: 10 }),
        (users, facets, keystrokes) => {
          const team = users.map((u, i) => ({
            ...u,
            user_id: `user-${i}`,
            client_user_id: i % 6 === 0 ? u.client_user_id : `ab${u.client_user_id}`,
          }));
          const { index, loaded } = loadBoth(
            team,
            7,
            [...team.keys()].filter((i) => i % 7 === 0),
          );
          let search = "";
          for (const [keystroke, facetCounts] of keystrokes) {
            if ("type" in keystroke) search += keystroke.type;
            else if ("erase" in keystroke) search = search.slice(0, -1);
            else search = keystroke.replace;
            const query = { search, facets };
            const { facets: counts, matches, rows } = index.view({ ...query, pageIndex: 0, pageSize: 150, facetCounts });
            const expectedIds = referenceSelection(loaded, query);
            expect(matches).toBe(expectedIds.length);
            expect(rows.map((row) => row.user.user_id)).toEqual(expectedIds);
            // Asked, they are given; wherever they are given, they are right.
            if (facetCounts || counts) {
              const [actual, expected] = countsAndReference(counts!, loaded, query);
              expect(actual).toEqual(expected);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives back each user as it was added, with its place in the service's order", () => {
    fc.assert(
      fc.property(teamArb, ([users, pageSize, arrival]) => {
        const { index, loaded } = loadBoth(users, pageSize, arrival);
        for (const { user, offset } of loaded) {
          const row = index.rowOf(user.user_id)!;
          expect(index.user(row)).toEqual(user);
          expect(index.serviceOffset(row)).toBe(offset);
        }
      }),
    );
  });
});

describe("TeamIndex", () => {
  afterEach(() => vi.restoreAllMocks()); // the spies below

  const user = (n: number, overrides: Partial<User> = {}): User => ({
    user_id: `id-${n}`,
    team_id: "team-a",
    client_user_id: `client-${n}`,
    created_on: "2025-01-01T00:00:00Z",
    connected_sources: [],
    fallback_birth_date: null,
    fallback_time_zone: null,
    ...overrides,
  });

  it("keeps a user sent twice once, where it came first, and says how many were new", () => {
    const index = new TeamIndex();
    expect(index.addPage(pageOfUsers([user(1), user(2)]), 0)).toBe(2);
    expect(index.addPage(pageOfUsers([user(2, { client_user_id: "changed" }), user(3)]), 1)).toBe(1);
    expect(index.size).toBe(3);
    expect(index.user(index.rowOf("id-2")!).client_user_id).toBe("client-2");
    expect(index.serviceOffset(index.rowOf("id-3")!)).toBe(2);
  });

  it("makes a picked sort's whole order in idle steps, so that the next keystroke under it makes none; a view midway reads the same", () => {
    const made = vi.spyOn(TeamIds.prototype, "clientIdOrderingSteps");
    const users = Array.from({ length: 3_000 }, (_, n) => user(n, { client_user_id: `patient-${(n * 7919) % 3_000}` }));
    const sort = { column: "client_user_id", direction: "desc" } as const;
    const keystroke = { search: "patient-12", sort, pageIndex: 0, pageSize: 20 };
    const plain = new TeamIndex();
    plain.addPage(pageOfUsers(users), 0);
    const expected = plain.view(keystroke).rows.map((row) => row.user.client_user_id);
    made.mockClear();

    const index = new TeamIndex({ idleStepMs: 0 });
    index.addPage(pageOfUsers(users), 0);
    index.view({ sort, pageIndex: 0, pageSize: 20 }); // the click on the header: its rows picked
    expect(index.stepIdle()).toBe(false); // a step of the order: more to come
    expect(made).toHaveBeenCalledTimes(1);
    // A keystroke midway finishes the order the idle steps began, and reads it.
    expect(index.view(keystroke).rows.map((row) => row.user.client_user_id)).toEqual(expected);
    expect(made).toHaveBeenCalledTimes(1);

    const idle = new TeamIndex({ idleStepMs: 0 });
    idle.addPage(pageOfUsers(users), 0);
    idle.view({ sort, pageIndex: 0, pageSize: 20 });
    let steps = 0;
    while (!idle.stepIdle()) steps++;
    expect(steps).toBeGreaterThan(2);
    made.mockClear();
    expect(idle.view(keystroke).rows.map((row) => row.user.client_user_id)).toEqual(expected);
    expect(made).not.toHaveBeenCalled(); // made already, in idle time
  });

  it.each([
    { work: "what follows a search that every user matches", users: 20_000, typed: "patient-", next: "1", steps: 3 },
    { work: "a narrower search's 1,111 rows, their text gathered side by side,", users: 40_000, typed: "patient-12", next: "3", steps: 2 },
  ])(
    "works out $work in idle steps of a few thousand rows, so that a keystroke typed meanwhile waits little; midway or after, it answers as a scan does",
    ({ users: count, typed, next, steps }) => {
      const users = Array.from({ length: count }, (_, n) => user(n, { client_user_id: `patient-${n}` }));
      const keystroke = { search: typed + next, pageIndex: 0, pageSize: 20 };
      const plain = new TeamIndex();
      plain.addPage(pageOfUsers(users), 0);
      const expected = plain.view(keystroke);
      const typedAfter = (idleSteps: number | null) => {
        const index = new TeamIndex({ idleStepMs: 0 });
        index.addPage(pageOfUsers(users), 0);
        index.view({ ...keystroke, search: typed });
        let taken = 0;
        while ((idleSteps === null || taken < idleSteps) && (taken++, !index.stepIdle()));
        return { taken, answer: index.view(keystroke) };
      };
      const done = typedAfter(null);
      expect(done.taken).toBeGreaterThanOrEqual(steps); // not in one step
      expect(done.answer).toEqual(expected);
      expect(typedAfter(1).answer).toEqual(expected);
    },
  );

  /** Users with IDs that share a long start, half of them connected to Oura, some to Fitbit too. */
  const sortedTeam = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => {
      const n = from + i;
      const connected = (slug: string, name: string) => ({
        created_on: "2025-01-01T00:00:00Z",
        source: { logo: `/${slug}.svg`, name, slug },
      });
      const sources = n % 2 === 0 ? [connected("oura", "Oura"), ...(n % 3 === 0 ? [connected("fitbit", "Fitbit")] : [])] : [];
      return user(n, { client_user_id: `patient-${(n * 7919) % 3_000}`, connected_sources: sources });
    });

  it("warms up a large team again in idle time once a sort's order is made, leaving the sort, the view and the next keystroke's search as they were", () => {
    const made = vi.spyOn(TeamIds.prototype, "clientIdOrderingSteps");
    const users = sortedTeam(3_000);
    const sort = { column: "client_user_id", direction: "desc" } as const;
    const shown = { search: "patient-1", facets: { sources: ["oura"] }, sort, pageIndex: 0, pageSize: 20 };
    const keystroke = { ...shown, search: "patient-12" };
    const plain = new TeamIndex();
    plain.addPage(pageOfUsers(users), 0);
    const expected = plain.view(keystroke);
    const shownRows = plain.view(shown).rows;
    expect(shownRows).toHaveLength(20);

    const index = new TeamIndex({ idleStepMs: 0, fullWarmUpFrom: 3_000 });
    index.addPage(pageOfUsers(users), 0);
    index.view({ sort, pageIndex: 0, pageSize: 20 }); // the click on the header: its rows picked
    index.view(shown); // another selection under it: its order made
    made.mockClear();
    const matched = vi.spyOn(TeamIds.prototype, "matches");
    const prepared = vi.spyOn(IdText.prototype, "prepareFollows");
    let steps = 0;
    while (!index.stepIdle()) steps++;
    // The warm-up's searches, a view a step, under a source and under none.
    const searched = matched.mock.calls.map(([query, , , options]) => ({ query, prepareNext: options?.prepareNext }));
    expect(new Set(searched.map(({ query }) => query))).toEqual(new Set(["0", "00", "000", "0000", "00000"]));
    expect(searched.every(({ prepareNext }) => prepareNext === false)).toBe(true);
    expect(steps).toBeGreaterThan(searched.length);
    expect(prepared).not.toHaveBeenCalled(); // what follows the user's search in each row stays worked out
    // The view left is still held: asked again, nothing is searched.
    matched.mockClear();
    expect(index.view(shown).rows).toEqual(shownRows);
    expect(matched).not.toHaveBeenCalled();
    // The next keystroke narrows the user's last search, not the warm-up's, and walks the order kept.
    const answer = index.view(keystroke);
    expect(matched.mock.calls.map(([query, earlier]) => [query, earlier?.query])).toEqual([["patient-12", "patient-1"]]);
    expect(answer).toEqual(expected);
    expect(made).not.toHaveBeenCalled();
    matched.mockRestore();

    // A team below the size: no warm-up after its sorts.
    const small = new TeamIndex({ idleStepMs: 0 });
    small.addPage(pageOfUsers(users), 0);
    small.view({ sort, pageIndex: 0, pageSize: 20 });
    const smallMatches = vi.spyOn(TeamIds.prototype, "matches");
    while (!small.stepIdle());
    expect(smallMatches).not.toHaveBeenCalled();
  });

  it("leaves a warm-up run after a sort when the team changes midway: the views after read the grown team", () => {
    const sort = { column: "client_user_id", direction: "asc" } as const;
    const keystroke = { search: "patient-2", facets: { sources: ["fitbit"] }, sort, pageIndex: 0, pageSize: 20 };
    const plain = new TeamIndex();
    plain.addPage(pageOfUsers(sortedTeam(3_000)), 0);
    const expected = plain.view(keystroke);

    const index = new TeamIndex({ idleStepMs: 0, fullWarmUpFrom: 2_000 });
    index.addPage(pageOfUsers(sortedTeam(2_000)), 0);
    index.view({ sort, pageIndex: 0, pageSize: 20 });
    index.view({ ...keystroke, search: "patient" }); // its order made: the warm-up follows
    const matched = vi.spyOn(TeamIds.prototype, "matches");
    while (matched.mock.calls.length < 2) index.stepIdle(); // the warm-up midway, its buffers of 2,000 rows
    index.addPage(pageOfUsers(sortedTeam(1_000, 2_000)), 2_000);
    while (!index.stepIdle());
    expect(index.view(keystroke)).toEqual(expected);
  });

  it("reads the IDs afresh after each idle step of their order: a search in between that grows the text's memory moves them", () => {
    // Twenty characters alike, and more: their order is read deep into the text, after the search.
    const users = Array.from({ length: 3_600 }, (_, n) => user(n, { client_user_id: `patient-record-000000${(n * 7919) % 3_600}` }));
    const sort = { column: "client_user_id", direction: "asc" } as const;
    const keystroke = { search: "9", sort, pageIndex: 0, pageSize: 20 };
    const plain = new TeamIndex();
    plain.addPage(pageOfUsers(users), 0);
    const expected = plain.view(keystroke).rows.map((row) => row.user.client_user_id);

    const index = new TeamIndex({ idleStepMs: 0 });
    index.addPage(pageOfUsers(users), 0);
    index.view({ sort, pageIndex: 0, pageSize: 20 });
    expect(index.stepIdle()).toBe(false);
    const grown = index.outsideHeapBytes;
    expect(index.view(keystroke).rows.map((row) => row.user.client_user_id)).toEqual(expected);
    expect(index.outsideHeapBytes).toBeGreaterThan(grown); // the search did grow it, midway
  });

  it("keeps the order of the column sorted by alone: another column or none gives it back, made again when it comes back", () => {
    const made = vi.spyOn(TeamIds.prototype, "clientIdOrderingSteps");
    const users = Array.from({ length: 3_000 }, (_, n) => user(n, { client_user_id: `patient-${(n * 7919) % 3_000}` }));
    const byId = { sort: { column: "client_user_id", direction: "asc" } } as const;
    const index = new TeamIndex();
    index.addPage(pageOfUsers(users), 0);
    const sortedIds = () => Array.from(selectedRows(index, byId), (row) => index.user(row).client_user_id);
    const expected = sortedIds();
    expect(made).toHaveBeenCalledTimes(1);
    // Its other direction and a search under it: the same order, kept.
    index.select({ sort: { column: "client_user_id", direction: "desc" } });
    index.select({ ...byId, search: "patient-1" });
    expect(sortedIds()).toEqual(expected);
    expect(made).toHaveBeenCalledTimes(1);

    index.view({ sort: { column: "created_on", direction: "desc" }, pageIndex: 0, pageSize: 20 });
    expect(sortedIds()).toEqual(expected);
    expect(made).toHaveBeenCalledTimes(2); // given back for the other column, and made again
    index.view({ pageIndex: 0, pageSize: 20 });
    expect(sortedIds()).toEqual(expected);
    expect(made).toHaveBeenCalledTimes(3); // given back for the service's order, and made again
  });

  it("gives back the arrays of an order left midway in idle time, when another column is sorted by or the team changes", () => {
    const released = vi.spyOn(KeySorter.prototype, "release");
    const users = Array.from({ length: 3_000 }, (_, n) => user(n, { client_user_id: `patient-${(n * 7919) % 3_000}` }));
    const index = new TeamIndex({ idleStepMs: 0 });
    index.addPage(pageOfUsers(users), 0);
    const page = { pageIndex: 0, pageSize: 20 };
    const byId = { sort: { column: "client_user_id", direction: "asc" }, ...page } as const;
    index.view(byId);
    index.stepIdle(); // the IDs' sort under way
    expect(released).not.toHaveBeenCalled();
    index.view({ sort: { column: "created_on", direction: "asc" }, ...page }); // it is left for the instants'
    expect(released).toHaveBeenCalledTimes(1);
    index.view(byId); // the instants' is left before its first step: it holds nothing yet
    index.stepIdle(); // the IDs' sort under way again
    expect(released).toHaveBeenCalledTimes(1);
    index.addPage(pageOfUsers([user(3_000)]), 3_000); // the team changes: it is left too
    index.view(page);
    expect(released).toHaveBeenCalledTimes(2);
    // Both orders are made anew, right, when asked.
    const ids = Array.from(
      selectedRows(index, { sort: { column: "client_user_id", direction: "asc" } }),
      (row) => index.user(row).client_user_id,
    );
    expect(ids).toEqual([...users.map((u) => u.client_user_id), "client-3000"].sort());
  });

  it("pages a view, clamps a page beyond the last, and counts matches", () => {
    const index = new TeamIndex();
    index.addPage(pageOfUsers(Array.from({ length: 25 }, (_, n) => user(n))), 0);
    const view = index.view({ search: "CLIENT-1", pageIndex: 9, pageSize: 5 });
    expect(view.matches).toBe(11); // client-1, client-10 … client-19
    expect(view.total).toBe(25);
    expect(view.pageIndex).toBe(2);
    expect(view.rows.map((r) => r.user.client_user_id)).toEqual(["client-19"]);
    expect(view.rows[0]?.serviceOffset).toBe(19);
  });

  it("lists a narrow search's users in the service's order, and pages them, when later pages came first", () => {
    const index = new TeamIndex();
    // The service's page at 10 came before the one at 0: rows and places disagree.
    index.addPage(
      pageOfUsers(Array.from({ length: 10 }, (_, n) => user(10 + n, n % 3 === 0 ? { client_user_id: `match-${10 + n}` } : {}))),
      10,
    );
    index.addPage(pageOfUsers(Array.from({ length: 10 }, (_, n) => user(n, n % 5 === 0 ? { client_user_id: `match-${n}` } : {}))), 0);
    const names = (pageIndex: number) => index.view({ search: "match", pageIndex, pageSize: 4 }).rows.map((r) => r.user.client_user_id);
    expect(names(0)).toEqual(["match-0", "match-5", "match-10", "match-13"]);
    expect(names(1)).toEqual(["match-16", "match-19"]);
    // Narrowed by the search before it, as typing does.
    const narrowed = index.view({ search: "match-1", pageIndex: 0, pageSize: 4 });
    expect(narrowed.rows.map((r) => r.user.client_user_id)).toEqual(["match-10", "match-13", "match-16", "match-19"]);
  });

  it("lists every known facet value, with a chosen unknown one and the no-value option", () => {
    const index = new TeamIndex();
    index.addPage(
      pageOfUsers([
        user(1, { connected_sources: [{ created_on: "2025-01-01T00:00:00Z", source: { logo: "/o.svg", name: "Oura", slug: "oura" } }] }),
        user(2),
      ]),
      0,
    );
    const { facets, matches } = index.view({ facets: { sources: ["polar"] }, pageIndex: 0, pageSize: 10 });
    expect(matches).toBe(0);
    expect(facets!.sources).toEqual([
      { value: "oura", label: "Oura", count: 1, selected: false },
      { value: "polar", label: "polar", count: 0, selected: true },
      { value: null, label: null, count: 1, selected: false },
    ]);
  });

  it("leaves the facets' counts out of a search's answer that does not ask for them, unless a filter is chosen; asked next, they are counted", () => {
    const index = new TeamIndex();
    const oura = { created_on: "2025-01-01T00:00:00Z", source: { logo: "/o.svg", name: "Oura", slug: "oura" } };
    index.addPage(pageOfUsers([user(1, { connected_sources: [oura] }), user(2), user(3, { connected_sources: [oura] })]), 0);
    const page = { pageIndex: 0, pageSize: 10 };
    const unasked = index.view({ search: "client", ...page, facetCounts: false });
    expect(unasked.matches).toBe(3);
    expect(unasked.rows).toHaveLength(3);
    expect(unasked.facets).toBeNull();
    const asked = index.view({ search: "client", ...page });
    expect(asked.matches).toBe(3);
    expect(asked.facets?.sources).toEqual([
      { value: "oura", label: "Oura", count: 2, selected: false },
      { value: null, label: null, count: 1, selected: false },
    ]);
    // Under a filter the selection is the count's own work: the counts come with it.
    const filtered = index.view({ search: "client", facets: { sources: ["oura"] }, ...page, facetCounts: false });
    expect(filtered.matches).toBe(2);
    expect(filtered.facets?.sources.find((option) => option.value === "oura")).toMatchObject({ count: 2, selected: true });
    // With no search, the facets' selection of everybody is kept counted.
    expect(index.view({ ...page, facetCounts: false }).facets?.birthDate).toHaveLength(2);
  });

  it("counts a keystroke under a filter from the selection, not from an uncounted one's marks left between them", () => {
    const index = new TeamIndex();
    const oura = { created_on: "2025-01-01T00:00:00Z", source: { logo: "/o.svg", name: "Oura", slug: "oura" } };
    // Every user matches both searches (too many to be listed); every other one holds Oura.
    index.addPage(pageOfUsers(Array.from({ length: 40 }, (_, n) => user(n, n % 2 === 0 ? { connected_sources: [oura] } : {}))), 0);
    const page = { pageIndex: 0, pageSize: 100 };
    const underOura = { sources: ["oura"] };
    expect(index.view({ search: "c", facets: underOura, ...page }).matches).toBe(20);
    // The filter cleared, the filters closed: uncounted, the same search's marks are all its matches.
    expect(index.view({ search: "c", ...page, facetCounts: false }).matches).toBe(40);
    // The filter again, the next keystroke: only Oura's users.
    const next = index.view({ search: "cl", facets: underOura, ...page, facetCounts: false });
    expect(next.matches).toBe(20);
    expect(next.rows).toHaveLength(20);
    expect(Array.from(selectedRows(index, { search: "cl", facets: underOura }))).toHaveLength(20);
  });

  it("answers a search again after more pages came", () => {
    const index = new TeamIndex();
    index.addPage(pageOfUsers([user(1)]), 0);
    expect(index.view({ search: "client", pageIndex: 0, pageSize: 10 }).matches).toBe(1);
    index.addPage(pageOfUsers([user(2)]), 1);
    expect(index.view({ search: "client", pageIndex: 0, pageSize: 10 }).matches).toBe(2);
  });

  it("picks the first rows by creation instant, client ID and list of sources where they are held: no key a user is kept for them; ranks keep 4 bytes a user", () => {
    const users = 50_000;
    const index = new TeamIndex();
    // The pages are held to the end, so that the collector cannot free their arrays while a view is measured.
    const pages = Array.from({ length: users / 500 }, (_, page) =>
      pageOfUsers(
        Array.from({ length: 500 }, (_, i) => {
          const n = page * 500 + i;
          return user(n, { created_on: new Date(Date.UTC(2025, 0, 1) + (users - n) * 1000).toISOString() });
        }),
      ),
    );
    pages.forEach((page, i) => index.addPage(page, i * 500));
    index.trim();
    index.view({ pageIndex: 0, pageSize: 10 }); // the buffers every view keeps
    const grownBy = (view: TeamView) => {
      // Earlier tests' garbage collected first: freed during the view, it would read as less growth.
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage().arrayBuffers;
      const { rows } = index.view(view);
      return { grown: process.memoryUsage().arrayBuffers - before, first: rows[0]!.user.client_user_id };
    };
    const byCreation = grownBy({ sort: { column: "created_on", direction: "asc" }, pageIndex: 0, pageSize: 10 });
    expect(byCreation.first).toBe(user(users - 1).client_user_id);
    expect(byCreation.grown).toBeLessThan(users);
    // Client IDs' first characters are read where the IDs lie.
    const byClientId = grownBy({ sort: { column: "client_user_id", direction: "asc" }, pageIndex: 0, pageSize: 10 });
    expect(byClientId.first).toBe(user(0).client_user_id);
    expect(byClientId.grown).toBeLessThan(users);
    // Lists of sources by how many and the first, where they are held (compared slug by slug where those tie).
    const bySources = grownBy({ sort: { column: "connected_sources", direction: "desc" }, pageIndex: 0, pageSize: 10 });
    expect(bySources.grown).toBeLessThan(users);
    // A ranked column's keys, costly to work out, are kept for the next pick: ranks, exact in 4 bytes a user.
    const byZone = grownBy({ sort: { column: "time_zone", direction: "asc" }, pageIndex: 0, pageSize: 10 }).grown;
    expect(byZone).toBeGreaterThan(users * 3);
    expect(byZone).toBeLessThan(users * 5);
    expect(pages).toHaveLength(users / 500);
  });

  it("gives back at once the typed arrays it holds, columns and what views kept, when released", () => {
    const users = 50_000;
    const index = new TeamIndex();
    index.reserve(users);
    for (let offset = 0; offset < users; offset += 500) {
      const page = Array.from({ length: 500 }, (_, i) =>
        user(offset + i, { fallback_time_zone: { id: "Europe/Paris", source_slug: "oura", updated_at: "2025-01-01T00:00:00Z" } }),
      );
      index.addPage(pageOfUsers(page), offset);
    }
    index.trim();
    // Views keep a user's bytes for the search and the selection, and a sort's order.
    index.view({ search: "client-1", sort: { column: "created_on", direction: "desc" }, pageIndex: 30, pageSize: 100 });
    const held = process.memoryUsage().arrayBuffers;
    index.release();
    // The columns (IDs' starts, instants, codes, profiles: about 24 bytes a user here; the IDs' hash table went at the trim)
    // and what the view kept (about 19): neither alone. A collection meanwhile could only free more.
    expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThan(users * 40);
  });

  it("holds no list of the service's order for a team loaded in it: rows are in it already", () => {
    const users = 50_000;
    const index = new TeamIndex();
    index.addPage(pageOfUsers(Array.from({ length: users }, (_, n) => user(n))), 0);
    index.trim();
    const before = process.memoryUsage().arrayBuffers;
    const { rows } = index.view({ pageIndex: 499, pageSize: 100 }); // the last page: the whole order walked
    expect(rows.map((row) => row.serviceOffset)).toEqual(Array.from({ length: 100 }, (_, i) => users - 100 + i));
    // The facets' selection of everybody and the view's, a byte a user each; a list of the rows would add 4.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(users * 3);
  });

  it("makes a sort's whole order, in idle time, without writing out the service's order for it", () => {
    const users = 100_000; // more than a step's rows: the first step only counts the rows with a value
    const index = new TeamIndex({ idleStepMs: 1 });
    // Each created a second before the one sent before it: the service's order is the descending one.
    const createdOn = (n: number) => new Date(Date.UTC(2025, 0, 1) - n * 1000).toISOString();
    index.addPage(pageOfUsers(Array.from({ length: users }, (_, n) => user(n, { created_on: createdOn(n) }))), 0);
    index.trim();
    index.view({ sort: { column: "created_on", direction: "asc" }, pageIndex: 0, pageSize: 100 }); // its rows picked
    const before = process.memoryUsage().arrayBuffers;
    index.stepIdle();
    // The service's order written out would be 4 bytes a user.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(users);
    while (!index.stepIdle());
    const { rows } = index.view({ sort: { column: "created_on", direction: "asc" }, pageIndex: 999, pageSize: 100 });
    expect(rows.map((row) => row.user.user_id)).toEqual(Array.from({ length: 100 }, (_, i) => user(99 - i).user_id));
  });
});
