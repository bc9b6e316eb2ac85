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
