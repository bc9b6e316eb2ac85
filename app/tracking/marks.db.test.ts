import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { user } from "~/db/auth-schema";
import { watchlist } from "~/db/schema";
import { episodeWatches, trackedEpisodes, trackedSeries } from "~/db/tracking-schema";
import { addToWatchlist, watchlistStatus } from "~/library/watchlist.server";
import { continueWatching } from "./continue-watching.server";
import {
  episodeWatch,
  episodesUnknown,
  exportEpisodeWatches,
  isWatched,
  logEpisode,
  markEpisode,
  markSeason,
  markUpTo,
  seriesProgress,
  syncSeriesStatus,
  unmarkEpisode,
  unmarkSeason,
  watchedInSeason,
} from "./marks.server";
import {
  DAY_IN_FUTURE,
  episodeLogSchema,
  markFormSchema,
  NO_EPISODE,
  SPECIALS_REFUSED,
} from "./schemas";

const DAY = "2026-11-26";
const AT = new Date("2026-11-26T10:00:00Z");
const later = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);

/** An ended series: season 1 (7 episodes) and season 2 (3), all aired. */
const ENDED = 1396;
/** A returning series: season 1 (3 aired), season 2 (1 aired, 1 announced, 1 without date). */
const RETURNING = 136315;
/** A third series, for the order of "İzlemeye Devam Et". */
const OTHER = 1399;

let handle: DatabaseHandle;
const db = () => handle.db;

async function seedSeries(
  seriesId: number,
  name: string,
  status: string,
  seasons: (string | null)[][],
) {
  await db()
    .insert(trackedSeries)
    .values({ seriesId, name, status, posterPath: `/${seriesId}.jpg`, refreshedAt: AT });
  await db()
    .insert(trackedEpisodes)
    .values(
      seasons.flatMap((dates, index) =>
        dates.map((airDate, episode) => ({
          seriesId,
          seasonNumber: index + 1,
          episodeNumber: episode + 1,
          name: `S${index + 1}B${episode + 1}`,
          airDate,
        })),
      ),
    );
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await createTestUser(handle, "ayse");
  await createTestUser(handle, "mehmet");
  await seedSeries(ENDED, "Breaking Bad", "Ended", [
    Array.from({ length: 7 }, (_, i) => `2008-01-${String(20 + i).padStart(2, "0")}`),
    ["2009-03-08", "2009-03-15", "2009-03-22"],
  ]);
  await seedSeries(RETURNING, "The Bear", "Returning Series", [
    ["2022-06-23", "2022-06-23", "2022-06-23"],
    ["2026-11-20", "2026-12-03", null],
  ]);
  await seedSeries(OTHER, "Taht Oyunları", "Ended", [["2011-04-17", "2011-04-24"]]);
});
afterAll(() => handle.close());

const ended = (season: number, episode: number) => ({
  seriesId: ENDED,
  seasonNumber: season,
  episodeNumber: episode,
});
const returning = (season: number, episode: number) => ({
  seriesId: RETURNING,
  seasonNumber: season,
  episodeNumber: episode,
});

describe("marking episodes", () => {
  it("marks an aired episode once, however often it is sent at once, and takes it back", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => markEpisode(db(), "ayse", ended(1, 1), DAY, AT)),
    );
    expect(results.every((result) => result.found === 1 && result.aired === 1)).toBe(true);
    expect(results.reduce((sum, result) => sum + result.changed, 0)).toBe(1);
    expect(await isWatched(db(), "ayse", ended(1, 1))).toBe(true);

    expect(await unmarkEpisode(db(), "ayse", ended(1, 1))).toBe(1);
    expect(await unmarkEpisode(db(), "ayse", ended(1, 1))).toBe(0);
    expect(await isWatched(db(), "ayse", ended(1, 1))).toBe(false);
  });

  it("stores nothing for an unknown episode, one not aired yet, or a special", async () => {
    expect(await markEpisode(db(), "ayse", ended(1, 99), DAY, AT)).toEqual({
      found: 0,
      aired: 0,
      changed: 0,
    });
    expect(await markEpisode(db(), "ayse", { ...ended(1, 1), seriesId: 999 }, DAY, AT)).toEqual({
      found: 0,
      aired: 0,
      changed: 0,
    });
    expect(await markEpisode(db(), "ayse", returning(2, 2), DAY, AT)).toEqual({
      found: 1,
      aired: 0,
      changed: 0,
    });
    expect(await markEpisode(db(), "ayse", returning(2, 3), DAY, AT)).toMatchObject({
      found: 1,
      aired: 0,
    });
    expect(await markEpisode(db(), "ayse", ended(0, 1), DAY, AT)).toMatchObject({ found: 0 });
    expect(
      await markUpTo(db(), "ayse", returning(2, 2), DAY, { kind: "now", at: AT }),
    ).toMatchObject({ changed: 0 });
    expect(await db().select().from(episodeWatches)).toHaveLength(0);
  });

  it("refuses specials, negative numbers and junk in the form with a Turkish message", () => {
    const message = (fields: Record<string, string>) => {
      const parsed = markFormSchema.safeParse(fields);
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    const base = { intent: "mark", seriesId: "1396", season: "1", episode: "1" };
    expect(message(base)).toBeNull();
    expect(message({ ...base, season: "0" })).toBe(SPECIALS_REFUSED);
    expect(message({ ...base, season: "-1" })).toBe(NO_EPISODE);
    expect(message({ ...base, episode: "-3" })).toBe(NO_EPISODE);
    expect(message({ ...base, episode: "1.5" })).toBe(NO_EPISODE);
    expect(message({ ...base, seriesId: "abc" })).toBe(NO_EPISODE);
    expect(message({ ...base, season: "" })).toBe(NO_EPISODE);
    expect(message({ ...base, intent: "drop table" })).toBe("Bilinmeyen bir işlem istendi");
  });

  it("marks every aired episode up to one, across seasons, and whole seasons", async () => {
    const upTo = await markUpTo(db(), "ayse", ended(2, 2), DAY, { kind: "now", at: AT });
    expect(upTo).toEqual({ found: 1, aired: 1, changed: 9 });
    expect(await watchedInSeason(db(), "ayse", ENDED, 1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await watchedInSeason(db(), "ayse", ENDED, 2)).toEqual([1, 2]);

    // The season's aired episodes only: season 2 of the returning series has one.
    expect(await markSeason(db(), "ayse", RETURNING, 2, DAY, { kind: "now", at: AT })).toEqual({
      found: 3,
      aired: 1,
      changed: 1,
    });
    expect(
      await markSeason(db(), "ayse", RETURNING, 7, DAY, { kind: "now", at: AT }),
    ).toMatchObject({ found: 0 });
    expect(await unmarkSeason(db(), "ayse", RETURNING, 2)).toBe(1);
    expect(await unmarkSeason(db(), "ayse", ENDED, 2)).toBe(2);
    expect(await watchedInSeason(db(), "ayse", ENDED, 2)).toEqual([]);
    await db().delete(episodeWatches);
  });

  it("counts progress per season over aired episodes only", async () => {
    await markUpTo(db(), "ayse", returning(1, 2), DAY, { kind: "now", at: AT });
    expect(await seriesProgress(db(), "ayse", RETURNING, DAY)).toEqual([
      { seasonNumber: 1, aired: 3, watched: 2 },
      { seasonNumber: 2, aired: 1, watched: 0 },
    ]);
    // A later day: the announced episode has aired and counts.
    expect(await seriesProgress(db(), "ayse", RETURNING, "2026-12-05")).toEqual([
      { seasonNumber: 1, aired: 3, watched: 2 },
      { seasonNumber: 2, aired: 2, watched: 0 },
    ]);
    expect(await seriesProgress(db(), "ayse", 4242, DAY)).toEqual([]);
    await db().delete(episodeWatches);
  });
});

describe("the watchlist status that follows the marks", () => {
  it("puts a series on the list as İzliyorum at its first mark, and an ended one watched to the end as İzledim", async () => {
    await markEpisode(db(), "ayse", ended(1, 1), DAY, AT);
    expect(await syncSeriesStatus(db(), "ayse", ENDED, DAY)).toBe("watching");
    expect(await watchlistStatus(db(), "ayse", { type: "tv", id: ENDED })).toBe("watching");
    // Nothing changed: nothing to say.
    expect(await syncSeriesStatus(db(), "ayse", ENDED, DAY)).toBeNull();

    await markUpTo(db(), "ayse", ended(2, 3), DAY, { kind: "now", at: AT });
    expect(await syncSeriesStatus(db(), "ayse", ENDED, DAY)).toBe("watched");
    expect(await watchlistStatus(db(), "ayse", { type: "tv", id: ENDED })).toBe("watched");

    // Taking the last one back: İzliyorum again.
    await unmarkEpisode(db(), "ayse", ended(2, 3));
    expect(await syncSeriesStatus(db(), "ayse", ENDED, DAY)).toBe("watching");
  });

  it("moves İzleyeceğim to İzliyorum, and keeps a returning series İzliyorum when every aired episode is watched", async () => {
    await addToWatchlist(db(), "ayse", { type: "tv", id: RETURNING });
    expect(await watchlistStatus(db(), "ayse", { type: "tv", id: RETURNING })).toBe(
      "plan_to_watch",
    );
    await markUpTo(db(), "ayse", returning(2, 1), DAY, { kind: "now", at: AT });
    expect(await syncSeriesStatus(db(), "ayse", RETURNING, DAY)).toBe("watching");
    expect(await watchlistStatus(db(), "ayse", { type: "tv", id: RETURNING })).toBe("watching");
    const rows = await db()
      .select()
      .from(watchlist)
      .where(and(eq(watchlist.userId, "ayse"), eq(watchlist.itemId, RETURNING)));
    expect(rows).toHaveLength(1);
  });

  it("keeps an ended series İzliyorum while an announced episode is still to come", async () => {
    // Seen from the week before the last episode aired: all that had aired is watched.
    expect(await watchedInSeason(db(), "ayse", ENDED, 2)).toEqual([1, 2]);
    expect(await syncSeriesStatus(db(), "ayse", ENDED, "2009-03-16")).toBeNull();
    expect(await watchlistStatus(db(), "ayse", { type: "tv", id: ENDED })).toBe("watching");
  });

  it("adds nothing for a series without marks", async () => {
    expect(await syncSeriesStatus(db(), "ayse", OTHER, DAY)).toBeNull();
    expect(await watchlistStatus(db(), "ayse", { type: "tv", id: OTHER })).toBeNull();
  });
});

describe("İzlemeye Devam Et", () => {
  it("gives each series watched the episode after the furthest one marked, most recently active first", async () => {
    await db().delete(episodeWatches).where(eq(episodeWatches.userId, "ayse"));
    await db().delete(watchlist).where(eq(watchlist.userId, "ayse"));
    await markEpisode(db(), "ayse", returning(1, 3), DAY, later(1));
    await syncSeriesStatus(db(), "ayse", RETURNING, DAY);
    await markUpTo(db(), "ayse", ended(1, 2), DAY, { kind: "now", at: later(2) });
    await syncSeriesStatus(db(), "ayse", ENDED, DAY);
    const rows = await continueWatching(db(), "ayse");
    expect(rows.map((row) => row.seriesId)).toEqual([ENDED, RETURNING]);
    expect(rows[0]).toMatchObject({
      name: "Breaking Bad",
      posterPath: `/${ENDED}.jpg`,
      next: { seasonNumber: 1, episodeNumber: 3, name: "S1B3", airDate: "2008-01-22" },
      following: { seasonNumber: 1, episodeNumber: 4 },
    });
    // The returning series' next episode: season 2's first (aired), then one announced.
    expect(rows[1]).toMatchObject({
      next: { seasonNumber: 2, episodeNumber: 1, airDate: "2026-11-20" },
      following: { seasonNumber: 2, episodeNumber: 2, airDate: "2026-12-03" },
    });

    // Marking the next one moves the row on and to the top.
    await markEpisode(db(), "ayse", returning(2, 1), DAY, later(3));
    const moved = await continueWatching(db(), "ayse");
    expect(moved.map((row) => row.seriesId)).toEqual([RETURNING, ENDED]);
    expect(moved[0]).toMatchObject({
      next: { seasonNumber: 2, episodeNumber: 2, airDate: "2026-12-03" },
      following: { seasonNumber: 2, episodeNumber: 3, airDate: null },
    });
  });

  it("shows a series put on İzliyorum without marks from its first episode, and not İzleyeceğim or İzledim ones", async () => {
    await db()
      .insert(watchlist)
      .values({ userId: "ayse", itemType: "tv", itemId: OTHER, status: "plan_to_watch" });
    expect((await continueWatching(db(), "ayse")).map((row) => row.seriesId)).not.toContain(OTHER);
    await db()
      .update(watchlist)
      .set({ status: "watching" })
      .where(and(eq(watchlist.userId, "ayse"), eq(watchlist.itemId, OTHER)));
    const rows = await continueWatching(db(), "ayse");
    expect(rows.find((row) => row.seriesId === OTHER)).toMatchObject({
      next: { seasonNumber: 1, episodeNumber: 1 },
      following: { seasonNumber: 1, episodeNumber: 2 },
    });
  });
});

describe("two people", () => {
  it("lets the second person read and change nothing of the first's, whatever ids they send", async () => {
    const before = await exportEpisodeWatches(db(), "ayse");
    expect(before.length).toBeGreaterThan(0);

    // Mehmet sends Ayşe's episodes: his own rows change, hers do not.
    expect(await unmarkEpisode(db(), "mehmet", returning(2, 1))).toBe(0);
    expect(await unmarkSeason(db(), "mehmet", ENDED, 1)).toBe(0);
    expect(await isWatched(db(), "mehmet", returning(2, 1))).toBe(false);
    expect(await watchedInSeason(db(), "mehmet", ENDED, 1)).toEqual([]);
    expect(await seriesProgress(db(), "mehmet", ENDED, DAY)).toEqual([
      { seasonNumber: 1, aired: 7, watched: 0 },
      { seasonNumber: 2, aired: 3, watched: 0 },
    ]);
    expect(await continueWatching(db(), "mehmet")).toEqual([]);
    expect(await exportEpisodeWatches(db(), "mehmet")).toEqual([]);
    expect(await syncSeriesStatus(db(), "mehmet", ENDED, DAY)).toBeNull();

    // His own marks are his: her progress and her list do not move.
    await markSeason(db(), "mehmet", ENDED, 1, DAY, { kind: "now", at: later(10) });
    await markSeason(db(), "mehmet", ENDED, 2, DAY, { kind: "now", at: later(10) });
    expect(await syncSeriesStatus(db(), "mehmet", ENDED, DAY)).toBe("watched");
    expect(await watchlistStatus(db(), "ayse", { type: "tv", id: ENDED })).toBe("watching");
    expect(await exportEpisodeWatches(db(), "ayse")).toEqual(before);
    expect((await continueWatching(db(), "ayse")).map((row) => row.seriesId)).toContain(ENDED);
  });

  it("exports the person's own marks, and deleting the account deletes them", async () => {
    const exported = await exportEpisodeWatches(db(), "mehmet");
    expect(exported).toHaveLength(10);
    expect(exported[0]).toMatchObject({ seriesId: ENDED, seasonNumber: 1, episodeNumber: 1 });
    expect(new Date(exported[0]!.watchedAt).toISOString()).toBe(later(10).toISOString());

    await db().delete(user).where(eq(user.id, "mehmet"));
    expect(
      await db().select().from(episodeWatches).where(eq(episodeWatches.userId, "mehmet")),
    ).toEqual([]);
    expect(await db().select().from(watchlist).where(eq(watchlist.userId, "mehmet"))).toEqual([]);
    expect(
      (await db().select().from(episodeWatches).where(eq(episodeWatches.userId, "ayse"))).length,
    ).toBeGreaterThan(0);
  });
});

describe("bulk marks that say when, and seasons whose episodes are unknown", () => {
  /** Şahsiyet: ended, season 1 (3 episodes) listed, season 2 not listed by the catalogue. */
  const PARTLY_KNOWN = 77_001;
  const at = (userId: string, season: number, episode: number) =>
    db()
      .select({ watchedAt: episodeWatches.watchedAt })
      .from(episodeWatches)
      .where(
        and(
          eq(episodeWatches.userId, userId),
          eq(episodeWatches.seriesId, PARTLY_KNOWN),
          eq(episodeWatches.seasonNumber, season),
          eq(episodeWatches.episodeNumber, episode),
        ),
      )
      .then((rows) => rows[0]?.watchedAt);

  beforeAll(async () => {
    await seedSeries(PARTLY_KNOWN, "Şahsiyet", "Ended", [
      ["2018-03-17", "2018-03-24", "2018-03-31"],
    ]);
    await db()
      .update(trackedSeries)
      .set({ unknownSeasons: 1 })
      .where(eq(trackedSeries.seriesId, PARTLY_KNOWN));
    for (const name of ["air", "day", "undated"]) await createTestUser(handle, name);
  });

  it("dates each episode on its air day, on a named day (never before it aired), or not at all", async () => {
    await markSeason(db(), "air", PARTLY_KNOWN, 1, DAY, { kind: "air" });
    // Noon in Istanbul on the air day.
    expect((await at("air", 1, 2))?.toISOString()).toBe("2018-03-24T09:00:00.000Z");

    await markUpTo(
      db(),
      "day",
      { seriesId: PARTLY_KNOWN, seasonNumber: 1, episodeNumber: 3 },
      DAY,
      {
        kind: "day",
        day: "2018-03-25",
      },
    );
    expect((await at("day", 1, 1))?.toISOString()).toBe("2018-03-25T09:00:00.000Z");
    // The third episode aired after the named day: it is dated on its air day.
    expect((await at("day", 1, 3))?.toISOString()).toBe("2018-03-31T09:00:00.000Z");

    expect(
      await markSeason(db(), "undated", PARTLY_KNOWN, 1, DAY, { kind: "unknown" }),
    ).toMatchObject({ changed: 3 });
    expect(await at("undated", 1, 1)).toBeNull();
    // Undated marks count in progress like any other.
    expect(await seriesProgress(db(), "undated", PARTLY_KNOWN, DAY)).toEqual([
      { seasonNumber: 1, aired: 3, watched: 3 },
    ]);
    // An undated export row is still exported.
    expect(await exportEpisodeWatches(db(), "undated")).toHaveLength(3);
  });

  it("concludes nothing from a season the catalogue does not list: no İzledim, no 'all watched'", async () => {
    // Every known episode is watched, the series has ended: still İzliyorum.
    expect(await syncSeriesStatus(db(), "undated", PARTLY_KNOWN, DAY)).toBe("watching");
    expect(await episodesUnknown(db(), PARTLY_KNOWN)).toBe(true);
    const [row] = (await continueWatching(db(), "undated")).filter(
      (item) => item.seriesId === PARTLY_KNOWN,
    );
    expect(row).toMatchObject({ next: null, episodesUnknown: true });

    // Not read since the column came (null): nothing concluded either.
    await db()
      .update(trackedSeries)
      .set({ unknownSeasons: null })
      .where(eq(trackedSeries.seriesId, PARTLY_KNOWN));
    expect(await episodesUnknown(db(), PARTLY_KNOWN)).toBe(true);
    expect(await syncSeriesStatus(db(), "undated", PARTLY_KNOWN, DAY)).toBeNull();

    // Once the catalogue lists every season, the same marks make it İzledim.
    await db()
      .update(trackedSeries)
      .set({ unknownSeasons: 0 })
      .where(eq(trackedSeries.seriesId, PARTLY_KNOWN));
    expect(await episodesUnknown(db(), PARTLY_KNOWN)).toBe(false);
    expect(await syncSeriesStatus(db(), "undated", PARTLY_KNOWN, DAY)).toBe("watched");
  });

  it("reads the date choice from the form, 'now' when none is sent", () => {
    const base = { intent: "season", seriesId: "1", season: "1" };
    expect(markFormSchema.parse(base).when).toBe("now");
    expect(markFormSchema.parse({ ...base, when: "day", day: "2019-05-01" })).toMatchObject({
      when: "day",
      day: "2019-05-01",
    });
    expect(markFormSchema.safeParse({ ...base, when: "yarın" }).success).toBe(false);
    for (const day of ["2019-13-45", "01.05.2019", "1899-12-31", "2019-05-01T00:00"])
      expect(markFormSchema.safeParse({ ...base, when: "day", day }).success).toBe(false);
  });
});

describe("the episode page's İzledim sheet", () => {
  const log = (key: ReturnType<typeof ended>, day: string, rewatch = false) =>
    logEpisode(db(), "sheet", key, { day, today: DAY, at: AT, rewatch });

  it("marks on the chosen day, today at the moment of saving, and never before the air date", async () => {
    await createTestUser(handle, "sheet");
    expect(await log(ended(1, 1), "2018-03-12")).toEqual({
      found: 1,
      aired: 1,
      changed: 1,
      before: false,
      watchedOn: "2018-03-12",
    });
    expect(await episodeWatch(db(), "sheet", ended(1, 1))).toEqual({ watchedOn: "2018-03-12" });
    // A day kept by the day alone is noon in Istanbul.
    const [row] = await db()
      .select({ at: episodeWatches.watchedAt })
      .from(episodeWatches)
      .where(and(eq(episodeWatches.userId, "sheet"), eq(episodeWatches.episodeNumber, 1)));
    expect(row!.at!.toISOString()).toBe("2018-03-12T09:00:00.000Z");

    expect((await log(ended(1, 2), DAY)).watchedOn).toBe(DAY);
    expect((await log(ended(1, 3), "2001-01-01")).watchedOn).toBe("2008-01-22");
  });

  it("keeps an earlier mark's date unless it is a rewatch, which moves it to the new day", async () => {
    const kept = await log(ended(1, 1), "2020-05-05");
    expect(kept).toMatchObject({ found: 1, aired: 1, changed: 0, before: true });
    expect(await episodeWatch(db(), "sheet", ended(1, 1))).toEqual({ watchedOn: "2018-03-12" });

    const again = await log(ended(1, 1), "2020-05-05", true);
    expect(again).toMatchObject({ changed: 1, before: true, watchedOn: "2020-05-05" });
    expect(await episodeWatch(db(), "sheet", ended(1, 1))).toEqual({ watchedOn: "2020-05-05" });
    // Someone else's marks are not touched.
    expect(await episodeWatch(db(), "mehmet", ended(1, 1))).toBeNull();
  });

  it("stores nothing for an episode not aired yet or unknown", async () => {
    expect(await log(returning(2, 2), DAY)).toMatchObject({ found: 1, aired: 0, changed: 0 });
    expect(await log(ended(1, 99), DAY)).toMatchObject({ found: 0, changed: 0 });
    expect(await episodeWatch(db(), "sheet", returning(2, 2))).toBeNull();
  });

  it("reads the sheet's form in Turkish", () => {
    const schema = episodeLogSchema(DAY);
    const base = { seriesId: "1396", season: "1", episode: "1", watchedOn: DAY };
    expect(schema.parse({ ...base, rating: "", rewatch: "on" })).toMatchObject({
      rating: null,
      rewatch: true,
    });
    expect(schema.parse({ ...base, rating: "8" })).toMatchObject({ rating: 8, rewatch: false });
    const message = (fields: Record<string, string>) =>
      schema.safeParse({ ...base, ...fields }).error?.issues[0]?.message;
    expect(message({ watchedOn: "2026-11-27" })).toBe(DAY_IN_FUTURE);
    expect(message({ watchedOn: "" })).toBe("Lütfen izlediğiniz tarihi seçin");
    expect(message({ watchedOn: "2019-02-30" })).toBe("Geçerli bir tarih seçin");
    expect(message({ rating: "11" })).toBe("Puan 1 ile 10 arasında bir tam sayı olmalıdır");
    expect(message({ season: "0" })).toBe(SPECIALS_REFUSED);
  });
});
