import { z } from "zod";
import { STATUS_SLUGS, WATCHLIST_STATUSES, type WatchlistStatus } from "./statuses";
import { paths } from "~/core/paths";

/**
 * The list pages' URL state, shared by their loader and component. Two shelves of one table
 * (decision 029): İzleme Listem (/dashboard/liste) holds what is still to watch, İzlediklerim
 * (/dashboard/izlediklerim) what was watched.
 */

export type Shelf = "to-watch" | "watched";

export const SHELVES = {
  "to-watch": {
    path: paths.watchlist,
    title: "İzleme Listem",
    gridLabel: "İzleme listesi",
    statuses: ["plan_to_watch", "watching"],
    empty: "İzleme listeniz henüz boş.",
  },
  watched: {
    path: paths.watched,
    title: "İzlediklerim",
    gridLabel: "İzlediğim yapımlar",
    statuses: ["watched"],
    empty: "Henüz izlediğiniz bir yapım yok.",
  },
} as const satisfies Record<
  Shelf,
  {
    path: string;
    title: string;
    gridLabel: string;
    statuses: readonly WatchlistStatus[];
    empty: string;
  }
>;

export const LIST_PAGE_SIZE = 24;
/** Sorting by title, year or rating needs every matching title's details; past this, by date. */
export const LIST_SORT_LIMIT = 500;

export const LIST_SORTS = [
  { slug: "eklenme", label: "Eklenme tarihi" },
  { slug: "baslik", label: "Başlık (A-Z)" },
  { slug: "yil", label: "Yıl (yeniden eskiye)" },
  { slug: "puan", label: "Puan (yüksekten düşüğe)" },
] as const;
export type ListSort = (typeof LIST_SORTS)[number]["slug"];

export const LIST_KINDS = [
  { slug: "film", label: "Filmler", itemType: "movie" },
  { slug: "dizi", label: "Diziler", itemType: "tv" },
] as const;

export const listQuery = z.object({
  durum: z
    .enum(WATCHLIST_STATUSES.map((status) => STATUS_SLUGS[status]) as [string, ...string[]])
    .optional()
    .catch(undefined),
  tur: z.enum(["film", "dizi"]).optional().catch(undefined),
  sirala: z.enum(["eklenme", "baslik", "yil", "puan"]).catch("eklenme"),
  sayfa: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export interface ListFilters {
  shelf: Shelf;
  status: string | undefined;
  kind: "film" | "dizi" | undefined;
  sort: ListSort;
}

/** The page's URL for a state: defaults are left out, page 1 too. */
export function listHref(filters: ListFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("durum", filters.status);
  if (filters.kind) params.set("tur", filters.kind);
  if (filters.sort !== "eklenme") params.set("sirala", filters.sort);
  if (page > 1) params.set("sayfa", String(page));
  const query = params.toString();
  const path = SHELVES[filters.shelf].path;
  return query ? `${path}?${query}` : path;
}
