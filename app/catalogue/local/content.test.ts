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
});
