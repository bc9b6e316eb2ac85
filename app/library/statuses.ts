/**
 * A watchlist entry's status (SPEC.md section 3, extended by decision 011). Shared and pure, so the
 * browser bundle does not pull in the database schema; watchlist.server.ts checks at compile
 * time that this list is the schema's.
 */
export const WATCHLIST_STATUSES = ["plan_to_watch", "watching", "watched"] as const;
export type WatchlistStatus = (typeof WATCHLIST_STATUSES)[number];

export const STATUS_LABELS: Record<WatchlistStatus, string> = {
  plan_to_watch: "İzleyeceğim",
  watching: "İzliyorum",
  watched: "İzledim",
};

/** How a status reads in the list page's URL (`?durum=izliyorum`). */
export const STATUS_SLUGS: Record<WatchlistStatus, string> = {
  plan_to_watch: "izleyecegim",
  watching: "izliyorum",
  watched: "izledim",
};

export function statusFromSlug(slug: string | null | undefined): WatchlistStatus | undefined {
  return WATCHLIST_STATUSES.find((status) => STATUS_SLUGS[status] === slug);
}

/** The query parameter that makes a detail page offer the review form ("Puan vermek ister misiniz?"). */
export const REVIEW_OFFER_PARAM = "puanla";
