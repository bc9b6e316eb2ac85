import { sql } from "drizzle-orm";
import { tolerant, type Catalogue } from "~/catalogue/catalogue.server";
import { today } from "~/core/clock.server";
import { createMemo } from "~/core/memo.server";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { yearRange } from "~/db/history-schema";
import { DEFAULT_EPISODE_MINUTES } from "./summary-format";

/*
 * "Yıllık özet" (issue #24.3): a person's year in numbers. Every figure is an aggregate the
 * database groups itself, over the person's own rows only (`user_id = $me` in each query), so a
 * year of thousands of watches is a handful of queries and never a catalogue call per title:
 * what a title is (runtime, genres, people) comes from `title_facts`, kept when it was logged.
 * Days are Istanbul's: a diary entry names its day, an episode watch is an instant turned into
 * Istanbul's day here.
 */

export interface HistoryServices {
  database: DatabaseHandle;
  catalogue: Catalogue;
}

export const FIRST_SUMMARY_YEAR = 1900;

/** The latest year a summary exists for: next year (a diary may hold a date just past New Year). */
const lastSummaryYear = () => Number(today().slice(0, 4)) + 1;

/** The year of `/dashboard/ozet/{yıl}`: four digits, 1900 to next year; null otherwise. */
export function summaryYear(param: string | undefined): number | null {
  if (!param || !/^\d{4}$/.test(param)) return null;
  const year = Number(param);
  return year >= FIRST_SUMMARY_YEAR && year <= lastSummaryYear() ? year : null;
}

export interface MonthFigures {
  /** 1-12. */
  month: number;
  films: number;
  episodes: number;
  minutes: number;
}

export interface YearTotals {
  films: number;
  episodes: number;
  minutes: number;
}

export interface Ranked {
  id: number;
  name: string;
  count: number;
}

export interface Watch {
  kind: "movie" | "tv";
  id: number;
  title: string;
  /** "1. Sezon 3. Bölüm" for an episode. */
  episode: { season: number; number: number } | null;
  day: string;
}

export interface YearSummary {
  year: number;
  months: MonthFigures[];
  totals: YearTotals & {
    /** Different films among the watches (a rewatch counts as a watch, not as a film). */
    distinctFilms: number;
    rewatches: number;
    /** Watches of films whose runtime nobody knows: they add no hours. */
    filmsWithoutRuntime: number;
    /** Episodes counted at DEFAULT_EPISODE_MINUTES. */
    episodesAtDefault: number;
  };
  previous: YearTotals;
  /** Null when the catalogue could not name the genres just now. */
  genres: Ranked[] | null;
  directors: Ranked[];
  actors: Ranked[];
  /** Count of rated diary entries for each rating 1-10 (index 0 is rating 1). */
  ratings: number[];
  averageRating: number | null;
  first: Watch | null;
  last: Watch | null;
  /** Nothing at all was watched this year. */
  empty: boolean;
}

const TOP = 5;

/** The instant an Istanbul year starts, as PostgreSQL computes it (time zone rules included). */
const yearStart = (year: number) =>
  sql`(make_date(${year}::int, 1, 1)::timestamp at time zone 'Europe/Istanbul')`;

interface MonthRow {
  year: number;
  month: number;
  films: number;
  minutes: number;
  without_runtime: number;
  rewatches: number;
}

/** Films per month of this year and the year before, with their minutes. */
function filmMonths(database: DatabaseHandle, userId: string, year: number) {
  const { from } = yearRange(year - 1);
  const { to } = yearRange(year);
  return queryRows<MonthRow>(
    database.db,
    sql`
      select extract(year from d.watched_on)::int as year,
             extract(month from d.watched_on)::int as month,
             count(*)::int as films,
             coalesce(sum(f.runtime), 0)::int as minutes,
             count(*) filter (where f.runtime is null)::int as without_runtime,
             count(*) filter (where d.rewatch)::int as rewatches
      from diary_entries d
      left join title_facts f on f.item_type = d.item_type and f.item_id = d.item_id
      where d.user_id = ${userId} and d.item_type = 'movie'
        and d.watched_on >= ${from}::date and d.watched_on < ${to}::date
      group by 1, 2`,
  );
}

interface EpisodeMonthRow {
  year: number;
  month: number;
  episodes: number;
  minutes: number;
  at_default: number;
}

/** Episodes per month of this year and the year before (Istanbul months), with their minutes. */
function episodeMonths(database: DatabaseHandle, userId: string, year: number) {
  return queryRows<EpisodeMonthRow>(
    database.db,
    sql`
      with watches as (
        select (w.watched_at at time zone 'Europe/Istanbul') as local_time,
               coalesce(e.runtime, f.runtime) as runtime
        from episode_watches w
        left join tracked_episodes e on e.series_id = w.series_id
          and e.season_number = w.season_number and e.episode_number = w.episode_number
        left join title_facts f on f.item_type = 'tv' and f.item_id = w.series_id
        where w.user_id = ${userId}
          and w.watched_at >= ${yearStart(year - 1)} and w.watched_at < ${yearStart(year + 1)}
      )
      select extract(year from local_time)::int as year,
             extract(month from local_time)::int as month,
             count(*)::int as episodes,
             coalesce(sum(coalesce(runtime, ${DEFAULT_EPISODE_MINUTES})), 0)::int as minutes,
             count(*) filter (where runtime is null)::int as at_default
      from watches
      group by 1, 2`,
  );
}

interface DiaryFiguresRow {
  distinct_films: number;
  ratings: { rating: number; count: number }[] | null;
  genres: { id: number; count: number }[] | null;
  directors: Ranked[] | null;
  actors: Ranked[] | null;
}

/**
 * Everything else the diary of the year says, in one statement: different films, how many
 * entries got each rating, the genres counted per diary watch, and the people counted per watch
 * of a film, a series entry or an episode (an episode counts its series' cast and creators: 12
 * episodes of Şahsiyet are 12 watches of Haluk Bilginer), the top five of each. People with as
 * many watches are ordered by their latest watch, then by their billing (a series' lead before
 * its tenth name), then by name. Undated episode marks are in no
 * year.
 */
async function diaryFigures(database: DatabaseHandle, userId: string, year: number) {
  const { from, to } = yearRange(year);
  const [row] = await queryRows<DiaryFiguresRow>(
    database.db,
    sql`
      with entries as (
        select item_type, item_id, rating, watched_on
        from diary_entries
        where user_id = ${userId}
          and watched_on >= ${from}::date and watched_on < ${to}::date
      ),
      -- Each title once, weighted by its watches: the facts are expanded per title, not per watch.
      titles as (
        select e.item_type, count(*)::int as watches, max(e.watched_on)::timestamp as last_at,
               f.genre_ids, f.directors, f."cast"
        from entries e
        join title_facts f on f.item_type = e.item_type and f.item_id = e.item_id
        group by e.item_type, e.item_id, f.genre_ids, f.directors, f."cast"
      ),
      -- The series of the year's episode watches, each weighted by its episodes
      -- (episode_watches_user_watched_idx reads the year's range).
      episode_titles as (
        select count(*)::int as watches,
               max(w.watched_at at time zone 'Europe/Istanbul') as last_at,
               f.directors, f."cast"
        from episode_watches w
        join title_facts f on f.item_type = 'tv' and f.item_id = w.series_id
        where w.user_id = ${userId}
          and w.watched_at >= ${yearStart(year)} and w.watched_at < ${yearStart(year + 1)}
        group by w.series_id, f.directors, f."cast"
      ),
      people_titles as (
        select watches, last_at, directors, "cast" from titles
        union all
        select watches, last_at, directors, "cast" from episode_titles
      ),
      genre_counts as (
        select g as id, sum(watches)::int as count
        from titles cross join unnest(genre_ids) as g
        group by g order by 2 desc, g limit ${TOP}
      ),
      director_counts as (
        select (p.value->>'id')::int as id, max(p.value->>'name') as name,
               sum(watches)::int as count, max(last_at) as last_at, min(p.position) as billing
        from people_titles cross join jsonb_array_elements(directors) with ordinality as p(value, position)
        group by 1 order by 3 desc, 4 desc, 5, 2 limit ${TOP}
      ),
      actor_counts as (
        select (p.value->>'id')::int as id, max(p.value->>'name') as name,
               sum(watches)::int as count, max(last_at) as last_at, min(p.position) as billing
        from people_titles cross join jsonb_array_elements("cast") with ordinality as p(value, position)
        group by 1 order by 3 desc, 4 desc, 5, 2 limit ${TOP}
      ),
      rating_counts as (
        select rating, count(*)::int as count from entries where rating is not null group by rating
      )
      select
        (select count(distinct item_id)::int from entries where item_type = 'movie')
          as distinct_films,
        (select json_agg(json_build_object('rating', rating, 'count', count))
           from rating_counts) as ratings,
        (select json_agg(json_build_object('id', id, 'count', count) order by count desc, id)
           from genre_counts) as genres,
        (select json_agg(json_build_object('id', id, 'name', name, 'count', count)
                         order by count desc, last_at desc, billing, name)
           from director_counts) as directors,
        (select json_agg(json_build_object('id', id, 'name', name, 'count', count)
                         order by count desc, last_at desc, billing, name)
           from actor_counts) as actors`,
  );
  return row!;
}

interface WatchRow {
  kind: "movie" | "tv";
  id: number;
  title: string | null;
  season: number | null;
  episode: number | null;
  day: string;
}

/** The first or the last watch of the year, diary entries and episodes together. */
async function edgeWatch(
  database: DatabaseHandle,
  userId: string,
  year: number,
  edge: "first" | "last",
): Promise<Watch | null> {
  const { from, to } = yearRange(year);
  const order = edge === "first" ? sql`asc` : sql`desc`;
  // Each side takes its own first (or last) row through its (user, date) index; the two are then
  // compared. Titles come from title_facts, and for an episode from the tracked series too.
  const [row] = await queryRows<WatchRow>(
    database.db,
    sql`
      with diary as (
        select d.item_type as kind, d.item_id as id, d.watched_on as day,
               null::int as season, null::int as episode, d.id as tie
        from diary_entries d
        where d.user_id = ${userId}
          and d.watched_on >= ${from}::date and d.watched_on < ${to}::date
        order by d.watched_on ${order}, d.id ${order}
        limit 1
      ),
      episode as (
        select 'tv' as kind, w.series_id as id,
               (w.watched_at at time zone 'Europe/Istanbul')::date as day,
               w.season_number::int as season, w.episode_number::int as episode, 0::bigint as tie
        from episode_watches w
        where w.user_id = ${userId}
          and w.watched_at >= ${yearStart(year)} and w.watched_at < ${yearStart(year + 1)}
        -- Episodes marked at once ("Buraya kadar izledim") share their instant: the furthest
        -- one is the last watched, the earliest the first.
        order by w.watched_at ${order}, w.season_number ${order}, w.episode_number ${order}
        limit 1
      ),
      candidates as (select * from diary union all select * from episode)
      select c.kind, c.id, to_char(c.day, 'YYYY-MM-DD') as day, c.season, c.episode,
             coalesce(f.title, s.name) as title
      from candidates c
      left join title_facts f on f.item_type = c.kind and f.item_id = c.id
      left join tracked_series s on c.kind = 'tv' and s.series_id = c.id
      order by c.day ${order}, c.episode is null ${edge === "first" ? sql`desc` : sql`asc`}
      limit 1`,
  );
  if (!row) return null;
  return {
    kind: row.kind,
    id: row.id,
    title: row.title ?? `${row.kind === "movie" ? "Film" : "Dizi"} #${row.id}`,
    episode:
      row.season !== null && row.episode !== null
        ? { season: row.season, number: row.episode }
        : null,
    day: row.day,
  };
}

/** The genre names of both kinds, from the catalogue's (cached) lists. */
async function genreNames(catalogue: Catalogue): Promise<Map<number, string> | null> {
  const [movie, tv] = await Promise.all([
    tolerant(catalogue.genres("movie")),
    tolerant(catalogue.genres("tv")),
  ]);
  if (movie.failed || tv.failed) return null;
  return new Map([...(tv.value ?? []), ...(movie.value ?? [])].map((g) => [g.id, g.name]));
}

export async function loadYearSummary(
  services: HistoryServices,
  userId: string,
  year: number,
): Promise<YearSummary> {
  const { database } = services;
  const [films, episodes, diary, first, last, names] = await Promise.all([
    filmMonths(database, userId, year),
    episodeMonths(database, userId, year),
    diaryFigures(database, userId, year),
    edgeWatch(database, userId, year, "first"),
    edgeWatch(database, userId, year, "last"),
    genreNames(services.catalogue),
  ]);

  const months: MonthFigures[] = Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    films: 0,
    episodes: 0,
    minutes: 0,
  }));
  const previous: YearTotals = { films: 0, episodes: 0, minutes: 0 };
  let filmsWithoutRuntime = 0;
  let rewatches = 0;
  let episodesAtDefault = 0;
  for (const row of films) {
    if (row.year === year) {
      const month = months[row.month - 1]!;
      month.films += row.films;
      month.minutes += row.minutes;
      filmsWithoutRuntime += row.without_runtime;
      rewatches += row.rewatches;
    } else {
      previous.films += row.films;
      previous.minutes += row.minutes;
    }
  }
  for (const row of episodes) {
    if (row.year === year) {
      const month = months[row.month - 1]!;
      month.episodes += row.episodes;
      month.minutes += row.minutes;
      episodesAtDefault += row.at_default;
    } else {
      previous.episodes += row.episodes;
      previous.minutes += row.minutes;
    }
  }
  const sum = (key: keyof YearTotals) => months.reduce((total, m) => total + m[key], 0);

  const ratings = Array.from({ length: 10 }, () => 0);
  for (const { rating, count } of diary.ratings ?? []) ratings[rating - 1] = count;
  const rated = ratings.reduce((total, count) => total + count, 0);
  const ratingSum = ratings.reduce((total, count, index) => total + count * (index + 1), 0);

  const genres =
    names === null
      ? null
      : (diary.genres ?? []).map((genre) => ({
          id: genre.id,
          name: names.get(genre.id) ?? `Tür #${genre.id}`,
          count: genre.count,
        }));

  const totals = {
    films: sum("films"),
    episodes: sum("episodes"),
    minutes: sum("minutes"),
    distinctFilms: diary.distinct_films,
    rewatches,
    filmsWithoutRuntime,
    episodesAtDefault,
  };
  return {
    year,
    months,
    totals,
    previous,
    genres,
    directors: diary.directors ?? [],
    actors: diary.actors ?? [],
    ratings,
    averageRating: rated > 0 ? ratingSum / rated : null,
    first,
    last,
    empty: first === null,
  };
}

/**
 * What the summary of a year is made of, as one short string that changes whenever a diary entry
 * or an episode watch of that year or the year before is added, removed or edited (counts, the
 * newest id and edit, and sums over the columns the figures read). One index-range read per table.
 */
async function historyVersion(database: DatabaseHandle, userId: string, year: number) {
  const { from } = yearRange(year - 1);
  const { to } = yearRange(year);
  const [row] = await queryRows<{ version: string }>(
    database.db,
    sql`
      select concat_ws(':',
        (select concat_ws('/', count(*), max(id), max(extract(epoch from updated_at)),
                          sum(item_id), sum(coalesce(rating, 0)), sum(watched_on - date '2000-01-01'),
                          count(*) filter (where rewatch), count(*) filter (where item_type = 'tv'))
         from diary_entries
         where user_id = ${userId} and watched_on >= ${from}::date and watched_on < ${to}::date),
        (select concat_ws('/', count(*), sum(extract(epoch from watched_at)), sum(series_id),
                          sum(season_number * 1000 + episode_number))
         from episode_watches
         where user_id = ${userId}
           and watched_at >= ${yearStart(year - 1)} and watched_at < ${yearStart(year + 1)})
      ) as version`,
  );
  return row!.version;
}

// Summaries already made, each under the version of the history it was made from: a changed
// history has a new key, so a kept summary is never stale for the person's own rows. Titles'
// facts refreshed since are picked up within the ttl. A summary without genre names (the
// catalogue did not answer) is not kept.
const summaries = createMemo<YearSummary>({
  maxEntries: 500,
  ttlMs: 10 * 60_000,
  keeps: (summary) => summary.genres !== null,
});

/** The page's summary: made once per version of the person's history of that year. */
export async function yearSummary(
  services: HistoryServices,
  userId: string,
  year: number,
): Promise<YearSummary> {
  const version = await historyVersion(services.database, userId, year);
  return summaries.get(`${userId}:${year}:${version}`, () =>
    loadYearSummary(services, userId, year),
  );
}
