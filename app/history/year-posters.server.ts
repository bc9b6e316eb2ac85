import { and, desc, eq, isNotNull, max, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { diaryEntries, titleFacts, titleFactsOf, watchedIn } from "~/db/history-schema";

/**
 * The posters of a year summary's picture (decision 028): the films and series of the person's
 * diary that year, best rated first, then the latest watched; one indexed query over their own
 * rows and title_facts, no catalogue call.
 */
export async function yearPosters(db: Database, userId: string, year: number, limit = 4) {
  const best = max(diaryEntries.rating);
  const latest = max(diaryEntries.watchedOn);
  return db
    .select({ title: titleFacts.title, posterPath: titleFacts.posterPath })
    .from(diaryEntries)
    .innerJoin(titleFacts, titleFactsOf(diaryEntries))
    .where(and(eq(diaryEntries.userId, userId), watchedIn(year), isNotNull(titleFacts.posterPath)))
    .groupBy(titleFacts.itemType, titleFacts.itemId, titleFacts.title, titleFacts.posterPath)
    .orderBy(sql`${best} desc nulls last`, desc(latest))
    .limit(limit);
}
