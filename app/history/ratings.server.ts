import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { reviews } from "~/db/schema";
import { episodeRatings, trackedEpisodes } from "~/db/tracking-schema";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { releaseOf, type Release } from "~/library/item-exists.server";
import type { TitleRef } from "~/catalogue/types";
import type { SiteRating } from "~/library/site-ratings.server";
import { recordWatched } from "~/library/watchlist.server";

/*
 * Puanım (issue #24.1, #23.6): a 1-10 rating given in one tap, without writing. A film's or a
 * series' rating is `reviews.rating` (a row without words has a null comment), so Perde puanı,
 * the dashboard and every list read it where they always did; an episode's is `episode_ratings`.
 */

export interface EpisodeRef {
  seriesId: number;
  season: number;
  episode: number;
}

/**
 * Sets (1-10) or removes (null) a person's rating of a film or series, keeping any review text.
 * Removing the rating of a row without words removes the row. Idempotent, and a rating that is
 * already the person's is not written again (its date stays), so the import can call it for
 * every row of a file as often as it likes. `db` may be a transaction (the import's). A rating
 * says the person watched the title: it moves out of İzleyeceğim (decision 029).
 */
export async function setTitleRating(
  db: Database,
  userId: string,
  item: TitleRef,
  rating: number | null,
): Promise<void> {
  const mine = and(
    eq(reviews.userId, userId),
    eq(reviews.itemType, item.type),
    eq(reviews.itemId, item.id),
  );
  if (rating === null) {
    await db.transaction(async (tx) => {
      await tx.delete(reviews).where(and(mine, isNull(reviews.comment)));
      await tx
        .update(reviews)
        .set({ rating: null, updatedAt: new Date() })
        .where(and(mine, isNotNull(reviews.rating)));
    });
    return;
  }
  await db
    .insert(reviews)
    .values({ userId, itemType: item.type, itemId: item.id, comment: null, rating })
    .onConflictDoUpdate({
      target: [reviews.userId, reviews.itemType, reviews.itemId],
      set: { rating, updatedAt: new Date() },
      setWhere: sql`${reviews.rating} is distinct from ${rating}`,
    });
  await recordWatched(db, userId, item);
}

/**
 * Sets the words of a person's review of a film or series (already checked: 10-1000 characters),
 * keeping its rating; a title without a review gets one without a rating. The import writes a
 * Letterboxd review this way; unchanged words are not written again.
 */
export async function setTitleReviewText(
  db: Database,
  userId: string,
  item: TitleRef,
  comment: string,
): Promise<void> {
  await db
    .insert(reviews)
    .values({ userId, itemType: item.type, itemId: item.id, comment, rating: null })
    .onConflictDoUpdate({
      target: [reviews.userId, reviews.itemType, reviews.itemId],
      set: { comment, updatedAt: new Date() },
      setWhere: sql`${reviews.comment} is distinct from ${comment}`,
    });
}

const episodeIs = (episode: EpisodeRef) =>
  and(
    eq(episodeRatings.seriesId, episode.seriesId),
    eq(episodeRatings.seasonNumber, episode.season),
    eq(episodeRatings.episodeNumber, episode.episode),
  );

/** Sets (1-10) or removes (null) a person's rating of an episode. */
export async function setEpisodeRating(
  db: Database,
  userId: string,
  episode: EpisodeRef,
  rating: number | null,
): Promise<void> {
  if (rating === null) {
    await db
      .delete(episodeRatings)
      .where(and(eq(episodeRatings.userId, userId), episodeIs(episode)));
    return;
  }
  await db
    .insert(episodeRatings)
    .values({
      userId,
      seriesId: episode.seriesId,
      seasonNumber: episode.season,
      episodeNumber: episode.episode,
      rating,
    })
    .onConflictDoUpdate({
      target: [
        episodeRatings.userId,
        episodeRatings.seriesId,
        episodeRatings.seasonNumber,
        episodeRatings.episodeNumber,
      ],
      set: { rating, updatedAt: new Date() },
    });
}

/** The person's own rating of an episode, or null. */
export async function ownEpisodeRating(
  db: Database,
  userId: string,
  episode: EpisodeRef,
): Promise<number | null> {
  const [row] = await db
    .select({ rating: episodeRatings.rating })
    .from(episodeRatings)
    .where(and(eq(episodeRatings.userId, userId), episodeIs(episode)))
    .limit(1);
  return row?.rating ?? null;
}

/**
 * The episode's Perde puanı: average, count and distribution of everyone's ratings, in one
 * query on the episode's index; null when nobody has rated it.
 */
export async function episodeSiteRating(
  db: Database,
  episode: EpisodeRef,
): Promise<SiteRating | null> {
  const rows = await db
    .select({ rating: episodeRatings.rating, votes: sql<number>`count(*)::int` })
    .from(episodeRatings)
    .where(episodeIs(episode))
    .groupBy(episodeRatings.rating);
  if (rows.length === 0) return null;
  const distribution = Array<number>(10).fill(0);
  let total = 0;
  let count = 0;
  for (const row of rows) {
    const votes = Number(row.votes);
    distribution[row.rating - 1] = votes;
    total += row.rating * votes;
    count += votes;
  }
  return { average: Math.round((total / count) * 10) / 10, count, distribution };
}

/**
 * Whether the episode has aired by `day`, among the episodes the tracking job keeps (no upstream
 * call); null when it keeps no such episode (specials are never kept).
 */
export async function keptEpisodeRelease(
  db: Database,
  episode: EpisodeRef,
  day: string,
): Promise<Release | null> {
  if (episode.season === 0) return null;
  const [known] = await db
    .select({ airDate: trackedEpisodes.airDate })
    .from(trackedEpisodes)
    .where(
      and(
        eq(trackedEpisodes.seriesId, episode.seriesId),
        eq(trackedEpisodes.seasonNumber, episode.season),
        eq(trackedEpisodes.episodeNumber, episode.episode),
      ),
    )
    .limit(1);
  return known ? releaseOf(true, known.airDate, day) : null;
}

/**
 * Whether the episode exists and has aired by `day`, asked through the catalogue (cached there).
 * A failing catalogue throws, and the rating is refused with "try again" rather than stored
 * blindly.
 */
export async function episodeRelease(
  catalogue: Catalogue,
  episode: EpisodeRef,
  day: string,
): Promise<Release> {
  const found = await catalogue.episode(episode.seriesId, episode.season, episode.episode);
  return releaseOf(found !== null, found?.airDate, day);
}
