import type { Catalogue } from "~/catalogue/catalogue.server";
import type { ReviewItemType } from "./reviews.server";

/**
 * Whether a film, series or person exists in the catalogue, asked through the port (cached
 * there), so no row is ever written for an id that names nothing. A catalogue that fails
 * throws ServiceUnavailableError: the write is refused with "try again", not stored blindly.
 */
export async function itemExists(
  catalogue: Catalogue,
  item: { type: ReviewItemType; id: number },
): Promise<boolean> {
  if (item.type === "movie") return (await catalogue.movie(item.id)) !== null;
  if (item.type === "tv") return (await catalogue.series(item.id)) !== null;
  return (await catalogue.person(item.id)) !== null;
}

/** Whether a film, series or episode has come out: known and ready to be watched. */
export type Release = "missing" | "unreleased" | "out";

/**
 * The marks' rule (app/tracking/marks.server.ts), for anything with a first date: a date on or
 * before the site's day has come out; a date after it, or none at all, has not.
 */
export const releaseOf = (found: boolean, date: string | null | undefined, day: string): Release =>
  !found ? "missing" : date && date.slice(0, 10) <= day ? "out" : "unreleased";

/** What is said for a title or episode that has not come out: it is neither rated nor logged. */
export const NOT_OUT = {
  movie: "Bu film henüz vizyona girmedi",
  tv: "Bu dizi henüz yayınlanmadı",
  episode: "Bu bölüm henüz yayınlanmadı",
} as const;

/**
 * Whether a film or series exists and has come out by `day` (its release or first air date),
 * asked through the catalogue (cached there). A failing catalogue throws, and the form is
 * refused with "try again" rather than written blindly.
 */
export async function titleRelease(
  catalogue: Catalogue,
  item: { type: "movie" | "tv"; id: number },
  day: string,
): Promise<Release> {
  if (item.type === "movie") {
    const movie = await catalogue.movie(item.id);
    return releaseOf(movie !== null, movie?.releaseDate, day);
  }
  const series = await catalogue.series(item.id);
  return releaseOf(series !== null, series?.firstAirDate, day);
}
