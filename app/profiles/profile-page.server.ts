import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { today } from "~/core/clock.server";
import { usernameKey } from "~/core/paths";
import type { Database } from "~/db/client.server";
import {
  DIARY_NEWEST_FIRST,
  diaryEntries,
  titleFacts,
  titleFactsOf,
  watchedIn,
} from "~/db/history-schema";
import { profiles, reviews } from "~/db/schema";
import { recordMissingTitleFacts } from "~/catalogue/title-facts.server";
import type { LibraryServices } from "~/library/library-services.server";
import { publicListsOf } from "~/lists/lists.server";
import { favoriteFilms } from "./profile-settings.server";

/*
 * /u/{kullanıcı-adı} (issue #25.5): a public profile, found by its username's key. A profile
 * that is not public reads exactly as one that does not exist. Everything on the page comes
 * from the database in a handful of queries: titles and posters from title_facts, never one
 * catalogue call per row.
 */

const RECENT_RATINGS = 8;
const RECENT_DIARY = 6;
const KEY = /^[a-z0-9_.]{3,30}$/;

/** A film or series the page shows, with its card's facts (null when never kept). */
export interface ProfileTitle {
  itemType: "movie" | "tv";
  itemId: number;
  title: string | null;
  posterPath: string | null;
  date: string | null;
}

const factColumns = {
  title: titleFacts.title,
  posterPath: titleFacts.posterPath,
  date: titleFacts.date,
};

/** The person's latest ratings of films and series (a rating without words counts too). */
function recentRatings(db: Database, userId: string) {
  return db
    .select({
      itemType: sql<"movie" | "tv">`${reviews.itemType}`,
      itemId: reviews.itemId,
      rating: sql<number>`${reviews.rating}`,
      ...factColumns,
    })
    .from(reviews)
    .leftJoin(titleFacts, titleFactsOf(reviews))
    .where(
      and(
        eq(reviews.userId, userId),
        isNotNull(reviews.rating),
        inArray(reviews.itemType, ["movie", "tv"]),
      ),
    )
    .orderBy(desc(reviews.updatedAt), desc(reviews.id))
    .limit(RECENT_RATINGS);
}

/**
 * The latest ratings with their titles. A rating given in one tap keeps no facts (the diary
 * does), so the few shown that have none get them now: at most RECENT_RATINGS catalogue calls,
 * once per title for the whole site, after which every profile reads them from the table. A
 * failing catalogue leaves them without a poster, never the page without its ratings.
 */
async function ratingsWithFacts(services: LibraryServices, userId: string) {
  const { db } = services.database;
  const rows = await recentRatings(db, userId);
  const missing = rows.filter((row) => row.title === null);
  if (missing.length === 0) return rows;
  try {
    await recordMissingTitleFacts(
      services,
      missing.map((row) => ({ type: row.itemType, id: row.itemId })),
    );
  } catch (error) {
    services.logger.warn({ err: String(error) }, "profile: title facts not kept");
    return rows;
  }
  return recentRatings(db, userId);
}

function recentDiary(db: Database, userId: string) {
  return db
    .select({
      id: diaryEntries.id,
      itemType: diaryEntries.itemType,
      itemId: diaryEntries.itemId,
      watchedOn: diaryEntries.watchedOn,
      rating: diaryEntries.rating,
      rewatch: diaryEntries.rewatch,
      ...factColumns,
    })
    .from(diaryEntries)
    .leftJoin(titleFacts, titleFactsOf(diaryEntries))
    .where(eq(diaryEntries.userId, userId))
    .orderBy(...DIARY_NEWEST_FIRST)
    .limit(RECENT_DIARY);
}

async function diaryCountIn(db: Database, userId: string, year: number) {
  const [row] = await db
    .select({ watches: count() })
    .from(diaryEntries)
    .where(and(eq(diaryEntries.userId, userId), watchedIn(year)));
  return Number(row?.watches ?? 0);
}

/**
 * A public profile by the name in its address (any spelling that folds to its key), or null
 * when there is none or it is not public: the two are told apart by no one.
 */
export async function loadPublicProfile(services: LibraryServices, name: string) {
  const { db } = services.database;
  const profile = await publicProfileOwner(db, name);
  if (!profile) return null;
  const year = Number(today().slice(0, 4));
  const [favorites, ownLists, ratings, diary, watchesThisYear] = await Promise.all([
    favoriteFilms(db, profile.userId),
    publicListsOf(db, profile.userId),
    ratingsWithFacts(services, profile.userId),
    recentDiary(db, profile.userId),
    diaryCountIn(db, profile.userId, year),
  ]);
  return {
    username: profile.username,
    name: profile.name,
    favorites,
    lists: ownLists.map(({ id, name, itemCount }) => ({ id, name, itemCount })),
    ratings,
    diary,
    year,
    watchesThisYear,
  };
}

/**
 * The owner of a public profile by the name in its address (any spelling), or null: for the
 * profile's preview pictures (decision 028), which show nothing of a profile that is not public.
 */
export async function publicProfileOwner(db: Database, name: string) {
  const key = usernameKey(name.normalize("NFC"));
  if (!KEY.test(key)) return null;
  const [profile] = await db
    .select({ userId: profiles.userId, username: profiles.username, fullName: profiles.fullName })
    .from(profiles)
    .where(and(eq(profiles.usernameKey, key), eq(profiles.isPublic, true)));
  if (!profile?.username) return null;
  return {
    userId: profile.userId,
    username: profile.username,
    name: profile.fullName?.trim() || profile.username,
  };
}

/** A person's username when their profile is public, else null. */
export async function publicUsernameOf(db: Database, userId: string): Promise<string | null> {
  const [profile] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.isPublic, true)));
  return profile?.username ?? null;
}

export type PublicProfile = NonNullable<Awaited<ReturnType<typeof loadPublicProfile>>>;
