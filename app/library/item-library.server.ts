import { getOptionalUser } from "~/accounts/guards.server";
import type { AppServices } from "~/services.server";
import { listItemReviews, type ReviewItemType } from "./reviews.server";
import { isInWatchlist } from "./watchlist.server";

/**
 * What a detail page shows of the visitor's library: the reviews, and whether it is in their
 * list. A failed load is logged and shows as no reviews / not in the list (SPEC.md section 8),
 * and `failed` tells the route not to let any cache keep that page.
 */
export async function itemLibrary(
  services: AppServices,
  request: Request,
  item: { type: ReviewItemType; id: number },
) {
  const user = await getOptionalUser(request, services);
  const { db } = services.database;
  let failed = false;
  const logged = (what: string) => (error: unknown) => {
    failed = true;
    services.logger.warn({ err: String(error), item }, `${what} could not be loaded`);
  };
  const [reviews, inList] = await Promise.all([
    listItemReviews(db, item, user?.id).catch(logged("reviews")),
    user && item.type !== "person"
      ? isInWatchlist(db, user.id, { type: item.type, id: item.id }).catch(
          logged("watchlist state"),
        )
      : false,
  ]);
  return { reviews: reviews ?? [], inList: inList ?? false, failed };
}

export type ItemLibrary = Awaited<ReturnType<typeof itemLibrary>>;
