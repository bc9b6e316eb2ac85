import { ServiceUnavailableError } from "~/core/failures.server";
import type {
  CinemaRelease,
  DiscoverFilter,
  EpisodeDetails,
  Genre,
  MediaType,
  MovieDetails,
  MovieSort,
  MovieSummary,
  Paged,
  PersonDetails,
  PersonSummary,
  SearchResult,
  SeasonDetails,
  SeriesDetails,
  SeriesSort,
  SeriesSummary,
} from "./types";

/**
 * The Catalogue port: every catalogue question the product asks (SPEC.md section 7).
 * `null` means "not found". When the source fails (the movie database or the catalogue tables
 * do not answer, and nothing stale is cached) the call throws ServiceUnavailableError
 * (`~/failures.server`), already logged: a failure is never shown as "not found". Callers show
 * the spec's not-found text, a grid's error text (see `tolerant`), or let it travel to the
 * "try again" page; they never need to know which source answered.
 */
export interface Catalogue {
  readonly source: "tmdb" | "local";
  popularMovies(page?: number): Promise<Paged<MovieSummary> | null>;
  trendingMovies(): Promise<Paged<MovieSummary> | null>;
  popularSeries(page?: number): Promise<Paged<SeriesSummary> | null>;
  popularPeople(page?: number): Promise<Paged<PersonSummary> | null>;
  movie(id: number): Promise<MovieDetails | null>;
  series(id: number): Promise<SeriesDetails | null>;
  season(seriesId: number, seasonNumber: number): Promise<SeasonDetails | null>;
  episode(
    seriesId: number,
    seasonNumber: number,
    episodeNumber: number,
  ): Promise<EpisodeDetails | null>;
  person(id: number): Promise<PersonDetails | null>;
  /**
   * "Benzer yapımlar": up to 12 related titles of the same kind, never the title itself. Live:
   * the movie database's recommendations from the same (cached) details request; local: ranked
   * by shared genres, shared people and popularity. Empty when there are none.
   */
  movieRecommendations(id: number): Promise<MovieSummary[] | null>;
  seriesRecommendations(id: number): Promise<SeriesSummary[] | null>;
  genres(mediaType: MediaType): Promise<Genre[] | null>;
  discoverMovies(filter: DiscoverFilter<MovieSort>): Promise<Paged<MovieSummary> | null>;
  discoverSeries(filter: DiscoverFilter<SeriesSort>): Promise<Paged<SeriesSummary> | null>;
  /**
   * Titles and people matching `query` (at least 3 characters). With `typos` (the default) a
   * query nothing contains falls back to names close to it (local source; the live source's
   * search decides for itself).
   */
  search(
    query: string,
    page?: number,
    options?: { typos?: boolean },
  ): Promise<Paged<SearchResult> | null>;
  /**
   * The film or series with this IMDb id ("tt0137523"); null when the source knows none (or the
   * id is malformed). Imports of IMDb files match by it.
   */
  findByImdbId(imdbId: string): Promise<{ mediaType: MediaType; id: number } | null>;
  /**
   * The series with this TheTVDB id (TV Time's exports name series by it); null when the source
   * knows none. Live: the movie database's `/find/{id}?external_source=tvdb_id`; the embedded
   * catalogue keeps no TVDB ids and answers null (imports then match by name and year).
   */
  findSeriesByTvdbId(tvdbId: number): Promise<{ mediaType: "tv"; id: number } | null>;
  /**
   * Vizyonda: films that opened in Turkish cinemas in the last eight weeks up to today, newest
   * opening first (then by popularity). Live: `now_playing` for region TR with each film's
   * Turkish day from `release_dates`; local: the content's Turkish release days. "Today" is the
   * site clock's, in Istanbul; the windows are in cinema-dates.server.ts.
   */
  nowPlayingInTurkey(): Promise<CinemaRelease[] | null>;
  /**
   * Films opening in Turkish cinemas after today, within ten weeks, soonest first (then by
   * popularity). Live: `upcoming` for region TR.
   */
  upcomingInTurkey(): Promise<CinemaRelease[] | null>;
  /** Where images of this source come from; sizes and paths are appended (images.ts). */
  readonly imageBaseUrl: string;
  close?(): Promise<void>;
}

/**
 * For a part of a page that may fail alone (a home grid, a dashboard tile): the answer, or
 * `failed` when the source was unavailable; other errors still travel.
 */
export async function tolerant<T>(
  answer: Promise<T | null>,
): Promise<{ value: T | null; failed: boolean }> {
  try {
    return { value: await answer, failed: false };
  } catch (error) {
    if (error instanceof ServiceUnavailableError) return { value: null, failed: true };
    throw error;
  }
}
