import { z } from "zod";
import { STATUS_SLUGS, WATCHLIST_STATUSES } from "./statuses";
import { paths } from "~/core/paths";

/** The list page's URL state (/dashboard/liste), shared by its loader and its component. */

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
  return query ? `${paths.watchlist}?${query}` : paths.watchlist;
}
