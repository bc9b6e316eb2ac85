import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { watchlist } from "~/db/schema";
import { episodeWatches, trackedEpisodes, trackedSeries } from "~/db/tracking-schema";

/** The watchlist statuses whose series the calendar shows: İzliyorum and İzleyeceğim. */
export const CALENDAR_STATUSES = ["watching", "plan_to_watch"] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];

export interface CalendarEpisode {
  seriesId: number;
  seriesName: string;
  seasonNumber: number;
  episodeNumber: number;
  episodeName: string;
  /** YYYY-MM-DD, Istanbul's day. */
  airDate: string;
  status: CalendarStatus;
  watched: boolean;
}

/**
 * The episodes of a person's followed series (watchlist `tv` rows İzliyorum or İzleyeceğim) that
 * air between two days, both included, in airing order. Read from the tracked episodes the
 * background job keeps (never from the catalogue), and only the person's own watchlist and
 * watches.
 */
export function calendarEpisodes(
  db: Database,
  userId: string,
  window: CalendarWindow,
): Promise<CalendarEpisode[]> {
  return calendarQuery(db, userId, window);
}

type CalendarWindow = { from: string; to: string; statuses?: readonly CalendarStatus[] };

/** calendarEpisodes' statement, unrun (its plan is tested: embedded-upkeep.db.test.ts). */
export function calendarQuery(db: Database, userId: string, window: CalendarWindow) {
  return db
    .select({
      seriesId: trackedEpisodes.seriesId,
      seriesName: trackedSeries.name,
      seasonNumber: trackedEpisodes.seasonNumber,
      episodeNumber: trackedEpisodes.episodeNumber,
      episodeName: trackedEpisodes.name,
      airDate: sql<string>`${trackedEpisodes.airDate}`,
      status: sql<CalendarStatus>`${watchlist.status}`,
      watched: sql<boolean>`${episodeWatches.userId} is not null`,
    })
    .from(watchlist)
    .innerJoin(trackedSeries, eq(trackedSeries.seriesId, watchlist.itemId))
    .innerJoin(trackedEpisodes, eq(trackedEpisodes.seriesId, watchlist.itemId))
    .leftJoin(
      episodeWatches,
      and(
        eq(episodeWatches.userId, watchlist.userId),
        eq(episodeWatches.seriesId, trackedEpisodes.seriesId),
        eq(episodeWatches.seasonNumber, trackedEpisodes.seasonNumber),
        eq(episodeWatches.episodeNumber, trackedEpisodes.episodeNumber),
      ),
    )
    .where(
      and(
        eq(watchlist.userId, userId),
        eq(watchlist.itemType, "tv"),
        inArray(watchlist.status, [...(window.statuses ?? CALENDAR_STATUSES)]),
        between(trackedEpisodes.airDate, window.from, window.to),
      ),
    )
    .orderBy(
      asc(trackedEpisodes.airDate),
      asc(trackedSeries.name),
      asc(trackedEpisodes.seasonNumber),
      asc(trackedEpisodes.episodeNumber),
    );
}

/** How many series the person follows in the calendar's sense (for the empty page's words). */
export async function followedSeriesCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(watchlist)
    .where(
      and(
        eq(watchlist.userId, userId),
        eq(watchlist.itemType, "tv"),
        inArray(watchlist.status, [...CALENDAR_STATUSES]),
      ),
    );
  return row?.count ?? 0;
}
