import type { AccountServices } from "~/accounts/account-services.server";
import type { CurrentUser } from "~/accounts/guards.server";
import { today } from "~/core/clock.server";
import { continueWatching, type UpNextEpisode } from "./continue-watching.server";

export interface UpNextShown extends UpNextEpisode {
  aired: boolean;
}

export interface UpNextRow {
  seriesId: number;
  name: string;
  posterPath: string | null;
  next: UpNextShown | null;
  following: UpNextShown | null;
  episodesUnknown: boolean;
}

/** The dashboard's "İzlemeye Devam Et"; null when it could not be read (logged). */
export async function loadUpNext(
  services: AccountServices,
  user: CurrentUser,
): Promise<UpNextRow[] | null> {
  try {
    const day = today();
    const shown = (episode: UpNextEpisode | null): UpNextShown | null =>
      episode && { ...episode, aired: Boolean(episode.airDate && episode.airDate <= day) };
    const rows = await continueWatching(services.database.db, user.id);
    return rows.map((row) => ({ ...row, next: shown(row.next), following: shown(row.following) }));
  } catch (error) {
    services.logger.error({ err: error }, "continue watching could not be loaded");
    return null;
  }
}
