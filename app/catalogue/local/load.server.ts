import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import {
  catalogueCredits,
  catalogueEpisodes,
  catalogueGenres,
  catalogueMeta,
  cataloguePeople,
  catalogueSearch,
  catalogueSeasons,
  catalogueTitles,
} from "~/db/catalogue-schema";
import type { Database } from "~/db/client.server";
import type { Logger } from "~/core/logger.server";
import { projectRoot } from "~/core/project-root.server";
import { loadCatalogueContent } from "./content.server";
import { contentToRows, type CatalogueRows } from "./rows.server";

export const DEFAULT_CONTENT_DIR = path.join(projectRoot, "content", "catalogue");

/** Bump when contentToRows changes what it stores, so existing databases reload. */
const ROWS_VERSION = "4";
/** The catalogue_meta row naming the content the tables hold. */
export const CONTENT_HASH_KEY = "content_hash";
const LOAD_LOCK = 7_274_101;
const BATCH = 500;

/** A hash of every content file, so the tables reload exactly when the content changed. */
async function contentHash(dir: string): Promise<string> {
  const hash = createHash("sha256").update(ROWS_VERSION);
  async function walk(current: string) {
    const entries = (await readdir(current, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith(".json")) {
        hash.update(path.relative(dir, full)).update(await readFile(full));
      }
    }
  }
  await walk(dir);
  return hash.digest("hex");
}

async function insertBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += BATCH) {
    await insert(items.slice(start, start + BATCH));
  }
}

/** Replaces every catalogue row in one transaction; concurrent loaders wait on a lock. */
export async function replaceCatalogueRows(db: Database, rows: CatalogueRows, hash: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK})`);
    const [current] = await tx
      .select()
      .from(catalogueMeta)
      .where(eq(catalogueMeta.key, CONTENT_HASH_KEY));
    if (current?.value === hash) return;
    for (const table of [
      catalogueTitles,
      cataloguePeople,
      catalogueCredits,
      catalogueSeasons,
      catalogueEpisodes,
      catalogueGenres,
      catalogueSearch,
    ]) {
      await tx.delete(table);
    }
    await insertBatches(rows.genres, (batch) => tx.insert(catalogueGenres).values(batch));
    await insertBatches(rows.titles, (batch) => tx.insert(catalogueTitles).values(batch));
    await insertBatches(rows.people, (batch) => tx.insert(cataloguePeople).values(batch));
    await insertBatches(rows.credits, (batch) => tx.insert(catalogueCredits).values(batch));
    await insertBatches(rows.seasons, (batch) => tx.insert(catalogueSeasons).values(batch));
    await insertBatches(rows.episodes, (batch) => tx.insert(catalogueEpisodes).values(batch));
    await insertBatches(rows.search, (batch) => tx.insert(catalogueSearch).values(batch));
    await tx
      .insert(catalogueMeta)
      .values({ key: CONTENT_HASH_KEY, value: hash })
      .onConflictDoUpdate({ target: catalogueMeta.key, set: { value: hash } });
  });
  // Fresh statistics: without them the planner takes the freshly filled tables for small ones
  // and sorts whole tables instead of walking an index (e.g. for "Benzer yapımlar"). Vacuum
  // marks the pages all-visible, which lets list pages walk their indexes without the table.
  await db.execute(
    sql`vacuum analyze catalogue_titles, catalogue_credits, catalogue_people, catalogue_search`,
  );
}

/**
 * Loads the content files into the catalogue tables when they are empty or out of date
 * (first start, or the files changed). A no-op otherwise.
 */
export async function ensureLocalCatalogue(
  db: Database,
  logger: Logger,
  dir: string = DEFAULT_CONTENT_DIR,
): Promise<void> {
  const hash = await contentHash(dir);
  const [current] = await db
    .select()
    .from(catalogueMeta)
    .where(eq(catalogueMeta.key, CONTENT_HASH_KEY));
  if (current?.value === hash) return;
  const started = Date.now();
  const content = await loadCatalogueContent(dir);
  const rows = contentToRows(content);
  await replaceCatalogueRows(db, rows, hash);
  logger.info(
    { titles: rows.titles.length, people: rows.people.length, ms: Date.now() - started },
    "local catalogue loaded",
  );
}
