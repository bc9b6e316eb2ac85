import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  createTestUser,
  insertMany,
  watchingSeries,
} from "../../tests/support/test-database";
import { type DatabaseHandle } from "~/db/client.server";
import { episodeWatches, trackedEpisodes, trackedSeries } from "~/db/tracking-schema";
import { keepUp } from "~/db/upkeep.server";
import { calendarQuery } from "./calendar.server";

/*
 * Decision 040: PGlite runs no autovacuum, so the embedded database's planner knew nothing of
 * a follower's thousands of marks and probed them for /takvim through the wrong index. The
 * upkeep pass must find the tables that grew, analyze them (and vacuum one that lost many
 * rows) and leave alone what needs nothing; the calendar then leaves that index. On a
 * PostgreSQL server autovacuum does this work (and would race the counts here): PGlite only.
 */

const SERIES = 40;
const EPISODES = 60;
const WATCHED = 50;
const DAY = "2026-11-28";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  await createTestUser(handle, "takipci");
  const ids = Array.from({ length: SERIES }, (_, index) => 5000 + index);
  await db
    .insert(trackedSeries)
    .values(ids.map((seriesId) => ({ seriesId, name: `Dizi ${seriesId}`, status: "Ended" })));
  // Weekly episodes, each series' last one around the day.
  const episodes = ids.flatMap((seriesId, series) =>
    Array.from({ length: EPISODES }, (_, index) => ({
      seriesId,
      seasonNumber: Math.floor(index / 10) + 1,
      episodeNumber: (index % 10) + 1,
      name: `Bölüm ${index + 1}`,
      airDate: new Date(Date.parse(DAY) + ((series % 20) - (EPISODES - index) * 7) * 86_400_000)
        .toISOString()
        .slice(0, 10),
    })),
  );
  await insertMany(db, trackedEpisodes, episodes);
  await watchingSeries(db, "takipci", ids);
  const watches = episodes
    .filter((episode) => (episode.seasonNumber - 1) * 10 + episode.episodeNumber <= WATCHED)
    .map((episode) => ({
      userId: "takipci",
      seriesId: episode.seriesId,
      seasonNumber: episode.seasonNumber,
      episodeNumber: episode.episodeNumber,
      watchedAt: new Date(`${DAY}T10:00:00Z`),
    }));
  await insertMany(db, episodeWatches, watches);
}, 120_000);
afterAll(() => handle?.close());

async function calendarPlan(): Promise<string> {
  const query = calendarQuery(handle.db, "takipci", { from: "2026-11-01", to: "2027-01-31" });
  const { sql: text, params } = query.toSQL();
  const { rows } = await handle.executeSql(`explain ${text}`, params);
  return (rows as { "QUERY PLAN": string }[]).map((row) => row["QUERY PLAN"]).join("\n");
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the embedded database's upkeep", () => {
  it("analyzes the tables that grew, and the calendar leaves the wrong index", async () => {
    console.info(`before the upkeep:\n${await calendarPlan()}`);
    const done = await keepUp(handle);
    const analyzed = done.map((entry) => entry.table);
    expect(analyzed).toEqual(
      expect.arrayContaining([
        "public.episode_watches",
        "public.tracked_episodes",
        "public.tracked_series",
        "public.watchlist",
      ]),
    );
    const plan = await calendarPlan();
    console.info(`after the upkeep:\n${plan}`);
    // Before: the marks' (person, series, date) index, read in full for every episode. After:
    // the planner knows the sizes (here small enough to read each table once and hash them).
    expect(plan).not.toContain("episode_watches_user_series_watched_idx");
    const { rows } = await handle.executeSql(
      "select reltuples::int as rows from pg_class where relname = 'episode_watches'",
    );
    expect(rows).toEqual([{ rows: SERIES * WATCHED }]);
  });

  it("leaves alone what needs nothing, and vacuums a table that lost many rows", async () => {
    expect(await keepUp(handle)).toEqual([]);
    await handle.db
      .delete(episodeWatches)
      .where(sql`${episodeWatches.userId} = 'takipci' and ${episodeWatches.seasonNumber} > 2`);
    expect(await keepUp(handle)).toEqual([{ table: "public.episode_watches", vacuum: true }]);
    expect(await keepUp(handle)).toEqual([]);
  });
});
