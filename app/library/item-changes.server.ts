import { isCatalogueItem, type ItemChanges } from "~/core/item-changes.server";
import type { Logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
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
