import type { DiscoverFilter, MediaType, MovieSort, SeriesSort } from "./types";

/*
 * The genre pages' filters (SPEC.md sections 4 and 9) and their URL segment.
 *
 * A quick filter is its own segment: /filmler/aksiyon-28/klasikler.
 * Otherwise the non-default select values are joined with hyphens in a fixed order (sort, years,
 * rating): /filmler/aksiyon-28/en-yeni-2000-oncesi-imdb-7-ustu. The three vocabularies share no
 * word sequence, so the segment parses back unambiguously; an empty segment means the defaults.
 * "Aile dostu" combines with either and comes last: /filmler/animasyon-16/klasikler-aile-dostu,
 * /filmler/animasyon-16/en-yeni-aile-dostu, or alone /filmler/animasyon-16/aile-dostu.
 */

export const FAMILY_FILTER = { slug: "aile-dostu", label: "Aile Dostu" } as const;

export const QUICK_FILTERS = [
  { slug: "en-populer", label: "En Popüler" },
  { slug: "imdb-8-puan-ustu", label: "IMDB Top (8+ Puan)" },
  { slug: "imdb-7-puan-ustu", label: "Yüksek Puanlı (7+)" },
  { slug: "son-5-yil", label: "Son 5 Yıl" },
  { slug: "klasikler", label: "Klasikler" },
] as const;

export const SORT_OPTIONS = [
  { slug: "populerlik", label: "Popülerlik" },
  { slug: "yuksek-puan", label: "Yüksek Puan" },
  { slug: "en-yeni", label: "En Yeni" },
  { slug: "en-eski", label: "En Eski" },
] as const;

export const YEAR_OPTIONS = [
  { slug: "tum-yillar", label: "Tüm Yıllar" },
  { slug: "2020-ve-sonrasi", label: "2020 ve Sonrası" },
  { slug: "2010-2020-arasi", label: "2010-2020" },
  { slug: "2000-2010-arasi", label: "2000-2010" },
  { slug: "2000-oncesi", label: "2000 Öncesi" },
] as const;

export const RATING_OPTIONS = [
  { slug: "tum-puanlar", label: "Tüm Puanlar" },
  { slug: "imdb-8-ustu", label: "8+" },
  { slug: "imdb-7-ustu", label: "7+" },
  { slug: "imdb-6-ustu", label: "6+" },
] as const;

type QuickFilterSlug = (typeof QUICK_FILTERS)[number]["slug"];
type SortSlug = (typeof SORT_OPTIONS)[number]["slug"];
type YearSlug = (typeof YEAR_OPTIONS)[number]["slug"];
type RatingSlug = (typeof RATING_OPTIONS)[number]["slug"];

export interface FilterState {
  quickFilter: QuickFilterSlug | null;
  sortBy: SortSlug;
  yearRange: YearSlug;
  minRating: RatingSlug;
  /** Only titles Turkey rates for general audiences or up to 7. */
  familyFriendly: boolean;
}

export const DEFAULT_FILTERS: FilterState = {
  quickFilter: null,
  sortBy: "populerlik",
  yearRange: "tum-yillar",
  minRating: "tum-puanlar",
  familyFriendly: false,
};

/** How many filters are on: a quick filter, each select away from its default, "Aile Dostu". */
export function countActiveFilters(state: FilterState): number {
  const selects = state.quickFilter
    ? [true]
    : [
        state.sortBy !== DEFAULT_FILTERS.sortBy,
        state.yearRange !== DEFAULT_FILTERS.yearRange,
        state.minRating !== DEFAULT_FILTERS.minRating,
      ];
  return [...selects, state.familyFriendly].filter(Boolean).length;
}

/** The filter segment for a state; "" for the defaults. */
export function filterSegment(state: FilterState): string {
  const choices = state.quickFilter
    ? [state.quickFilter]
    : [
        state.sortBy === DEFAULT_FILTERS.sortBy ? null : state.sortBy,
        state.yearRange === DEFAULT_FILTERS.yearRange ? null : state.yearRange,
        state.minRating === DEFAULT_FILTERS.minRating ? null : state.minRating,
      ];
  return [...choices, state.familyFriendly ? FAMILY_FILTER.slug : null].filter(Boolean).join("-");
}

function takePrefix<T extends string>(rest: string, options: readonly { slug: T }[]) {
  for (const { slug } of options) {
    if (rest === slug) return { value: slug, rest: "" };
    if (rest.startsWith(`${slug}-`)) return { value: slug, rest: rest.slice(slug.length + 1) };
  }
  return { value: undefined, rest };
}

/** The state a segment stands for; an unknown segment is the defaults (the page stays usable). */
export function parseFilterSegment(segment: string | undefined): FilterState {
  if (!segment) return DEFAULT_FILTERS;
  const family = segment === FAMILY_FILTER.slug || segment.endsWith(`-${FAMILY_FILTER.slug}`);
  const rest = family ? segment.slice(0, -FAMILY_FILTER.slug.length).replace(/-$/, "") : segment;
  const quick = QUICK_FILTERS.find((filter) => filter.slug === rest);
  if (quick) return { ...DEFAULT_FILTERS, quickFilter: quick.slug, familyFriendly: family };
  const sort = takePrefix(rest, SORT_OPTIONS.slice(1));
  const years = takePrefix(sort.rest, YEAR_OPTIONS.slice(1));
  const rating = takePrefix(years.rest, RATING_OPTIONS.slice(1));
  if (rating.rest !== "") return DEFAULT_FILTERS;
  return {
    quickFilter: null,
    sortBy: sort.value ?? DEFAULT_FILTERS.sortBy,
    yearRange: years.value ?? DEFAULT_FILTERS.yearRange,
    minRating: rating.value ?? DEFAULT_FILTERS.minRating,
    familyFriendly: family,
  };
}

/** Whether the segment is exactly the canonical form of what it parses to. */
export function isCanonicalSegment(segment: string | undefined): boolean {
  return filterSegment(parseFilterSegment(segment)) === (segment ?? "");
}

type SortKind = "popularity" | "rating" | "newest" | "oldest";

const SORTS: Record<SortKind, { movie: MovieSort; tv: SeriesSort }> = {
  popularity: { movie: "popularity.desc", tv: "popularity.desc" },
  rating: { movie: "vote_average.desc", tv: "vote_average.desc" },
  newest: { movie: "primary_release_date.desc", tv: "first_air_date.desc" },
  oldest: { movie: "primary_release_date.asc", tv: "first_air_date.asc" },
};

const SORT_BY_SLUG: Record<SortSlug, SortKind> = {
  populerlik: "popularity",
  "yuksek-puan": "rating",
  "en-yeni": "newest",
  "en-eski": "oldest",
};

interface Criteria {
  sort: SortKind;
  voteAverageGte?: number;
  voteCountGte?: number;
  yearGte?: number;
  yearLte?: number;
}

/** The spec's quick filters (section 9), exactly. */
function quickCriteria(slug: QuickFilterSlug, currentYear: number): Criteria {
  switch (slug) {
    case "en-populer":
      return { sort: "popularity" };
    case "imdb-8-puan-ustu":
      return { sort: "rating", voteAverageGte: 8, voteCountGte: 1000 };
    case "imdb-7-puan-ustu":
      return { sort: "popularity", voteAverageGte: 7, voteCountGte: 500 };
    case "son-5-yil":
      return { sort: "popularity", yearGte: currentYear - 5 };
    case "klasikler":
      return { sort: "rating", yearLte: 2000, voteCountGte: 1000 };
  }
}

const YEARS: Record<YearSlug, { yearGte?: number; yearLte?: number }> = {
  "tum-yillar": {},
  "2020-ve-sonrasi": { yearGte: 2020 },
  "2010-2020-arasi": { yearGte: 2010, yearLte: 2020 },
  "2000-2010-arasi": { yearGte: 2000, yearLte: 2010 },
  "2000-oncesi": { yearLte: 1999 },
};

const RATINGS: Record<RatingSlug, number | undefined> = {
  "tum-puanlar": undefined,
  "imdb-8-ustu": 8,
  "imdb-7-ustu": 7,
  "imdb-6-ustu": 6,
};

/** The discover query for a genre page: an active quick filter overrides the selects. */
export function discoverFilter<K extends MediaType>(
  mediaType: K,
  state: FilterState,
  options: { genreId?: number; page?: number; currentYear?: number } = {},
): DiscoverFilter<K extends "movie" ? MovieSort : SeriesSort> {
  const criteria: Criteria = state.quickFilter
    ? quickCriteria(state.quickFilter, options.currentYear ?? new Date().getFullYear())
    : {
        sort: SORT_BY_SLUG[state.sortBy],
        voteAverageGte: RATINGS[state.minRating],
        ...YEARS[state.yearRange],
      };
  const { sort, ...rest } = criteria;
  const filter = {
    genreId: options.genreId,
    page: options.page ?? 1,
    sortBy: SORTS[sort][mediaType] as K extends "movie" ? MovieSort : SeriesSort,
    ...rest,
    familyFriendly: state.familyFriendly || undefined,
  };
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as typeof filter;
}
