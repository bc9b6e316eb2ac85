import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { WatchlistStatus } from "~/library/statuses";

/*
 * A person's episode marks (issue #23). Every statement names the owner, and every mark is read
 * through `tracked_episodes`: an episode the site does not know, one that has not aired, or a
 * special (season 0, never in that table) stores nothing. A mark is one statement, and the
 * watchlist status that follows from it one more.
 */

export interface EpisodeKey {
  seriesId: number;
  seasonNumber: number;
  episodeNumber: number;
}

/** What a mark found: whether the episode(s) exist, have aired, and how many rows changed. */
export interface MarkOutcome {
  found: number;
  aired: number;
  changed: number;
}

/**
 * When a bulk mark says the episodes were watched ("Sezonu İzledim", "Buraya kadar izledim"):
 * now, each on its air date, on a day the person names, or undated (they do not remember).
 */
export type WatchedWhen =
  { kind: "now"; at: Date } | { kind: "air" } | { kind: "day"; day: string } | { kind: "unknown" };

/** Noon in Istanbul on a day: the instant kept for a mark dated by a day only. */
const istanbulNoon = (day: SQL) =>
  sql`((${day})::date + time '12:00') at time zone 'Europe/Istanbul'`;

/**
 * The `watched_at` of a marked episode `m` (which has `air_date`). A named day before an
 * episode's air date becomes the air date: nobody watched it before it aired.
 */
function watchedAtOf(when: WatchedWhen): SQL {
  switch (when.kind) {
    case "now":
      return sql`${when.at.toISOString()}::timestamptz`;
    case "air":
      return istanbulNoon(sql`m.air_date`);
    case "day":
      return istanbulNoon(sql`greatest(${when.day}::date, m.air_date)`);
    case "unknown":
      return sql`null::timestamptz`;
  }
}

/**
 * One mark statement: inserts the episodes `toMark` selects (series_id, season_number,
 * episode_number, air_date; it may read the CTE `named`), and counts what `named`, the episodes
 * the person named with their air dates, held: found, aired, and the rows added.
 */
async function mark(
  db: Database,
  userId: string,
  named: SQL,
  toMark: SQL,
  when: WatchedWhen,
  day: string,
): Promise<MarkOutcome> {
  const [row] = await queryRows<MarkOutcome>(
    db,
    sql`
    with named as (${named}),
    added as (
      insert into episode_watches (user_id, series_id, season_number, episode_number, watched_at)
      select ${userId}, m.series_id, m.season_number, m.episode_number, ${watchedAtOf(when)}
      from (${toMark}) m
      on conflict do nothing
      returning 1
    )
    select (select count(*) from named) as found,
      (select count(*) from named where air_date <= ${day}::date) as aired,
      (select count(*) from added) as changed`,
  );
  return {
    found: Number(row?.found ?? 0),
    aired: Number(row?.aired ?? 0),
    changed: Number(row?.changed ?? 0),
  };
}

/** The tracked episode named by the key (nothing for a special or an unknown episode). */
const episodeRow = (key: EpisodeKey) => sql`
  select series_id, season_number, episode_number, air_date from tracked_episodes
  where series_id = ${key.seriesId} and season_number = ${key.seasonNumber}
    and episode_number = ${key.episodeNumber}`;

/** The episodes of `named` that have aired by `day`. */
const airedOfNamed = (day: string) => sql`
  select series_id, season_number, episode_number, air_date from named where air_date <= ${day}::date`;

/** Marks one aired episode watched; a second mark changes nothing. */
export function markEpisode(
  db: Database,
  userId: string,
  key: EpisodeKey,
  day: string,
  at: Date,
): Promise<MarkOutcome> {
  return mark(db, userId, episodeRow(key), airedOfNamed(day), { kind: "now", at }, day);
}

/**
 * "Buraya kadar izledim": every aired episode from season 1 up to and including this one (the
 * earlier seasons whole, this season's earlier episodes), when this one has aired.
 */
export function markUpTo(
  db: Database,
  userId: string,
  key: EpisodeKey,
  day: string,
  when: WatchedWhen,
): Promise<MarkOutcome> {
  const upTo = sql`
    select te.series_id, te.season_number, te.episode_number, te.air_date from tracked_episodes te
    where te.series_id = ${key.seriesId} and te.air_date <= ${day}::date
      and (te.season_number, te.episode_number) <= (${key.seasonNumber}, ${key.episodeNumber})
      and exists (select 1 from named where air_date <= ${day}::date)`;
  return mark(db, userId, episodeRow(key), upTo, when, day);
}

/** "Sezonu İzledim": every aired episode of the season. */
export function markSeason(
  db: Database,
  userId: string,
  seriesId: number,
  seasonNumber: number,
  day: string,
  when: WatchedWhen,
): Promise<MarkOutcome> {
  const season = sql`
    select series_id, season_number, episode_number, air_date from tracked_episodes
    where series_id = ${seriesId} and season_number = ${seasonNumber}`;
  return mark(db, userId, season, airedOfNamed(day), when, day);
}

/** Takes one mark back; the number of rows removed (0 or 1). */
export async function unmarkEpisode(db: Database, userId: string, key: EpisodeKey) {
  const removed = await queryRows(
    db,
    sql`
    delete from episode_watches
    where user_id = ${userId} and series_id = ${key.seriesId}
      and season_number = ${key.seasonNumber} and episode_number = ${key.episodeNumber}
    returning 1`,
  );
  return removed.length;
}

/** Takes back every mark of a season. */
export async function unmarkSeason(
  db: Database,
  userId: string,
  seriesId: number,
  seasonNumber: number,
) {
  const removed = await queryRows(
    db,
    sql`
    delete from episode_watches
    where user_id = ${userId} and series_id = ${seriesId} and season_number = ${seasonNumber}
    returning 1`,
  );
  return removed.length;
}

/** The catalogue's words for a series that will air nothing more. */
const FINISHED_STATUSES = ["Ended", "Canceled"];

/**
 * The watchlist status that follows from the person's marks, in one statement: with at least
 * one mark, a series that has ended (or was cancelled), whose every aired episode is watched and
 * none is announced for later, is İzledim; anything else İzliyorum (added to the list when it was not there, moved from
 * İzleyeceğim). A returning series stays İzliyorum however far the person is, and so does one
 * with a season whose episodes the catalogue does not list (or not yet known: null). Returns the
 * new status when it changed, else null.
 */
export async function syncSeriesStatus(
  db: Database,
  userId: string,
  seriesId: number,
  day: string,
): Promise<WatchlistStatus | null> {
  const [row] = await queryRows<{ status: WatchlistStatus }>(
    db,
    sql`
    with facts as (
      select ts.status in (${sql.join(
        FINISHED_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}) as finished,
        not exists (
          select 1 from tracked_episodes te
          where te.series_id = ${seriesId} and te.air_date <= ${day}::date
            and not exists (
              select 1 from episode_watches w
              where w.user_id = ${userId} and w.series_id = te.series_id
                and w.season_number = te.season_number and w.episode_number = te.episode_number
            )
        )
        -- Nothing still to come either (only a clock set in the past sees an ended series so).
        and not exists (
          select 1 from tracked_episodes te
          where te.series_id = ${seriesId} and te.air_date > ${day}::date
        )
        -- Every season's episodes known: nothing is concluded from a season nobody listed.
        and coalesce(ts.unknown_seasons, 1) = 0 as complete
      from tracked_series ts
      where ts.series_id = ${seriesId}
        and exists (
          select 1 from episode_watches w where w.user_id = ${userId} and w.series_id = ${seriesId}
        )
    )
    insert into watchlist (user_id, item_type, item_id, status)
    select ${userId}, 'tv', ${seriesId},
      case when finished and complete then 'watched' else 'watching' end
    from facts
    on conflict (user_id, item_type, item_id) do update set status = excluded.status
      where watchlist.user_id = ${userId} and watchlist.status <> excluded.status
    returning status`,
  );
  return row?.status ?? null;
}

/** The episode numbers of a season the person marked. */
export async function watchedInSeason(
  db: Database,
  userId: string,
  seriesId: number,
  seasonNumber: number,
): Promise<number[]> {
  const rows = await queryRows<{ episode: number }>(
    db,
    sql`
    select episode_number as episode from episode_watches
    where user_id = ${userId} and series_id = ${seriesId} and season_number = ${seasonNumber}
    order by episode_number`,
  );
  return rows.map((row) => Number(row.episode));
}

/** Whether the person marked an episode, and the Istanbul day of the mark (null: undated). */
export async function episodeWatch(
  db: Database,
  userId: string,
  key: EpisodeKey,
): Promise<{ watchedOn: string | null } | null> {
  const [row] = await queryRows<{ watched_on: string | null }>(
    db,
    sql`
    select to_char(watched_at at time zone 'Europe/Istanbul', 'YYYY-MM-DD') as watched_on
    from episode_watches
    where user_id = ${userId} and series_id = ${key.seriesId}
      and season_number = ${key.seasonNumber} and episode_number = ${key.episodeNumber}`,
  );
  return row ? { watchedOn: row.watched_on } : null;
}

/** What logging one episode did: as a mark, and whether an earlier mark's date was replaced. */
export interface LogOutcome extends MarkOutcome {
  /** The episode was marked before this log. */
  before: boolean;
  /** The Istanbul day the mark now carries (the air day when the named day was before it). */
  watchedOn: string | null;
}

/**
 * The episode page's İzledim sheet: marks one aired episode watched on a day (`at` for today,
 * else noon in Istanbul; never before the episode aired). An episode keeps one mark with one
 * date: with `rewatch` an earlier mark takes the new date (the latest watch), without it the
 * earlier date stays. One statement.
 */
export async function logEpisode(
  db: Database,
  userId: string,
  key: EpisodeKey,
  { day, today, at, rewatch }: { day: string; today: string; at: Date; rewatch: boolean },
): Promise<LogOutcome> {
  const watchedAt =
    day === today
      ? sql`${at.toISOString()}::timestamptz`
      : istanbulNoon(sql`greatest(${day}::date, m.air_date)`);
  const [row] = await queryRows<{
    found: number;
    aired: number;
    changed: number;
    before: boolean;
    watched_on: string | null;
  }>(
    db,
    sql`
    with named as (${episodeRow(key)}),
    earlier as (
      select 1 from episode_watches
      where user_id = ${userId} and series_id = ${key.seriesId}
        and season_number = ${key.seasonNumber} and episode_number = ${key.episodeNumber}
    ),
    written as (
      insert into episode_watches (user_id, series_id, season_number, episode_number, watched_at)
      select ${userId}, m.series_id, m.season_number, m.episode_number, ${watchedAt}
      from named m where m.air_date <= ${today}::date
      on conflict (user_id, series_id, season_number, episode_number) do update
        set watched_at = excluded.watched_at
        where ${rewatch}::boolean and episode_watches.user_id = ${userId}
      returning watched_at
    )
    select (select count(*) from named) as found,
      (select count(*) from named where air_date <= ${today}::date) as aired,
      (select count(*) from written) as changed,
      exists (select 1 from earlier) as before,
      (select to_char(watched_at at time zone 'Europe/Istanbul', 'YYYY-MM-DD') from written)
        as watched_on`,
  );
  return {
    found: Number(row?.found ?? 0),
    aired: Number(row?.aired ?? 0),
    changed: Number(row?.changed ?? 0),
    before: Boolean(row?.before),
    watchedOn: row?.watched_on ?? null,
  };
}

export async function isWatched(db: Database, userId: string, key: EpisodeKey) {
  const rows = await queryRows(
    db,
    sql`
    select 1 from episode_watches
    where user_id = ${userId} and series_id = ${key.seriesId}
      and season_number = ${key.seasonNumber} and episode_number = ${key.episodeNumber}`,
  );
  return rows.length > 0;
}

export interface SeasonProgress {
  seasonNumber: number;
  aired: number;
  watched: number;
}

/**
 * Progress through a series, season by season: its aired regular episodes and how many of them
 * the person marked. Empty when the site does not track the series yet.
 */
export async function seriesProgress(
  db: Database,
  userId: string,
  seriesId: number,
  day: string,
): Promise<SeasonProgress[]> {
  const rows = await queryRows<SeasonProgress>(
    db,
    sql`
    select te.season_number as "seasonNumber", count(*) as aired, count(w.user_id) as watched
    from tracked_episodes te
    left join episode_watches w
      on w.user_id = ${userId} and w.series_id = te.series_id
        and w.season_number = te.season_number and w.episode_number = te.episode_number
    where te.series_id = ${seriesId} and te.air_date <= ${day}::date
    group by te.season_number
    order by te.season_number`,
  );
  return rows.map((row) => ({
    seasonNumber: Number(row.seasonNumber),
    aired: Number(row.aired),
    watched: Number(row.watched),
  }));
}

/**
 * Whether some season of the series has episodes the catalogue does not list (or the site has
 * not read it since it began to ask): progress over it is partial.
 */
export async function episodesUnknown(db: Database, seriesId: number): Promise<boolean> {
  const [row] = await queryRows<{ unknown: number | null }>(
    db,
    sql`select unknown_seasons as unknown from tracked_series where series_id = ${seriesId}`,
  );
  return row !== undefined && (row.unknown === null || Number(row.unknown) !== 0);
}

/** The person's marks for the data export, oldest first (undated ones last). */
export function exportEpisodeWatches(db: Database, userId: string) {
  return queryRows<EpisodeKey & { watchedAt: string }>(
    db,
    sql`
    select series_id as "seriesId", season_number as "seasonNumber",
      episode_number as "episodeNumber", watched_at as "watchedAt"
    from episode_watches
    where user_id = ${userId}
    order by watched_at, series_id, season_number, episode_number`,
  );
}
