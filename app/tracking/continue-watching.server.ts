import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";

/** An episode as "İzlemeye Devam Et" shows it. */
export interface UpNextEpisode {
  seasonNumber: number;
  episodeNumber: number;
  name: string;
  /** YYYY-MM-DD, null when not announced. */
  airDate: string | null;
}

export interface ContinueWatchingRow {
  seriesId: number;
  name: string;
  posterPath: string | null;
  /** The episode after the furthest one marked; null when none is known yet. */
  next: UpNextEpisode | null;
  /** The one after it, so the page can move the row on at once when `next` is marked. */
  following: UpNextEpisode | null;
  /**
   * Some season's episodes are not listed by the catalogue (or not known yet): no next episode
   * then means "not known", never "all watched".
   */
  episodesUnknown: boolean;
}

/**
 * "İzlemeye Devam Et" in one statement: every series the person has as İzliyorum (and the site
 * tracks), with the two episodes after the furthest one they marked (the first ones when they
 * marked none), most recently active first (their latest mark, else when they added the series).
 * Each series costs three index probes: its latest mark (episode_watches_user_series_watched_idx),
 * its furthest mark and the two episodes after it (the primary keys, read in order).
 */
export async function continueWatching(
  db: Database,
  userId: string,
  limit = 20,
): Promise<ContinueWatchingRow[]> {
  const rows = await queryRows<{
    seriesId: number;
    name: string;
    posterPath: string | null;
    seasonNumber: number | null;
    episodeNumber: number | null;
    episodeName: string | null;
    airDate: string | null;
    unknownSeasons: number | null;
  }>(db, continueWatchingQuery(userId, limit));
  // Up to two rows per series, in order: its next episode and the one after.
  const bySeries = new Map<number, ContinueWatchingRow>();
  for (const row of rows) {
    const seriesId = Number(row.seriesId);
    let entry = bySeries.get(seriesId);
    if (!entry) {
      if (bySeries.size === limit) break;
      entry = {
        seriesId,
        name: row.name,
        posterPath: row.posterPath,
        next: null,
        following: null,
        episodesUnknown: row.unknownSeasons === null || Number(row.unknownSeasons) !== 0,
      };
      bySeries.set(seriesId, entry);
    }
    if (row.seasonNumber === null || row.episodeNumber === null) continue;
    const episode = {
      seasonNumber: Number(row.seasonNumber),
      episodeNumber: Number(row.episodeNumber),
      name: row.episodeName ?? "",
      airDate: row.airDate,
    };
    if (entry.next) entry.following = episode;
    else entry.next = episode;
  }
  return [...bySeries.values()];
}

/**
 * The statement itself (the speed test reads its plan). Each series gives one or two rows, so
 * the first 2 × limit rows hold the first `limit` series whole.
 */
export const continueWatchingQuery = (userId: string, limit: number) => sql`
    select l.item_id as "seriesId", ts.name, ts.poster_path as "posterPath",
      ts.unknown_seasons as "unknownSeasons",
      e.season_number as "seasonNumber", e.episode_number as "episodeNumber",
      e.name as "episodeName", e.air_date as "airDate"
    from watchlist l
    join tracked_series ts on ts.series_id = l.item_id
    left join lateral (
      -- max() over an index's leading columns: one probe (min/max optimisation).
      select max(w.watched_at) as last_at from episode_watches w
      where w.user_id = ${userId} and w.series_id = l.item_id
    ) active on true
    left join lateral (
      select w.season_number, w.episode_number from episode_watches w
      where w.user_id = ${userId} and w.series_id = l.item_id
      order by w.season_number desc, w.episode_number desc
      limit 1
    ) furthest on true
    left join lateral (
      select te.season_number, te.episode_number, te.name, te.air_date
      from tracked_episodes te
      where te.series_id = l.item_id
        and (te.season_number, te.episode_number)
          > (coalesce(furthest.season_number, 0), coalesce(furthest.episode_number, 0))
      order by te.season_number, te.episode_number
      limit 2
    ) e on true
    where l.user_id = ${userId} and l.item_type = 'tv' and l.status = 'watching'
    order by coalesce(active.last_at, l.created_at) desc, l.id desc,
      e.season_number, e.episode_number
    limit ${limit * 2}`;
