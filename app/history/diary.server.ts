import { and, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  DIARY_NEWEST_FIRST,
  diaryEntries,
  titleFacts,
  titleFactsOf,
  watchedIn,
} from "~/db/history-schema";
import type { DiaryFilters, DiaryInput } from "./schemas";
import type { TitleRef } from "~/catalogue/types";
import { recordWatched } from "~/library/watchlist.server";
import { setTitleRating } from "./ratings.server";

/*
 * Günlük (issue #24.2): every watch a person logs, with its own day, rating, words, rewatch mark
 * and tags. Every query names the owner; an entry of someone else's is "not found", never shown
 * or changed.
 */

export const DIARY_PAGE_SIZE = 50;

const owned = (userId: string, entryId: number) =>
  and(eq(diaryEntries.id, entryId), eq(diaryEntries.userId, userId));

const values = (input: DiaryInput) => ({
  watchedOn: input.watchedOn,
  rating: input.rating,
  review: input.review,
  rewatch: input.rewatch,
  spoiler: input.spoiler,
  tags: input.tags,
});

/** The person's entries of one title. */
const ofTitle = (userId: string, item: TitleRef) =>
  and(
    eq(diaryEntries.userId, userId),
    eq(diaryEntries.itemType, item.type),
    eq(diaryEntries.itemId, item.id),
  );

/**
 * The latest rated entry of a title (by the day watched, then by when it was written) sets the
 * title's Puanım: a rating given in the diary is the person's rating of the title. The site's
 * forms and the import both come through here.
 */
async function applyLatestDiaryRating(db: Database, userId: string, item: TitleRef) {
  const [latest] = await db
    .select({ rating: diaryEntries.rating })
    .from(diaryEntries)
    .where(and(ofTitle(userId, item), isNotNull(diaryEntries.rating)))
    .orderBy(desc(diaryEntries.watchedOn), desc(diaryEntries.id))
    .limit(1);
  if (latest?.rating) await setTitleRating(db, userId, item, latest.rating);
}

/** Logs a watch written on the site; its id. The title moves out of İzleyeceğim (decision 029). */
export async function addDiaryEntry(
  db: Database,
  userId: string,
  item: TitleRef,
  input: DiaryInput,
): Promise<number> {
  const [row] = await db
    .insert(diaryEntries)
    .values({ userId, itemType: item.type, itemId: item.id, ...values(input) })
    .returning({ id: diaryEntries.id });
  if (input.rating !== null) await applyLatestDiaryRating(db, userId, item);
  await recordWatched(db, userId, item);
  return row!.id;
}

/**
 * What an imported watch says. `watchedOn` always; a field left undefined keeps what the entry
 * already has (a new entry starts without rating or words, not a rewatch, without tags). A
 * Letterboxd watch is in diary.csv and, when it has words, again in reviews.csv: each file's row
 * brings its part without erasing the other's.
 */
export type ImportedWatch = Pick<DiaryInput, "watchedOn"> & Partial<Omit<DiaryInput, "watchedOn">>;

/**
 * Writes an imported watch: `importKey` names its source row (file kind and row identity), so
 * importing the same file again updates the entry instead of adding one, and an entry that would
 * not change is not written again. `db` may be the import's transaction.
 */
export async function upsertDiaryEntry(
  db: Database,
  userId: string,
  item: TitleRef,
  input: ImportedWatch,
  importKey: string,
): Promise<"created" | "updated"> {
  const given = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<DiaryInput>;
  const changes = { itemType: item.type, itemId: item.id, ...given };
  const columns = Object.keys(changes).map((key) => diaryEntries[key as keyof typeof changes]);
  const [saved] = await db
    .insert(diaryEntries)
    .values({
      userId,
      itemType: item.type,
      itemId: item.id,
      importKey,
      watchedOn: input.watchedOn,
      rating: input.rating ?? null,
      review: input.review ?? null,
      rewatch: input.rewatch ?? false,
      spoiler: input.spoiler ?? false,
      tags: input.tags ?? [],
    })
    .onConflictDoUpdate({
      target: [diaryEntries.userId, diaryEntries.importKey],
      set: { ...changes, updatedAt: new Date() },
      setWhere: sql`(${sql.join(columns, sql`, `)}) is distinct from (${sql.join(
        columns.map((column) => sql.raw(`excluded.${column.name}`)),
        sql`, `,
      )})`,
    })
    // PostgreSQL's xmax is 0 for a row this statement inserted, not for one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (input.rating !== undefined && input.rating !== null)
    await applyLatestDiaryRating(db, userId, item);
  await recordWatched(db, userId, item);
  return saved?.inserted ? "created" : "updated";
}

/** Changes an entry only if it is the user's: its title, or null when there is no such entry. */
export async function updateDiaryEntry(
  db: Database,
  userId: string,
  entryId: number,
  input: DiaryInput,
): Promise<TitleRef | null> {
  const [row] = await db
    .update(diaryEntries)
    .set({ ...values(input), updatedAt: new Date() })
    .where(owned(userId, entryId))
    .returning({ type: diaryEntries.itemType, id: diaryEntries.itemId });
  if (row && input.rating !== null) await applyLatestDiaryRating(db, userId, row);
  return row ?? null;
}

/** Deletes an entry only if it is the user's; false otherwise. Puanım stays as it is. */
export async function deleteDiaryEntry(db: Database, userId: string, entryId: number) {
  const deleted = await db
    .delete(diaryEntries)
    .where(owned(userId, entryId))
    .returning({ id: diaryEntries.id });
  return deleted.length > 0;
}

const entryColumns = {
  id: diaryEntries.id,
  itemType: diaryEntries.itemType,
  itemId: diaryEntries.itemId,
  watchedOn: diaryEntries.watchedOn,
  rating: diaryEntries.rating,
  review: diaryEntries.review,
  rewatch: diaryEntries.rewatch,
  spoiler: diaryEntries.spoiler,
  tags: diaryEntries.tags,
  title: titleFacts.title,
  posterPath: titleFacts.posterPath,
};

export type DiaryEntryView = {
  id: number;
  itemType: "movie" | "tv";
  itemId: number;
  watchedOn: string;
  rating: number | null;
  review: string | null;
  rewatch: boolean;
  spoiler: boolean;
  tags: string[];
  /** From title_facts; null if the title's facts were never kept. */
  title: string | null;
  posterPath: string | null;
};

/** One of the user's entries, or null (someone else's is null too). */
export async function findDiaryEntry(
  db: Database,
  userId: string,
  entryId: number,
): Promise<DiaryEntryView | null> {
  const [row] = await db
    .select(entryColumns)
    .from(diaryEntries)
    .leftJoin(titleFacts, titleFactsOf(diaryEntries))
    .where(owned(userId, entryId))
    .limit(1);
  return row ?? null;
}

/**
 * A page of the diary, newest watch first, in one query: the page's rows are taken first on the
 * index (user, watched_on desc, id desc), and only those are joined to title_facts for their
 * titles and posters (never a catalogue call). One row more than a page is read to know whether
 * another page follows.
 */
export async function diaryPage(
  db: Database,
  userId: string,
  filters: DiaryFilters,
): Promise<{ entries: DiaryEntryView[]; hasNext: boolean }> {
  const where: SQL[] = [eq(diaryEntries.userId, userId)];
  if (filters.year) {
    where.push(watchedIn(filters.year));
  }
  if (filters.kind) where.push(eq(diaryEntries.itemType, filters.kind === "film" ? "movie" : "tv"));
  const page = db
    .select()
    .from(diaryEntries)
    .where(and(...where))
    .orderBy(...DIARY_NEWEST_FIRST)
    .limit(DIARY_PAGE_SIZE + 1)
    .offset((filters.page - 1) * DIARY_PAGE_SIZE)
    .as("page");
  const rows = await db
    .select({
      id: page.id,
      itemType: page.itemType,
      itemId: page.itemId,
      watchedOn: page.watchedOn,
      rating: page.rating,
      review: page.review,
      rewatch: page.rewatch,
      spoiler: page.spoiler,
      tags: page.tags,
      title: titleFacts.title,
      posterPath: titleFacts.posterPath,
    })
    .from(page)
    .leftJoin(titleFacts, titleFactsOf(page))
    .orderBy(desc(page.watchedOn), desc(page.id));
  return { entries: rows.slice(0, DIARY_PAGE_SIZE), hasNext: rows.length > DIARY_PAGE_SIZE };
}

/** The years the user logged watches in, newest first (two index lookups: first and last). */
export async function diaryYears(db: Database, userId: string): Promise<number[]> {
  const [span] = await db
    .select({
      first: sql<string | null>`min(${diaryEntries.watchedOn})`,
      last: sql<string | null>`max(${diaryEntries.watchedOn})`,
    })
    .from(diaryEntries)
    .where(eq(diaryEntries.userId, userId));
  if (!span?.first || !span.last) return [];
  const first = Number(span.first.slice(0, 4));
  const last = Number(span.last.slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, index) => last - index);
}

/** How often the user logged a title, and the last day: the title page's diary line. */
export async function titleDiary(
  db: Database,
  userId: string,
  item: TitleRef,
): Promise<{ count: number; lastWatchedOn: string | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${diaryEntries.watchedOn})`,
    })
    .from(diaryEntries)
    .where(ofTitle(userId, item));
  return { count: Number(row?.count ?? 0), lastWatchedOn: row?.last ?? null };
}
