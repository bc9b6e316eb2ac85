import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { catalogueTitles } from "~/db/catalogue-schema";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { reviews } from "~/db/schema";
import {
  IMDB_COLUMNS,
  imdbRatingsCsv,
  LETTERBOXD_COLUMNS,
  letterboxdCsv,
  safeCell,
} from "./exports.server";

let handle: DatabaseHandle;

const REVIEW = 'Çok "güzel", ama uzun;\nikinci satırda da söyleyeceklerim var.';

beforeAll(async () => {
  handle = await createTestDatabase();
  await createTestUser(handle, "ayse");
  await createTestUser(handle, "mehmet");
  const { db } = handle;
  await db.insert(titleFacts).values([
    { itemType: "movie", itemId: 11, title: "Kış Uykusu" },
    { itemType: "movie", itemId: 12, title: '=HYPERLINK("http://kotu.example")' },
    // The live source's facts keep the IMDb id it gave (external_ids): the files carry it.
    { itemType: "tv", itemId: 20, title: "Bir Dizi", imdbId: "tt0903747" },
    // An id the embedded catalogue made up: no TMDB id to give.
    { itemType: "movie", itemId: 95_000_000, title: "Yerel Film" },
  ]);
  // A film the embedded catalogue holds: its original title, year and IMDb id go in the files.
  await db.insert(catalogueTitles).values({
    mediaType: "movie",
    id: 11,
    year: 2014,
    imdbId: "tt2758880",
    voteAverage: 8,
    voteCount: 100,
    popularity: 10,
    genreIds: [18],
    summary: { title: "Kış Uykusu", originalTitle: "Kış Uykusu" },
    details: {},
  });
  await db.insert(diaryEntries).values([
    {
      userId: "ayse",
      itemType: "movie",
      itemId: 11,
      watchedOn: "2026-03-10",
      rating: 9,
      review: REVIEW,
      tags: ["sinema", "@arkadaşlar"],
    },
    { userId: "ayse", itemType: "movie", itemId: 11, watchedOn: "2026-05-01", rewatch: true },
    { userId: "ayse", itemType: "movie", itemId: 12, watchedOn: "2025-01-02", rating: 3 },
    { userId: "ayse", itemType: "movie", itemId: 95_000_000, watchedOn: "2026-12-01" },
    // Letterboxd has no series: a series entry is left out of its file.
    { userId: "ayse", itemType: "tv", itemId: 20, watchedOn: "2026-01-01", rating: 7 },
    { userId: "mehmet", itemType: "movie", itemId: 11, watchedOn: "2026-03-11", rating: 1 },
  ]);
  await db.insert(reviews).values([
    // Rated with a diary entry: its diary rows stand for it in the Letterboxd file.
    { userId: "ayse", itemType: "movie", itemId: 11, rating: 9 },
    // Rated without any diary entry: a row of its own.
    {
      userId: "ayse",
      itemType: "movie",
      itemId: 13,
      rating: 8,
      comment: "-Unutulmaz bir film.",
      updatedAt: new Date("2026-02-01T22:30:00Z"),
    },
    // Reviewed in writing, watched once without a word in the diary: the review goes with it.
    { userId: "ayse", itemType: "movie", itemId: 12, comment: "Tuhaf ama güzel." },
    { userId: "ayse", itemType: "tv", itemId: 20, rating: 6 },
    { userId: "ayse", itemType: "person", itemId: 99, rating: 10 },
    { userId: "mehmet", itemType: "movie", itemId: 14, rating: 2 },
  ]);
});
afterAll(() => handle.close());

/** A file as a spreadsheet would read it: BOM and CRLF checked, then parsed by csv-parse. */
function readCsv(text: string): Record<string, string>[] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text).toContain("\r\n");
  return parse(text, { bom: true, columns: true }) as Record<string, string>[];
}

describe("the Letterboxd export", () => {
  it("has every film watch of the diary and every film rated without one, in Letterboxd's columns", async () => {
    const text = await letterboxdCsv(handle, "ayse");
    expect(text.slice(1, text.indexOf("\r\n")).split(",")).toEqual([...LETTERBOXD_COLUMNS]);
    const rows = readCsv(text);
    expect(rows).toEqual([
      {
        tmdbID: "12",
        imdbID: "",
        Title: '\'=HYPERLINK("http://kotu.example")',
        Year: "",
        WatchedDate: "2025-01-02",
        Rating: "1.5",
        Rating10: "3",
        Rewatch: "false",
        Tags: "",
        Review: "Tuhaf ama güzel.",
      },
      {
        tmdbID: "11",
        imdbID: "tt2758880",
        Title: "Kış Uykusu",
        Year: "2014",
        WatchedDate: "2026-03-10",
        Rating: "4.5",
        Rating10: "9",
        Rewatch: "false",
        Tags: "sinema, @arkadaşlar",
        Review: REVIEW,
      },
      {
        tmdbID: "11",
        imdbID: "tt2758880",
        Title: "Kış Uykusu",
        Year: "2014",
        WatchedDate: "2026-05-01",
        Rating: "",
        Rating10: "",
        Rewatch: "true",
        Tags: "",
        Review: "",
      },
      {
        tmdbID: "",
        imdbID: "",
        Title: "Yerel Film",
        Year: "",
        WatchedDate: "2026-12-01",
        Rating: "",
        Rating10: "",
        Rewatch: "false",
        Tags: "",
        Review: "",
      },
      {
        tmdbID: "13",
        imdbID: "",
        Title: "",
        Year: "",
        WatchedDate: "",
        Rating: "4",
        Rating10: "8",
        Rewatch: "",
        Tags: "",
        Review: "'-Unutulmaz bir film.",
      },
    ]);
  });

  it("holds nothing of another person's", async () => {
    const rows = readCsv(await letterboxdCsv(handle, "mehmet"));
    expect(rows.map((row) => [row.tmdbID, row.Rating10])).toEqual([
      ["11", "1"],
      ["14", "2"],
    ]);
  });
});

describe("the IMDb-style export", () => {
  it("has every rated film and series, with the day rated in Istanbul", async () => {
    const text = await imdbRatingsCsv(handle, "ayse");
    expect(text.slice(1, text.indexOf("\r\n")).split(",")).toEqual([...IMDB_COLUMNS]);
    const rows = readCsv(text);
    expect(rows.map((row) => [row["Your Rating"], row["Title Type"], row.Title])).toEqual([
      ["8", "Movie", ""],
      ["9", "Movie", "Kış Uykusu"],
      ["6", "TV Series", "Bir Dizi"],
    ]);
    // 22:30 UTC on 1 February is 01:30 on 2 February in Istanbul.
    expect(rows[0]!["Date Rated"]).toBe("2026-02-02");
    expect(rows.map((row) => [row.Const, row.URL, row.Year])).toEqual([
      ["", "", ""],
      ["tt2758880", "https://www.imdb.com/title/tt2758880/", "2014"],
      ["tt0903747", "https://www.imdb.com/title/tt0903747/", ""],
    ]);
  });

  it("holds nothing of another person's", async () => {
    const rows = readCsv(await imdbRatingsCsv(handle, "mehmet"));
    expect(rows.map((row) => row["Your Rating"])).toEqual(["2"]);
  });
});

describe("a cell a spreadsheet could run", () => {
  it("starts with an apostrophe when it starts like a formula", () => {
    for (const text of ["=1+1", "+90 555", "-2", "@SUM(A1)", "\tsekme", "\rsatır"]) {
      expect(safeCell(text)).toBe(`'${text}`);
    }
    expect(safeCell("Kış Uykusu")).toBe("Kış Uykusu");
    expect(safeCell("a=b")).toBe("a=b");
    expect(safeCell(null)).toBe("");
  });
});
