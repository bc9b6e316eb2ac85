import type { CurrentUser } from "~/accounts/guards.server";
import { tolerant } from "~/catalogue/catalogue.server";
import { yearOf } from "~/core/format";
import { titleHref } from "~/catalogue/display";
import { paths } from "~/core/paths";
import { toCards, type TitleCard } from "~/catalogue/cards";
import type { LibraryServices } from "./library-services.server";
import { latestRatings } from "./reviews.server";
import { computeSiteRatings } from "./site-ratings.server";
import type { WatchlistStatus } from "./statuses";
import { latestWatchlist } from "./watchlist.server";
import type { JobQueue } from "~/db/jobs.server";
import {
  askForRecommendations,
  notYetTheirs,
  readRecommendations,
  type Recommendation,
} from "./recommendations.server";

export interface DashboardTile {
  key: string;
  rowId: number;
  itemType: "movie" | "tv" | "person";
  itemId: number;
  /** Null when the catalogue lookup failed: the raw row is shown. */
  title: string | null;
  imagePath: string | null;
  voteAverage: number | null;
  /** Release or first-air year ('TBA' when unknown); null for people and failed lookups. */
  year: string | null;
  href: string;
  rating?: number | null;
  /** Watchlist tiles: the entry's status. */
  status?: WatchlistStatus;
  /** Rating tiles: our users' average for the title ("Perde puanı"), null when none. */
  siteAverage?: number | null;
}

export async function tileFor(
  services: LibraryServices,
  row: {
    id: number;
    itemType: "movie" | "tv" | "person";
    itemId: number;
    rating?: number | null;
    status?: WatchlistStatus;
  },
): Promise<DashboardTile> {
  const { catalogue } = services;
  const base = {
    key: `${row.itemType}-${row.id}`,
    rowId: row.id,
    itemType: row.itemType,
    itemId: row.itemId,
    rating: row.rating,
    status: row.status,
  };
  if (row.itemType === "movie") {
    const { value: movie } = await tolerant(catalogue.movie(row.itemId));
    return {
      ...base,
      title: movie?.title ?? null,
      imagePath: movie?.posterPath ?? null,
      voteAverage: movie?.voteAverage ?? null,
      year: movie ? yearOf(movie.releaseDate) : null,
      href: movie ? titleHref(movie) : paths.title("movie", { id: row.itemId, name: "" }),
    };
  }
  if (row.itemType === "tv") {
    const { value: series } = await tolerant(catalogue.series(row.itemId));
    return {
      ...base,
      title: series?.name ?? null,
      imagePath: series?.posterPath ?? null,
      voteAverage: series?.voteAverage ?? null,
      year: series ? yearOf(series.firstAirDate) : null,
      href: series ? titleHref(series) : paths.title("tv", { id: row.itemId, name: "" }),
    };
  }
  const { value: person } = await tolerant(catalogue.person(row.itemId));
  return {
    ...base,
    title: person?.name ?? null,
    imagePath: person?.profilePath ?? null,
    voteAverage: null,
    year: null,
    href: paths.person(person ?? { id: row.itemId, name: "" }),
  };
}

export type Dashboard =
  | { failed: true }
  | {
      failed: false;
      watchlist: DashboardTile[];
      ratings: DashboardTile[];
      /** The week's popular titles, when there are no picks of the person's own (yet). */
      recommendations: TitleCard[] | null;
      /** "Son puanlarınıza göre seçtiklerimiz": chosen by the recommendations job, with reasons. */
      picks: Recommendation[];
    };

/**
 * The signed-in user's dashboard: latest 12 in the list, latest 6 ratings, and 12 picks of their
 * own (the recommendations job's, decision 031), else the week's popular films, said as such.
 */
export async function loadDashboard(
  services: LibraryServices & { jobs?: JobQueue },
  user: CurrentUser,
): Promise<Dashboard> {
  const { db } = services.database;
  let rows: Awaited<ReturnType<typeof latestWatchlist>>;
  let rated: Awaited<ReturnType<typeof latestRatings>>;
  let own: Awaited<ReturnType<typeof readRecommendations>>;
  try {
    [rows, rated, own] = await Promise.all([
      latestWatchlist(db, user.id, 12),
      latestRatings(db, user.id, 6),
      readRecommendations(db, user.id),
    ]);
  } catch (error) {
    services.logger.error({ err: error }, "dashboard could not be loaded");
    return { failed: true };
  }
  // A rating newer than the last choice: the job chooses again (the page does not wait).
  if (own.stale && services.jobs) {
    askForRecommendations(services.jobs, user.id).catch((error: unknown) =>
      services.logger.warn({ err: String(error) }, "recommendations could not be asked for"),
    );
  }
  const [watchlist, ratings, popular, averages] = await Promise.all([
    Promise.all(rows.map((row) => tileFor(services, row))),
    Promise.all(rated.map((row) => tileFor(services, row))),
    own.picks.length > 0 ? Promise.resolve(null) : popularNotTheirs(services, user.id),
    computeSiteRatings(
      db,
      rated.map((row) => ({ type: row.itemType, id: row.itemId })),
    ).catch((error: unknown) => {
      services.logger.warn({ err: String(error) }, "site ratings could not be loaded");
      return new Map<string, { average: number }>();
    }),
  ]);
  for (const tile of ratings)
    tile.siteAverage = averages.get(`${tile.itemType}:${tile.itemId}`)?.average ?? null;
  return {
    failed: false,
    watchlist,
    ratings,
    recommendations: own.picks.length > 0 ? [] : popular,
    picks: own.picks,
  };
}

/**
 * The week's popular films the person has nothing of yet (not watched, listed or rated: one
 * query), the first 12; null when the catalogue or the query failed.
 */
async function popularNotTheirs(
  services: LibraryServices,
  userId: string,
): Promise<TitleCard[] | null> {
  const { value: popular } = await tolerant(services.catalogue.popularMovies(1));
  const cards = toCards(popular?.results);
  if (!cards) return null;
  try {
    return (await notYetTheirs(services.database.db, userId, cards)).slice(0, 12);
  } catch (error) {
    services.logger.warn({ err: String(error) }, "popular titles could not be filtered");
    return null;
  }
}
