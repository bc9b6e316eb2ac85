import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, reviews, type REVIEW_ITEM_TYPES } from "~/db/schema";
import type { Logger } from "~/logger.server";

export type ReviewItemType = (typeof REVIEW_ITEM_TYPES)[number];

export interface ReviewView {
  id: number;
  comment: string;
  rating: number | null;
  createdAt: string;
  reviewerName: string | null;
  /** Whether the signed-in visitor wrote it (never the author's id itself). */
  own: boolean;
}

/**
 * Reviews of a film, series or person, newest first, with the reviewers' names from profiles.
 * A failure is logged and shows as no reviews (SPEC.md section 8).
 */
export async function listItemReviews(
  db: Database,
  logger: Logger,
  item: { type: ReviewItemType; id: number },
  viewerId?: string | null,
): Promise<ReviewView[]> {
  try {
    const rows = await db
      .select({
        id: reviews.id,
        userId: reviews.userId,
        comment: reviews.comment,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
        reviewerName: profiles.fullName,
      })
      .from(reviews)
      .leftJoin(profiles, eq(profiles.userId, reviews.userId))
      .where(and(eq(reviews.itemType, item.type), eq(reviews.itemId, item.id)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map(({ userId, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      own: Boolean(viewerId) && userId === viewerId,
    }));
  } catch (error) {
    logger.error({ err: error, item }, "reviews could not be loaded");
    return [];
  }
}
