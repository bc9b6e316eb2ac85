import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { createMemo, type Memo } from "~/core/memo.server";
import type { Database } from "~/db/client.server";
import { profiles, reviews, type REVIEW_ITEM_TYPES } from "~/db/schema";

export type ReviewItemType = (typeof REVIEW_ITEM_TYPES)[number];

export interface ReviewView {
  id: number;
  comment: string;
  rating: number | null;
  /** "Sürpriz bozan içerir": the words are folded until "Göster" (issue #38.5). */
  spoiler: boolean;
  createdAt: string;
  reviewerName: string | null;
  /** The reviewer's username while their profile is public (their name then links to it). */
  reviewerUsername: string | null;
  /** Whether the signed-in visitor wrote it (never the author's id itself). */
  own: boolean;
}

type ReviewRow = Omit<ReviewView, "own" | "createdAt"> & { userId: string; createdAt: Date };

/**
 * Written reviews of a film, series or person, newest first, with the reviewers' names from
 * profiles. A rating given without words is not a review (it counts in Perde puanı only).
 */
async function readItemReviews(
  db: Database,
  item: { type: ReviewItemType; id: number },
): Promise<ReviewRow[]> {
  return db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      comment: reviews.comment,
      rating: reviews.rating,
      spoiler: reviews.spoiler,
      createdAt: reviews.createdAt,
      reviewerName: profiles.fullName,
      reviewerUsername: sql<
        string | null
      >`case when ${profiles.isPublic} then ${profiles.username} end`,
    })
    .from(reviews)
    .leftJoin(profiles, eq(profiles.userId, reviews.userId))
    .where(
      and(eq(reviews.itemType, item.type), eq(reviews.itemId, item.id), isNotNull(reviews.comment)),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id)) as Promise<ReviewRow[]>;
}

const toViews = (rows: ReviewRow[], viewerId?: string | null): ReviewView[] =>
  rows.map(({ userId, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    own: Boolean(viewerId) && userId === viewerId,
  }));

/*
 * On the embedded database an anonymous visitor's page reads an item's reviews from memory for
 * up to a minute: that query was a tenth of a cold film render. PGlite belongs to this one
 * process, so every review written or deleted passes through `forgetItemReviews` here (the
 * review action, account deletion). A renamed reviewer shows under the old name for that minute
 * at most, as anonymous pages kept by the page cache do for their lifetime. Signed-in visitors
 * always read the table (their own review must show at once), and so does every page on
 * PostgreSQL, where other instances write too.
 */
const memos = new WeakMap<Database, Memo<ReviewRow[]>>();

const memoKey = (item: { type: ReviewItemType; id: number }) => `${item.type}:${item.id}`;

/** The reviews a detail page shows, from memory where that is safe (above). */
export async function itemReviews(
  database: { db: Database; kind: "pglite" | "postgres" },
  item: { type: ReviewItemType; id: number },
  viewerId?: string | null,
  now = Date.now(),
): Promise<ReviewView[]> {
  const { db } = database;
  if (viewerId || database.kind !== "pglite")
    return toViews(await readItemReviews(db, item), viewerId);
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = createMemo({ maxEntries: 10_000, ttlMs: 60_000 })));
  return toViews(await memo.get(memoKey(item), () => readItemReviews(db, item), now));
}

/** Drops what `itemReviews` keeps for these items (all of them when none are named). */
export function forgetItemReviews(
  db: Database,
  items?: readonly { type: ReviewItemType; id: number }[],
): void {
  memos.get(db)?.forget(items?.map(memoKey));
}

export interface ReviewInput {
  comment: string;
  rating: number | null;
  /** "Sürpriz bozan içerir" (issue #38.5); unmarked when not given. */
  spoiler?: boolean;
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
  // A row may be there without words (a rating given alone): these are then the first words,
  // and the person is told the review was added, not updated. One statement, so that of two
  // concurrent first posts only one says so.
  const mine = and(
    eq(reviews.userId, userId),
    eq(reviews.itemType, item.type),
    eq(reviews.itemId, item.id),
  );
  const firstWords = await db
    .update(reviews)
    .set({
      comment: input.comment,
      rating: input.rating,
      spoiler: input.spoiler ?? false,
      updatedAt: new Date(),
    })
    .where(and(mine, isNull(reviews.comment)))
    .returning({ id: reviews.id });
  if (firstWords.length > 0) return "created";
  const [saved] = await db
    .insert(reviews)
    .values({
      userId,
      itemType: item.type,
      itemId: item.id,
      comment: input.comment,
      rating: input.rating,
      spoiler: input.spoiler ?? false,
    })
    .onConflictDoUpdate({
      target: [reviews.userId, reviews.itemType, reviews.itemId],
      set: {
        comment: input.comment,
        rating: input.rating,
        spoiler: input.spoiler ?? false,
        updatedAt: new Date(),
      },
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
    .set({
      comment: input.comment,
      rating: input.rating,
      spoiler: input.spoiler ?? false,
      updatedAt: new Date(),
    })
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
    .returning({ id: reviews.id });
  return updated.length > 0;
}

/**
 * Deletes a review's words only if it is the user's; false otherwise. A rating given with it
 * stays (it is the person's Puanım, removed with its own control); a review without a rating
 * goes entirely.
 */
export async function deleteReview(db: Database, userId: string, reviewId: number) {
  return db.transaction(async (tx) => {
    const mine = and(eq(reviews.id, reviewId), eq(reviews.userId, userId));
    const kept = await tx
      .update(reviews)
      .set({ comment: null, updatedAt: new Date() })
      .where(and(mine, isNotNull(reviews.rating)))
      .returning({ id: reviews.id });
    if (kept.length > 0) return true;
    const deleted = await tx.delete(reviews).where(mine).returning({ id: reviews.id });
    return deleted.length > 0;
  });
}

/** The user's own rating of an item (Puanım), with or without words; null when none. */
export async function ownRating(
  db: Database,
  userId: string,
  item: { type: ReviewItemType; id: number },
): Promise<number | null> {
  const [row] = await db
    .select({ rating: reviews.rating })
    .from(reviews)
    .where(
      and(eq(reviews.userId, userId), eq(reviews.itemType, item.type), eq(reviews.itemId, item.id)),
    )
    .limit(1);
  return row?.rating ?? null;
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
