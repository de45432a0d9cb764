/**
 * The whole team's view in the URL, so that it can be shared and survives a reload: `q` (the
 * search), `source` and `tz` (facets, repeated; empty for "none"), `birth` (known, unknown) and
 * `sort` (a column, `-` before it for descending). Absent parameters are no filter. The
 * overview's `calendar` (its own calendar-param.ts) is carried with them.
 */
import type { BirthDateFacet, FacetSelection } from "./team-facets.ts";
import type { TeamQuery } from "./team-query.ts";
import { sortColumns, type SortColumn } from "./team-sort.ts";

const none = (value: string) => (value === "" ? null : value);
const fromNone = (value: string | null) => value ?? "";

export function readTeamQuery(search: URLSearchParams): TeamQuery {
  const sources = search.getAll("source").map(none);
  const timeZones = search.getAll("tz").map(none);
  const birthDate = search.getAll("birth").filter((v): v is BirthDateFacet => v === "known" || v === "unknown");
  const facets: FacetSelection = {
    ...(sources.length ? { sources } : {}),
    ...(timeZones.length ? { timeZones } : {}),
    ...(birthDate.length ? { birthDate } : {}),
  };
  const sortParam = search.get("sort") ?? "";
  const column = sortParam.replace(/^-/, "");
  const sort = (sortColumns as readonly string[]).includes(column)
    ? { column: column as SortColumn, direction: sortParam.startsWith("-") ? ("desc" as const) : ("asc" as const) }
    : null;
  return { search: search.get("q") ?? "", facets, sort };
}

/** Writes the query into `search`, leaving out what is empty. */
export function writeTeamQuery(search: URLSearchParams, { search: text = "", facets = {}, sort = null }: TeamQuery) {
  for (const name of ["q", "source", "tz", "birth", "sort"]) search.delete(name);
  if (text) search.set("q", text);
  facets.sources?.forEach((v) => search.append("source", fromNone(v)));
  facets.timeZones?.forEach((v) => search.append("tz", fromNone(v)));
  facets.birthDate?.forEach((v) => search.append("birth", v));
  if (sort) search.set("sort", `${sort.direction === "desc" ? "-" : ""}${sort.column}`);
}

/** Whether the selection chooses in any group: else every user passes the facets. */
export const choosesAny = (facets: FacetSelection) => Object.values(facets).some((chosen) => (chosen?.length ?? 0) > 0);

/** Whether the query asks anything of the whole team (a search, a facet or a sort). */
export const asksWholeTeam = ({ search, facets, sort }: TeamQuery) => Boolean(search?.trim()) || Boolean(sort) || choosesAny(facets ?? {});

const selectionNames = new Set(["q", "source", "tz", "birth", "calendar"]);

/** The selection's part of a query string (`q`, `source`, `tz`, `birth`, and `calendar` with it), carried between Users and Overview: "" or "?…". */
export function selectionSearch(search: string | URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (selectionNames.has(name)) kept.append(name, value);
  const text = kept.toString();
  return text ? `?${text}` : "";
}
