import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { EpisodeSummary, SeasonDetails, SeriesDetails } from "~/catalogue/types";
import { ServiceUnavailableError } from "~/core/failures.server";
import { createLogger } from "~/core/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import type { JobQueue } from "~/db/jobs.server";
import { watchlist } from "~/db/schema";
import { trackedEpisodes, trackedSeries } from "~/db/tracking-schema";
import {
  dueSeries,
  followSeries,
  refreshSeries,
  REFRESH_AFTER_MS,
  type TrackingServices,
} from "./schedule.server";

/*
 * The series facts the tracking pages read, kept from the catalogue: a catalogue that says what
 * a series airs (and counts what it was asked), the real database code.
 */

const episode = (season: number, number: number, airDate: string | null): EpisodeSummary => ({
  id: season * 100 + number,
  seasonNumber: season,
  episodeNumber: number,
  name: `${number}. Bölüm`,
  overview: "",
  airDate,
  runtime: 45,
  voteAverage: 0,
  stillPath: null,
});

/** A series of the fake catalogue: its seasons' episodes, season 0 holding specials. */
function fakeCatalogue(seasons: Map<number, EpisodeSummary[]>, status = "Returning Series") {
  const asked: string[] = [];
  let down = false;
  const catalogue = {
    source: "local",
    async series(id: number) {
      asked.push(`series ${id}`);
      if (down) throw new ServiceUnavailableError("catalogue down");
      if (id !== 7) return null;
      return {
        id,
        name: "Deneme Dizisi",
        status,
        posterPath: "/poster.jpg",
        seasons: [...seasons].map(([seasonNumber, episodes]) => ({
          id: seasonNumber,
          name: `${seasonNumber}. Sezon`,
          seasonNumber,
          episodeCount: episodes.length,
          airDate: episodes[0]?.airDate ?? null,
          posterPath: null,
        })),
      } as unknown as SeriesDetails;
    },
    async season(id: number, seasonNumber: number) {
      asked.push(`season ${seasonNumber}`);
      const episodes = seasons.get(seasonNumber);
      return episodes ? ({ episodes } as unknown as SeasonDetails) : null;
    },
  } as unknown as Catalogue;
  return {
    catalogue,
    asked,
    goDown: () => {
      down = true;
    },
  };
}

function jobsDouble() {
  const sent: { name: string; data: object; key?: string }[] = [];
  const jobs: JobQueue = {
    define: async () => {},
    schedule: async () => {},
    stop: async () => {},
    send: async (name, data, options) => {
      sent.push({ name, data, key: options?.singletonKey });
      return "job";
    },
  };
  return { jobs, sent };
}

let database: DatabaseHandle;
const logger = createLogger("silent");
beforeAll(async () => {
  database = await createTestDatabase();
  await createTestUser(database, "ayse");
});
afterAll(() => database.close());

const storedEpisodes = () =>
  database.db
    .select({
      season: trackedEpisodes.seasonNumber,
      episode: trackedEpisodes.episodeNumber,
      airDate: trackedEpisodes.airDate,
    })
    .from(trackedEpisodes)
    .where(eq(trackedEpisodes.seriesId, 7))
    .orderBy(trackedEpisodes.seasonNumber, trackedEpisodes.episodeNumber);

describe("keeping what a followed series airs", () => {
  it("stores every regular episode, never the specials, and reads only what may change", async () => {
    const seasons = new Map([
      [0, [episode(0, 1, "2020-01-01")]],
      [1, [episode(1, 1, "2024-01-01"), episode(1, 2, "2024-01-08")]],
      [2, [episode(2, 1, "2026-12-01"), episode(2, 2, null)]],
    ]);
    const source = fakeCatalogue(seasons);
    const services: TrackingServices = { database, logger, ...jobsDouble(), ...source };
    await refreshSeries(services, 7);
    expect(source.asked).toEqual(["series 7", "season 1", "season 2"]);
    expect(await storedEpisodes()).toEqual([
      { season: 1, episode: 1, airDate: "2024-01-01" },
      { season: 1, episode: 2, airDate: "2024-01-08" },
      { season: 2, episode: 1, airDate: "2026-12-01" },
      { season: 2, episode: 2, airDate: null },
    ]);

    // Later: the last season's dates are announced and an episode is added. Season 1 adds up
    // and is not read again.
    seasons.set(2, [
      episode(2, 1, "2026-12-01"),
      episode(2, 2, "2026-12-08"),
      episode(2, 3, "2026-12-15"),
    ]);
    source.asked.length = 0;
    await Promise.all([refreshSeries(services, 7), refreshSeries(services, 7)]);
    expect(source.asked).toEqual(["series 7", "series 7", "season 2", "season 2"]);
    expect((await storedEpisodes()).slice(2)).toEqual([
      { season: 2, episode: 1, airDate: "2026-12-01" },
      { season: 2, episode: 2, airDate: "2026-12-08" },
      { season: 2, episode: 3, airDate: "2026-12-15" },
    ]);
    const [series] = await database.db
      .select()
      .from(trackedSeries)
      .where(eq(trackedSeries.seriesId, 7));
    expect(series).toMatchObject({
      name: "Deneme Dizisi",
      status: "Returning Series",
      unknownSeasons: 0,
    });

    // A third season the catalogue counts but lists no episode of: one unknown season.
    seasons.set(3, []);
    await refreshSeries(services, 7);
    const [partly] = await database.db
      .select({ unknownSeasons: trackedSeries.unknownSeasons })
      .from(trackedSeries)
      .where(eq(trackedSeries.seriesId, 7));
    expect(partly).toEqual({ unknownSeasons: 1 });
    seasons.delete(3);
    await refreshSeries(services, 7);
  });

  it("reads a series at once when first followed, queues it when stale, and when the source is down", async () => {
    const source = fakeCatalogue(new Map([[1, [episode(1, 1, "2024-01-01")]]]));
    const { jobs, sent } = jobsDouble();
    const services: TrackingServices = { database, logger, jobs, ...source };
    await database.db.delete(trackedSeries);

    source.goDown();
    await followSeries(services, 7);
    expect(sent).toEqual([{ name: "series-refresh", data: { seriesId: 7 }, key: "7" }]);
    expect(await storedEpisodes()).toEqual([]);

    const fresh = fakeCatalogue(new Map([[1, [episode(1, 1, "2024-01-01")]]]));
    const upServices: TrackingServices = { database, logger, jobs, ...fresh };
    await followSeries(upServices, 7);
    expect(await storedEpisodes()).toHaveLength(1);
    await followSeries(upServices, 7);
    expect(sent).toHaveLength(1);
    expect(fresh.asked).toEqual(["series 7", "season 1"]);

    await database.db
      .update(trackedSeries)
      .set({ refreshedAt: new Date(Date.now() - REFRESH_AFTER_MS - 1_000) })
      .where(eq(trackedSeries.seriesId, 7));
    await followSeries(upServices, 7);
    expect(sent).toHaveLength(2);
  });

  it("finds the followed series that are due: never read or read six hours ago", async () => {
    await database.db.delete(trackedSeries);
    await database.db.insert(watchlist).values([
      { userId: "ayse", itemType: "tv", itemId: 7, status: "watching" },
      { userId: "ayse", itemType: "tv", itemId: 8, status: "plan_to_watch" },
      { userId: "ayse", itemType: "tv", itemId: 9, status: "watched" },
      { userId: "ayse", itemType: "movie", itemId: 10, status: "watching" },
    ]);
    await database.db.insert(trackedSeries).values([
      { seriesId: 7, name: "Yeni okunmuş", refreshedAt: new Date() },
      { seriesId: 8, name: "Eski", refreshedAt: new Date(Date.now() - REFRESH_AFTER_MS - 1) },
    ]);
    expect(await dueSeries(database)).toEqual([8]);
    await database.db.delete(trackedSeries).where(eq(trackedSeries.seriesId, 7));
    expect(await dueSeries(database)).toEqual([7, 8]);
    await database.db
      .delete(watchlist)
      .where(and(eq(watchlist.userId, "ayse"), eq(watchlist.itemId, 8)));
    expect(await dueSeries(database)).toEqual([7]);
  });
});
