import { describe, expect, it } from "vitest";
import {
  countActiveFilters,
  DEFAULT_FILTERS,
  discoverFilter,
  filterSegment,
  isCanonicalSegment,
  parseFilterSegment,
  QUICK_FILTERS,
  RATING_OPTIONS,
  SORT_OPTIONS,
  YEAR_OPTIONS,
  type FilterState,
} from "./filters";

describe("filter segment", () => {
  it("is empty for the defaults and the quick filter's slug alone", () => {
    expect(filterSegment(DEFAULT_FILTERS)).toBe("");
    expect(filterSegment({ ...DEFAULT_FILTERS, quickFilter: "klasikler" })).toBe("klasikler");
  });

  it("joins non-default selects in a fixed order", () => {
    expect(
      filterSegment({
        quickFilter: null,
        sortBy: "en-yeni",
        yearRange: "2000-oncesi",
        minRating: "imdb-7-ustu",
        familyFriendly: false,
      }),
    ).toBe("en-yeni-2000-oncesi-imdb-7-ustu");
    expect(filterSegment({ ...DEFAULT_FILTERS, minRating: "imdb-6-ustu" })).toBe("imdb-6-ustu");
  });

  it("puts Aile Dostu last, after a quick filter or the selects, or alone", () => {
    const family = { ...DEFAULT_FILTERS, familyFriendly: true };
    expect(filterSegment(family)).toBe("aile-dostu");
    expect(filterSegment({ ...family, quickFilter: "klasikler" })).toBe("klasikler-aile-dostu");
    expect(filterSegment({ ...family, sortBy: "en-yeni", minRating: "imdb-6-ustu" })).toBe(
      "en-yeni-imdb-6-ustu-aile-dostu",
    );
    expect(parseFilterSegment("imdb-8-puan-ustu-aile-dostu")).toEqual({
      ...family,
      quickFilter: "imdb-8-puan-ustu",
    });
  });

  it("parses back every state the page can write", () => {
    const states: FilterState[] = [];
    for (const familyFriendly of [false, true]) {
      for (const quick of QUICK_FILTERS) {
        states.push({ ...DEFAULT_FILTERS, quickFilter: quick.slug, familyFriendly });
      }
      for (const sort of SORT_OPTIONS) {
        for (const years of YEAR_OPTIONS) {
          for (const rating of RATING_OPTIONS) {
            states.push({
              quickFilter: null,
              sortBy: sort.slug,
              yearRange: years.slug,
              minRating: rating.slug,
              familyFriendly,
            });
          }
        }
      }
    }
    expect(states).toHaveLength(2 * (5 + 4 * 5 * 4));
    for (const state of states) {
      const segment = filterSegment(state);
      expect(parseFilterSegment(segment), segment).toEqual(state);
      expect(isCanonicalSegment(segment)).toBe(true);
    }
  });

  it("treats an unknown segment as no filter", () => {
    for (const segment of [
      "bilinmeyen",
      "en-yeni-foo",
      "imdb-7-ustu-en-yeni",
      "populerlik",
      "tum-yillar",
      "aile-dostu-en-yeni",
      "aile-dostu-aile-dostu",
      "bilinmeyen-aile-dostu",
    ]) {
      expect(parseFilterSegment(segment), segment).toEqual(DEFAULT_FILTERS);
    }
    expect(isCanonicalSegment("imdb-7-ustu-en-yeni")).toBe(false);
    expect(isCanonicalSegment("-aile-dostu")).toBe(false);
  });
});

describe("discover criteria", () => {
  const quick = (
    slug: (typeof QUICK_FILTERS)[number]["slug"],
    mediaType: "movie" | "tv" = "movie",
  ) =>
    discoverFilter(
      mediaType,
      { ...DEFAULT_FILTERS, quickFilter: slug },
      { genreId: 28, currentYear: 2026 },
    );

  it("sends exactly the spec's quick filters", () => {
    expect(quick("en-populer")).toEqual({ genreId: 28, page: 1, sortBy: "popularity.desc" });
    expect(quick("imdb-8-puan-ustu")).toEqual({
      genreId: 28,
      page: 1,
      sortBy: "vote_average.desc",
      voteAverageGte: 8,
      voteCountGte: 1000,
    });
    expect(quick("imdb-7-puan-ustu")).toEqual({
      genreId: 28,
      page: 1,
      sortBy: "popularity.desc",
      voteAverageGte: 7,
      voteCountGte: 500,
    });
    expect(quick("son-5-yil")).toEqual({
      genreId: 28,
      page: 1,
      sortBy: "popularity.desc",
      yearGte: 2021,
    });
    expect(quick("klasikler")).toEqual({
      genreId: 28,
      page: 1,
      sortBy: "vote_average.desc",
      yearLte: 2000,
      voteCountGte: 1000,
    });
  });

  it("maps the selects, with series dates for series", () => {
    const state: FilterState = {
      quickFilter: null,
      sortBy: "en-eski",
      yearRange: "2010-2020-arasi",
      minRating: "imdb-8-ustu",
      familyFriendly: false,
    };
    expect(discoverFilter("tv", state, { page: 3 })).toEqual({
      page: 3,
      sortBy: "first_air_date.asc",
      yearGte: 2010,
      yearLte: 2020,
      voteAverageGte: 8,
    });
    expect(discoverFilter("movie", { ...DEFAULT_FILTERS, sortBy: "en-yeni" }).sortBy).toBe(
      "primary_release_date.desc",
    );
    expect(discoverFilter("movie", { ...DEFAULT_FILTERS, yearRange: "2000-oncesi" }).yearLte).toBe(
      1999,
    );
  });

  it("lets an active quick filter override the selects", () => {
    const state: FilterState = {
      quickFilter: "en-populer",
      sortBy: "en-eski",
      yearRange: "2000-oncesi",
      minRating: "imdb-6-ustu",
      familyFriendly: false,
    };
    expect(discoverFilter("movie", state)).toEqual({ page: 1, sortBy: "popularity.desc" });
  });

  it("asks for family titles with a quick filter or the selects", () => {
    const family = { ...DEFAULT_FILTERS, familyFriendly: true };
    expect(discoverFilter("tv", { ...family, quickFilter: "klasikler" })).toEqual({
      page: 1,
      sortBy: "vote_average.desc",
      yearLte: 2000,
      voteCountGte: 1000,
      familyFriendly: true,
    });
    expect(discoverFilter("movie", { ...family, sortBy: "en-eski" }, { genreId: 16 })).toEqual({
      genreId: 16,
      page: 1,
      sortBy: "primary_release_date.asc",
      familyFriendly: true,
    });
  });
});

describe("active filter count", () => {
  it("counts a quick filter, each select away from its default and Aile Dostu", () => {
    expect(countActiveFilters(DEFAULT_FILTERS)).toBe(0);
    expect(countActiveFilters({ ...DEFAULT_FILTERS, quickFilter: "klasikler" })).toBe(1);
    expect(
      countActiveFilters({ ...DEFAULT_FILTERS, sortBy: "en-yeni", minRating: "imdb-7-ustu" }),
    ).toBe(2);
    expect(
      countActiveFilters({
        ...DEFAULT_FILTERS,
        quickFilter: "klasikler",
        sortBy: "en-yeni",
        familyFriendly: true,
      }),
    ).toBe(2);
  });
});
