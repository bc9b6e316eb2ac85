import { slugify } from "./slug";

/** A genre's URL piece: "Bilim-Kurgu", 878 → "bilim-kurgu-878". */
export const genreSlug = (genre: { id: number; name: string }) =>
  `${slugify(genre.name)}-${genre.id}`;
