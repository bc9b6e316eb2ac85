import { eq, sql } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { toCards, type TitleCard } from "~/catalogue/cards";
import type { MediaType, MovieSummary, SeriesSummary, TitleSummary } from "~/catalogue/types";
import type { Logger } from "~/core/logger.server";
import { queryRows, type Database } from "~/db/client.server";
import type { JobQueue } from "~/db/jobs.server";
import { recommendationRuns, userRecommendations } from "~/db/recommendations-schema";
import { reasonText, type ReasonSource } from "./recommendation-reasons";

/*
 * "Son puanlarınıza göre seçtiklerimiz" (issue #33.6, decision 031). The `recommendations` job
 * chooses, for one person or for everyone who rated something:
 *   - the catalogue's related titles of their highest-rated titles (the movie database's
 *     /recommendations; the embedded catalogue's related titles offline),
 *   - blended with what Perde's other people who rated the same titles highly also rated highly,
 *   - minus everything they already watched, listed or rated,
 * each with its reason ("Kış Uykusu'nu beğendiğiniz için"), and keeps them in
 * user_recommendations. The dashboard reads them in one query (`readRecommendations`) and asks
 * for a new run when a rating is newer than the last one.
 */

const RECOMMENDATIONS_QUEUE = "recommendations";
/** Nightly, everyone: other people's ratings change what a person's peers liked. */
const NIGHTLY_CRON = "40 4 * * *";

/** A title counts as liked from this rating (of 10) on. */
const LIKED = 7;
/** Peers: people who rated one of the person's liked titles at least this. */
const PEER_LIKED = 8;
/** The person's highest-rated titles the choice starts from. */
const SEEDS = 5;
/** Picks kept per person; the dashboard shows the first SHOWN. */
const KEPT = 24;
const SHOWN = 12;
/** Titles other people liked, per seed, that are considered. */
const PEER_TITLES = 20;
/** The people of like taste asked, per seed: its latest PEER_LIKED raters. */
const PEERS_PER_SEED = 50;

export interface RecommendationServices {
  database: { db: Database };
  catalogue: Catalogue;
  logger: Logger;
  jobs: JobQueue;
}

type Key = `${MediaType}:${number}`;
const keyOf = (type: MediaType, id: number): Key => `${type}:${id}`;

interface Seed {
  type: MediaType;
  id: number;
  rating: number;
  title: string;
}

interface Candidate {
  type: MediaType;
  id: number;
  score: number;
  card: TitleCard | null;
  /** The seed and source that gave the most to the score. */
  reason: { source: ReasonSource; title: string; weight: number };
}

/** Catalogue answers shared by one run across people (many share their liked titles). */
function runMemo(catalogue: Catalogue) {
  const related = new Map<Key, Promise<TitleSummary[]>>();
  const titles = new Map<Key, Promise<TitleSummary | null>>();
  return {
    related(type: MediaType, id: number) {
      const key = keyOf(type, id);
      let answer = related.get(key);
      if (!answer) {
        answer = (
          type === "movie"
            ? catalogue.movieRecommendations(id)
            : catalogue.seriesRecommendations(id)
        ).then(
          (found) => found ?? [],
          () => [],
        );
        related.set(key, answer);
      }
      return answer;
    },
    title(type: MediaType, id: number) {
      const key = keyOf(type, id);
      let answer = titles.get(key);
      if (!answer) {
        answer = (type === "movie" ? catalogue.movie(id) : catalogue.series(id)).then(
          (found) => (found ? summaryOf(found) : null),
          () => null,
        );
        titles.set(key, answer);
      }
      return answer;
    },
  };
}
type RunMemo = ReturnType<typeof runMemo>;

/** The summary part of a title's details (a card needs no more). */
function summaryOf(details: TitleSummary): TitleSummary {
  const base = {
    id: details.id,
    overview: "",
    posterPath: details.posterPath,
    backdropPath: details.backdropPath,
    voteAverage: details.voteAverage,
    voteCount: details.voteCount,
    popularity: details.popularity,
    genreIds: details.genreIds,
  };
  if (details.mediaType === "movie") {
    const movie: MovieSummary = {
      ...base,
      mediaType: "movie",
      title: details.title,
      originalTitle: details.originalTitle,
      releaseDate: details.releaseDate,
    };
    return movie;
  }
  const series: SeriesSummary = {
    ...base,
    mediaType: "tv",
    name: details.name,
    originalName: details.originalName,
    firstAirDate: details.firstAirDate,
  };
  return series;
}

const cardOf = (summary: TitleSummary) => toCards([summary])![0]!;

/** Everything the person watched, listed or rated: never recommended. */
async function seenBy(db: Database, userId: string): Promise<Set<Key>> {
  const rows = await queryRows<{ item_type: MediaType; item_id: number }>(
    db,
    sql`
      select item_type, item_id from watchlist where user_id = ${userId}
      union select item_type, item_id from reviews
        where user_id = ${userId} and item_type in ('movie', 'tv')
      union select item_type, item_id from diary_entries where user_id = ${userId}
      union select 'tv', series_id from episode_watches where user_id = ${userId}
      union select i.item_type, i.item_id from list_items i
        join lists l on l.id = i.list_id where l.owner_id = ${userId}`,
  );
  return new Set(rows.map((row) => keyOf(row.item_type, row.item_id)));
}

/** The person's highest-rated titles (LIKED or more), best and latest first. */
async function seedsOf(db: Database, userId: string): Promise<Omit<Seed, "title">[]> {
  const rows = await queryRows<{ item_type: MediaType; item_id: number; rating: number }>(
    db,
    sql`
      select item_type, item_id, rating::int as rating from reviews
      where user_id = ${userId} and item_type in ('movie', 'tv') and rating >= ${LIKED}
      order by rating desc, updated_at desc, id desc
      limit ${SEEDS}`,
  );
  return rows.map((row) => ({ type: row.item_type, id: row.item_id, rating: row.rating }));
}

/**
 * What other people who rated one of the seeds PEER_LIKED or more (the PEERS_PER_SEED latest of
 * them) also rated that high, per seed, most liked first: one query for all the seeds.
 */
async function peersLiked(db: Database, userId: string, seeds: Seed[]) {
  if (seeds.length === 0) return [];
  const values = sql.join(
    seeds.map((seed) => sql`(${seed.type}, ${seed.id}::int)`),
    sql`, `,
  );
  return queryRows<{
    seed_type: MediaType;
    seed_id: number;
    item_type: MediaType;
    item_id: number;
    peers: number;
  }>(
    db,
    sql`
      with seeds(item_type, item_id) as (values ${values}),
      peers as (
        select s.item_type as seed_type, s.item_id as seed_id, r1.user_id
        from seeds s
        cross join lateral (
          select r.user_id from reviews r
          where r.item_type = s.item_type and r.item_id = s.item_id
            and r.rating >= ${PEER_LIKED} and r.user_id <> ${userId}
          order by r.created_at desc
          limit ${PEERS_PER_SEED}
        ) r1
      )
      select p.seed_type, p.seed_id, r2.item_type, r2.item_id, count(*)::int as peers
      from peers p
      join reviews r2 on r2.user_id = p.user_id
      where r2.rating >= ${PEER_LIKED} and r2.item_type in ('movie', 'tv')
        and not exists (
          select 1 from seeds s where s.item_type = r2.item_type and s.item_id = r2.item_id
        )
      group by p.seed_type, p.seed_id, r2.item_type, r2.item_id
      order by peers desc, r2.item_id
      limit ${PEER_TITLES * SEEDS}`,
  );
}

/** Chooses for one person; the rows are not written here. */
async function choose(db: Database, memo: RunMemo, userId: string): Promise<Candidate[]> {
  const seedRows = await seedsOf(db, userId);
  if (seedRows.length === 0) return [];
  const seen = await seenBy(db, userId);
  const seeds: Seed[] = [];
  for (const seed of seedRows) {
    const title = await memo.title(seed.type, seed.id);
    if (title) seeds.push({ ...seed, title: cardOf(title).name });
  }
  const candidates = new Map<Key, Candidate>();
  const add = (
    type: MediaType,
    id: number,
    weight: number,
    source: ReasonSource,
    seed: Seed,
    summary: TitleSummary | null,
  ) => {
    const key = keyOf(type, id);
    if (seen.has(key) || weight <= 0) return;
    const found = candidates.get(key);
    if (!found) {
      candidates.set(key, {
        type,
        id,
        score: weight,
        card: summary ? cardOf(summary) : null,
        reason: { source, title: seed.title, weight },
      });
      return;
    }
    found.score += weight;
    found.card ??= summary ? cardOf(summary) : null;
    if (weight > found.reason.weight) found.reason = { source, title: seed.title, weight };
  };
  for (const seed of seeds) {
    // A 10 counts more than a 7; the catalogue's first related titles more than its last.
    const liking = (seed.rating - LIKED + 1) / (10 - LIKED + 1);
    const related = await memo.related(seed.type, seed.id);
    related.forEach((item, index) =>
      add(
        item.mediaType,
        item.id,
        liking * (1 - index / (related.length + 1)),
        "catalogue",
        seed,
        item,
      ),
    );
  }
  for (const row of await peersLiked(db, userId, seeds)) {
    const seed = seeds.find((item) => item.type === row.seed_type && item.id === row.seed_id)!;
    const liking = (seed.rating - LIKED + 1) / (10 - LIKED + 1);
    add(row.item_type, row.item_id, liking * Math.min(row.peers, 5) * 0.6, "people", seed, null);
  }
  const ranked = [...candidates.values()].sort((a, b) => b.score - a.score || a.id - b.id);
  const kept: Candidate[] = [];
  for (const candidate of ranked) {
    if (kept.length === KEPT) break;
    if (!candidate.card) {
      const title = await memo.title(candidate.type, candidate.id);
      if (!title) continue;
      candidate.card = cardOf(title);
    }
    kept.push(candidate);
  }
  return kept;
}

/** Replaces the person's picks (and notes the run) in one transaction. */
async function store(db: Database, userId: string, picks: Candidate[]) {
  await db.transaction(async (tx) => {
    await tx.delete(userRecommendations).where(eq(userRecommendations.userId, userId));
    if (picks.length) {
      await tx.insert(userRecommendations).values(
        picks.map((pick) => ({
          userId,
          itemType: pick.type,
          itemId: pick.id,
          score: pick.score,
          card: pick.card!,
          reasonSource: pick.reason.source,
          reasonTitle: pick.reason.title,
        })),
      );
    }
    await tx
      .insert(recommendationRuns)
      .values({ userId, computedAt: sql`now()` })
      .onConflictDoUpdate({ target: recommendationRuns.userId, set: { computedAt: sql`now()` } });
  });
}

/**
 * Chooses and keeps the picks of these people (everyone who rated a title highly when none are
 * named); the count of people done.
 */
export async function computeRecommendations(
  services: Pick<RecommendationServices, "database" | "catalogue">,
  userIds?: string[],
): Promise<number> {
  const { db } = services.database;
  const people =
    userIds ??
    (
      await queryRows<{ user_id: string }>(
        db,
        sql`select distinct user_id from reviews
            where item_type in ('movie', 'tv') and rating >= ${LIKED} order by user_id`,
      )
    ).map((row) => row.user_id);
  const memo = runMemo(services.catalogue);
  for (const userId of people) await store(db, userId, await choose(db, memo, userId));
  return people.length;
}

/** Declares the job (server start): one person on demand, everyone nightly. */
export async function defineRecommendationJobs(services: RecommendationServices): Promise<void> {
  await services.jobs.define<{ userId?: string }>(RECOMMENDATIONS_QUEUE, {
    policy: "stately",
    retryLimit: 1,
    // Asked for by a dashboard visit: the picks should be there by the next one.
    pollingIntervalSeconds: 1,
    async run({ userId }) {
      const started = Date.now();
      const people = await computeRecommendations(services, userId ? [userId] : undefined);
      services.logger.info({ people, ms: Date.now() - started }, "recommendations chosen");
    },
  });
  await services.jobs.schedule(RECOMMENDATIONS_QUEUE, NIGHTLY_CRON);
}

export interface Recommendation {
  card: TitleCard;
  reason: string;
}

/**
 * The dashboard's picks, in one query: the kept picks not since watched, listed or rated, and
 * whether they are older than the person's latest rating (then a run is asked for).
 */
export async function readRecommendations(
  db: Database,
  userId: string,
): Promise<{ picks: Recommendation[]; stale: boolean }> {
  const rows = await queryRows<{
    card: TitleCard | null;
    reason_source: ReasonSource | null;
    reason_title: string | null;
    stale: boolean;
  }>(
    db,
    sql`
      select p.card, p.reason_source, p.reason_title,
        coalesce(
          (select computed_at from recommendation_runs where user_id = ${userId})
            < (select max(updated_at) from reviews where user_id = ${userId} and rating is not null),
          exists (select 1 from reviews where user_id = ${userId} and rating >= ${LIKED})
            and not exists (select 1 from recommendation_runs where user_id = ${userId})
        ) as stale
      from (select 1) one
      left join lateral (
        select r.card, r.reason_source, r.reason_title from user_recommendations r
        where r.user_id = ${userId}
          and not exists (select 1 from watchlist w where w.user_id = r.user_id
            and w.item_type = r.item_type and w.item_id = r.item_id)
          and not exists (select 1 from reviews v where v.user_id = r.user_id
            and v.item_type = r.item_type and v.item_id = r.item_id)
          and not exists (select 1 from diary_entries d where d.user_id = r.user_id
            and d.item_type = r.item_type and d.item_id = r.item_id)
        order by r.score desc, r.item_id
        limit ${SHOWN}
      ) p on true`,
  );
  const picks = rows.flatMap((row) =>
    row.card && row.reason_source && row.reason_title
      ? [{ card: row.card, reason: reasonText(row.reason_source, row.reason_title) }]
      : [],
  );
  return { picks, stale: rows[0]?.stale ?? false };
}

/**
 * The titles of `items` the person has nothing of: not on their watchlist (any status), not
 * rated or reviewed, not logged, no episode marked, not on a list of theirs. One query; the
 * dashboard's popular titles go through it when there are no picks yet, so "Popüler içerikler"
 * never offers what the person already watched, listed or rated.
 */
export async function notYetTheirs<T extends { mediaType: MediaType; id: number }>(
  db: Database,
  userId: string,
  items: readonly T[],
): Promise<T[]> {
  if (items.length === 0) return [];
  const rows = await queryRows<{ item_type: MediaType; item_id: number }>(
    db,
    sql`
      select c.item_type, c.item_id
      from unnest(
        array[${sql.join(
          items.map((item) => sql`${item.mediaType}`),
          sql`, `,
        )}]::text[],
        array[${sql.join(
          items.map((item) => sql`${item.id}`),
          sql`, `,
        )}]::int[]
      ) as c(item_type, item_id)
      where not exists (select 1 from watchlist w where w.user_id = ${userId}
          and w.item_type = c.item_type and w.item_id = c.item_id)
        and not exists (select 1 from reviews v where v.user_id = ${userId}
          and v.item_type = c.item_type and v.item_id = c.item_id)
        and not exists (select 1 from diary_entries d where d.user_id = ${userId}
          and d.item_type = c.item_type and d.item_id = c.item_id)
        and not (c.item_type = 'tv' and exists (select 1 from episode_watches e
          where e.user_id = ${userId} and e.series_id = c.item_id))
        and not exists (select 1 from list_items i join lists l on l.id = i.list_id
          where l.owner_id = ${userId} and i.item_type = c.item_type and i.item_id = c.item_id)`,
  );
  const left = new Set(rows.map((row) => keyOf(row.item_type, Number(row.item_id))));
  return items.filter((item) => left.has(keyOf(item.mediaType, item.id)));
}

/** Asks for a run for the person (once: a run already waiting is not queued again). */
export async function askForRecommendations(jobs: JobQueue, userId: string): Promise<void> {
  await jobs.send(RECOMMENDATIONS_QUEUE, { userId }, { singletonKey: userId });
}
