import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { watchlist, type WATCHLIST_ITEM_TYPES } from "~/db/schema";

export type WatchlistItem = { type: (typeof WATCHLIST_ITEM_TYPES)[number]; id: number };

/* Every query names the owner: a user only ever reads or changes their own rows. */

export async function isInWatchlist(
  db: Database,
  userId: string,
  item: WatchlistItem,
): Promise<boolean> {
  const [row] = await db
    .select({ id: watchlist.id })
    .from(watchlist)
    .where(
      and(
        eq(watchlist.userId, userId),
        eq(watchlist.itemType, item.type),
        eq(watchlist.itemId, item.id),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Adds once: a second add (a double click) finds the row there and changes nothing. */
export async function addToWatchlist(
  db: Database,
  userId: string,
  item: WatchlistItem,
): Promise<void> {
  await db
    .insert(watchlist)
    .values({ userId, itemType: item.type, itemId: item.id, status: "plan_to_watch" })
    .onConflictDoNothing();
}

export async function removeFromWatchlist(
  db: Database,
  userId: string,
  item: WatchlistItem,
): Promise<void> {
  await db
    .delete(watchlist)
    .where(
      and(
        eq(watchlist.userId, userId),
        eq(watchlist.itemType, item.type),
        eq(watchlist.itemId, item.id),
      ),
    );
}

/** Removes one row by id, only if it is the user's; false when there was none. */
export async function removeWatchlistRow(
  db: Database,
  userId: string,
  rowId: number,
): Promise<boolean> {
  const removed = await db
    .delete(watchlist)
    .where(and(eq(watchlist.id, rowId), eq(watchlist.userId, userId)))
    .returning({ id: watchlist.id });
  return removed.length > 0;
}

export async function latestWatchlist(db: Database, userId: string, limit = 12) {
  return db
    .select({
      id: watchlist.id,
      itemType: watchlist.itemType,
      itemId: watchlist.itemId,
      createdAt: watchlist.createdAt,
    })
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(desc(watchlist.createdAt), desc(watchlist.id))
    .limit(limit);
}
