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
}

/**
 * "İzlemeye Devam Et" in one statement: every series the person has as İzliyorum (and the site
 * tracks), with the two episodes after the furthest one they marked (the first ones when they
 * marked none), most recently active first (their latest mark, else when they added the series).
 * Each series costs two short index range scans: the person's marks of that series (primary
 * key) and its episodes after that point (primary key of tracked_episodes).
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
    upcoming: UpNextEpisode[] | string;
  }>(
    db,
    sql`
    select l.item_id as "seriesId", ts.name, ts.poster_path as "posterPath", nx.upcoming
    from watchlist l
    join tracked_series ts on ts.series_id = l.item_id
    left join lateral (
      select max(w.watched_at) as last_at,
        max(w.season_number::bigint * 100000 + w.episode_number) as furthest
      from episode_watches w
      where w.user_id = ${userId} and w.series_id = l.item_id
    ) marks on true
    left join lateral (
      select coalesce(json_agg(json_build_object(
          'seasonNumber', e.season_number, 'episodeNumber', e.episode_number,
          'name', e.name, 'airDate', e.air_date)
        order by e.season_number, e.episode_number), '[]'::json) as upcoming
      from (
        select te.season_number, te.episode_number, te.name, te.air_date
        from tracked_episodes te
        where te.series_id = l.item_id
          and (marks.furthest is null
            or (te.season_number, te.episode_number)
              > (marks.furthest / 100000, marks.furthest % 100000))
        order by te.season_number, te.episode_number
        limit 2
      ) e
    ) nx on true
    where l.user_id = ${userId} and l.item_type = 'tv' and l.status = 'watching'
    order by coalesce(marks.last_at, l.created_at) desc, l.id desc
    limit ${limit}`,
  );
  return rows.map((row) => {
    // PGlite parses json, node-postgres too; a string only if a driver did not.
    const upcoming =
      typeof row.upcoming === "string"
        ? (JSON.parse(row.upcoming) as UpNextEpisode[])
        : row.upcoming;
    return {
      seriesId: Number(row.seriesId),
      name: row.name,
      posterPath: row.posterPath,
      next: upcoming[0] ?? null,
      following: upcoming[1] ?? null,
    };
  });
}
