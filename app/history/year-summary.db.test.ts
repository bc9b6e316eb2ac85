import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { ServiceUnavailableError } from "~/core/failures.server";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { episodeWatches, trackedEpisodes, trackedSeries } from "~/db/tracking-schema";
import { and, eq } from "drizzle-orm";
import { loadYearSummary, summaryYear, yearSummary } from "./year-summary.server";

let handle: DatabaseHandle;

// The catalogue is asked only for its genre lists.
const catalogue = {
  genres: async (kind: "movie" | "tv") =>
    kind === "movie"
      ? [
          { id: 18, name: "Dram" },
          { id: 35, name: "Komedi" },
          { id: 28, name: "Aksiyon" },
        ]
      : [{ id: 18, name: "Dram" }],
} as unknown as Catalogue;

const services = () => ({ database: handle, catalogue });

const ceylan = { id: 100, name: "Nuri Bilge Ceylan" };
const demirkubuz = { id: 101, name: "Zeki Demirkubuz" };
const bilginer = { id: 200, name: "Haluk Bilginer" };
const sozen = { id: 201, name: "Melisa Sözen" };

beforeAll(async () => {
  handle = await createTestDatabase();
  await createTestUser(handle, "ayse");
  await createTestUser(handle, "mehmet");
  const { db } = handle;
  await db.insert(titleFacts).values([
    {
      itemType: "movie",
      itemId: 1,
      title: "Kış Uykusu",
      runtime: 120,
      genreIds: [18, 35],
      directors: [ceylan],
      cast: [bilginer, sozen],
    },
    {
      itemType: "movie",
      itemId: 2,
      title: "Ahlat Ağacı",
      runtime: 90,
      genreIds: [18],
      directors: [ceylan],
      cast: [bilginer],
    },
    {
      itemType: "movie",
      itemId: 3,
      title: "Masumiyet",
      runtime: null,
      genreIds: [28],
      directors: [demirkubuz],
    },
    {
      itemType: "tv",
      itemId: 10,
      title: "Bir Dizi",
      runtime: 50,
      genreIds: [18],
      directors: [{ id: 300, name: "Yaratıcı Kişi" }],
    },
  ]);
  await db.insert(trackedSeries).values([
    { seriesId: 10, name: "Bir Dizi" },
    { seriesId: 11, name: "Öteki Dizi" },
  ]);
  await db.insert(trackedEpisodes).values([
    { seriesId: 10, seasonNumber: 1, episodeNumber: 1, name: "Başlangıç", runtime: 60 },
    { seriesId: 10, seasonNumber: 1, episodeNumber: 2, name: "Devam", runtime: null },
  ]);
  const entry = (
    userId: string,
    itemType: "movie" | "tv",
    itemId: number,
    watchedOn: string,
    rating: number | null,
    rewatch = false,
  ) => ({ userId, itemType, itemId, watchedOn, rating, rewatch });
  await db
    .insert(diaryEntries)
    .values([
      entry("ayse", "movie", 1, "2026-01-05", 8),
      entry("ayse", "movie", 2, "2026-01-20", 6),
      entry("ayse", "movie", 1, "2026-03-10", 10, true),
      entry("ayse", "movie", 3, "2026-12-31", null),
      entry("ayse", "tv", 10, "2026-02-01", 7),
      entry("ayse", "movie", 2, "2025-06-01", 9),
      entry("ayse", "movie", 3, "2025-12-31", 4),
      entry("mehmet", "movie", 3, "2026-04-04", 2),
    ]);
  const watch = (
    userId: string,
    seriesId: number,
    season: number,
    episode: number,
    at: string,
  ) => ({
    userId,
    seriesId,
    seasonNumber: season,
    episodeNumber: episode,
    watchedAt: new Date(at),
  });
  await db.insert(episodeWatches).values([
    // 00:30 on 1 January 2026 in Istanbul: a watch of 2026, and its first.
    watch("ayse", 10, 1, 1, "2025-12-31T21:30:00Z"),
    watch("ayse", 10, 1, 2, "2026-02-10T10:00:00Z"),
    watch("ayse", 11, 1, 2, "2026-05-05T10:00:00Z"),
    // 01:00 on 1 January 2027 in Istanbul: not 2026's.
    watch("ayse", 11, 1, 1, "2026-12-31T22:00:00Z"),
    watch("ayse", 11, 2, 1, "2025-03-01T10:00:00Z"),
  ]);
});
afterAll(() => handle.close());

describe("the year summary", () => {
  it("counts the year's films, episodes and hours per Istanbul month", async () => {
    const summary = await loadYearSummary(services(), "ayse", 2026);
    expect(summary.months.map((m) => [m.films, m.episodes, m.minutes])).toEqual([
      // January: two films (120 + 90) and the New Year's night episode (60).
      [2, 1, 270],
      // February: an episode without its own runtime counts the series' 50 minutes.
      [0, 1, 50],
      [1, 0, 120],
      [0, 0, 0],
      // May: an episode nobody knows the runtime of counts the stated 45 minutes.
      [0, 1, 45],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      // December: a film without a runtime adds no minutes.
      [1, 0, 0],
    ]);
    expect(summary.totals).toEqual({
      films: 4,
      episodes: 3,
      minutes: 485,
      distinctFilms: 3,
      rewatches: 1,
      filmsWithoutRuntime: 1,
      episodesAtDefault: 1,
    });
    expect(summary.previous).toEqual({ films: 2, episodes: 1, minutes: 135 });
    expect(summary.empty).toBe(false);
  });

  it("ranks genres, directors and actors per watch and spreads the ratings", async () => {
    const summary = await loadYearSummary(services(), "ayse", 2026);
    expect(summary.genres).toEqual([
      { id: 18, name: "Dram", count: 4 },
      { id: 35, name: "Komedi", count: 2 },
      { id: 28, name: "Aksiyon", count: 1 },
    ]);
    // The series' creator counts its diary entry and its two episodes of the year; with as
    // many watches, Ceylan's latest (March) comes before the creator's (February).
    expect(summary.directors).toEqual([
      { ...ceylan, count: 3 },
      { id: 300, name: "Yaratıcı Kişi", count: 3 },
      { ...demirkubuz, count: 1 },
    ]);
    expect(summary.actors).toEqual([
      { ...bilginer, count: 3 },
      { ...sozen, count: 2 },
    ]);
    expect(summary.ratings).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 0, 1]);
    expect(summary.averageRating).toBe(7.75);
  });

  it("counts the cast and creators of every episode watched, never an undated one, and orders ties by the latest watch", async () => {
    const { db } = handle;
    await createTestUser(handle, "deniz");
    const dere = { id: 202, name: "Cansu Dere" };
    const saylak = { id: 301, name: "Onur Saylak" };
    await db.insert(titleFacts).values({
      itemType: "tv",
      itemId: 20,
      title: "Şahsiyet",
      genreIds: [18],
      directors: [saylak],
      cast: [bilginer, dere],
    });
    await db.insert(episodeWatches).values([
      ...Array.from({ length: 12 }, (_, index) => ({
        userId: "deniz",
        seriesId: 20,
        seasonNumber: 1,
        episodeNumber: index + 1,
        watchedAt: new Date(`2018-0${3 + Math.floor(index / 4)}-1${index % 4}T19:00:00Z`),
      })),
      // "Tarihini hatırlamıyorum": in no year's figures.
      { userId: "deniz", seriesId: 20, seasonNumber: 2, episodeNumber: 1, watchedAt: null },
    ]);
    await db.insert(diaryEntries).values([
      // Ceylan and Demirkubuz, one film each: Demirkubuz's is the later one.
      { userId: "deniz", itemType: "movie", itemId: 1, watchedOn: "2018-12-01" },
      { userId: "deniz", itemType: "movie", itemId: 3, watchedOn: "2018-12-20" },
    ]);
    const summary = await loadYearSummary(services(), "deniz", 2018);
    expect(summary.totals.episodes).toBe(12);
    expect(summary.actors).toEqual([
      { ...bilginer, count: 13 },
      { ...dere, count: 12 },
      { ...sozen, count: 1 },
    ]);
    expect(summary.directors).toEqual([
      { ...saylak, count: 12 },
      { ...demirkubuz, count: 1 },
      { ...ceylan, count: 1 },
    ]);
    // The undated mark is in no year either side.
    for (const year of [2017, 2019, 2026])
      expect((await loadYearSummary(services(), "deniz", year)).totals.episodes).toBe(0);
  });

  it("names the first and the last watch of the year, episodes included", async () => {
    const summary = await loadYearSummary(services(), "ayse", 2026);
    expect(summary.first).toEqual({
      kind: "tv",
      id: 10,
      title: "Bir Dizi",
      episode: { season: 1, number: 1 },
      day: "2026-01-01",
    });
    expect(summary.last).toEqual({
      kind: "movie",
      id: 3,
      title: "Masumiyet",
      episode: null,
      day: "2026-12-31",
    });
  });

  it("takes the furthest of the episodes marked at once as the last, the earliest as the first", async () => {
    // "Buraya kadar izledim" writes its episodes with one instant.
    await createTestUser(handle, "selin");
    const at = new Date("2024-04-10T18:00:00Z");
    await handle.db.insert(episodeWatches).values(
      [3, 1, 2].map((episode) => ({
        userId: "selin",
        seriesId: 10,
        seasonNumber: 1,
        episodeNumber: episode,
        watchedAt: at,
      })),
    );
    const summary = await loadYearSummary(services(), "selin", 2024);
    expect(summary.first?.episode).toEqual({ season: 1, number: 1 });
    expect(summary.last?.episode).toEqual({ season: 1, number: 3 });
  });

  it("shows a second person nothing of the first one's", async () => {
    const summary = await loadYearSummary(services(), "mehmet", 2026);
    expect(summary.totals).toMatchObject({ films: 1, episodes: 0, minutes: 0, distinctFilms: 1 });
    expect(summary.previous).toEqual({ films: 0, episodes: 0, minutes: 0 });
    expect(summary.genres).toEqual([{ id: 28, name: "Aksiyon", count: 1 }]);
    expect(summary.directors).toEqual([{ ...demirkubuz, count: 1 }]);
    expect(summary.actors).toEqual([]);
    expect(summary.ratings).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(summary.first?.id).toBe(3);
    expect(summary.last?.id).toBe(3);
  });

  it("says a year without watches is empty", async () => {
    const summary = await loadYearSummary(services(), "ayse", 2020);
    expect(summary.empty).toBe(true);
    expect(summary.totals.films + summary.totals.episodes + summary.totals.minutes).toBe(0);
    expect(summary.averageRating).toBeNull();
    expect(summary.genres).toEqual([]);
  });

  it("still shows the figures when the catalogue cannot name the genres", async () => {
    const failing = {
      genres: async () => {
        throw new ServiceUnavailableError("catalogue");
      },
    } as unknown as Catalogue;
    const summary = await loadYearSummary({ database: handle, catalogue: failing }, "ayse", 2026);
    expect(summary.genres).toBeNull();
    expect(summary.totals.films).toBe(4);
  });
});

describe("the summary kept between views", () => {
  it("changes as soon as the person's history of the year changes", async () => {
    const { db } = handle;
    await createTestUser(handle, "zeynep");
    const figures = async () => {
      const summary = await yearSummary(services(), "zeynep", 2026);
      return [summary.totals.films, summary.totals.episodes, summary.averageRating];
    };
    expect(await figures()).toEqual([0, 0, null]);
    const [entry] = await db
      .insert(diaryEntries)
      .values({
        userId: "zeynep",
        itemType: "movie",
        itemId: 1,
        watchedOn: "2026-06-01",
        rating: 4,
      })
      .returning({ id: diaryEntries.id });
    expect(await figures()).toEqual([1, 0, 4]);
    // An edit that keeps the count: the rating changes.
    await db.update(diaryEntries).set({ rating: 9 }).where(eq(diaryEntries.id, entry!.id));
    expect(await figures()).toEqual([1, 0, 9]);
    await db.insert(episodeWatches).values({
      userId: "zeynep",
      seriesId: 10,
      seasonNumber: 1,
      episodeNumber: 1,
      watchedAt: new Date("2026-06-02T12:00:00Z"),
    });
    expect(await figures()).toEqual([1, 1, 9]);
    await db.delete(diaryEntries).where(eq(diaryEntries.id, entry!.id));
    await db
      .delete(episodeWatches)
      .where(and(eq(episodeWatches.userId, "zeynep"), eq(episodeWatches.seriesId, 10)));
    expect(await figures()).toEqual([0, 0, null]);
    // Someone else's new watch is not the person's: their summary stays as it was.
    await db
      .insert(diaryEntries)
      .values({ userId: "mehmet", itemType: "movie", itemId: 2, watchedOn: "2026-06-03" });
    expect(await figures()).toEqual([0, 0, null]);
  });
});

describe("the summary's year in the address", () => {
  it("takes four digits from 1900 to next year, and nothing else", () => {
    expect(summaryYear("2026")).toBe(2026);
    expect(summaryYear("1900")).toBe(1900);
    expect(summaryYear("1899")).toBeNull();
    expect(summaryYear("02026")).toBeNull();
    expect(summaryYear("20x6")).toBeNull();
    expect(summaryYear(undefined)).toBeNull();
    expect(summaryYear("9999")).toBeNull();
  });
});
