import { getOptionalUser } from "~/accounts/guards.server";
import { today } from "~/core/clock.server";
import type { LibraryServices } from "~/library/library-services.server";
import { titleDiary } from "./diary.server";
import type { TitleRef } from "~/catalogue/types";
import type { EpisodeRef } from "./ratings.server";
import { episodeSiteRating, ownEpisodeRating } from "./ratings.server";

/**
 * The diary line of a title's page for the signed-in visitor: today's date (the form's default
 * and its upper bound), how often they logged it and when last. Null for anonymous visitors,
 * whose page is the same for everyone. `failed` tells the route not to let a cache keep it.
 */
export async function titleHistory(services: LibraryServices, request: Request, item: TitleRef) {
  const user = await getOptionalUser(request, services);
  if (!user) return { diary: null, failed: false };
  try {
    const logged = await titleDiary(services.database.db, user.id, item);
    return { diary: { today: today(), ...logged }, failed: false };
  } catch (error) {
    services.logger.warn({ err: String(error), item }, "diary line could not be loaded");
    return { diary: null, failed: true };
  }
}

/** An episode page's ratings: its Perde puanı for everyone, Puanım for the signed-in visitor. */
export async function episodeRatingsOfPage(
  services: LibraryServices,
  request: Request,
  episode: EpisodeRef,
) {
  const user = await getOptionalUser(request, services);
  const { db } = services.database;
  let failed = false;
  const logged = (error: unknown) => {
    failed = true;
    services.logger.warn({ err: String(error), episode }, "episode rating could not be loaded");
    return null;
  };
  const [siteRating, myRating] = await Promise.all([
    episodeSiteRating(db, episode).catch(logged),
    user ? ownEpisodeRating(db, user.id, episode).catch(logged) : null,
  ]);
  return { siteRating, myRating, signedIn: user !== null, failed };
}
