import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-database";
import { catalogueMeta, catalogueTitles } from "~/db/catalogue-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { createLogger } from "~/core/logger.server";
import { CONTENT_HASH_KEY, ensureLocalCatalogue } from "./load.server";

const logger = createLogger("silent");

/** What an import asks: which title of the embedded catalogue has this IMDb id. */
async function titleByImdbId(database: DatabaseHandle, imdbId: string) {
  return database.db
    .select({ mediaType: catalogueTitles.mediaType, id: catalogueTitles.id })
    .from(catalogueTitles)
    .where(eq(catalogueTitles.imdbId, imdbId));
}

describe("IMDb ids in the local catalogue", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureLocalCatalogue(database.db, logger);
  }, 120_000);
  afterAll(() => database.close());

  it("finds a film and a series by their IMDb ids, and nothing for an unknown id", async () => {
    expect(await titleByImdbId(database, "tt0111161")).toEqual([{ mediaType: "movie", id: 278 }]);
    expect(await titleByImdbId(database, "tt0903747")).toEqual([{ mediaType: "tv", id: 1396 }]);
    expect(await titleByImdbId(database, "tt9999999")).toEqual([]);
  });

  it("keeps titles without a known IMDb id at null", async () => {
    const [row] = await database.db
      .select({
        known: sql<number>`count(*) filter (where ${catalogueTitles.imdbId} is not null)::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(catalogueTitles);
    expect(row!.known).toBeGreaterThanOrEqual(150);
    expect(row!.known).toBeLessThan(row!.all);
  });

  it("fills the column on the next start of a database loaded before IMDb ids existed", async () => {
    // A database loaded by the previous version: the column (added by the migration) is empty
    // and the stored content hash is the old one.
    await database.db.update(catalogueTitles).set({ imdbId: null });
    await database.db
      .update(catalogueMeta)
      .set({ value: "hash-of-the-content-before-imdb-ids" })
      .where(eq(catalogueMeta.key, CONTENT_HASH_KEY));

    await ensureLocalCatalogue(database.db, logger);

    const filled = await database.db
      .select({ id: catalogueTitles.id })
      .from(catalogueTitles)
      .where(and(eq(catalogueTitles.mediaType, "movie"), isNotNull(catalogueTitles.imdbId)));
    expect(filled.length).toBeGreaterThanOrEqual(100);
    expect(await titleByImdbId(database, "tt0068646")).toEqual([{ mediaType: "movie", id: 238 }]);
  }, 120_000);
});
