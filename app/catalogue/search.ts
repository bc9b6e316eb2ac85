import type { MovieSummary, PersonSummary, SearchResult, SeriesSummary } from "./types";

/** Searches need more than two characters (SPEC.md section 5). */
export const MIN_QUERY_LENGTH = 3;
/** Results per group in the search dialog. */
export const GROUP_SIZE = 5;

export interface SearchGroups {
  query: string;
  movies: MovieSummary[];
  series: SeriesSummary[];
  people: PersonSummary[];
  /** The source failed: the dialog says so instead of "no results". */
  failed?: boolean;
}

export interface SearchPage {
  query: string;
  page: number;
  totalPages: number;
  totalResults: number;
  /** null: the query is too short or the source failed. */
  results: SearchResult[] | null;
  tooShort: boolean;
  /** The source failed: the page shows the error text and must not be cached. */
  failed: boolean;
}
