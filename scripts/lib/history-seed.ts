import { sql } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { queryRows } from "../../app/db/client.server";
import { diaryEntries, titleFacts } from "../../app/db/history-schema";
import { episodeWatches } from "../../app/db/tracking-schema";

/*
 * A viewing history of any size for one person, for benchmarks and screenshots: diary entries
 * over the last `years` years (films mostly, some series, ratings, rewatches, reviews, tags),
 * episode watches, and the title facts they need, taken from the embedded catalogue's rows
 * (runtime, genres, directors, first ten of the cast). When the catalogue holds fewer titles than
 * asked for, the rest are made up from its genres and people, with ids no catalogue uses.
 * Deterministic: the same sizes give the same rows.
 */

export interface HistorySize {
  entries: number;
  titles: number;
  episodes: number;
  /** The last year of the history; it spans `years` years ending there. */
  lastYear: number;
  years: number;
}

const BATCH = 500;

/** A small deterministic generator (mulberry32), so runs compare. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/** Title facts for the catalogue's titles, most popular first, as the diary keeps them. */
async function factsFromCatalogue(db: Database, limit: number) {
  await db.execute(sql`
    insert into title_facts (item_type, item_id, title, poster_path, runtime, genre_ids,
                             directors, "cast")
    select t.media_type, t.id, coalesce(t.summary->>'title', t.summary->>'name'),
           t.summary->>'posterPath', (t.details->>'runtime')::smallint, t.genre_ids,
           coalesce((select jsonb_agg(jsonb_build_object('id', (c->>'id')::int, 'name', c->>'name'))
                     from jsonb_array_elements(coalesce(t.details->'createdBy', '[]'::jsonb)
                                               || coalesce(t.details->'crew', '[]'::jsonb)) c
                     where (t.media_type = 'tv' and c->>'job' is null) or c->>'job' = 'Director'),
                    '[]'::jsonb),
           coalesce((select jsonb_agg(jsonb_build_object('id', (c->>'id')::int, 'name', c->>'name')
                                      order by n)
                     from jsonb_array_elements(t.details->'cast') with ordinality as a(c, n)
                     where n <= 10),
                    '[]'::jsonb)
    from catalogue_titles t
    order by t.popularity desc
    limit ${limit}
    on conflict do nothing`);
  return queryRows<{ item_type: "movie" | "tv"; item_id: number }>(
    db,
    sql`select item_type, item_id from title_facts order by item_type, item_id`,
  );
}

export async function seedHistory(db: Database, userId: string, size: HistorySize) {
  const next = random(24);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const titles = await factsFromCatalogue(db, size.titles);

  // Made-up titles for the rest, from the catalogue's own genres and people.
  const missing = size.titles - titles.length;
  if (missing > 0) {
    const genres = (
      await queryRows<{ id: number }>(db, sql`select distinct id from catalogue_genres`)
    ).map((g) => g.id);
    const people = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, summary->>'name' as name from catalogue_people order by popularity desc limit 300`,
    );
    const made = Array.from({ length: missing }, (_, index) => {
      const itemType = index % 8 === 0 ? ("tv" as const) : ("movie" as const);
      return {
        itemType,
        itemId: 9_000_000 + index,
        title: `Ölçüm Yapımı ${index + 1}`,
        runtime: itemType === "movie" ? 80 + Math.floor(next() * 80) : 30 + Math.floor(next() * 30),
        genreIds: genres.length
          ? [pick(genres), pick(genres)].filter((g, i, a) => a.indexOf(g) === i)
          : [],
        directors: people.length ? [pick(people)] : [],
        cast: people.length ? Array.from({ length: 6 }, () => pick(people)) : [],
      };
    });
    await inBatches(made, (batch) => db.insert(titleFacts).values(batch).onConflictDoNothing());
    titles.push(...made.map((m) => ({ item_type: m.itemType, item_id: m.itemId })));
  }
  const movies = titles.filter((t) => t.item_type === "movie");
  const series = titles.filter((t) => t.item_type === "tv");

  const firstYear = size.lastYear - size.years + 1;
  const day = () => {
    const year = firstYear + Math.floor(next() * size.years);
    const month = 1 + Math.floor(next() * 12);
    const date = 1 + Math.floor(next() * 28);
    return `${year}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
  };
  const entries = Array.from({ length: size.entries }, (_, index) => {
    const title = series.length && next() < 0.1 ? pick(series) : pick(movies);
    return {
      userId,
      itemType: title.item_type,
      itemId: title.item_id,
      watchedOn: day(),
      rating: next() < 0.7 ? 1 + Math.floor(next() * 10) : null,
      review: next() < 0.1 ? `Ölçüm yorumu ${index}: "güzel", uzun; bir daha izlerim.` : null,
      rewatch: next() < 0.1,
      tags: next() < 0.2 ? ["sinema", "arkadaşlarla"] : [],
    };
  });
  await inBatches(entries, (batch) => db.insert(diaryEntries).values(batch));

  // Episodes of the series, each watched once (the table's key), spread over the same years.
  const watched = new Set<string>();
  const episodes = [];
  while (episodes.length < size.episodes && series.length) {
    const seriesId = pick(series).item_id;
    const season = 1 + Math.floor(next() * 6);
    const episode = 1 + Math.floor(next() * 24);
    const key = `${seriesId}/${season}/${episode}`;
    if (watched.has(key)) continue;
    watched.add(key);
    episodes.push({
      userId,
      seriesId,
      seasonNumber: season,
      episodeNumber: episode,
      watchedAt: new Date(`${day()}T${String(Math.floor(next() * 24)).padStart(2, "0")}:30:00Z`),
    });
  }
  await inBatches(episodes, (batch) => db.insert(episodeWatches).values(batch));
  return { titles: titles.length, entries: entries.length, episodes: episodes.length };
}
