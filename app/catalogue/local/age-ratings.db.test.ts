import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-database";
import { generateCatalogue } from "../../../scripts/lib/synthetic-catalogue";
import { writeContentDir } from "../../../tests/support/content-dir";
import type { DatabaseHandle } from "~/db/client.server";
import { createLogger } from "~/core/logger.server";
import type { Catalogue } from "../catalogue.server";
import { FILM_AGE_RATINGS, SERIES_AGE_RATINGS } from "../age-ratings";
import { ensureLocalCatalogue } from "./load.server";
import { createLocalSource } from "./local-source.server";

const logger = createLogger("silent");

/*
 * The embedded catalogue's Turkish age ratings on content written for the test: every rating of
 * each scale on a few titles, and titles without one. Details carry the rating; "Aile dostu"
 * keeps exactly the general-audience and up-to-7 ones, with the other filters.
 */
describe("local source: age ratings and the family filter", () => {
  let database: DatabaseHandle;
  let catalogue: Catalogue;
  let dir: string;
  const content = generateCatalogue({ movies: 60, series: 12, people: 20, seed: 7 });
  // Films 1-13 carry each film rating in turn, 14-26 again; the rest have none.
  content.movies.forEach((movie, index) => {
    if (index < 26) movie.ageRating = FILM_AGE_RATINGS[index % FILM_AGE_RATINGS.length];
  });
  content.series.forEach((show, index) => {
    if (index < 8) show.ageRating = SERIES_AGE_RATINGS[index % SERIES_AGE_RATINGS.length];
  });
  const FAMILY_FILMS = new Set(["Genel İzleyici Kitlesi", "6+", "6A", "7+", "7A"]);
  const familyFilms = content.movies.filter((movie) => FAMILY_FILMS.has(movie.ageRating ?? ""));
  const familySeries = content.series.filter((show) =>
    ["Genel İzleyici", "7+"].includes(show.ageRating ?? ""),
  );

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), "perde-ages-"));
    await writeContentDir(dir, content);
    await ensureLocalCatalogue(database.db, logger, dir);
    catalogue = createLocalSource(database.db, logger);
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  const titlesFor = async (filter: Parameters<Catalogue["discoverMovies"]>[0]) => {
    const page = (await catalogue.discoverMovies(filter))!;
    return { titles: page.results.map((movie) => movie.title), total: page.totalResults };
  };

  it("gives details the content's rating, and null where it has none", async () => {
    const rated = content.movies[12]!; // the 13th: "18+"
    const found = (await catalogue.search(rated.title, 1, { typos: false }))!.results.find(
      (item) => item.mediaType === "movie" && item.title === rated.title,
    )!;
    expect((await catalogue.movie(found.id))!.ageRating).toBe("18+");
    const unrated = content.movies[40]!;
    const other = (await catalogue.search(unrated.title, 1, { typos: false }))!.results.find(
      (item) => item.mediaType === "movie" && item.title === unrated.title,
    )!;
    expect((await catalogue.movie(other.id))!.ageRating).toBeNull();
    const show = content.series[2]!; // "13+"
    const series = (await catalogue.search(show.name, 1, { typos: false }))!.results.find(
      (item) => item.mediaType === "tv" && item.name === show.name,
    )!;
    expect((await catalogue.series(series.id))!.ageRating).toBe("13+");
  });

  it("keeps only family films, most popular first, and counts them", async () => {
    const expected = [...familyFilms]
      .sort((a, b) => b.popularity - a.popularity)
      .map((movie) => movie.title);
    expect(familyFilms).toHaveLength(10);
    expect(await titlesFor({ familyFriendly: true })).toEqual({ titles: expected, total: 10 });
  });

  it("combines with the genre and the other filters", async () => {
    const genre = familyFilms[0]!.genres[0]!;
    const inGenre = familyFilms.filter((movie) => movie.genres.includes(genre));
    const { titles } = await titlesFor({ familyFriendly: true, genreId: genre });
    expect(titles.sort()).toEqual(inGenre.map((movie) => movie.title).sort());

    const rated = familyFilms.filter((movie) => movie.voteAverage >= 5);
    const { titles: good, total } = await titlesFor({ familyFriendly: true, voteAverageGte: 5 });
    expect(good.sort()).toEqual(rated.map((movie) => movie.title).sort());
    expect(total).toBe(rated.length);
    // Without the filter, the same query counts every film again (the count is per filter).
    expect((await titlesFor({ voteAverageGte: 5 })).total).toBe(
      content.movies.filter((movie) => movie.voteAverage >= 5).length,
    );
  });

  it("keeps series rated for general audiences or 7+", async () => {
    const page = (await catalogue.discoverSeries({ familyFriendly: true }))!;
    expect(page.results.map((show) => show.name).sort()).toEqual(
      familySeries.map((show) => show.name).sort(),
    );
    expect(page.totalResults).toBe(4);
  });
});
