import { and, eq, isNotNull, sql } from "drizzle-orm";
import {
  createCache,
  memoryStore,
  STALE_WINDOW_MS,
  type Cached,
  type CacheStore,
} from "~/catalogue/cache.server";
import type { Database } from "~/db/client.server";
import { reviews } from "~/db/schema";
import type { Logger } from "~/core/logger.server";
import type { ReviewItemType } from "./reviews.server";
import { reviewItemSchema, rowIdSchema } from "./schemas";

/*
 * "Perde puanı": the average and distribution of our own users' review ratings (a review
 * without a rating does not count), computed in SQL over `reviews`. Cached briefly in the
 * project's cache, and refreshed at once when a review is written, edited or deleted.
 */

export interface SiteRating {
  /** Average of the ratings, rounded to one decimal. */
  average: number;
  count: number;
  /** How many gave 1, 2, … 10: index 0 is the rating 1. */
  distribution: number[];
}

type RatedItem = { type: ReviewItemType; id: number };

const SITE_RATING_TTL_MS = 60_000;

/*
 * One in-process cache per database. It is not shared across instances on purpose: the entries
 * live a minute, and the instance that takes a review write refreshes its own entry at once.
 */
const caches = new WeakMap<Database, { store: CacheStore; cached: Cached }>();
function cacheFor(db: Database, logger: Logger) {
  let cache = caches.get(db);
  if (!cache) {
    const store = memoryStore(10_000);
    cache = { store, cached: createCache(store, logger) };
    caches.set(db, cache);
  }
  return cache;
}

const cacheKey = (item: RatedItem) => `site-rating:${item.type}:${item.id}`;

/** The summaries of several items in one query; items without ratings are absent. */
export async function computeSiteRatings(
  db: Database,
  items: RatedItem[],
): Promise<Map<string, SiteRating>> {
  const result = new Map<string, SiteRating>();
  if (items.length === 0) return result;
  const pairs = sql.join(
    items.map((item) => sql`(${item.type}, ${item.id}::int)`),
    sql`, `,
  );
  const rows = await db
    .select({
      itemType: reviews.itemType,
      itemId: reviews.itemId,
      rating: reviews.rating,
      votes: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(
      and(isNotNull(reviews.rating), sql`(${reviews.itemType}, ${reviews.itemId}) in (${pairs})`),
    )
    .groupBy(reviews.itemType, reviews.itemId, reviews.rating);
  const sums = new Map<string, { total: number; distribution: number[] }>();
  for (const row of rows) {
    const key = `${row.itemType}:${row.itemId}`;
    const entry = sums.get(key) ?? { total: 0, distribution: Array<number>(10).fill(0) };
    const votes = Number(row.votes);
    entry.distribution[row.rating! - 1] = votes;
    entry.total += row.rating! * votes;
    sums.set(key, entry);
  }
  for (const [key, { total, distribution }] of sums) {
    const votes = distribution.reduce((sum, value) => sum + value, 0);
    result.set(key, {
      average: Math.round((total / votes) * 10) / 10,
      count: votes,
      distribution,
    });
  }
  return result;
}

async function computeSiteRating(db: Database, item: RatedItem): Promise<SiteRating | null> {
  return (await computeSiteRatings(db, [item])).get(`${item.type}:${item.id}`) ?? null;
}

/** The item's site rating, or null when nobody has rated it (or it could not be read). */
export function siteRating(db: Database, logger: Logger, item: RatedItem) {
  return cacheFor(db, logger).cached(cacheKey(item), SITE_RATING_TTL_MS, () =>
    computeSiteRating(db, item),
  );
}

/** Recomputes the item's entry now (after a review was written, edited or deleted). */
export async function refreshSiteRating(db: Database, logger: Logger, item: RatedItem) {
  try {
    const value = await computeSiteRating(db, item);
    const freshFor = SITE_RATING_TTL_MS;
    await cacheFor(db, logger).store.set(
      cacheKey(item),
      { value, freshUntil: Date.now() + freshFor },
      freshFor + STALE_WINDOW_MS,
    );
  } catch (error) {
    logger.error({ err: error, item }, "site rating could not be refreshed");
  }
}

/**
 * Which item a review form touches: the reviewed item of the user's own review named by
 * `reviewId` (edit, delete), else the form's item (a new review). Read before the write, so a
 * deleted review's item is still known.
 */
export async function ratedItemOfForm(
  db: Database,
  userId: string,
  form: FormData,
): Promise<RatedItem | null> {
  const reviewId = rowIdSchema.safeParse(form.get("reviewId"));
  if (reviewId.success) {
    const [row] = await db
      .select({ type: reviews.itemType, id: reviews.itemId })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId.data), eq(reviews.userId, userId)))
      .limit(1);
    if (row) return row;
  }
  const parsed = reviewItemSchema.safeParse(Object.fromEntries(form));
  return parsed.success ? { type: parsed.data.itemType, id: parsed.data.itemId } : null;
}
