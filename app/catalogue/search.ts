import type { MovieSummary, PersonSummary, SearchResult, SeriesSummary } from "./types";

/** Searches need more than two characters (SPEC.md section 5). */
export const MIN_QUERY_LENGTH = 3;
/**
 * What a search reads of a query: titles and names are far shorter, and a query of kilobytes
 * (junk in an address) must not cost the catalogue's search its time.
 */
const MAX_QUERY_LENGTH = 100;

/** The query a search runs: trimmed, at most MAX_QUERY_LENGTH characters. */
export const searchQuery = (raw: string) => raw.trim().slice(0, MAX_QUERY_LENGTH).trim();

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
