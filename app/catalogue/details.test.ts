import { describe, expect, it } from "vitest";
import {
  filterCrew,
  groupFilmography,
  movieForPage,
  pickTrailer,
  EPISODE_CREW_JOBS,
} from "./details";
import type { CrewMember, MovieDetails, PersonMovieCredit, Video } from "./types";

const video = (id: string, type: string, site = "YouTube"): Video => ({
  id,
  key: `k-${id}`,
  name: id,
  type,
  site,
});
const crew = (id: number, job: string): CrewMember => ({
  id,
  name: `Kişi ${id}`,
  job,
  department: "",
  profilePath: null,
});
const credit = (
  id: number,
  date: string | null,
  popularity: number,
  character = "",
): PersonMovieCredit => ({
  mediaType: "movie",
  id,
  title: `Film ${id}`,
  originalTitle: `Film ${id}`,
  overview: "",
  releaseDate: date,
  posterPath: null,
  backdropPath: null,
  voteAverage: 7,
  voteCount: 10,
  popularity,
  genreIds: [],
  character,
});

describe("detail limits", () => {
  it("picks the first YouTube trailer, skipping teasers and other sites", () => {
    expect(
      pickTrailer([
        video("a", "Teaser"),
        video("b", "Trailer", "Vimeo"),
        video("c", "Trailer"),
        video("d", "Trailer"),
      ])?.id,
    ).toBe("c");
    expect(pickTrailer([video("a", "Clip")])).toBeNull();
  });

  it("keeps only the spec's crew jobs, up to the limit", () => {
    const members = [
      crew(1, "Director"),
      crew(2, "Editor"),
      crew(3, "Writer"),
      crew(4, "Producer"),
      crew(5, "Sound Mixer"),
    ];
    expect(filterCrew(members, EPISODE_CREW_JOBS).map((member) => member.id)).toEqual([1, 3, 4]);
    expect(
      filterCrew(members, ["Director", "Producer", "Writer", "Screenplay"], 2).map(
        (member) => member.id,
      ),
    ).toEqual([1, 3]);
  });

  it("trims a film to 12 cast, 6 crew and 12 images of each kind", () => {
    const movie = {
      cast: Array.from({ length: 20 }, (_, index) => ({
        id: index,
        name: "",
        character: "",
        profilePath: null,
      })),
      crew: Array.from({ length: 10 }, (_, index) =>
        crew(index, index % 2 ? "Producer" : "Editor"),
      ),
      images: {
        backdrops: Array.from({ length: 15 }, String),
        posters: Array.from({ length: 14 }, String),
      },
      videos: [video("t", "Trailer")],
    } as unknown as MovieDetails;
    const trimmed = movieForPage(movie);
    expect(trimmed.cast).toHaveLength(12);
    expect(trimmed.crew).toHaveLength(5);
    expect(trimmed.images.backdrops).toHaveLength(12);
    expect(trimmed.images.posters).toHaveLength(12);
    expect(trimmed.trailer?.id).toBe("t");
  });
});

describe("groupFilmography", () => {
  it("groups by year, newest first, unknown last, each group by popularity", () => {
    const groups = groupFilmography([
      credit(1, "1999-10-15", 10),
      credit(2, null, 50),
      credit(3, "2008-07-18", 5),
      credit(4, "1999-01-01", 30),
      credit(5, "", 1),
    ]);
    expect(groups.map((group) => [group.year, group.items.map((item) => item.id)])).toEqual([
      ["2008", [3]],
      ["1999", [4, 1]],
      ["Bilinmiyor", [2, 5]],
    ]);
  });

  it("shows a title credited twice once, with both roles", () => {
    const groups = groupFilmography([
      credit(1, "2000-01-01", 1, "Ali"),
      credit(1, "2000-01-01", 1, "Veli"),
    ]);
    expect(groups[0]!.items).toHaveLength(1);
    expect(groups[0]!.items[0]!.character).toBe("Ali / Veli");
  });
});
