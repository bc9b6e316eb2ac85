import { describe, expect, it } from "vitest";
import { ServiceUnavailableError } from "~/core/failures.server";
import type { Catalogue } from "./catalogue.server";
import { loadCinemaPage } from "./cinema.server";
import type { CinemaRelease } from "./types";

/*
 * How /vizyonda splits the two lists into its three grids, on Wednesday 12 March 2025 (the
 * release week is Friday 7 to Thursday 13 March), with a catalogue that answers what it is told.
 */

const WEDNESDAY = Date.parse("2025-03-12T15:00:00+03:00");

const release = (
  id: number,
  title: string,
  turkishReleaseDate: string,
  ageRating: CinemaRelease["ageRating"] = null,
): CinemaRelease => ({
  mediaType: "movie",
  id,
  title,
  originalTitle: title,
  releaseDate: "2025-01-01",
  overview: "",
  posterPath: null,
  backdropPath: null,
  voteAverage: 7,
  voteCount: 10,
  popularity: 1,
  genreIds: [18],
  turkishReleaseDate,
  ageRating,
});

function catalogue(showing: CinemaRelease[] | Error, upcoming: CinemaRelease[] | Error): Catalogue {
  const answer = (value: CinemaRelease[] | Error) =>
    value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  return {
    nowPlayingInTurkey: () => answer(showing),
    upcomingInTurkey: () => answer(upcoming),
  } as Partial<Catalogue> as Catalogue;
}

const names = (cards: { name: string; releaseDay?: string }[] | null) =>
  cards?.map((card) => `${card.name} ${card.releaseDay}`) ?? null;

const showing = [
  release(1, "Cuma Filmi", "2025-03-07", "13+"),
  release(2, "Aile Filmi", "2025-03-07", "Genel İzleyici Kitlesi"),
  release(3, "Geçen Hafta", "2025-03-06", "7A"),
  release(4, "Eski Film", "2025-02-14"),
];
const upcoming = [
  // Opens tomorrow, the last day of this release week: one of this week's films.
  release(5, "Perşembe Filmi", "2025-03-13", "6+"),
  release(6, "Gelecek Cuma", "2025-03-14", "18+"),
];

describe("the Vizyonda page", () => {
  it("puts this release week's openings first, from both lists, and the rest in their grids", async () => {
    const page = (await loadCinemaPage(catalogue(showing, upcoming), undefined, WEDNESDAY))!;
    expect(page.week).toEqual({ start: "2025-03-07", end: "2025-03-13" });
    expect(names(page.thisWeek)).toEqual([
      "Cuma Filmi 2025-03-07",
      "Aile Filmi 2025-03-07",
      "Perşembe Filmi 2025-03-13",
    ]);
    // Thursday 6 March belongs to the week before.
    expect(names(page.showing)).toEqual(["Geçen Hafta 2025-03-06", "Eski Film 2025-02-14"]);
    expect(names(page.upcoming)).toEqual(["Gelecek Cuma 2025-03-14"]);
    expect(page).toMatchObject({ familyOnly: false, failed: false });
  });

  it("keeps only films rated for families under aile-dostu, never an unrated one", async () => {
    const page = (await loadCinemaPage(catalogue(showing, upcoming), "aile-dostu", WEDNESDAY))!;
    expect(page.familyOnly).toBe(true);
    expect(names(page.thisWeek)).toEqual(["Aile Filmi 2025-03-07", "Perşembe Filmi 2025-03-13"]);
    expect(names(page.showing)).toEqual(["Geçen Hafta 2025-03-06"]);
    expect(names(page.upcoming)).toEqual([]);
  });

  it("shows a failed list as the grids' error, and the other list still", async () => {
    const failure = new ServiceUnavailableError("down");
    const page = (await loadCinemaPage(catalogue(failure, upcoming), undefined, WEDNESDAY))!;
    expect(page.thisWeek).toBeNull();
    expect(page.showing).toBeNull();
    expect(names(page.upcoming)).toEqual(["Gelecek Cuma 2025-03-14"]);
    expect(page.failed).toBe(true);
  });

  it("knows no other segment", async () => {
    expect(await loadCinemaPage(catalogue([], []), "cocuk", WEDNESDAY)).toBeNull();
  });
});
