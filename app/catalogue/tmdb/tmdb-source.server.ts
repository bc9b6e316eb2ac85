import pLimit from "p-limit";
import type { z } from "zod";
import { today as siteToday } from "~/core/clock.server";
import { ServiceUnavailableError } from "~/core/failures.server";
import type { Logger } from "~/core/logger.server";
import type { Cached } from "../cache.server";
import type { Catalogue } from "../catalogue.server";
import { familyRatingsOf } from "../age-ratings";
import {
  MAX_PAGE,
  type CinemaRelease,
  type DiscoverFilter,
  type MediaType,
  type MovieSummary,
} from "../types";
import { createTmdbHttp, type Params, type TmdbHttpOptions } from "./http.server";
import * as schema from "./schemas.server";
import { cinemaWindow, newestOpeningFirst, soonestOpeningFirst } from "../cinema-dates.server";

const MINUTE = 60_000;
/** The spec's cache time for lists; details and genres change rarely. */
export const TTL = { list: 5 * MINUTE, details: 60 * MINUTE, genres: 24 * 60 * MINUTE };

export interface TmdbSourceOptions extends Omit<TmdbHttpOptions, "logger"> {
  imageBaseUrl: string;
  logger: Logger;
  cached: Cached;
  /** Istanbul's day (YYYY-MM-DD) for "Vizyonda"; the site clock unless a test sets one. */
  today?: () => string;
}

/**
 * Vizyonda reads at most this many pages (of 20) of `now_playing` and of `upcoming`: Turkish
 * cinemas show a few dozen films at a time, and every film costs a `release_dates` request.
 */
const CINEMA_PAGES = 3;
/** At most this many `release_dates` requests of one list at a time. */
const CINEMA_CONCURRENCY = 4;

function clampPage(page = 1) {
  return Math.min(Math.max(1, Math.trunc(page) || 1), MAX_PAGE);
}

/** A year range as the movie database's date bounds: 2010-2020 is 2010-01-01 … 2020-12-31. */
function yearBounds(filter: DiscoverFilter<string>) {
  return {
    gte: filter.yearGte === undefined ? undefined : `${filter.yearGte}-01-01`,
    lte: filter.yearLte === undefined ? undefined : `${filter.yearLte}-12-31`,
  };
}

/**
 * "Aile dostu" as discover reads it: Turkey's certifications of the kind, OR'ed with a pipe
 * (a comma would AND them). Titles Turkey has not rated are left out, as they should be.
 */
function familyParams(filter: DiscoverFilter<string>, mediaType: MediaType) {
  if (!filter.familyFriendly) return {};
  return {
    certification_country: "TR",
    certification: familyRatingsOf(mediaType).join("|"),
  };
}

/** Details as the port returns them: the recommendations are asked for on their own. */
function withoutRecommendations<T extends { recommendations: unknown }>(
  item: T | null,
): Omit<T, "recommendations"> | null {
  if (!item) return null;
  const { recommendations, ...details } = item;
  void recommendations;
  return details;
}

/** The live source: the movie database API v3 in Turkish (ARCHITECTURE.md, "The catalogue port"). */
export function createTmdbSource(options: TmdbSourceOptions): Catalogue {
  const { cached, imageBaseUrl, today = siteToday } = options;
  const http = createTmdbHttp(options);

  /** GET, validate, cache. A malformed answer counts as a failure (stale data is served). */
  function fetchParsed<S extends z.ZodType>(
    path: string,
    params: Params,
    ttl: number,
    parser: S,
  ): Promise<z.output<S> | null> {
    return cached(http.requestKey(path, params), ttl, async () => {
      const body = await http.get(path, params);
      if (body === null) return null;
      const parsed = parser.safeParse(body);
      if (!parsed.success) {
        throw new Error(`unexpected answer for ${path}: ${parsed.error.issues[0]?.message}`);
      }
      return parsed.data as z.output<S>;
    });
  }

  /**
   * A cinema list (`/movie/now_playing` or `/movie/upcoming`) for region TR: only films with a
   * Turkish theatrical date in the list's window (without the region it is the world's list).
   * Its first pages, each cached like the other lists.
   */
  async function turkishCinemaList(path: string): Promise<MovieSummary[] | null> {
    const list = (page: number) =>
      fetchParsed(path, { region: "TR", page }, TTL.list, schema.moviePage);
    const first = await list(1);
    if (!first) return null;
    const pages = Math.min(first.totalPages, CINEMA_PAGES);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, (_, index) => list(index + 2)),
    );
    const seen = new Set<number>();
    return [first, ...rest]
      .flatMap((page) => page?.results ?? [])
      .filter((movie) => !seen.has(movie.id) && seen.add(movie.id));
  }

  /**
   * Each film with its Turkish theatrical day and certification (`release_dates`, cached like
   * details): the list's own date is the film's primary release, which is often another
   * country's. Without a Turkish entry (or when that request fails) the list's date stands, as
   * the film is in the TR list, and the rating is unknown.
   */
  async function withTurkishRelease(movies: MovieSummary[]): Promise<CinemaRelease[]> {
    const limit = pLimit(CINEMA_CONCURRENCY);
    const releases = await Promise.all(
      movies.map((movie) =>
        limit(async (): Promise<CinemaRelease | null> => {
          const turkish = await fetchParsed(
            `/movie/${movie.id}/release_dates`,
            {},
            TTL.details,
            schema.turkishTheatricalRelease,
          ).catch((error: unknown) => {
            // Already logged by the cache; one film's dates failing does not fail the list.
            if (error instanceof ServiceUnavailableError) return null;
            throw error;
          });
          const date = turkish?.date ?? movie.releaseDate;
          if (!date) return null;
          return { ...movie, turkishReleaseDate: date, ageRating: turkish?.ageRating ?? null };
        }),
      ),
    );
    return releases.filter((release) => release !== null);
  }

  /** A cinema list's films whose Turkish day passes `keep`, in `order`. */
  async function cinemaReleases(
    path: string,
    keep: (day: string, today: string) => boolean,
    order: (a: CinemaRelease, b: CinemaRelease) => number,
  ): Promise<CinemaRelease[] | null> {
    const day = today();
    const movies = await turkishCinemaList(path);
    if (!movies) return null;
    return (await withTurkishRelease(movies))
      .filter((release) => keep(release.turkishReleaseDate, day))
      .sort(order);
  }

  /** One English request when the Turkish text is empty (cached like the rest); optional. */
  async function english(path: string, parser: z.ZodType<string>): Promise<string> {
    try {
      return (await fetchParsed(path, { language: "en-US" }, TTL.details, parser)) ?? "";
    } catch {
      return "";
    }
  }

  /** Film or series details; an empty Turkish overview is filled in English. */
  async function withTurkishOrEnglishOverview<S extends z.ZodType<{ overview: string }>>(
    path: string,
    params: Params,
    parser: S,
  ): Promise<z.output<S> | null> {
    const item = await fetchParsed(path, params, TTL.details, parser);
    if (!item || item.overview.trim()) return item;
    return { ...item, overview: await english(path, schema.overviewOnly) };
  }

  // Recommendations, watch providers, the Turkish age rating (release_dates for films,
  // content_ratings for series) and the other names (alternative_titles, translations) come in
  // the same request: a cold detail page still costs one upstream call.
  const mediaDetailParams = (ratings: "release_dates" | "content_ratings") => ({
    // A series' IMDb id is in its `external_ids` (a film's is in the details themselves).
    append_to_response: `credits,videos,images,recommendations,watch/providers,${ratings},alternative_titles,translations${ratings === "content_ratings" ? ",external_ids" : ""}`,
    include_image_language: "tr,en,null",
    include_video_language: "tr,en",
  });
  const movieDetailParams = mediaDetailParams("release_dates");
  const seriesDetailParams = mediaDetailParams("content_ratings");

  const movieWithRecommendations = (id: number) =>
    withTurkishOrEnglishOverview(`/movie/${id}`, movieDetailParams, schema.movieDetails);
  const seriesWithRecommendations = (id: number) =>
    withTurkishOrEnglishOverview(`/tv/${id}`, seriesDetailParams, schema.seriesDetails);

  return {
    source: "tmdb",
    imageBaseUrl,
    popularMovies: (page) =>
      fetchParsed("/movie/popular", { page: clampPage(page) }, TTL.list, schema.moviePage),
    trendingMovies: () => fetchParsed("/trending/movie/day", {}, TTL.list, schema.moviePage),
    popularSeries: (page) =>
      fetchParsed("/tv/popular", { page: clampPage(page) }, TTL.list, schema.seriesPage),
    popularPeople: (page) =>
      fetchParsed("/person/popular", { page: clampPage(page) }, TTL.list, schema.peoplePage),

    movie: async (id) => withoutRecommendations(await movieWithRecommendations(id)),
    series: async (id) => withoutRecommendations(await seriesWithRecommendations(id)),
    movieRecommendations: async (id) =>
      (await movieWithRecommendations(id))?.recommendations ?? null,
    seriesRecommendations: async (id) =>
      (await seriesWithRecommendations(id))?.recommendations ?? null,
    season: (seriesId, seasonNumber) =>
      fetchParsed(
        `/tv/${seriesId}/season/${seasonNumber}`,
        {},
        TTL.details,
        schema.seasonDetails(seriesId),
      ),
    episode: (seriesId, seasonNumber, episodeNumber) =>
      fetchParsed(
        `/tv/${seriesId}/season/${seasonNumber}/episode/${episodeNumber}`,
        { append_to_response: "credits" },
        TTL.details,
        schema.episodeDetails(seriesId, seasonNumber),
      ),
    async person(id) {
      const person = await fetchParsed(
        `/person/${id}`,
        { append_to_response: "movie_credits,tv_credits" },
        TTL.details,
        schema.personDetails,
      );
      if (!person || person.biography.trim()) return person;
      return { ...person, biography: await english(`/person/${id}`, schema.biographyOnly) };
    },
    genres: (mediaType: MediaType) =>
      fetchParsed(`/genre/${mediaType}/list`, {}, TTL.genres, schema.genreList),

    discoverMovies(filter) {
      const years = yearBounds(filter);
      return fetchParsed(
        "/discover/movie",
        {
          with_genres: filter.genreId,
          page: clampPage(filter.page),
          sort_by: filter.sortBy ?? "popularity.desc",
          "vote_average.gte": filter.voteAverageGte,
          "vote_count.gte": filter.voteCountGte,
          "primary_release_date.gte": years.gte,
          "primary_release_date.lte": years.lte,
          ...familyParams(filter, "movie"),
        },
        TTL.list,
        schema.moviePage,
      );
    },
    discoverSeries(filter) {
      const years = yearBounds(filter);
      return fetchParsed(
        "/discover/tv",
        {
          with_genres: filter.genreId,
          page: clampPage(filter.page),
          sort_by: filter.sortBy ?? "popularity.desc",
          "vote_average.gte": filter.voteAverageGte,
          "vote_count.gte": filter.voteCountGte,
          "first_air_date.gte": years.gte,
          "first_air_date.lte": years.lte,
          ...familyParams(filter, "tv"),
        },
        TTL.list,
        schema.seriesPage,
      );
    },
    nowPlayingInTurkey: () =>
      cinemaReleases(
        "/movie/now_playing",
        (date, day) => date >= cinemaWindow(day).showingFrom && date <= day,
        newestOpeningFirst,
      ),
    upcomingInTurkey: () =>
      cinemaReleases(
        "/movie/upcoming",
        (date, day) => date > day && date <= cinemaWindow(day).upcomingTo,
        soonestOpeningFirst,
      ),
    async findByImdbId(imdbId) {
      if (!/^tt\d{7,10}$/.test(imdbId)) return null;
      const found = await fetchParsed(
        `/find/${imdbId}`,
        { external_source: "imdb_id" },
        TTL.details,
        schema.findResult,
      );
      return found ?? null;
    },
    async findSeriesByTvdbId(tvdbId) {
      if (!Number.isSafeInteger(tvdbId) || tvdbId <= 0) return null;
      const found = await fetchParsed(
        `/find/${tvdbId}`,
        { external_source: "tvdb_id" },
        TTL.details,
        schema.findResult,
      );
      return found?.mediaType === "tv" ? { mediaType: "tv", id: found.id } : null;
    },
    search(query, page) {
      const trimmed = query.trim();
      if (trimmed.length < 3) return Promise.resolve(null);
      return fetchParsed(
        "/search/multi",
        { query: trimmed, page: clampPage(page), include_adult: "false" },
        TTL.list,
        schema.searchPage,
      );
    },
  };
}
