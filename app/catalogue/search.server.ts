import { tolerant, type Catalogue } from "./catalogue.server";
import {
  GROUP_SIZE,
  MIN_QUERY_LENGTH,
  searchQuery,
  type SearchGroups,
  type SearchPage,
} from "./search";
import {
  MAX_PAGE,
  type MovieSummary,
  type PersonSummary,
  type SearchResult,
  type SeriesSummary,
} from "./types";

/**
 * The dialog's answer: at most five films, five series and five people. Null when too short;
 * throws ServiceUnavailableError when the source failed.
 */
export async function searchGroups(
  catalogue: Catalogue,
  rawQuery: string,
): Promise<SearchGroups | null> {
  const query = searchQuery(rawQuery);
  if (query.length < MIN_QUERY_LENGTH) return null;
  const first = await catalogue.search(query);
  if (!first) return null;
  let results = first.results;
  const short = (type: SearchResult["mediaType"]) =>
    results.filter((item) => item.mediaType === type).length < GROUP_SIZE;
  // One page may be all films; a second page usually fills the other groups.
  if (first.totalPages > 1 && (short("movie") || short("tv") || short("person"))) {
    const second = await tolerant(catalogue.search(query, 2));
    results = [...results, ...(second.value?.results ?? [])];
  }
  const of = <T extends SearchResult>(type: T["mediaType"]) =>
    results.filter((item): item is T => item.mediaType === type).slice(0, GROUP_SIZE);
  return {
    query,
    movies: of<MovieSummary>("movie"),
    series: of<SeriesSummary>("tv"),
    people: of<PersonSummary>("person"),
  };
}

/** /ara: every result of a query, paged. */
export async function searchAll(
  catalogue: Catalogue,
  rawQuery: string,
  page: number,
): Promise<SearchPage> {
  const query = searchQuery(rawQuery);
  if (query.length < MIN_QUERY_LENGTH) {
    return {
      query,
      page,
      totalPages: 0,
      totalResults: 0,
      results: null,
      tooShort: true,
      failed: false,
    };
  }
  const { value: found, failed } = await tolerant(catalogue.search(query, page));
  return {
    query,
    page,
    totalPages: Math.min(found?.totalPages ?? 0, MAX_PAGE),
    totalResults: found?.totalResults ?? 0,
    results: found?.results ?? null,
    tooShort: false,
    failed,
  };
}
