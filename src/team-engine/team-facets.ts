/**
 * Facets of the loaded team: connected source, time zone, birth date known or not. Options of
 * one group are alternatives (any of them), groups combine (all of them). Each group's counts
 * are taken over the users that pass the search and the other groups, ignoring the group's own
 * choice, so every option says how many users choosing it would add.
 *
 * Each long loop (over a million rows, or 34,538 profiles) comes last in its function, nothing
 * after it but a return: V8 optimizes such a loop while it runs, and code after it, not run yet
 * then, made that optimized code be thrown away at every call (seen with `--trace-deopt`).
 */
import type { ProfileTable } from "./facet-profiles.ts";
import type { CodeView } from "./growable-array.ts";
import type { Interner } from "./interner.ts";

export type BirthDateFacet = "known" | "unknown";

export interface FacetSelection {
  /** Source slugs; null stands for "no source". A user matches when any of their sources is chosen. */
  sources?: readonly (string | null)[];
  /** Time zone IDs; null stands for "no time zone". */
  timeZones?: readonly (string | null)[];
  birthDate?: readonly BirthDateFacet[];
}

export interface FacetOption<Value> {
  value: Value;
  /** The source's name for a slug, else the value itself; null values have none. */
  label: string | null;
  count: number;
  selected: boolean;
}

export interface FacetCounts {
  sources: FacetOption<string | null>[];
  timeZones: FacetOption<string | null>[];
  birthDate: FacetOption<BirthDateFacet>[];
}

/** What the facets read from the index. */
export interface FacetColumns {
  rows: number;
  slugs: Interner;
  /** The display name of each slug code. */
  slugNames: readonly string[];
  timeZones: Interner;
  /** The users' facet profiles, each row's, and how many rows have each. */
  profiles: ProfileTable;
  rowProfiles: CodeView;
  profileUsers: Uint32Array;
}

/** Which codes of a dictionary a group chose, and whether it chose "none"; null: no filter. */
interface Choice {
  codes: Uint8Array;
  none: boolean;
  /** Chosen values the index does not know (yet): they match nobody but stay on show. */
  unknown: string[];
}

function choiceOf(values: readonly (string | null)[] | undefined, dictionary: Interner): Choice | null {
  if (!values || values.length === 0) return null;
  const choice: Choice = { codes: new Uint8Array(dictionary.size), none: false, unknown: [] };
  for (const value of values) {
    if (value === null) choice.none = true;
    else {
      const code = dictionary.find(value);
      if (code === undefined) choice.unknown.push(value);
      else choice.codes[code] = 1;
    }
  }
  return choice;
}

/** The options' counts over some rows, before they become options. */
export interface FacetTally {
  slugs: Uint32Array;
  zones: Uint32Array;
  noSource: number;
  noZone: number;
  birthKnown: number;
  birthUnknown: number;
  /** Rows that pass every group. */
  selected: number;
}

/** A selection by facets alone (no search) of the same choices, kept to count a broad search by difference. */
export interface FacetBase {
  tally: FacetTally;
  selected: Uint8Array;
}

export interface FacetResult {
  /** A 1 for each selected row. */
  selected: Uint8Array;
  /** How many rows are selected. */
  count: number;
  /** The selected rows in order, when the candidates came listed; else null. */
  rows: Uint32Array | null;
  counts: FacetCounts;
  tally: FacetTally;
}

/**
 * The rows that pass `candidates` (the search; null: every row) and the chosen facets, and
 * each option's count. With `base`, the same choices' selection of every row, a search is
 * counted by difference from it: only the rows it did not match are gone through (worth it for
 * a search that matched most rows). Candidates that come listed (`rows`, few) are gone through alone.
 */
export function applyFacets(
  columns: FacetColumns,
  candidates: { matched: Uint8Array; count: number; rows?: Uint32Array | null; unmatched?: Uint32Array | null } | null,
  selection: FacetSelection,
  /** Where to mark the selected rows (one byte a row), reused from a view to the next. */
  selected: Uint8Array = new Uint8Array(columns.rows),
  base?: FacetBase,
): FacetResult {
  const choices = choicesOf(columns, selection);
  let tally: FacetTally;
  let rows: Uint32Array | null = null;
  if (candidates?.rows) {
    selected.fill(0);
    tally = tallyRows(columns, choices, { list: candidates.rows }, selected);
    rows = tally.selected === candidates.rows.length ? candidates.rows.slice() : listSelected(candidates.rows, selected, tally.selected);
  } else if (candidates && base) {
    const which = candidates.unmatched ? { list: candidates.unmatched } : { rows: candidates.matched, are: 0 as const };
    // Only the profiles of the rows not matched are gone through (a few, for a broad search).
    tally = changedTally(base.tally, null, tallyRows(columns, choices, which, null));
    // Facets that select everybody leave the search's own selection.
    if (base.tally.selected === columns.rows) selected.set(candidates.matched);
    else and(base.selected, candidates.matched, selected);
  } else {
    tally = tallyRows(columns, choices, candidates && { rows: candidates.matched, are: 1 }, selected);
  }
  return { selected, count: tally.selected, rows, counts: countsOf(columns, choices, tally), tally };
}

/**
 * As `applyFacets`, for a search that follows `earlier` under the same facets (the next keystroke):
 * from the earlier search's counts, only the rows whose match changed are gone through, and
 * `selected` (the earlier selection's marks) is changed where they lie. Null, with nothing
 * changed, when counting afresh would go through fewer than four rows for each that changed: a
 * changed row costs about what four counted afresh do (a million demo users, a third of them
 * changed: 9.5 ms against 7.5), more in a browser's worker.
 */
export function changeFacets(
  columns: FacetColumns,
  earlier: { matches: { matched: Uint8Array; count: number }; tally: FacetTally },
  { matched, count, unmatched }: { matched: Uint8Array; count: number; unmatched?: Uint32Array | null },
  selection: FacetSelection,
  selected: Uint8Array,
): FacetResult | null {
  // Afresh, a search that matched most rows goes through those it did not when they are listed.
  const fresh = count * 2 > columns.rows && unmatched ? unmatched.length : columns.rows;
  const most = fresh / 4;
  // At least as many rows changed as the counts differ by: when that is too many already, no row is compared.
  const before = earlier.matches;
  if (Math.abs(count - before.count) > most || changedRows(before.matched, matched, most) > most) return null;
  const choices = choicesOf(columns, selection);
  const passing = passingProfiles(columns.profiles, choices);
  const { added, removed } = countChanges(columns.rowProfiles, before.matched, matched, passing, selected);
  const tallyOf = ({ counts, counted }: ProfileRows) => tallyProfiles(columns, choices, counts, counted);
  const tally = changedTally(earlier.tally, tallyOf(added), tallyOf(removed));
  return { selected, count: tally.selected, rows: null, counts: countsOf(columns, choices, tally), tally };
}

function choicesOf(columns: FacetColumns, selection: FacetSelection): Choices {
  return {
    sources: choiceOf(selection.sources, columns.slugs),
    zones: choiceOf(selection.timeZones, columns.timeZones),
    birth: selection.birthDate?.length
      ? { known: selection.birthDate.includes("known"), unknown: selection.birthDate.includes("unknown") }
      : null,
  };
}

function countsOf(columns: FacetColumns, { sources, zones, birth }: Choices, tally: FacetTally): FacetCounts {
  return {
    sources: options(columns.slugs, tally.slugs, (code) => columns.slugNames[code] ?? null, sources, tally.noSource),
    timeZones: options(columns.timeZones, tally.zones, (code) => columns.timeZones.value(code), zones, tally.noZone),
    birthDate: [
      { value: "known", label: "known", count: tally.birthKnown, selected: birth?.known ?? false },
      { value: "unknown", label: "unknown", count: tally.birthUnknown, selected: birth?.unknown ?? false },
    ],
  };
}

/** The arrays (of one length) as words of four rows' bytes, where all start on a multiple of 4; else no words. */
function wordsOf<Arrays extends Uint8Array[]>(...arrays: Arrays): { [K in keyof Arrays]: Uint32Array } {
  const words = arrays.every((bytes) => bytes.byteOffset % 4 === 0) ? arrays[0]!.length >> 2 : 0;
  return arrays.map((bytes) => new Uint32Array(bytes.buffer, bytes.byteOffset, words)) as { [K in keyof Arrays]: Uint32Array };
}

/** `into[i] = a[i] & b[i]`, four bytes at a time. */
function and(a: Uint8Array, b: Uint8Array, into: Uint8Array): void {
  const [a4, b4, into4] = wordsOf(a, b, into);
  for (let i = a4.length * 4; i < a.length; i++) into[i] = a[i]! & b[i]!;
  for (let i = 0; i < a4.length; i++) into4[i] = a4[i]! & b4[i]!;
}

/** How many rows' bytes (0 or 1) differ, four at a time; once past `most`, a count past it (the rest is not compared). */
function changedRows(before: Uint8Array, after: Uint8Array, most: number): number {
  const [before4, after4] = wordsOf(before, after);
  let changed = 0;
  for (let i = before4.length * 4; i < before.length; i++) changed += before[i]! ^ after[i]!;
  // Each byte of the difference is 0 or 1: the multiplication sums them into the top byte.
  for (let from = 0; from < before4.length && changed <= most; from += 1 << 12) {
    const to = Math.min(before4.length, from + (1 << 12));
    for (let i = from; i < to; i++) changed += Math.imul(before4[i]! ^ after4[i]!, 0x01010101) >>> 24;
  }
  return changed;
}

/** Some rows' count of each profile, and the profiles they have, each once. */
interface ProfileRows {
  counts: Uint32Array;
  counted: number[];
}

/**
 * Counts the profiles of the rows matched `after` and not `before` (added), and of those matched
 * before and no longer (removed); marks them in `selected` (1 where the profile passes).
 */
function countChanges(
  rowProfiles: CodeView,
  before: Uint8Array,
  after: Uint8Array,
  passes: Uint8Array,
  selected: Uint8Array,
): { added: ProfileRows; removed: ProfileRows } {
  const [before4, after4] = wordsOf(before, after);
  const added: ProfileRows = { counts: new Uint32Array(passes.length), counted: [] };
  const removed: ProfileRows = { counts: new Uint32Array(passes.length), counted: [] };
  const changes = { added, removed };
  const change = (row: number) => {
    const profile = rowProfiles[row]!;
    const now = after[row] === 1;
    const rows = now ? added : removed;
    if (rows.counts[profile]!++ === 0) rows.counted.push(profile);
    selected[row] = now ? passes[profile]! : 0;
  };
  // The rows past the last word first, so that the loop comes last (see the top of the file).
  for (let row = before4.length * 4; row < before.length; row++) if (before[row] !== after[row]) change(row);
  for (let i = 0; i < before4.length; i++) {
    if (before4[i] === after4[i]) continue;
    for (let row = i * 4; row < i * 4 + 4; row++) if (before[row] !== after[row]) change(row);
  }
  return changes;
}

/** A tally with some rows' added (`more`, if any) and others' taken away (`less`). */
function changedTally(tally: FacetTally, more: FacetTally | null, less: FacetTally): FacetTally {
  const moved = (count: number, plus: number | undefined, minus: number) => count + (plus ?? 0) - minus;
  return {
    slugs: tally.slugs.map((count, slug) => moved(count, more?.slugs[slug], less.slugs[slug]!)),
    zones: tally.zones.map((count, zone) => moved(count, more?.zones[zone], less.zones[zone]!)),
    noSource: moved(tally.noSource, more?.noSource, less.noSource),
    noZone: moved(tally.noZone, more?.noZone, less.noZone),
    birthKnown: moved(tally.birthKnown, more?.birthKnown, less.birthKnown),
    birthUnknown: moved(tally.birthUnknown, more?.birthUnknown, less.birthUnknown),
    selected: moved(tally.selected, more?.selected, less.selected),
  };
}

interface Choices {
  sources: Choice | null;
  zones: Choice | null;
  birth: { known: boolean; unknown: boolean } | null;
}

/** Whether each profile (each of `some`, when given; the others are 0) passes every group chosen. */
function passingProfiles(profiles: ProfileTable, choices: Choices, some?: readonly number[]): Uint8Array {
  const passing = new Uint8Array(profiles.set.length);
  const passes = profilePasses(profiles, choices);
  if (some) for (let i = 0; i < some.length; i++) passing[some[i]!] = !passes || passes(some[i]!) ? 1 : 0;
  else if (passes) for (let p = 0; p < passing.length; p++) passing[p] = passes(p) ? 1 : 0;
  else passing.fill(1);
  return passing;
}

/** Whether a profile passes each group (one not chosen passes every profile), and all of them. */
function profileTests({ set, zone, birthKnown, setSlugs }: ProfileTable, { sources, zones, birth }: Choices) {
  const setPasses = setSlugs.map(
    (slugs) => !sources || (slugs.length === 0 ? sources.none : slugs.some((slug) => sources.codes[slug] === 1)),
  );
  const source = (p: number) => setPasses[set[p]!]!;
  const zoneOf = (p: number) => !zones || (zone[p] === 0 ? zones.none : zones.codes[zone[p]! - 1] === 1);
  const birthOf = (p: number) => !birth || (birthKnown[p] === 1 ? birth.known : birth.unknown);
  return { source, zone: zoneOf, birth: birthOf, all: (p: number) => source(p) && zoneOf(p) && birthOf(p) };
}

/** Whether a profile passes every group chosen; null when none is (every profile passes). */
function profilePasses(profiles: ProfileTable, choices: Choices): ((profile: number) => boolean) | null {
  return anyChosen(choices) ? profileTests(profiles, choices).all : null;
}

/** Whether any group has a choice: else every profile passes. */
const anyChosen = ({ sources, zones, birth }: Choices) => sources !== null || zones !== null || birth !== null;

/**
 * Counts the options over the rows whose byte in `which.rows` is `which.are`, or those of
 * `which.list` (null: every row), each group over the rows that pass the other groups; marks in
 * `selected` the rows that pass all (writing every row's mark, but a list's rows alone: the others
 * must be 0 already). The rows' profiles are counted, then each profile's groups are worked out
 * once.
 */
function tallyRows(
  columns: FacetColumns,
  choices: Choices,
  which: { rows: Uint8Array; are: 0 | 1 } | { list: Uint32Array } | null,
  selected: Uint8Array | null,
): FacetTally {
  const { profiles, rowProfiles } = columns;
  const { set } = profiles;
  // A list of rows shorter than the profiles: only its profiles are worked out, not every one.
  const shortList = which && "list" in which && which.list.length < set.length ? which.list : null;
  if (shortList) {
    const rowsOf = new Uint32Array(set.length);
    const seen = countListed(rowProfiles, shortList, rowsOf);
    // Whether each profile passes, worked out once a profile, not once a row.
    if (selected) markListed(rowProfiles, shortList, passingProfiles(profiles, choices, seen), selected);
    return tallyProfiles(columns, choices, rowsOf, seen);
  }
  // Null when nothing is chosen: every profile passes.
  const passing = anyChosen(choices) ? passingProfiles(profiles, choices) : null;
  // Every row: how many have each profile is kept as they are appended; only the marks are made.
  if (which === null) {
    if (selected) markEvery(rowProfiles, passing, selected);
    return tallyProfiles(columns, choices, columns.profileUsers, null);
  }
  const rowsOf = countProfiles(rowProfiles, which, set.length, passing, selected);
  return tallyProfiles(columns, choices, rowsOf, null);
}

/** Marks in `selected` every row whose profile passes (`passing` null: every one does). */
function markEvery(rowProfiles: CodeView, passing: Uint8Array | null, selected: Uint8Array): void {
  if (!passing) selected.fill(1);
  else for (let row = 0; row < rowProfiles.length; row++) selected[row] = passing[rowProfiles[row]!]!;
}

/** Counts in `rowsOf` (all 0) the profiles of the rows listed; returns the profiles counted, each once. */
function countListed(rowProfiles: CodeView, list: Uint32Array, rowsOf: Uint32Array): number[] {
  const seen: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const profile = rowProfiles[list[i]!]!;
    if (rowsOf[profile]!++ === 0) seen.push(profile);
  }
  return seen;
}

/** The rows of `list` marked in `selected` (`count` of them), in the list's order. */
function listSelected(list: Uint32Array, selected: Uint8Array, count: number): Uint32Array {
  const rows = new Uint32Array(count);
  for (let i = 0, next = 0; next < count; i++) if (selected[list[i]!] === 1) rows[next++] = list[i]!;
  return rows;
}

/** Marks in `selected` the rows listed whose profile passes. */
function markListed(rowProfiles: CodeView, list: Uint32Array, passing: Uint8Array, selected: Uint8Array): void {
  for (let i = 0; i < list.length; i++) selected[list[i]!] = passing[rowProfiles[list[i]!]!]!;
}

/** The options' counts from how many rows have each profile (`rowsOf`); `counted`, when given, lists the only profiles that have any. */
function tallyProfiles(
  { profiles, slugs, timeZones }: FacetColumns,
  choices: Choices,
  rowsOf: Uint32Array,
  counted: readonly number[] | null,
): FacetTally {
  // Nothing chosen (the usual case while typing): every profile passes, and no test is asked.
  const tests = anyChosen(choices) ? profileTests(profiles, choices) : null;
  const sums: ProfileSums = {
    usersOfSet: new Uint32Array(profiles.setSlugs.length),
    zones: new Uint32Array(timeZones.size + 1),
    births: new Uint32Array(2),
    selected: new Uint32Array(1),
  };
  sumProfiles(profiles, tests, rowsOf, counted, sums);
  const { usersOfSet, zones, births, selected } = sums;
  return {
    slugs: slugSums(profiles.setSlugs, usersOfSet, slugs.size),
    zones: zones.subarray(1),
    noSource: usersOfSet[0]!, // set 0 is the empty one
    noZone: zones[0]!,
    birthKnown: births[1]!,
    birthUnknown: births[0]!,
    selected: selected[0]!,
  };
}

/** What `sumProfiles` adds up, each by its code: a profile's slug set, time zone + 1 (0: none), birth date known (1) or not. */
interface ProfileSums {
  /** The users of each slug set that pass the time zone and birth date groups: the sources' counts. */
  usersOfSet: Uint32Array;
  zones: Uint32Array;
  births: Uint32Array;
  /** One sum: the users that pass every group. */
  selected: Uint32Array;
}

/**
 * Adds each profile's users (`rowsOf`; only those of `counted` when given) to the sums of its
 * groups, each group's over the users that pass the other groups (34,538 profiles at a million).
 */
function sumProfiles(
  { set, zone, birthKnown }: ProfileTable,
  tests: ReturnType<typeof profileTests> | null,
  rowsOf: Uint32Array,
  counted: readonly number[] | null,
  { usersOfSet, zones, births, selected }: ProfileSums,
): void {
  const profileCount = counted ? counted.length : set.length;
  for (let i = 0; i < profileCount; i++) {
    const p = counted ? counted[i]! : i;
    const users = rowsOf[p]!;
    if (users === 0) continue;
    const sourceOk = !tests || tests.source(p);
    const zoneOk = !tests || tests.zone(p);
    const birthOk = !tests || tests.birth(p);
    if (zoneOk && birthOk) usersOfSet[set[p]!]! += users;
    if (sourceOk && zoneOk && birthOk) selected[0]! += users;
    if (sourceOk && birthOk) zones[zone[p]!]! += users;
    if (sourceOk && zoneOk) births[birthKnown[p]!]! += users;
  }
}

/** Each slug's users, from the users of each slug set (set 0, the empty one, has none). */
function slugSums(setSlugs: ProfileTable["setSlugs"], usersOfSet: Uint32Array, slugCount: number): Uint32Array {
  const sums = new Uint32Array(slugCount);
  for (let s = 1; s < setSlugs.length; s++) {
    const users = usersOfSet[s]!;
    if (users === 0) continue;
    const slugsOfSet = setSlugs[s]!;
    for (let j = 0; j < slugsOfSet.length; j++) sums[slugsOfSet[j]!]! += users;
  }
  return sums;
}

/**
 * How many of the rows (as in `tallyRows`, but not every row) have each of the `profileCount`
 * profiles; marks in `selected` those whose profile `passes` (null: every one does), writing every
 * row's mark (0 for a row not counted) unless the rows are listed. A loop a case: this is the one
 * walk of a million rows. (A WebAssembly count of it gained nothing a user sees, and went:
 * docs/architecture.md, "Hand-written, and why".)
 */
function countProfiles(
  rowProfiles: CodeView,
  which: { rows: Uint8Array; are: 0 | 1 } | { list: Uint32Array },
  profileCount: number,
  passes: Uint8Array | null,
  selected: Uint8Array | null,
): Uint32Array {
  const out = selected ?? new Uint8Array(0);
  const mark = selected !== null;
  if ("list" in which) {
    const counts = new Uint32Array(profileCount);
    const { list } = which;
    for (let i = 0; i < list.length; i++) {
      const row = list[i]!;
      const profile = rowProfiles[row]!;
      counts[profile]!++;
      if (mark) out[row] = passes ? passes[profile]! : 1;
    }
    return counts;
  }
  const { rows, are } = which;
  // Every row counted, by 1 or by 0, without a branch: a search's matches are scattered, and a
  // branch on each mispredicted about one row in three.
  const counts = new Uint32Array(profileCount);
  const flip = are ^ 1;
  if (passes) {
    for (let row = 0; row < rowProfiles.length; row++) {
      const counted = rows[row]! ^ flip;
      const profile = rowProfiles[row]!;
      counts[profile]! += counted;
      if (mark) out[row] = passes[profile]! & counted;
    }
    return counts;
  }
  // Nothing chosen (the usual case while typing): the marks are the rows counted, copied, and the
  // count reads two columns, not four (a third less time in a worker).
  if (mark) markCounted(rows, are, out, rowProfiles.length);
  for (let row = 0; row < rowProfiles.length; row++) counts[rowProfiles[row]!]! += rows[row]! ^ flip;
  return counts;
}

/** Marks in `out` the first `count` rows whose byte in `rows` is `are`: every profile passes. */
function markCounted(rows: Uint8Array, are: 0 | 1, out: Uint8Array, count: number): void {
  if (are === 1) out.set(rows.subarray(0, count));
  else for (let row = 0; row < count; row++) out[row] = rows[row]! ^ 1;
}

/** Every value the index knows, sorted by label, then chosen unknown values, then "none". */
function options(
  dictionary: Interner,
  counts: Uint32Array,
  labelOf: (code: number) => string | null,
  choice: Choice | null,
  noneCount: number,
): FacetOption<string | null>[] {
  const known = dictionary.values.map((value, code) => ({
    value: value as string | null,
    label: labelOf(code),
    count: counts[code] ?? 0,
    selected: choice?.codes[code] === 1,
  }));
  known.sort((a, b) => (a.label ?? "").localeCompare(b.label ?? "") || (a.value ?? "").localeCompare(b.value ?? ""));
  const unknown = (choice?.unknown ?? []).map((value) => ({ value, label: value, count: 0, selected: true }));
  return [...known, ...unknown, { value: null, label: null, count: noneCount, selected: choice?.none ?? false }];
}
