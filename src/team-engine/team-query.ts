/**
 * What is asked of the loaded team and what it answers: a query (search, facets, sort), a view of
 * it (a page of the table) and the view's result. The page and the worker both speak these.
 */
import type { User } from "../api/contract.ts";
import type { FacetCounts, FacetSelection } from "./team-facets.ts";
import type { SortColumn } from "./team-sort.ts";

export interface TeamSort {
  column: SortColumn;
  direction: "asc" | "desc";
}

/** Which users, in which order: what a table view and an export of a selection share. */
export interface TeamQuery {
  search?: string;
  facets?: FacetSelection;
  /** Absent: the service's order. */
  sort?: TeamSort | null;
}

export interface TeamView extends TeamQuery {
  /** 0-based, as in the table; clamped to the last page. */
  pageIndex: number;
  pageSize: number;
  /**
   * Whether to count the facets' options (what the filters show); true unless told. False leaves
   * them out (null) where they would be counted for this view alone: a search under no filter is
   * then its matches alone.
   */
  facetCounts?: boolean;
}

export interface TeamRow {
  user: User;
  /** The user's position in the service's order when it was loaded: where to fetch it again. */
  serviceOffset: number;
}

export interface TeamViewResult {
  /** Users that pass the search and the facets. */
  matches: number;
  /** Users in the index. */
  total: number;
  /** Null when the view did not ask for them. */
  facets: FacetCounts | null;
  pageIndex: number;
  rows: TeamRow[];
}
