/**
 * Facets of the loaded team: connected source, time zone, birth date known or not. Options of
 * one group are alternatives (any of them), groups combine (all of them). Each group's counts
 * are taken over the users that pass the search and the other groups, ignoring the group's own
 * choice, so every option says how many users choosing it would add.
 */
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

/** What the facets read from the index, one entry a row unless said otherwise. */
export interface FacetColumns {
  rows: number;
  slugs: Interner;
  /** The display name of each slug code. */
  slugNames: readonly string[];
  /** Row r's sources are `sourceSlugCodes[sourceStarts[r]]` up to `sourceStarts[r + 1]`. */
  sourceStarts: Uint32Array;
  sourceSlugCodes: CodeView;
  timeZones: Interner;
  /** A time zone's code + 1; 0: none. */
  timeZoneCodes: CodeView;
  /** A birth date's code + 1; 0: none. */
  birthDateCodes: CodeView;
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
  candidates: { matched: Uint8Array; count: number; rows?: Uint32Array | null } | null,
  selection: FacetSelection,
  /** Where to mark the selected rows (one byte a row), reused from a view to the next. */
  selected: Uint8Array = new Uint8Array(columns.rows),
  base?: FacetBase,
): FacetResult {
  const choices: Choices = {
    sources: choiceOf(selection.sources, columns.slugs),
    zones: choiceOf(selection.timeZones, columns.timeZones),
    birth: selection.birthDate?.length
      ? { known: selection.birthDate.includes("known"), unknown: selection.birthDate.includes("unknown") }
      : null,
  };
  let tally: FacetTally;
  let rows: Uint32Array | null = null;
  if (candidates?.rows) {
    selected.fill(0);
    tally = tallyRows(columns, choices, { list: candidates.rows }, selected);
    rows = new Uint32Array(tally.selected);
    for (let i = 0, next = 0; next < rows.length; i++) if (selected[candidates.rows[i]!] === 1) rows[next++] = candidates.rows[i]!;
  } else if (candidates && base) {
    const unmatched = tallyRows(columns, choices, { rows: candidates.matched, are: 0 }, null);
    tally = {
      slugs: base.tally.slugs.map((count, slug) => count - unmatched.slugs[slug]!),
      zones: base.tally.zones.map((count, zone) => count - unmatched.zones[zone]!),
      noSource: base.tally.noSource - unmatched.noSource,
      noZone: base.tally.noZone - unmatched.noZone,
      birthKnown: base.tally.birthKnown - unmatched.birthKnown,
      birthUnknown: base.tally.birthUnknown - unmatched.birthUnknown,
      selected: base.tally.selected - unmatched.selected,
    };
    and(base.selected, candidates.matched, selected);
  } else {
    selected.fill(0);
    tally = tallyRows(columns, choices, candidates && { rows: candidates.matched, are: 1 }, selected);
  }
  const { sources, zones, birth } = choices;
  return {
    selected,
    count: tally.selected,
    rows,
    tally,
    counts: {
      sources: options(columns.slugs, tally.slugs, (code) => columns.slugNames[code] ?? null, sources, tally.noSource),
      timeZones: options(columns.timeZones, tally.zones, (code) => columns.timeZones.value(code), zones, tally.noZone),
      birthDate: [
        { value: "known", label: "known", count: tally.birthKnown, selected: birth?.known ?? false },
        { value: "unknown", label: "unknown", count: tally.birthUnknown, selected: birth?.unknown ?? false },
      ],
    },
  };
}

/** `into[i] = a[i] & b[i]`, four bytes at a time. */
function and(a: Uint8Array, b: Uint8Array, into: Uint8Array): void {
  const words = a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0 && into.byteOffset % 4 === 0 ? a.length >> 2 : 0;
  const wordsOf = (bytes: Uint8Array) => new Uint32Array(bytes.buffer, bytes.byteOffset, words);
  const [a4, b4, into4] = [wordsOf(a), wordsOf(b), wordsOf(into)];
  for (let i = 0; i < words; i++) into4[i] = a4[i]! & b4[i]!;
  for (let i = words * 4; i < a.length; i++) into[i] = a[i]! & b[i]!;
}

interface Choices {
  sources: Choice | null;
  zones: Choice | null;
  birth: { known: boolean; unknown: boolean } | null;
}

/**
 * Counts the options over the rows whose byte in `which.rows` is `which.are`, or those of
 * `which.list` (null: every row), each group over the rows that pass the other groups; marks in
 * `selected` the rows that pass all.
 */
function tallyRows(
  columns: FacetColumns,
  { sources, zones, birth }: Choices,
  which: { rows: Uint8Array; are: 0 | 1 } | { list: Uint32Array } | null,
  selected: Uint8Array | null,
): FacetTally {
  const { rows, sourceStarts, sourceSlugCodes, timeZoneCodes, birthDateCodes } = columns;
  const tally: FacetTally = {
    slugs: new Uint32Array(columns.slugs.size),
    zones: new Uint32Array(columns.timeZones.size),
    noSource: 0,
    noZone: 0,
    birthKnown: 0,
    birthUnknown: 0,
    selected: 0,
  };
  const lastRowOfSlug = new Int32Array(columns.slugs.size).fill(-1);

  const list = which && "list" in which ? which.list : null;
  const marks = which && "rows" in which ? which : null;
  const count = list ? list.length : rows;
  for (let i = 0; i < count; i++) {
    const row = list ? list[i]! : i;
    if (marks && marks.rows[row] !== marks.are) continue;
    const first = sourceStarts[row]!;
    const end = sourceStarts[row + 1]!;
    const zone = timeZoneCodes[row]! - 1;
    const known = birthDateCodes[row] !== 0;
    const zoneOk = !zones || (zone < 0 ? zones.none : zones.codes[zone] === 1);
    const birthOk = !birth || (known ? birth.known : birth.unknown);

    // One walk of the user's sources: whether one is chosen, and each slug's count when the other groups pass.
    const countSlugs = zoneOk && birthOk;
    let sourceOk = !sources || (first === end && sources.none);
    for (let s = first; s < end; s++) {
      const slug = sourceSlugCodes[s]!;
      if (!sourceOk && sources!.codes[slug] === 1) sourceOk = true;
      if (countSlugs && lastRowOfSlug[slug] !== row) {
        lastRowOfSlug[slug] = row; // a slug twice on one user counts once
        tally.slugs[slug]!++;
      }
    }
    if (countSlugs && first === end) tally.noSource++;

    if (sourceOk && zoneOk && birthOk) {
      tally.selected++;
      if (selected) selected[row] = 1;
    }
    if (sourceOk && birthOk) {
      if (zone < 0) tally.noZone++;
      else tally.zones[zone]!++;
    }
    if (sourceOk && zoneOk) {
      if (known) tally.birthKnown++;
      else tally.birthUnknown++;
    }
  }
  return tally;
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
