import { and, asc, count, desc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { watchlist, type WATCHLIST_ITEM_TYPES, type WATCHLIST_STATUSES } from "~/db/schema";
import type { WatchlistStatus } from "./statuses";

export type WatchlistItem = { type: (typeof WATCHLIST_ITEM_TYPES)[number]; id: number };

// The shared status list (statuses.ts) must be exactly the schema's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statusesMatch: Same<WatchlistStatus, (typeof WATCHLIST_STATUSES)[number]> = true;
void statusesMatch;

/* Every query names the owner: a user only ever reads or changes their own rows. */

/** The user's entry for an item. */
const ownEntry = (userId: string, item: WatchlistItem) =>
  and(
    eq(watchlist.userId, userId),
    eq(watchlist.itemType, item.type),
    eq(watchlist.itemId, item.id),
  );

/** What the dashboard and the list page show of an entry. */
const ENTRY_COLUMNS = {
  id: watchlist.id,
  itemType: watchlist.itemType,
  itemId: watchlist.itemId,
  status: watchlist.status,
  createdAt: watchlist.createdAt,
};

export async function isInWatchlist(
  db: Database,
  userId: string,
  item: WatchlistItem,
): Promise<boolean> {
  return (await watchlistStatus(db, userId, item)) !== null;
}

/** The entry's status, or null when the item is not in the user's list. */
export async function watchlistStatus(
  db: Database,
  userId: string,
  item: WatchlistItem,
): Promise<WatchlistStatus | null> {
  const [row] = await db
    .select({ status: watchlist.status })
    .from(watchlist)
    .where(ownEntry(userId, item))
    .limit(1);
  return row?.status ?? null;
}

/**
 * Sets the status, adding the item to the list first when it is not there yet; an entry that
 * has it already is not written again. `db` may be a transaction (the history import's).
 */
export async function setWatchlistStatus(
  db: Database,
  userId: string,
  item: WatchlistItem,
  status: WatchlistStatus,
): Promise<void> {
  await db
    .insert(watchlist)
    .values({ userId, itemType: item.type, itemId: item.id, status })
    .onConflictDoUpdate({
      target: [watchlist.userId, watchlist.itemType, watchlist.itemId],
      set: { status },
      // Ownership in the query itself, as everywhere else.
      setWhere: and(eq(watchlist.userId, userId), ne(watchlist.status, status)),
    });
}

/**
 * The one model (decision 029): logging a watch or rating a title moves it out of İzleyeceğim. A
 * film becomes İzledim whatever its status; a series becomes İzledim when it was not in the list
 * or was İzleyeceğim, and one being followed (İzliyorum) stays so: its last episode decides.
 * A title not in the list is added as İzledim, so İzlediklerim shows everything watched. `db`
 * may be a transaction (the history import's).
 */
export async function recordWatched(
  db: Database,
  userId: string,
  item: WatchlistItem,
): Promise<void> {
  await db
    .insert(watchlist)
    .values({ userId, itemType: item.type, itemId: item.id, status: "watched" })
    .onConflictDoUpdate({
      target: [watchlist.userId, watchlist.itemType, watchlist.itemId],
      set: { status: "watched" },
      setWhere: and(
        eq(watchlist.userId, userId),
        item.type === "movie"
          ? ne(watchlist.status, "watched")
          : eq(watchlist.status, "plan_to_watch"),
      ),
    });
}

/**
 * İzliyorum from an import (a series the person followed elsewhere): added as İzliyorum, or moved
 * there from İzleyeceğim; an İzledim entry stays (its marks decide). `db` may be a transaction.
 */
export async function startWatching(
  db: Database,
  userId: string,
  item: WatchlistItem,
): Promise<void> {
  await db
    .insert(watchlist)
    .values({ userId, itemType: item.type, itemId: item.id, status: "watching" })
    .onConflictDoUpdate({
      target: [watchlist.userId, watchlist.itemType, watchlist.itemId],
      set: { status: "watching" },
      setWhere: and(eq(watchlist.userId, userId), eq(watchlist.status, "plan_to_watch")),
    });
}

/**
 * Adds once as İzleyeceğim: a second add (a double click, an imported list) finds the row there
 * and changes nothing, whatever its status. `db` may be a transaction.
 */
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
  await db.delete(watchlist).where(ownEntry(userId, item));
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

/** What İzleme Listem holds: what is still to watch. What was watched is İzlediklerim's. */
const TO_WATCH: readonly WatchlistStatus[] = ["plan_to_watch", "watching"];

/** The latest entries still to watch (İzleyeceğim, İzliyorum): the dashboard's İzleme Listem. */
export async function latestWatchlist(db: Database, userId: string, limit = 12) {
  return db
    .select(ENTRY_COLUMNS)
    .from(watchlist)
    .where(and(eq(watchlist.userId, userId), inArray(watchlist.status, [...TO_WATCH])))
    .orderBy(desc(watchlist.createdAt), desc(watchlist.id))
    .limit(limit);
}

export interface WatchlistFilter {
  /** Any of these statuses; every status when absent. */
  statuses?: readonly WatchlistStatus[];
  itemType?: WatchlistItem["type"];
}

function filterWhere(userId: string, filter: WatchlistFilter): SQL | undefined {
  return and(
    eq(watchlist.userId, userId),
    filter.statuses ? inArray(watchlist.status, [...filter.statuses]) : undefined,
    filter.itemType ? eq(watchlist.itemType, filter.itemType) : undefined,
  );
}

/**
 * The user's entries matching the filter, newest first: one page of them (`limit`, `offset`),
 * or every one when no limit is given (sorting by title, year or rating happens after the
 * catalogue lookup). The total counts all matching entries.
 */
export async function filteredWatchlist(
  db: Database,
  userId: string,
  filter: WatchlistFilter,
  page?: { limit: number; offset: number },
) {
  const where = filterWhere(userId, filter);
  const query = db
    .select(ENTRY_COLUMNS)
    .from(watchlist)
    .where(where)
    .orderBy(desc(watchlist.createdAt), desc(watchlist.id), asc(watchlist.itemType))
    .$dynamic();
  const [rows, [total]] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    db.select({ total: count() }).from(watchlist).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
