import { sql } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { searchText } from "~/core/text";
import { queryRows, type Database } from "~/db/client.server";
import type { ImportRowFields } from "~/db/import-schema";
import { syncSeriesStatus } from "~/tracking/marks.server";
import { refreshSeries } from "~/tracking/schedule.server";

/*
 * Episode rows of an import (TV Time, Netflix, Trakt), written as the tracking module's marks
 * (`episode_watches`), a whole batch in a few statements. An episode is marked only when the
 * site knows it (`tracked_episodes`: a regular season's aired episode), as on the site; a special
 * (season 0), an unknown episode or one not aired yet is refused with a Turkish reason. One mark
 * per episode: a watch of an episode already marked keeps the earlier date (a dated watch dates
 * an undated mark), and a file's later watches of it are counted as rewatches (`rewatches`,
 * the greatest count a file said), so a file imported twice leaves the same rows.
 */

export interface EpisodeRow {
  id: number;
  fields: ImportRowFields;
  /** The series the row's series was matched to (or chosen on the review screen). */
  seriesId: number;
}

export interface EpisodeOutcome {
  /** Rows written, and rows refused with their reason. */
  written: number[];
  bad: { id: number; reason: string }[];
  /** The series that got marks (their status follows). */
  series: number[];
}

const SPECIAL = "Özel bölüm (0. sezon): özel bölümler işaretlenmiyor.";
const UNKNOWN = "Bu bölüm film veritabanında bulunamadı.";
const NOT_AIRED = "Bu bölüm henüz yayınlanmadı.";
const NO_SEASON = "Bölümün sezonu bilinmiyor.";

/**
 * Reads the series from the catalogue when the site has never read it (its episodes are what a
 * mark needs): before a batch's transaction, never inside it. A failing catalogue throws and
 * the job tries again later.
 */
export async function readSeriesOnce(
  services: { database: { db: Database }; catalogue: Catalogue },
  seriesIds: Iterable<number>,
) {
  for (const seriesId of new Set(seriesIds)) {
    const [known] = await queryRows<{ refreshed: boolean }>(
      services.database.db,
      sql`select refreshed_at is not null as refreshed from tracked_series where series_id = ${seriesId}`,
    );
    if (!known?.refreshed) await refreshSeries(services, seriesId);
  }
}

interface Known {
  seriesId: number;
  seasonNumber: number;
  episodeNumber: number;
  name: string | null;
  aired: boolean;
}

/**
 * Marks the episodes of `rows` for the person; `db` is the batch's transaction, `day` Istanbul's
 * today. Sets nothing of the rows themselves: the caller records each row's outcome.
 */
export async function writeEpisodeRows(
  db: Database,
  userId: string,
  rows: EpisodeRow[],
  day: string,
): Promise<EpisodeOutcome> {
  const outcome: EpisodeOutcome = { written: [], bad: [], series: [] };
  if (rows.length === 0) return outcome;
  const seriesIds = [...new Set(rows.map((row) => row.seriesId))];
  // The batch's series' known episodes: a few hundred rows at most per series and batch.
  const known = await queryRows<Known>(
    db,
    sql`
    select series_id as "seriesId", season_number as "seasonNumber",
      episode_number as "episodeNumber", name, (air_date <= ${day}::date) is true as aired
    from tracked_episodes
    where series_id in (${sql.join(
      seriesIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const byNumber = new Map(
    known.map((episode) => [
      `${episode.seriesId}:${episode.seasonNumber}:${episode.episodeNumber}`,
      episode,
    ]),
  );
  const byTitle = new Map<string, Known[]>();
  for (const episode of known) {
    const name = searchText(episode.name ?? "");
    if (!name) continue;
    const key = `${episode.seriesId}:${name}`;
    byTitle.set(key, [...(byTitle.get(key) ?? []), episode]);
  }

  /** The marks to write, one per episode: the earliest watch, the most rewatches. */
  const marks = new Map<
    string,
    { key: Known; at: string | null; on: string | null; again: number }
  >();
  for (const row of rows) {
    const { season, episode, episodeTitle } = row.fields;
    if (season === 0) {
      outcome.bad.push({ id: row.id, reason: SPECIAL });
      continue;
    }
    let found: Known | undefined;
    if (episode !== undefined) {
      if (season === undefined) {
        outcome.bad.push({ id: row.id, reason: NO_SEASON });
        continue;
      }
      found = byNumber.get(`${row.seriesId}:${season}:${episode}`);
    } else if (episodeTitle) {
      const named = (byTitle.get(`${row.seriesId}:${searchText(episodeTitle)}`) ?? []).filter(
        (candidate) => season === undefined || candidate.seasonNumber === season,
      );
      // Two episodes of one name (in different seasons, the season unknown): not guessed.
      if (named.length === 1) found = named[0];
    }
    if (!found) {
      outcome.bad.push({ id: row.id, reason: UNKNOWN });
      continue;
    }
    if (!found.aired) {
      outcome.bad.push({ id: row.id, reason: NOT_AIRED });
      continue;
    }
    outcome.written.push(row.id);
    const key = `${found.seriesId}:${found.seasonNumber}:${found.episodeNumber}`;
    const at = row.fields.watchedAt ?? null;
    const on = at ? null : (row.fields.watchedOn ?? null);
    const again = row.fields.rewatches ?? 0;
    const mark = marks.get(key);
    if (!mark) {
      marks.set(key, { key: found, at, on, again });
      continue;
    }
    mark.again = Math.max(mark.again, again);
    // The earlier watch dates the mark (compared in SQL below when both are kept).
    if (!mark.at && !mark.on) Object.assign(mark, { at, on });
    else if (at && mark.at && at < mark.at) mark.at = at;
    else if (on && mark.on && on < mark.on) mark.on = on;
  }
  if (marks.size > 0) {
    const values = [...marks.values()].map(
      (mark) =>
        sql`(${mark.key.seriesId}::int, ${mark.key.seasonNumber}::smallint, ${mark.key.episodeNumber}::smallint, ${mark.at}::timestamptz, ${mark.on}::date, ${mark.again}::smallint)`,
    );
    await db.execute(sql`
      insert into episode_watches
        (user_id, series_id, season_number, episode_number, watched_at, rewatches)
      select ${userId}, v.series_id, v.season_number, v.episode_number,
        coalesce(v.at, (v.day + time '12:00') at time zone 'Europe/Istanbul'), v.again
      from (values ${sql.join(values, sql`, `)})
        as v(series_id, season_number, episode_number, at, day, again)
      on conflict (user_id, series_id, season_number, episode_number) do update set
        watched_at = least(episode_watches.watched_at, excluded.watched_at),
        rewatches = greatest(episode_watches.rewatches, excluded.rewatches)
      where episode_watches.user_id = ${userId}`);
    const marked = new Set([...marks.values()].map((mark) => mark.key.seriesId));
    for (const seriesId of marked) await syncSeriesStatus(db, userId, seriesId, day);
    outcome.series = [...marked];
  }
  return outcome;
}
