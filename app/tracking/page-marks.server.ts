import type { AccountServices } from "~/accounts/account-services.server";
import { getOptionalUser } from "~/accounts/guards.server";
import { today } from "~/core/clock.server";
import {
  episodeWatch,
  episodesUnknown,
  seriesProgress,
  watchedInSeason,
  type SeasonProgress,
} from "./marks.server";

/*
 * What the series, season and episode pages show of the visitor's marks. An anonymous visitor's
 * answer holds nothing personal (the page stays public and cacheable: the same for everyone);
 * a signed-in visitor's page is private anyway (the root loader says so). A failed read is
 * logged and shows as no marks, and `failed` keeps every cache from keeping that page.
 */

interface Tolerant {
  failed: boolean;
}

async function tolerantly<T>(
  services: AccountServices,
  what: string,
  read: () => Promise<T>,
): Promise<{ value: T | null; failed: boolean }> {
  try {
    return { value: await read(), failed: false };
  } catch (error) {
    services.logger.warn({ err: String(error) }, `${what} could not be loaded`);
    return { value: null, failed: true };
  }
}

const airedBy = (airDate: string | null | undefined, day: string) =>
  Boolean(airDate && airDate <= day);

export interface SeasonMarks extends Tolerant {
  /** The season's episodes that have aired (the ones a person can mark). */
  aired: number[];
  /** The signed-in visitor's marked episodes; null for anonymous visitors and specials. */
  watched: number[] | null;
  /** Specials never count and cannot be marked: no controls at all. */
  markable: boolean;
}

export async function seasonMarks(
  services: AccountServices,
  request: Request,
  seriesId: number,
  seasonNumber: number,
  episodes: readonly { episodeNumber: number; airDate?: string | null }[],
): Promise<SeasonMarks> {
  const day = today();
  const markable = seasonNumber > 0;
  const aired = markable
    ? episodes.filter((episode) => airedBy(episode.airDate, day)).map((e) => e.episodeNumber)
    : [];
  if (!markable) return { aired, watched: null, markable, failed: false };
  const { value, failed } = await tolerantly(services, "season marks", async () => {
    const user = await getOptionalUser(request, services);
    return user ? watchedInSeason(services.database.db, user.id, seriesId, seasonNumber) : null;
  });
  return { aired, watched: value, markable, failed };
}

export interface EpisodeMark extends Tolerant {
  aired: boolean;
  markable: boolean;
  /** Null for anonymous visitors. */
  watched: boolean | null;
  /** The Istanbul day of the visitor's mark (null: none, or marked without a date). */
  watchedOn: string | null;
  /** Today in Istanbul: the İzledim sheet's default day and its latest. */
  today: string;
}

export async function episodeMark(
  services: AccountServices,
  request: Request,
  key: { seriesId: number; seasonNumber: number; episodeNumber: number },
  airDate: string | null | undefined,
): Promise<EpisodeMark> {
  const markable = key.seasonNumber > 0;
  const day = today();
  const aired = airedBy(airDate, day);
  if (!markable)
    return { aired, markable, watched: null, watchedOn: null, today: day, failed: false };
  const { value, failed } = await tolerantly(services, "episode mark", async () => {
    const user = await getOptionalUser(request, services);
    if (!user) return null;
    const mark = await episodeWatch(services.database.db, user.id, key);
    return { watched: mark !== null, watchedOn: mark?.watchedOn ?? null };
  });
  return {
    aired,
    markable,
    watched: value?.watched ?? null,
    watchedOn: value?.watchedOn ?? null,
    today: day,
    failed,
  };
}

export interface SeriesMarks extends Tolerant {
  /** Per season; null for anonymous visitors, empty while the site does not track the series. */
  seasons: SeasonProgress[] | null;
  /** Some season's episodes are not listed: the progress is over the known episodes only. */
  partial: boolean;
}

export async function seriesMarks(
  services: AccountServices,
  request: Request,
  seriesId: number,
): Promise<SeriesMarks> {
  const { value, failed } = await tolerantly(services, "series progress", async () => {
    const user = await getOptionalUser(request, services);
    if (!user) return null;
    const { db } = services.database;
    const [seasons, partial] = await Promise.all([
      seriesProgress(db, user.id, seriesId, today()),
      episodesUnknown(db, seriesId),
    ]);
    return { seasons, partial };
  });
  return { seasons: value?.seasons ?? null, partial: value?.partial ?? false, failed };
}
