import { getOptionalUser } from "~/accounts/guards.server";
import type { AppServices } from "~/services.server";
import { listItemReviews, type ReviewItemType } from "./reviews.server";
import { siteRating } from "./site-ratings.server";
import { watchlistStatus } from "./watchlist.server";

/**
 * What a detail page shows of the library: the reviews, the site's own rating, and the visitor's
 * watchlist status for it (null: not in their list).
 */
export async function itemLibrary(
  services: AppServices,
  request: Request,
  item: { type: ReviewItemType; id: number },
) {
  const user = await getOptionalUser(request, services);
  const { db } = services.database;
  const [reviews, status, rating] = await Promise.all([
    listItemReviews(db, services.logger, item, user?.id),
    user && item.type !== "person"
      ? watchlistStatus(db, user.id, { type: item.type, id: item.id }).catch((error: unknown) => {
          services.logger.error({ err: error }, "watchlist state could not be loaded");
          return null;
        })
      : null,
    siteRating(db, services.logger, item),
  ]);
  return { reviews, inList: status !== null, status, siteRating: rating };
}

export type ItemLibrary = Awaited<ReturnType<typeof itemLibrary>>;
