import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContentError, loadCatalogueContent } from "./content.server";
import { DEFAULT_CONTENT_DIR } from "./load.server";

async function load() {
  try {
    return await loadCatalogueContent(DEFAULT_CONTENT_DIR);
  } catch (error) {
    // Show every problem, not just the first, when the content is broken.
    if (error instanceof ContentError) throw new Error(error.problems.join("\n"));
    throw error;
  }
}

describe("the embedded catalogue content", async () => {
  const content = await load();

  it("is valid: credits point at people, genres exist, ids are unique, episodes add up", () => {
    // loadCatalogueContent throws on any of these; reaching here means none was found.
    expect(content.movies.length).toBeGreaterThan(0);
  });

  it("is large enough to make every screen alive", () => {
    const turkishMovies = content.movies.filter((movie) => movie.originalLanguage === "tr");
    const turkishSeries = content.series.filter((series) => series.originalLanguage === "tr");
    const withEpisodes = content.series.filter((series) =>
      series.seasons.some((season) => (season.episodes?.length ?? 0) > 0),
    );
    expect(content.movies.length).toBeGreaterThanOrEqual(200);
    expect(turkishMovies.length).toBeGreaterThanOrEqual(50);
    expect(content.series.length).toBeGreaterThanOrEqual(60);
    expect(turkishSeries.length).toBeGreaterThanOrEqual(25);
    expect(withEpisodes.length).toBeGreaterThanOrEqual(15);
    expect(content.people.length).toBeGreaterThanOrEqual(400);
    expect(
      content.people.filter((person) => person.biography.trim()).length,
    ).toBeGreaterThanOrEqual(100);
  });

  it("has the movie database's 19 film and 16 series genres, each used", () => {
    expect(content.genres.movie).toHaveLength(19);
    expect(content.genres.tv).toHaveLength(16);
    for (const genre of content.genres.movie) {
      expect(
        content.movies.some((movie) => movie.genres.includes(genre.id)),
        genre.name,
      ).toBe(true);
    }
    for (const genre of content.genres.tv) {
      expect(
        content.series.some((series) => series.genres.includes(genre.id)),
        genre.name,
      ).toBe(true);
    }
  });

  it("has Turkish text where the pages need it", () => {
    for (const item of [...content.movies, ...content.series]) {
      expect(item.overview.trim().length, item.key).toBeGreaterThanOrEqual(40);
      // Overviews are Turkish: they use Turkish letters or common Turkish words.
      expect(item.overview, item.key).toMatch(/[çğıöşüÇĞİÖŞÜ]|\b(bir|ve|ile)\b/);
    }
    for (const item of content.movies) expect(item.title.trim(), item.key).not.toBe("");
    for (const item of content.series) expect(item.name.trim(), item.key).not.toBe("");
  });

  it("keeps dates in order: nobody dies before being born, no episode before its series", () => {
    for (const person of content.people) {
      if (person.birthday && person.deathday) {
        expect(person.deathday > person.birthday, person.key).toBe(true);
      }
    }
    for (const series of content.series) {
      for (const season of series.seasons) {
        if (series.firstAirDate && season.airDate && season.seasonNumber > 0) {
          expect(
            season.airDate >= series.firstAirDate,
            `${series.key} ${season.seasonNumber}`,
          ).toBe(true);
        }
      }
    }
  });

  it("gives every film at least five credited actors where it has a cast", () => {
    const thin = content.movies.filter((movie) => movie.cast.length > 0 && movie.cast.length < 5);
    // A few films genuinely have fewer (documentaries, silent shorts); keep that rare.
    expect(thin.length).toBeLessThanOrEqual(content.movies.length * 0.1);
  });

  it("lists every episode of every regular season for at least 15 series, several with 2+ seasons", () => {
    const complete = content.series.filter((series) => {
      const regular = series.seasons.filter((season) => season.seasonNumber > 0);
      return regular.length > 0 && regular.every((season) => season.episodes?.length);
    });
    expect(complete.length).toBeGreaterThanOrEqual(15);
    const multiSeason = complete.filter(
      (series) => series.seasons.filter((season) => season.seasonNumber > 0).length >= 2,
    );
    expect(multiSeason.length).toBeGreaterThanOrEqual(5);
  });

  it("keeps episode lists consistent: counts, numbering, dates inside the series' run", () => {
    for (const series of content.series) {
      for (const season of series.seasons) {
        if (!season.episodes) continue;
        const label = `${series.key} S${season.seasonNumber}`;
        expect(season.episodes.length, label).toBe(season.episodeCount);
        expect(
          season.episodes.map((episode) => episode.episodeNumber),
          label,
        ).toEqual(season.episodes.map((_, index) => index + 1));
        const dates = season.episodes.flatMap((episode) =>
          episode.airDate ? [episode.airDate] : [],
        );
        // Episodes air in order, the season starts with its first episode.
        expect(dates, label).toEqual([...dates].sort());
        if (season.airDate && dates[0]) expect(dates[0], label).toBe(season.airDate);
        if (series.firstAirDate && season.seasonNumber > 0 && dates[0]) {
          expect(dates[0] >= series.firstAirDate, label).toBe(true);
        }
        if (series.lastAirDate && season.seasonNumber > 0) {
          for (const date of dates) expect(date <= series.lastAirDate, label).toBe(true);
        }
      }
    }
  });

  it("gives IMDb ids only in IMDb's form and each to one title", () => {
    const ids = [...content.movies, ...content.series].flatMap((item) =>
      item.imdbId ? [item.imdbId] : [],
    );
    expect(ids.length).toBeGreaterThanOrEqual(150);
    for (const id of ids) expect(id).toMatch(/^tt\d{7,8}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const shawshank = content.movies.find((movie) => movie.key === "the-shawshank-redemption-1994");
    expect(shawshank?.imdbId).toBe("tt0111161");
  });

  it("rejects content where two titles share an IMDb id", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "perde-content-"));
    try {
      await mkdir(path.join(dir, "movies"));
      await copyFile(path.join(DEFAULT_CONTENT_DIR, "genres.json"), path.join(dir, "genres.json"));
      const movie = (key: string) => ({
        key,
        imdbId: "tt0111161",
        title: key,
        originalTitle: key,
        originalLanguage: "en",
        releaseDate: null,
        runtime: null,
        genres: [18],
        voteAverage: 0,
        voteCount: 0,
        popularity: 0,
        overview: "Bir deneme filmi ve onun uzunca, kırk harfi geçen özeti.",
        cast: [],
        crew: [],
      });
      await writeFile(
        path.join(dir, "movies", "test.json"),
        JSON.stringify([movie("first-1994"), movie("second-1994")]),
      );
      const problems = await loadCatalogueContent(dir).then(
        () => [],
        (error: unknown) => (error instanceof ContentError ? error.problems : [String(error)]),
      );
      expect(problems).toEqual([
        "movie second-1994: imdbId tt0111161 zaten movie first-1994 için kullanılıyor",
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
