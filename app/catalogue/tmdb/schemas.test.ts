import { describe, expect, it } from "vitest";
import {
  movieDetails,
  moviePage,
  personDetails,
  searchPage,
  seriesDetails,
} from "./schemas.server";

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

describe("Turkish age ratings from the detail answer", () => {
  const release = (type: number, certification: string) => ({
    certification,
    descriptors: [],
    iso_639_1: "",
    note: "",
    release_date: "2023-07-21T00:00:00.000Z",
    type,
  });
  const film = (results: unknown) =>
    movieDetails.parse({ id: 1, title: "Film", release_dates: { results } }).ageRating;
  const show = (results: unknown) =>
    seriesDetails.parse({ id: 2, name: "Dizi", content_ratings: { results } }).ageRating;

  it("reads a film's Turkish theatrical certification, never another country's", () => {
    expect(
      film([
        { iso_3166_1: "US", release_dates: [release(3, "PG-13")] },
        { iso_3166_1: "TR", release_dates: [release(1, "18+"), release(3, "13+")] },
      ]),
    ).toBe("13+");
    expect(film([{ iso_3166_1: "US", release_dates: [release(3, "G")] }])).toBeNull();
    expect(film([])).toBeNull();
    expect(movieDetails.parse({ id: 1, title: "Film" }).ageRating).toBeNull();
  });

  it("skips empty certifications and falls back to the limited theatrical release", () => {
    expect(film([{ iso_3166_1: "TR", release_dates: [release(3, "")] }])).toBeNull();
    expect(
      film([
        {
          iso_3166_1: "TR",
          release_dates: [release(3, " "), release(2, "Genel İzleyici Kitlesi")],
        },
      ]),
    ).toBe("Genel İzleyici Kitlesi");
  });

  it("ignores digital and television releases and what is not a Turkish rating", () => {
    expect(
      film([{ iso_3166_1: "TR", release_dates: [release(4, "7+"), release(6, "7+")] }]),
    ).toBeNull();
    expect(film([{ iso_3166_1: "TR", release_dates: [release(3, "PG")] }])).toBeNull();
  });

  it("reads a series' RTÜK symbol from content_ratings, region TR only", () => {
    expect(
      show([
        { descriptors: [], iso_3166_1: "US", rating: "TV-MA" },
        { descriptors: [], iso_3166_1: "TR", rating: "18+" },
      ]),
    ).toBe("18+");
    expect(show([{ descriptors: [], iso_3166_1: "US", rating: "TV-Y" }])).toBeNull();
    expect(show([{ iso_3166_1: "TR", rating: "" }])).toBeNull();
    expect(seriesDetails.parse({ id: 2, name: "Dizi" }).ageRating).toBeNull();
  });
});
