import { toCards, type TitleCard } from "./cards";
import { tolerant, type Catalogue } from "./catalogue.server";
import {
  DEFAULT_FILTERS,
  discoverFilter,
  filterSegment,
  parseFilterSegment,
  RATING_OPTIONS,
  SORT_OPTIONS,
  YEAR_OPTIONS,
  type FilterState,
} from "./filters";
import { genreSlug } from "~/core/paths";
import { idFromSlug } from "~/core/slug";
import {
  MAX_PAGE,
  type MediaType,
  type Paged,
  type PersonSummary,
  type TitleSummary,
} from "./types";

export interface GenreLink {
  id: number;
  name: string;
  slug: string;
}

/** The `?sayfa=` page number, 1 when absent or not a page. */
export function pageFromUrl(url: URL): number {
  const raw = url.searchParams.get("sayfa");
  if (!raw || !/^\d{1,4}$/.test(raw)) return 1;
  return Math.min(Math.max(Number(raw), 1), MAX_PAGE);
}

/** The categories grid: every genre of the kind, with its link slug. */
export async function loadGenreLinks(catalogue: Catalogue, mediaType: MediaType) {
  const genres = await tolerant(catalogue.genres(mediaType));
  return {
    genres: genres.value?.map((genre): GenreLink => ({ ...genre, slug: genreSlug(genre) })) ?? null,
    failed: genres.failed,
  };
}

/**
 * Without JavaScript the selects submit `?siralama=…&yil=…&puan=…` to the page's path without
 * its choices (with "aile-dostu" when that is on); this is the canonical path those values stand
 * for, to redirect to (null when there is nothing to redirect).
 */
export function selectsRedirect(
  url: URL,
  basePath: string,
  filter: string | undefined,
): string | null {
  const sort = url.searchParams.get("siralama");
  const years = url.searchParams.get("yil");
  const rating = url.searchParams.get("puan");
  if (sort === null && years === null && rating === null) return null;
  const state: FilterState = {
    quickFilter: null,
    sortBy: SORT_OPTIONS.find((option) => option.slug === sort)?.slug ?? DEFAULT_FILTERS.sortBy,
    yearRange:
      YEAR_OPTIONS.find((option) => option.slug === years)?.slug ?? DEFAULT_FILTERS.yearRange,
    minRating:
      RATING_OPTIONS.find((option) => option.slug === rating)?.slug ?? DEFAULT_FILTERS.minRating,
    familyFriendly: parseFilterSegment(filter).familyFriendly,
  };
  const segment = filterSegment(state);
  return segment ? `${basePath}/${segment}` : basePath;
}

export interface GenrePage {
  mediaType: MediaType;
  genre: { id: number; name: string | null; slug: string };
  filters: FilterState;
  page: number;
  /** min(total pages, 500), as the spec shows it. */
  totalPages: number;
  results: TitleCard[] | null;
  /** The source failed: the grid shows its error text and the page must not be cached. */
  failed: boolean;
}

/** A genre page: its name (null when unknown) and one page of discover results for the filters. */
export async function loadGenrePage(
  catalogue: Catalogue,
  mediaType: MediaType,
  params: { genre: string; filter?: string; page: number },
): Promise<GenrePage | null> {
  const genreId = idFromSlug(params.genre);
  if (genreId === null) return null;
  const filters = parseFilterSegment(params.filter);
  const query = { genreId, page: params.page };
  const [genres, found] = await Promise.all([
    tolerant(catalogue.genres(mediaType)),
    tolerant(
      (mediaType === "movie"
        ? catalogue.discoverMovies(discoverFilter("movie", filters, query))
        : catalogue.discoverSeries(
            discoverFilter("tv", filters, query),
          )) as Promise<Paged<TitleSummary> | null>,
    ),
  ]);
  const genre = genres.value?.find((item) => item.id === genreId);
  const results = found.value;
  return {
    mediaType,
    genre: {
      id: genreId,
      name: genre?.name ?? null,
      slug: genre ? genreSlug(genre) : params.genre,
    },
    filters,
    page: params.page,
    totalPages: Math.min(results?.totalPages ?? 0, MAX_PAGE),
    results: toCards(results?.results),
    failed: genres.failed || found.failed,
  };
}

export interface PeoplePage {
  page: number;
  totalPages: number;
  results: PersonSummary[] | null;
  failed: boolean;
}

export async function loadPopularPeople(catalogue: Catalogue, page: number): Promise<PeoplePage> {
  const { value: people, failed } = await tolerant(catalogue.popularPeople(page));
  return {
    page,
    totalPages: Math.min(people?.totalPages ?? 0, MAX_PAGE),
    results: people?.results ?? null,
    failed,
  };
}
