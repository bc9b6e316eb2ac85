import { and, eq, inArray } from "drizzle-orm";
import type { Catalogue } from "./catalogue.server";
import type { Database } from "~/db/client.server";
import { titleFacts } from "~/db/history-schema";
import type { TitleRef } from "./types";

/*
 * What the diary page, the year summary, lists and profiles know of a title without asking the
 * catalogue: kept when a title is logged, imported, put on a list or chosen as a favourite, from
 * the catalogue's details (one call, cached there).
 */

const CAST_KEPT = 10;

/**
 * Keeps (or refreshes) the title's facts; false when the catalogue does not know the title.
 * A failing catalogue throws: the caller decides whether the watch is still written.
 */
export async function recordTitleFacts(
  services: { catalogue: Catalogue; database: { db: Database } },
  item: TitleRef,
): Promise<boolean> {
  const facts = await readFacts(services.catalogue, item);
  if (!facts) return false;
  const row = { itemType: item.type, itemId: item.id, ...facts, refreshedAt: new Date() };
  await services.database.db
    .insert(titleFacts)
    .values(row)
    .onConflictDoUpdate({ target: [titleFacts.itemType, titleFacts.itemId], set: row });
  return true;
}

/**
 * Keeps the facts of the titles that have none yet (the import, after each batch): one catalogue
 * call per new title, never one per row nor one for a title already known. A title the catalogue
 * does not know is passed over; a failing catalogue throws.
 */
export async function recordMissingTitleFacts(
  services: { catalogue: Catalogue; database: { db: Database } },
  items: TitleRef[],
): Promise<void> {
  const db = services.database.db;
  for (const type of ["movie", "tv"] as const) {
    const ids = [...new Set(items.filter((item) => item.type === type).map((item) => item.id))];
    if (ids.length === 0) continue;
    const known = await db
      .select({ id: titleFacts.itemId })
      .from(titleFacts)
      .where(and(eq(titleFacts.itemType, type), inArray(titleFacts.itemId, ids)));
    const knownIds = new Set(known.map((row) => row.id));
    for (const id of ids) {
      if (!knownIds.has(id)) await recordTitleFacts(services, { type, id });
    }
  }
}

const person = ({ id, name }: { id: number; name: string }) => ({ id, name });

async function readFacts(catalogue: Catalogue, item: TitleRef) {
  if (item.type === "movie") {
    const movie = await catalogue.movie(item.id);
    if (!movie) return null;
    return {
      title: movie.title,
      imdbId: movie.imdbId,
      posterPath: movie.posterPath,
      date: movie.releaseDate,
      runtime: movie.runtime && movie.runtime > 0 ? Math.min(movie.runtime, 32_767) : null,
      genreIds: movie.genres.map((genre) => genre.id),
      directors: movie.crew.filter((member) => member.job === "Director").map(person),
      cast: movie.cast.slice(0, CAST_KEPT).map(person),
    };
  }
  const series = await catalogue.series(item.id);
  if (!series) return null;
  return {
    title: series.name,
    imdbId: series.imdbId,
    posterPath: series.posterPath,
    date: series.firstAirDate,
    // The catalogue gives no episode length for a series; the summary counts episodes' own.
    runtime: null,
    genreIds: series.genres.map((genre) => genre.id),
    directors: series.createdBy.map(person),
    cast: series.cast.slice(0, CAST_KEPT).map(person),
  };
}
