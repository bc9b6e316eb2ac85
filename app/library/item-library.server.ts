import { getOptionalUser } from "~/accounts/guards.server";
import type { LibraryServices } from "./library-services.server";
import { itemReviews, ownRating, type ReviewItemType } from "./reviews.server";
import { siteRating } from "./site-ratings.server";
import { watchlistStatus } from "./watchlist.server";

/**
 * What a detail page shows of the library: the reviews, the site's own rating, and the visitor's
 * watchlist status for it (null: not in their list) and rating (Puanım). A failed load is logged and shows as no
 * reviews / no rating / not in the list (SPEC.md section 8), and `failed` tells the route not
 * to let any cache keep that page.
 */
export async function itemLibrary(
  services: LibraryServices,
  request: Request,
  item: { type: ReviewItemType; id: number },
) {
  const user = await getOptionalUser(request, services);
  const { db } = services.database;
  let failed = false;
  const logged = (what: string) => (error: unknown) => {
    failed = true;
    services.logger.warn({ err: String(error), item }, `${what} could not be loaded`);
    return null;
  };
  const [reviews, status, rating, myRating] = await Promise.all([
    itemReviews(services.database, item, user?.id).catch(logged("reviews")),
    user && item.type !== "person"
      ? watchlistStatus(db, user.id, { type: item.type, id: item.id }).catch(
          logged("watchlist state"),
        )
      : null,
    siteRating(db, services.logger, item).catch(logged("site rating")),
    user ? ownRating(db, user.id, item).catch(logged("own rating")) : null,
  ]);
  return {
    reviews: reviews ?? [],
    inList: status !== null,
    status,
    siteRating: rating,
    /** Puanım: the visitor's own rating, given with or without words. */
    myRating,
    failed,
  };
}
