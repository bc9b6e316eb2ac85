import { and, eq } from "drizzle-orm";
import { isCatalogueItem, type ItemChanges, type ItemRef } from "~/core/item-changes.server";
import type { Logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { forgetItemReviews } from "./reviews.server";
import { refreshSiteRating } from "./site-ratings.server";

/**
 * What the library keeps in memory about an item follows its changes, made here or on another
 * instance: the reviews an anonymous page reads from memory are dropped, and "Perde puanı" is
 * computed again.
 */
export function followItemChanges(changes: ItemChanges, db: Database, logger: Logger): void {
  changes.listen(async (changed) => {
    const items = changed.filter(isCatalogueItem);
    if (items.length === 0) return;
    forgetItemReviews(db, items);
    await Promise.all(items.map((item) => refreshSiteRating(db, logger, item)));
  });
  // News from other instances may have been lost: forget every item's reviews. Site ratings
  // live a minute in memory and catch up by themselves.
  changes.onMissedNews(() => forgetItemReviews(db));
}

/**
 * Announces the items and, when it is public, the person's profile (by its username's key): its
 * page at /u/{kullanıcı-adı} shows their latest ratings and diary entries, so a rating or a watch
 * logged changes it too (issue #25.5). One lookup by primary key; nothing is announced when
 * nothing changed that anyone else sees.
 */
export async function announcePersonChanges(
  services: { changes: ItemChanges; database: { db: Database } },
  userId: string,
  items: ItemRef[],
): Promise<void> {
  // A failed lookup only leaves the profile page to its cache's lifetime (five minutes).
  const [profile] = await services.database.db
    .select({ key: profiles.usernameKey })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.isPublic, true)))
    .catch(() => []);
  const changed: ItemRef[] = profile?.key
    ? [...items, { type: "profile", id: profile.key }]
    : items;
  if (changed.length > 0) await services.changes.changed(changed);
}
