import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import * as shape from "../../tests/support/catalogue-shapes";
import { API_KEY, CINEMA_SNAPSHOT_DAY } from "../../tests/fake-tmdb/fixtures";
import { startFakeTmdb, type FakeTmdb } from "../../tests/fake-tmdb/server";
import { createTestDatabase } from "../../tests/support/test-database";
import { catalogueTitles } from "~/db/catalogue-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { createLogger } from "~/core/logger.server";
import { createCache, memoryStore } from "./cache.server";
import type { Catalogue } from "./catalogue.server";
import { ensureLocalCatalogue } from "./local/load.server";
import { createLocalSource } from "./local/local-source.server";
import { createTmdbSource } from "./tmdb/tmdb-source.server";
import { FAMILY_FRIENDLY_RATINGS } from "./age-ratings";
import type { MovieSummary } from "./types";

/*
 * One contract, two sources: the local tables (loaded from the real content files) and the live
 * source against the fake movie database. The same questions must get the same shapes.
 */

const logger = createLogger("silent");
/** Days with films in Turkish cinemas: the embedded content's summer of 2023, the fake's snapshot. */
const CINEMA_DAYS = { local: "2023-07-25", tmdb: CINEMA_SNAPSHOT_DAY };
let database: DatabaseHandle;
let fake: FakeTmdb;
const sources: Record<string, Catalogue> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureLocalCatalogue(database.db, logger);
  sources.local = createLocalSource(database.db, logger, { today: () => CINEMA_DAYS.local });
  fake = await startFakeTmdb();
  sources.tmdb = createTmdbSource({
    apiBaseUrl: fake.url,
    apiKey: API_KEY,
    imageBaseUrl: "https://image.example/t/p",
    logger,
    cached: createCache(memoryStore(), logger),
    today: () => CINEMA_DAYS.tmdb,
  });
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

const isSorted = (values: number[]) =>
  values.every((value, index) => index === 0 || values[index - 1]! >= value);

describe.each(["local", "tmdb"])("the %s source", (name) => {
  const catalogue = () => sources[name]!;

  it("lists popular films, series and people in pages of at most 20, most popular first", async () => {
    const movies = shape.paged(shape.movieSummary).parse(await catalogue().popularMovies());
    expect(movies.results).toHaveLength(20);
    expect(movies.totalPages).toBeGreaterThan(1);
    expect(isSorted(movies.results.map((movie) => movie.popularity))).toBe(true);

    const second = shape.paged(shape.movieSummary).parse(await catalogue().popularMovies(2));
    expect(second.page).toBe(2);
    expect(second.results.map((movie) => movie.id)).not.toContain(movies.results[0]!.id);

    shape.paged(shape.seriesSummary).parse(await catalogue().popularSeries());
    const people = shape.paged(shape.personSummary).parse(await catalogue().popularPeople());
    expect(isSorted(people.results.map((person) => person.popularity))).toBe(true);
  });

  it("has today's trending films", async () => {
    const trending = shape.paged(shape.movieSummary).parse(await catalogue().trendingMovies());
    expect(trending.results.length).toBeGreaterThanOrEqual(12);
  });

  it("has details of a film, with credits, videos and images", async () => {
    const [first] = (await catalogue().popularMovies())!.results;
    const movie = shape.movieDetails.parse(await catalogue().movie(first!.id));
    expect(movie.id).toBe(first!.id);
    expect(movie.genres.map((genre) => genre.id).sort()).toEqual([...first!.genreIds].sort());
  });

  it("has up to 12 related titles of the same kind for a film and a series, never the title itself", async () => {
    // The fake movie database has recommendations for Dövüş Kulübü and Breaking Bad.
    const [popular] = (await catalogue().popularMovies())!.results;
    const first = name === "tmdb" ? { id: 550 } : popular;
    const related = z
      .array(shape.movieSummary)
      .max(12)
      .parse(await catalogue().movieRecommendations(first!.id));
    expect(related.length).toBeGreaterThan(0);
    expect(related.map((movie) => movie.id)).not.toContain(first!.id);
    expect(new Set(related.map((movie) => movie.id)).size).toBe(related.length);

    const [popularShow] = (await catalogue().popularSeries())!.results;
    const show = name === "tmdb" ? { id: 1396 } : popularShow;
    const relatedSeries = z
      .array(shape.seriesSummary)
      .max(12)
      .parse(await catalogue().seriesRecommendations(show!.id));
    expect(relatedSeries.length).toBeGreaterThan(0);
    expect(relatedSeries.map((series) => series.id)).not.toContain(show!.id);

    expect(await catalogue().movieRecommendations(999_999_999)).toEqual(
      name === "local" ? [] : null,
    );
  });

  it("has a series down to its seasons and episodes", async () => {
    const page = (await catalogue().popularSeries())!;
    let checkedEpisode = false;
    for (const summary of page.results.slice(0, 20)) {
      const series = shape.seriesDetails.parse(await catalogue().series(summary.id));
      const season = series.seasons.find((item) => item.seasonNumber > 0);
      if (!season) continue;
      const details = await catalogue().season(series.id, season.seasonNumber);
      if (!details) continue;
      shape.seasonDetails.parse(details);
      const episode = details.episodes[0];
      if (!episode) continue;
      const full = shape.episodeDetails.parse(
        await catalogue().episode(series.id, season.seasonNumber, episode.episodeNumber),
      );
      expect(full.name).toBe(episode.name);
      checkedEpisode = true;
      break;
    }
    expect(checkedEpisode).toBe(true);
  });

  it("has a person with their films and series", async () => {
    const [first] = (await catalogue().popularMovies())!.results;
    const movie = (await catalogue().movie(first!.id))!;
    const actor = movie.cast[0]!;
    const person = shape.personDetails.parse(await catalogue().person(actor.id));
    expect(person.name).toBe(actor.name);
    expect(person.movieCredits.map((credit) => credit.id)).toContain(movie.id);
  });

  it("has the genre lists", async () => {
    const movieGenres = await catalogue().genres("movie");
    expect(movieGenres?.map((genre) => genre.name)).toContain("Aksiyon");
    expect(movieGenres).toHaveLength(19);
    expect(await catalogue().genres("tv")).toHaveLength(16);
  });

  it("discovers by genre, rating, votes and years, sorted as asked", async () => {
    const drama = shape
      .paged(shape.movieSummary)
      .parse(await catalogue().discoverMovies({ genreId: 18 }));
    expect(drama.results.length).toBeGreaterThan(0);
    expect(drama.results.every((movie) => movie.genreIds.includes(18))).toBe(true);

    const rated = (await catalogue().discoverMovies({
      sortBy: "vote_average.desc",
      voteAverageGte: 7,
      voteCountGte: 500,
    }))!;
    expect(rated.results.length).toBeGreaterThan(0);
    expect(rated.results.every((movie) => movie.voteAverage >= 7 && movie.voteCount >= 500)).toBe(
      true,
    );
    expect(isSorted(rated.results.map((movie) => movie.voteAverage))).toBe(true);

    const years = (await catalogue().discoverMovies({
      yearGte: 1990,
      yearLte: 1999,
      sortBy: "primary_release_date.asc",
    }))!;
    const dates = years.results.map((movie) => movie.releaseDate!);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date >= "1990-01-01" && date <= "1999-12-31")).toBe(true);
    expect([...dates].sort()).toEqual(dates);

    const series = shape
      .paged(shape.seriesSummary)
      .parse(await catalogue().discoverSeries({ sortBy: "first_air_date.desc" }));
    const airDates = series.results.map((show) => show.firstAirDate ?? "");
    expect([...airDates].sort().reverse()).toEqual(airDates);
  });

  it("discovers family films: only titles whose Turkish rating is for families, with the other filters", async () => {
    const family = shape
      .paged(shape.movieSummary)
      .parse(await catalogue().discoverMovies({ familyFriendly: true, genreId: 35 }));
    expect(family.results.length).toBeGreaterThan(0);
    expect(family.results.every((movie) => movie.genreIds.includes(35))).toBe(true);
    for (const movie of family.results) {
      const rating = shape.movieDetails.parse(await catalogue().movie(movie.id)).ageRating;
      expect(FAMILY_FRIENDLY_RATINGS).toContain(rating);
    }
    const all = (await catalogue().discoverMovies({ genreId: 35 }))!;
    expect(all.totalResults).toBeGreaterThan(family.totalResults);

    const series = shape
      .paged(shape.seriesSummary)
      .parse(await catalogue().discoverSeries({ familyFriendly: true }));
    for (const show of series.results.slice(0, 5)) {
      const rating = shape.seriesDetails.parse(await catalogue().series(show.id)).ageRating;
      expect(FAMILY_FRIENDLY_RATINGS).toContain(rating);
    }
  });

  it("searches films, series and people together", async () => {
    const [first] = (await catalogue().popularMovies())!.results as MovieSummary[];
    const found = shape.paged(shape.searchResult).parse(await catalogue().search(first!.title));
    expect(found.results.some((item) => item.mediaType === "movie" && item.id === first!.id)).toBe(
      true,
    );
    expect(await catalogue().search("ab")).toBeNull();
  });

  it("finds a film or series by its IMDb id, and nothing for an unknown or malformed one", async () => {
    // The fake movie database knows these (fixtures.ts); the embedded catalogue, the ids its
    // content gives.
    const known = async (mediaType: "movie" | "tv") => {
      if (name === "tmdb")
        return mediaType === "movie"
          ? { imdbId: "tt0137523", id: 550 }
          : { imdbId: "tt0903747", id: 1396 };
      const t = catalogueTitles;
      const [row] = await database.db
        .select({ imdbId: t.imdbId, id: t.id })
        .from(t)
        .where(and(eq(t.mediaType, mediaType), isNotNull(t.imdbId)))
        .limit(1);
      return { imdbId: row!.imdbId!, id: row!.id };
    };
    for (const mediaType of ["movie", "tv"] as const) {
      const { imdbId, id } = await known(mediaType);
      expect(await catalogue().findByImdbId(imdbId)).toEqual({ mediaType, id });
    }
    expect(await catalogue().findByImdbId("tt9999998")).toBeNull();
    expect(await catalogue().findByImdbId("nm0000001")).toBeNull();
    expect(await catalogue().findByImdbId("tt1/../x")).toBeNull();
  });

  it("has the films on in Turkish cinemas, newest first, and those coming, soonest first", async () => {
    const today = CINEMA_DAYS[name as keyof typeof CINEMA_DAYS];
    const showing = z.array(shape.cinemaRelease).parse(await catalogue().nowPlayingInTurkey());
    const upcoming = z.array(shape.cinemaRelease).parse(await catalogue().upcomingInTurkey());
    const days = (releases: typeof showing) => releases.map((item) => item.turkishReleaseDate);
    expect(showing.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(days(showing).every((day) => day <= today)).toBe(true);
    expect([...days(showing)].sort().reverse()).toEqual(days(showing));
    expect(days(upcoming).every((day) => day > today)).toBe(true);
    expect([...days(upcoming)].sort()).toEqual(days(upcoming));
    const ids = [...showing, ...upcoming].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("finds nothing for unknown ids", async () => {
    expect(await catalogue().movie(89_999_999)).toBeNull();
    expect(await catalogue().series(89_999_999)).toBeNull();
    expect(await catalogue().person(89_999_999)).toBeNull();
    expect(await catalogue().season(89_999_999, 1)).toBeNull();
    expect(await catalogue().episode(89_999_999, 1, 1)).toBeNull();
  });
});
