import type { CurrentUser } from "~/accounts/guards.server";
import type { LibraryServices } from "./library-services.server";
import { tileFor, type DashboardTile } from "./dashboard.server";
import { redirect } from "react-router";
import {
  LIST_KINDS,
  LIST_PAGE_SIZE,
  LIST_SORT_LIMIT,
  listQuery,
  type ListFilters,
  listHref,
  SHELVES,
  type ListSort,
  type Shelf,
} from "./list-filters";
import { statusFromSlug, type WatchlistStatus } from "./statuses";
import { filteredWatchlist } from "./watchlist.server";

/*
 * /dashboard/liste (İzleme Listem: İzleyeceğim and İzliyorum) and /dashboard/izlediklerim
 * (İzlediklerim: İzledim), filtered by status and kind, sorted, 24 a page. The state lives in
 * the URL (?durum=izliyorum&tur=film&sirala=baslik&sayfa=2) like the genre pages.
 */

const collator = new Intl.Collator("tr", { sensitivity: "base", numeric: true });

function compareTiles(sort: ListSort) {
  // Titles the catalogue could not find go last, whatever the order.
  const missing = (tile: DashboardTile) => (tile.title === null ? 1 : 0);
  return (a: DashboardTile, b: DashboardTile) => {
    const last = missing(a) - missing(b);
    if (last !== 0) return last;
    switch (sort) {
      case "baslik":
        return collator.compare(a.title ?? "", b.title ?? "");
      case "yil":
        return (Number(b.year) || 0) - (Number(a.year) || 0);
      case "puan":
        return (b.voteAverage ?? 0) - (a.voteAverage ?? 0);
      default:
        return 0;
    }
  };
}

export async function loadWatchlistPage(
  services: LibraryServices,
  user: CurrentUser,
  url: URL,
  shelf: Shelf,
) {
  const query = listQuery.parse(Object.fromEntries(url.searchParams));
  const status = statusFromSlug(query.durum);
  const statuses: readonly WatchlistStatus[] = SHELVES[shelf].statuses;
  if (status && !statuses.includes(status)) {
    // An old address (İzleme Listem's "İzledim" filter) goes to the shelf that holds it.
    const other: Shelf = shelf === "watched" ? "to-watch" : "watched";
    const moved = { shelf: other, kind: query.tur, sort: query.sirala };
    throw redirect(listHref({ ...moved, status: other === "watched" ? undefined : query.durum }));
  }
  const filters: ListFilters = {
    shelf,
    status: shelf === "watched" ? undefined : query.durum,
    kind: query.tur,
    sort: query.sirala,
  };
  const filter = {
    statuses: status ? [status] : statuses,
    itemType: LIST_KINDS.find((kind) => kind.slug === query.tur)?.itemType,
  };
  const { db } = services.database;
  const offset = (query.sayfa - 1) * LIST_PAGE_SIZE;
  try {
    let tiles: DashboardTile[];
    let total: number;
    if (filters.sort === "eklenme") {
      // Date added is in the table itself: only this page's titles are looked up.
      const found = await filteredWatchlist(db, user.id, filter, {
        limit: LIST_PAGE_SIZE,
        offset,
      });
      total = found.total;
      tiles = await Promise.all(found.rows.map((row) => tileFor(services, row)));
    } else {
      const found = await filteredWatchlist(db, user.id, filter, {
        limit: LIST_SORT_LIMIT,
        offset: 0,
      });
      total = found.rows.length;
      const all = await Promise.all(found.rows.map((row) => tileFor(services, row)));
      tiles = all.sort(compareTiles(filters.sort)).slice(offset, offset + LIST_PAGE_SIZE);
    }
    return {
      failed: false as const,
      filters,
      tiles,
      total,
      page: query.sayfa,
      totalPages: Math.ceil(total / LIST_PAGE_SIZE),
    };
  } catch (error) {
    services.logger.error({ err: error }, "watchlist page could not be loaded");
    return { failed: true as const, filters, page: query.sayfa };
  }
}

export type WatchlistPageData = Awaited<ReturnType<typeof loadWatchlistPage>>;
