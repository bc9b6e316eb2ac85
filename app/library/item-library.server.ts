import { getOptionalUser } from "~/accounts/guards.server";
import type { AppServices } from "~/services.server";
import { listItemReviews, type ReviewItemType } from "./reviews.server";
import { isInWatchlist } from "./watchlist.server";

/** What a detail page shows of the visitor's library: the reviews, and whether it is in their list. */
export async function itemLibrary(
  services: AppServices,
  request: Request,
  item: { type: ReviewItemType; id: number },
) {
  const user = await getOptionalUser(request, services);
  const { db } = services.database;
  const [reviews, inList] = await Promise.all([
    listItemReviews(db, services.logger, item, user?.id),
    user && item.type !== "person"
      ? isInWatchlist(db, user.id, { type: item.type, id: item.id }).catch((error: unknown) => {
          services.logger.error({ err: error }, "watchlist state could not be loaded");
          return false;
        })
      : false,
  ]);
  return { reviews, inList };
}

export type ItemLibrary = Awaited<ReturnType<typeof itemLibrary>>;
