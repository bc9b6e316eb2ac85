/**
 * The catalogue's own types (SPEC.md section 3). Both sources return these; routes and components
 * never see the movie database's JSON. Image fields are paths relative to the image base
 * (see images.ts), or null.
 */

import type { AgeRating } from "./age-ratings";

export type MediaType = "movie" | "tv";

/** A film or a series, as the site's own tables name it (watchlist, diary, lists, facts). */
export type TitleRef = { type: MediaType; id: number };

export interface Genre {
  id: number;
  name: string;
}

export interface Paged<T> {
  page: number;
  results: T[];
  totalPages: number;
  totalResults: number;
}

interface TitleSummaryBase {
  id: number;
  overview: string;
  posterPath: string | null;
  backdropPath: string | null;
  voteAverage: number;
  voteCount: number;
  popularity: number;
  genreIds: number[];
}

export interface MovieSummary extends TitleSummaryBase {
  mediaType: "movie";
  title: string;
  originalTitle: string;
  releaseDate: string | null;
}

export interface SeriesSummary extends TitleSummaryBase {
  mediaType: "tv";
  name: string;
  originalName: string;
  firstAirDate: string | null;
}

export type TitleSummary = MovieSummary | SeriesSummary;

/**
 * A film on (or coming to) Turkish cinemas ("Vizyonda"): the day it opens in Turkey, which may
 * differ from its primary release date, and its Turkish age rating when known.
 */
export interface CinemaRelease extends MovieSummary {
  /** YYYY-MM-DD, Europe/Istanbul. */
  turkishReleaseDate: string;
  ageRating: AgeRating | null;
}

export interface PersonSummary {
  mediaType: "person";
  id: number;
  name: string;
  knownForDepartment: string | null;
  profilePath: string | null;
  popularity: number;
}

export type SearchResult = MovieSummary | SeriesSummary | PersonSummary;

export interface CastMember {
  id: number;
  name: string;
  character: string;
  profilePath: string | null;
}

export interface CrewMember {
  id: number;
  name: string;
  job: string;
  department: string;
  profilePath: string | null;
}

export interface Video {
  id: string;
  key: string;
  name: string;
  type: string;
  site: string;
}

export interface Images {
  backdrops: string[];
  posters: string[];
}

/** A streaming, rental or sales service (the movie database's data from JustWatch). */
export interface WatchProvider {
  id: number;
  name: string;
  logoPath: string | null;
}

/** Where a title can be watched in Turkey (region TR), by kind of offer. */
export interface WatchProviders {
  /** The movie database's page of offers for the title, which credits JustWatch. */
  link: string | null;
  /** Abonelik (flatrate). */
  subscription: WatchProvider[];
  /**
   * Ücretsiz (free) and reklamlı ücretsiz (ads). Absent from readings cached before they were
   * read.
   */
  free?: WatchProvider[];
  ads?: WatchProvider[];
  /** Kirala (rent). */
  rent: WatchProvider[];
  /** Satın al (buy). */
  buy: WatchProvider[];
}

export interface MovieDetails extends MovieSummary {
  /**
   * The title's other names (English title, alternative titles, translations' titles), never the
   * Turkish or the original title: imports and search match on them (decision 031).
   */
  otherTitles: string[];
  /** IMDb's id ("tt0137523") where the source knows it: exports name the title by it. */
  imdbId: string | null;
  /** Region TR; null when the source has none (the local catalogue never invents any). */
  watchProviders: WatchProviders | null;
  /** The Turkish rating (theatrical, region TR); null when Turkey has none (never another country's). */
  ageRating: AgeRating | null;
  runtime: number | null;
  genres: Genre[];
  videos: Video[];
  images: Images;
  cast: CastMember[];
  crew: CrewMember[];
}

interface SeasonSummary {
  id: number;
  name: string;
  seasonNumber: number;
  episodeCount: number;
  airDate: string | null;
  posterPath: string | null;
}

interface Creator {
  id: number;
  name: string;
  profilePath: string | null;
}

export interface SeriesDetails extends SeriesSummary {
  /** As MovieDetails.otherTitles. */
  otherTitles: string[];
  /** As MovieDetails.imdbId (the movie database's `external_ids`). */
  imdbId: string | null;
  /** Region TR; null when the source has none. */
  watchProviders: WatchProviders | null;
  /** RTÜK's symbol (content_ratings, region TR); null when Turkey has none. */
  ageRating: AgeRating | null;
  status: string | null;
  numberOfSeasons: number;
  numberOfEpisodes: number;
  seasons: SeasonSummary[];
  createdBy: Creator[];
  genres: Genre[];
  videos: Video[];
  images: Images;
  cast: CastMember[];
  crew: CrewMember[];
}

export interface EpisodeSummary {
  id: number;
  seasonNumber: number;
  episodeNumber: number;
  name: string;
  overview: string;
  airDate: string | null;
  runtime: number | null;
  voteAverage: number;
  stillPath: string | null;
}

export interface SeasonDetails {
  id: number;
  seriesId: number;
  seasonNumber: number;
  name: string;
  overview: string;
  airDate: string | null;
  posterPath: string | null;
  voteAverage: number;
  episodes: EpisodeSummary[];
}

export interface EpisodeDetails extends EpisodeSummary {
  seriesId: number;
  guestStars: CastMember[];
  crew: CrewMember[];
  cast: CastMember[];
}

export type PersonMovieCredit = MovieSummary & { character: string };
export type PersonSeriesCredit = SeriesSummary & { character: string };

export interface PersonDetails extends PersonSummary {
  biography: string;
  birthday: string | null;
  deathday: string | null;
  placeOfBirth: string | null;
  movieCredits: PersonMovieCredit[];
  tvCredits: PersonSeriesCredit[];
}

/** Sort orders of the spec (section 9); the date sorts differ between films and series. */
export const MOVIE_SORTS = [
  "popularity.desc",
  "vote_average.desc",
  "primary_release_date.desc",
  "primary_release_date.asc",
] as const;
export const SERIES_SORTS = [
  "popularity.desc",
  "vote_average.desc",
  "first_air_date.desc",
  "first_air_date.asc",
] as const;
export type MovieSort = (typeof MOVIE_SORTS)[number];
export type SeriesSort = (typeof SERIES_SORTS)[number];

/** The spec's filter object for discover queries. Years are whole calendar years, inclusive. */
export interface DiscoverFilter<Sort extends string> {
  genreId?: number;
  page?: number;
  sortBy?: Sort;
  voteAverageGte?: number;
  voteCountGte?: number;
  yearGte?: number;
  yearLte?: number;
  /** "Aile dostu": only titles Turkey rates for general audiences or up to 7 (FAMILY_FRIENDLY_RATINGS). */
  familyFriendly?: boolean;
}

/** "Benzer yapımlar": at most this many related titles on a detail page. */
export const RECOMMENDATION_LIMIT = 12;

/** Pages of discover and list results hold this many items (as the movie database does). */
export const PAGE_SIZE = 20;
/** The movie database never serves pages past 500. */
export const MAX_PAGE = 500;
