import { describe, expect, it } from "vitest";
import { movieDetails, moviePage, personDetails, searchPage } from "./schemas.server";

describe("movie database answers at the edge", () => {
  it("turns missing fields into empty values and ignores unknown ones", () => {
    const page = moviePage.parse({
      page: 1,
      results: [{ id: 7, title: "Başlık", unknown_field: { nested: true } }],
      total_pages: 1,
    });
    expect(page).toEqual({
      page: 1,
      totalPages: 1,
      totalResults: 0,
      results: [
        {
          mediaType: "movie",
          id: 7,
          title: "Başlık",
          originalTitle: "Başlık",
          overview: "",
          releaseDate: null,
          posterPath: null,
          backdropPath: null,
          voteAverage: 0,
          voteCount: 0,
          popularity: 0,
          genreIds: [],
        },
      ],
    });
  });

  it("drops a malformed item instead of failing the whole list", () => {
    const page = searchPage.parse({
      results: [
        { media_type: "movie", id: 1, title: "Bir" },
        { media_type: "movie", title: "kimliksiz" },
        { media_type: "collection", id: 3 },
        { media_type: "person", id: 4, name: "Kişi", known_for_department: "Acting" },
      ],
      total_pages: 1,
      total_results: 4,
    });
    expect(page.results.map((item) => [item.mediaType, item.id])).toEqual([
      ["movie", 1],
      ["person", 4],
    ]);
  });

  it("reads empty dates and zero runtimes as unknown", () => {
    const movie = movieDetails.parse({ id: 5, title: "X", release_date: "", runtime: 0 });
    expect(movie).toMatchObject({ releaseDate: null, runtime: null, cast: [], videos: [] });
    const person = personDetails.parse({ id: 9, name: "Y", birthday: null });
    expect(person).toMatchObject({
      birthday: null,
      movieCredits: [],
      tvCredits: [],
      biography: "",
    });
  });

  it("refuses an answer without an id", () => {
    expect(movieDetails.safeParse({ title: "kimliksiz" }).success).toBe(false);
  });
});
