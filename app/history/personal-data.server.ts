import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { diaryEntries } from "~/db/history-schema";
import { episodeRatings } from "~/db/tracking-schema";

/** The person's diary and episode ratings, for Verilerim (the rest comes from the library). */
export async function exportHistory(db: Database, userId: string) {
  const [diary, episodes] = await Promise.all([
    db
      .select({
        itemType: diaryEntries.itemType,
        itemId: diaryEntries.itemId,
        watchedOn: diaryEntries.watchedOn,
        rating: diaryEntries.rating,
        review: diaryEntries.review,
        rewatch: diaryEntries.rewatch,
        tags: diaryEntries.tags,
        createdAt: diaryEntries.createdAt,
        updatedAt: diaryEntries.updatedAt,
      })
      .from(diaryEntries)
      .where(eq(diaryEntries.userId, userId))
      .orderBy(asc(diaryEntries.watchedOn), asc(diaryEntries.id)),
    db
      .select({
        seriesId: episodeRatings.seriesId,
        seasonNumber: episodeRatings.seasonNumber,
        episodeNumber: episodeRatings.episodeNumber,
        rating: episodeRatings.rating,
        createdAt: episodeRatings.createdAt,
        updatedAt: episodeRatings.updatedAt,
      })
      .from(episodeRatings)
      .where(eq(episodeRatings.userId, userId))
      .orderBy(
        asc(episodeRatings.seriesId),
        asc(episodeRatings.seasonNumber),
        asc(episodeRatings.episodeNumber),
      ),
  ]);
  return { diary, episodeRatings: episodes };
}
