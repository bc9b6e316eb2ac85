import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, reviews, type REVIEW_ITEM_TYPES } from "~/db/schema";

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

/** Reviews of a film, series or person, newest first, with the reviewers' names from profiles. */
export async function listItemReviews(
  db: Database,
  item: { type: ReviewItemType; id: number },
  viewerId?: string | null,
): Promise<ReviewView[]> {
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
}

export interface ReviewInput {
  comment: string;
  rating: number | null;
}

/**
 * Writes the user's review of an item. There is one per person and item: a second one (from
 * another tab, or a form posted again) replaces the text and rating of the first, and says so.
 */
export async function saveReview(
  db: Database,
  userId: string,
  item: { type: ReviewItemType; id: number },
  input: ReviewInput,
): Promise<"created" | "updated"> {
  const [saved] = await db
    .insert(reviews)
    .values({
      userId,
      itemType: item.type,
      itemId: item.id,
      comment: input.comment,
      rating: input.rating,
    })
    .onConflictDoUpdate({
      target: [reviews.userId, reviews.itemType, reviews.itemId],
      set: { comment: input.comment, rating: input.rating, updatedAt: new Date() },
    })
    // PostgreSQL's xmax is 0 for a row this statement inserted, not for one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return saved?.inserted ? "created" : "updated";
}

/** Changes a review only if it is the user's; false otherwise. */
export async function updateReview(
  db: Database,
  userId: string,
  reviewId: number,
  input: ReviewInput,
) {
  const updated = await db
    .update(reviews)
    .set({ comment: input.comment, rating: input.rating, updatedAt: new Date() })
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
    .returning({ id: reviews.id });
  return updated.length > 0;
}

/** Deletes a review only if it is the user's; false otherwise. */
export async function deleteReview(db: Database, userId: string, reviewId: number) {
  const deleted = await db
    .delete(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
    .returning({ id: reviews.id });
  return deleted.length > 0;
}

/** The user's latest rated reviews, for the dashboard. */
export async function latestRatings(db: Database, userId: string, limit = 6) {
  return db
    .select({
      id: reviews.id,
      itemType: reviews.itemType,
      itemId: reviews.itemId,
      rating: reviews.rating,
    })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), isNotNull(reviews.rating)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
