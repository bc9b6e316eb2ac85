import { and, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { EpisodeSummary } from "~/catalogue/types";
import { nowMs } from "~/core/clock.server";
import { isServiceFailure } from "~/core/failures.server";
import type { Logger } from "~/core/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import type { JobQueue } from "~/db/jobs.server";
import { watchlist } from "~/db/schema";
import { trackedEpisodes, trackedSeries } from "~/db/tracking-schema";

/*
 * What the series people follow air, kept in the database (issue #23, decision 018): pages
 * (progress, "İzlemeye Devam Et", the calendar, the feed) read `tracked_series` and
 * `tracked_episodes` and never ask the catalogue. A series is read when someone starts following
 * it, then again by the background job at most every six hours while anyone follows it.
 */

export interface TrackingServices {
  database: DatabaseHandle;
  catalogue: Catalogue;
  jobs: JobQueue;
  logger: Logger;
}

/** A followed series is read again once its facts are this old. */
export const REFRESH_AFTER_MS = 6 * 60 * 60 * 1000;
/** How often the job looks for followed series whose facts are due (cron). */
const DUE_CHECK_CRON = "*/15 * * * *";
/** Series queued per due check: the rest wait for the next one (15 minutes later). */
const DUE_BATCH = 400;
/**
 * The least time between two refreshes on one instance. A refresh is one to three catalogue
 * calls; at four refreshes a second an instance stays near ten calls a second, and a handful of
 * instances far below the movie database's ~40 requests per second (the client's own limiter
 * caps bursts on top of this).
 */
const REFRESH_SPACING_MS = 250;

const REFRESH_QUEUE = "series-refresh";
const DUE_QUEUE = "series-refresh-due";

/** Watchlist statuses that mean "following": the calendar's İzliyorum and İzleyeceğim. */
const FOLLOWING = ["watching", "plan_to_watch"] as const;

/**
 * Reads one series from the catalogue and stores what it airs. Only seasons that may have
 * changed are read: one whose stored episodes do not add up to the catalogue's count, and the
 * last regular season (new dates, names, episodes). An ended series already stored costs one
 * call. It also counts the seasons whose episodes the catalogue does not list (`unknown_seasons`). Safe to run twice at once: every write is an upsert keyed by the episode.
 */
export async function refreshSeries(
  services: { database: Pick<DatabaseHandle, "db">; catalogue: Catalogue },
  seriesId: number,
): Promise<void> {
  const { db } = services.database;
  const series = await services.catalogue.series(seriesId);
  if (!series) {
    // Gone from the catalogue: its episodes go, the row stays marked read so it is not asked
    // again every fifteen minutes.
    await db.delete(trackedEpisodes).where(eq(trackedEpisodes.seriesId, seriesId));
    await db
      .update(trackedSeries)
      .set({ refreshedAt: new Date(nowMs()) })
      .where(eq(trackedSeries.seriesId, seriesId));
    return;
  }
  const regular = series.seasons.filter((season) => season.seasonNumber > 0);
  const stored = new Map(
    (
      await db
        .select({
          season: trackedEpisodes.seasonNumber,
          count: sql<number>`count(*)::int`,
        })
        .from(trackedEpisodes)
        .where(eq(trackedEpisodes.seriesId, seriesId))
        .groupBy(trackedEpisodes.seasonNumber)
    ).map((row) => [row.season, row.count]),
  );
  const lastSeason = Math.max(0, ...regular.map((season) => season.seasonNumber));
  const toRead = regular.filter(
    (season) =>
      season.seasonNumber === lastSeason || stored.get(season.seasonNumber) !== season.episodeCount,
  );
  const read: { seasonNumber: number; episodes: EpisodeSummary[] }[] = [];
  for (const season of toRead) {
    const details = await services.catalogue.season(seriesId, season.seasonNumber);
    read.push({ seasonNumber: season.seasonNumber, episodes: details?.episodes ?? [] });
  }

  // A season is unknown when the catalogue lists none of its episodes, or fewer than it counts.
  const listed = new Map(stored);
  for (const { seasonNumber, episodes } of read) listed.set(seasonNumber, episodes.length);
  const unknownSeasons = regular.filter((season) => {
    const count = listed.get(season.seasonNumber) ?? 0;
    return count === 0 || count < season.episodeCount;
  }).length;

  await db.transaction(async (tx) => {
    const facts = {
      name: series.name,
      status: series.status,
      posterPath: series.posterPath,
      unknownSeasons: Math.min(unknownSeasons, 32_767),
      refreshedAt: new Date(nowMs()),
    };
    await tx
      .insert(trackedSeries)
      .values({ seriesId, ...facts })
      .onConflictDoUpdate({ target: trackedSeries.seriesId, set: facts });
    // Seasons the catalogue no longer lists.
    await tx.delete(trackedEpisodes).where(
      and(
        eq(trackedEpisodes.seriesId, seriesId),
        regular.length
          ? notInArray(
              trackedEpisodes.seasonNumber,
              regular.map((season) => season.seasonNumber),
            )
          : sql`true`,
      ),
    );
    for (const { seasonNumber, episodes } of read) {
      const numbers = episodes.map((episode) => episode.episodeNumber);
      await tx
        .delete(trackedEpisodes)
        .where(
          and(
            eq(trackedEpisodes.seriesId, seriesId),
            eq(trackedEpisodes.seasonNumber, seasonNumber),
            numbers.length ? notInArray(trackedEpisodes.episodeNumber, numbers) : sql`true`,
          ),
        );
      if (!episodes.length) continue;
      await tx
        .insert(trackedEpisodes)
        .values(
          episodes.map((episode) => ({
            seriesId,
            seasonNumber,
            episodeNumber: episode.episodeNumber,
            name: episode.name,
            airDate: episode.airDate,
            runtime: episode.runtime,
          })),
        )
        .onConflictDoUpdate({
          target: [
            trackedEpisodes.seriesId,
            trackedEpisodes.seasonNumber,
            trackedEpisodes.episodeNumber,
          ],
          set: {
            name: sql`excluded.name`,
            airDate: sql`excluded.air_date`,
            runtime: sql`excluded.runtime`,
          },
        });
    }
  });
}

function queueRefresh(services: TrackingServices, seriesId: number) {
  return services.jobs.send(REFRESH_QUEUE, { seriesId }, { singletonKey: String(seriesId) });
}

/**
 * Someone started following a series (added it, or marked an episode). A series never read is
 * read now, so its progress shows on the next page; if the catalogue is down then, the job
 * tries again. One read longer ago than six hours is queued for the job.
 */
export async function followSeries(services: TrackingServices, seriesId: number): Promise<void> {
  const [row] = await services.database.db
    .select({ refreshedAt: trackedSeries.refreshedAt })
    .from(trackedSeries)
    .where(eq(trackedSeries.seriesId, seriesId));
  if (row?.refreshedAt) {
    if (nowMs() - row.refreshedAt.getTime() > REFRESH_AFTER_MS)
      await queueRefresh(services, seriesId);
    return;
  }
  try {
    await refreshSeries(services, seriesId);
  } catch (error) {
    if (!isServiceFailure(error)) throw error;
    services.logger.warn({ seriesId, err: String(error) }, "series refresh queued: source down");
    await queueRefresh(services, seriesId);
  }
}

/**
 * Followed series whose facts are due: never read, or read more than six hours ago. Series
 * followed without passing through `followSeries` (an import) are found here too.
 */
export async function dueSeries(
  database: DatabaseHandle,
  limit = DUE_BATCH,
  at = nowMs(),
): Promise<number[]> {
  const { db } = database;
  const followed = db
    .selectDistinct({ seriesId: watchlist.itemId })
    .from(watchlist)
    .where(and(eq(watchlist.itemType, "tv"), inArray(watchlist.status, [...FOLLOWING])))
    .as("followed");
  const rows = await db
    .select({ seriesId: followed.seriesId })
    .from(followed)
    .leftJoin(trackedSeries, eq(trackedSeries.seriesId, followed.seriesId))
    .where(
      or(
        isNull(trackedSeries.refreshedAt),
        lt(trackedSeries.refreshedAt, new Date(at - REFRESH_AFTER_MS)),
      ),
    )
    .orderBy(sql`${trackedSeries.refreshedAt} asc nulls first`)
    .limit(limit);
  return rows.map((row) => row.seriesId);
}

/** Declares the refresh jobs (server start). */
export async function defineScheduleJobs(services: TrackingServices): Promise<void> {
  let lastRefresh = 0;
  await services.jobs.define<{ seriesId: number }>(REFRESH_QUEUE, {
    policy: "stately",
    retryLimit: 4,
    async run({ seriesId }) {
      const wait = lastRefresh + REFRESH_SPACING_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastRefresh = Date.now();
      await refreshSeries(services, seriesId);
    },
  });
  await services.jobs.define(DUE_QUEUE, {
    policy: "singleton",
    retryLimit: 0,
    async run() {
      const due = await dueSeries(services.database);
      for (const seriesId of due) await queueRefresh(services, seriesId);
      if (due.length) services.logger.info({ series: due.length }, "series refreshes queued");
    },
  });
  await services.jobs.schedule(DUE_QUEUE, DUE_CHECK_CRON);
}
