import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { API_KEY, CINEMA_SNAPSHOT_DAY } from "../../../tests/fake-tmdb/fixtures";
import { startFakeTmdb, type FakeTmdb } from "../../../tests/fake-tmdb/server";
import { createLogger } from "~/core/logger.server";
import { createCache, memoryStore } from "../cache.server";
import type { CinemaRelease } from "../types";
import { turkishTheatricalRelease } from "./schemas.server";
import { createTmdbSource } from "./tmdb-source.server";

/*
 * Vizyonda from the live source, against the fake movie database's snapshot of Tuesday
 * 11 March 2025 (fixtures.ts): the region=TR lists, each film's Turkish day and rating from
 * `release_dates`, and the calls that costs.
 */

let fake: FakeTmdb;
beforeAll(async () => {
  fake = await startFakeTmdb();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function source(today = CINEMA_SNAPSHOT_DAY) {
  const logger = createLogger("silent");
  return createTmdbSource({
    apiBaseUrl: fake.url,
    apiKey: API_KEY,
    imageBaseUrl: "https://image.example/t/p",
    logger,
    cached: createCache(memoryStore(), logger),
    today: () => today,
    backoffMs: 10,
  });
}

const summary = (releases: CinemaRelease[] | null) =>
  releases!.map((release) => [release.title, release.turkishReleaseDate, release.ageRating]);

describe("live source: Turkish cinemas", () => {
  it("lists what is showing in Türkiye with its Turkish day and rating, newest first", async () => {
    expect(summary(await source().nowPlayingInTurkey())).toEqual([
      // Opened in America on 14 February, here on 7 March.
      ["Gökyüzü Bekçileri", "2025-03-07", "13+"],
      ["Bizim Mahalle", "2025-03-07", "Genel İzleyici Kitlesi"],
      // A festival premiere (type 1) does not count: the limited release does.
      ["Son Gece", "2025-02-28", "18+"],
      ["Kayıp Fener", "2025-02-21", "7+"],
      // No Turkish entry: the list's date, no rating (never the American one).
      ["Sessiz Liman", "2025-02-07", null],
    ]);
  });

  it("lists what opens after today, soonest first, without what already opened", async () => {
    expect(summary(await source().upcomingInTurkey())).toEqual([
      ["Karanlık Oda", "2025-03-14", "16+"],
      // An empty certification is no rating.
      ["Yıldız Tozu", "2025-03-21", null],
      ["Deniz Kızı Masalı", "2025-04-04", "Genel İzleyici Kitlesi"],
    ]);
  });

  it("asks for region TR, then each film's release dates once (cached)", async () => {
    const catalogue = source();
    await catalogue.nowPlayingInTurkey();
    const lists = fake.requests.filter((request) => request.path === "/movie/now_playing");
    expect(lists).toHaveLength(1);
    expect(lists[0]!.query).toMatchObject({ region: "TR", page: "1", language: "tr-TR" });
    const releaseDates = fake.requests.filter((request) => request.path.endsWith("/release_dates"));
    expect(releaseDates.map((request) => request.path).sort()).toEqual(
      [40_001, 40_002, 40_003, 40_004, 40_005].map((id) => `/movie/${id}/release_dates`),
    );
    const before = fake.requests.length;
    await catalogue.nowPlayingInTurkey();
    await catalogue.upcomingInTurkey();
    // Bizim Mahalle is in both lists: its release dates are not asked for again.
    const after = fake.requests.slice(before).map((request) => request.path);
    expect(after.sort()).toEqual([
      "/movie/40006/release_dates",
      "/movie/40007/release_dates",
      "/movie/40008/release_dates",
      "/movie/upcoming",
    ]);
  });

  it("is empty, not an error, when nothing is on", async () => {
    // Long after the snapshot: every film has left the window.
    expect(await source("2026-01-01").nowPlayingInTurkey()).toEqual([]);
    expect(await source("2026-01-01").upcomingInTurkey()).toEqual([]);
  });
});

describe("release_dates: the Turkish theatrical day and rating", () => {
  const answer = (entries: { type: number; day: string; certification: string }[]) => ({
    id: 1,
    results: [
      {
        iso_3166_1: "US",
        release_dates: [{ type: 3, release_date: "2020-01-01T00:00:00.000Z", certification: "R" }],
      },
      {
        iso_3166_1: "TR",
        release_dates: entries.map((entry) => ({
          type: entry.type,
          release_date: `${entry.day}T00:00:00.000Z`,
          certification: entry.certification,
          note: "",
          iso_639_1: "",
        })),
      },
    ],
  });

  it("prefers the wide release to a limited one, and never a premiere or a streaming date", () => {
    expect(
      turkishTheatricalRelease.parse(
        answer([
          { type: 1, day: "2020-01-10", certification: "" },
          { type: 2, day: "2020-01-17", certification: "13+" },
          { type: 3, day: "2020-01-24", certification: "13+" },
          { type: 4, day: "2020-03-01", certification: "" },
        ]),
      ),
    ).toEqual({ date: "2020-01-24", ageRating: "13+" });
  });

  it("takes the rating from whichever theatrical entry has one", () => {
    expect(
      turkishTheatricalRelease.parse(
        answer([
          { type: 3, day: "2020-01-24", certification: "" },
          { type: 2, day: "2020-01-17", certification: "7A" },
        ]),
      ),
    ).toEqual({ date: "2020-01-24", ageRating: "7A" });
  });

  it("knows nothing without a Turkish theatrical entry, and ignores other countries", () => {
    expect(turkishTheatricalRelease.parse(answer([]))).toEqual({ date: null, ageRating: null });
    expect(
      turkishTheatricalRelease.parse(
        answer([{ type: 4, day: "2020-02-01", certification: "18+" }]),
      ),
    ).toEqual({ date: null, ageRating: null });
    expect(turkishTheatricalRelease.parse({ id: 1 })).toEqual({ date: null, ageRating: null });
  });
});
