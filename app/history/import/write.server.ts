import { and, eq, inArray, sql } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { MediaType } from "~/catalogue/types";
import type { Database } from "~/db/client.server";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import type { ImportRowFields, ImportRowKind } from "~/db/import-schema";
import { reviews, watchlist } from "~/db/schema";

/*
 * What an imported row writes, each write an upsert keyed by the row's identity (the person and
 * the title; a diary entry's import key), so a row written twice, a file imported twice or a
 * job resumed after a restart leaves the same rows. A newer file updates what it says.
 */

export type Writer = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface WrittenItem {
  mediaType: MediaType;
  id: number;
}

const REVIEW_MIN = 10;
const REVIEW_MAX = 1000;

/** İzledim, unless it is already; a title not in the list is added as İzledim. */
async function markWatched(db: Writer, userId: string, item: WrittenItem) {
  await db
    .insert(watchlist)
    .values({ userId, itemType: item.mediaType, itemId: item.id, status: "watched" })
    .onConflictDoUpdate({
      target: [watchlist.userId, watchlist.itemType, watchlist.itemId],
      set: { status: "watched" },
      setWhere: sql`${watchlist.status} <> 'watched'`,
    });
}

/** İzleyeceğim for a title not in the list; a title already in it keeps its status. */
async function addToList(db: Writer, userId: string, item: WrittenItem) {
  await db
    .insert(watchlist)
    .values({ userId, itemType: item.mediaType, itemId: item.id, status: "plan_to_watch" })
    .onConflictDoNothing({ target: [watchlist.userId, watchlist.itemType, watchlist.itemId] });
}

/**
 * The person's rating of the title (and their words, when given): a comment already written on
 * the site is kept when the row brings none.
 */
async function saveRating(
  db: Writer,
  userId: string,
  item: WrittenItem,
  rating: number | undefined,
  comment: string | undefined,
) {
  if (rating === undefined && comment === undefined) return;
  await db
    .insert(reviews)
    .values({
      userId,
      itemType: item.mediaType,
      itemId: item.id,
      rating: rating ?? null,
      comment: comment ?? null,
    })
    .onConflictDoUpdate({
      target: [reviews.userId, reviews.itemType, reviews.itemId],
      set: {
        rating: sql`coalesce(excluded.rating, ${reviews.rating})`,
        comment: sql`coalesce(excluded.comment, ${reviews.comment})`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${reviews.rating} is distinct from coalesce(excluded.rating, ${reviews.rating})
        or ${reviews.comment} is distinct from coalesce(excluded.comment, ${reviews.comment})`,
    });
}

async function saveDiaryEntry(
  db: Writer,
  userId: string,
  item: WrittenItem,
  fields: ImportRowFields,
  review: string | undefined,
) {
  const values = {
    userId,
    itemType: item.mediaType,
    itemId: item.id,
    watchedOn: fields.watchedOn!,
    rating: fields.rating ?? null,
    rewatch: fields.rewatch ?? false,
    tags: fields.tags ?? [],
    importKey: fields.diaryKey!,
  };
  // reviews.csv names the same watches as diary.csv: its row adds the words and keeps the tags.
  const set =
    review === undefined
      ? {
          itemType: values.itemType,
          itemId: values.itemId,
          watchedOn: values.watchedOn,
          rating: values.rating,
          rewatch: values.rewatch,
          tags: values.tags,
        }
      : {
          itemType: values.itemType,
          itemId: values.itemId,
          watchedOn: values.watchedOn,
          rating: sql`coalesce(excluded.rating, ${diaryEntries.rating})`,
          review,
        };
  await db
    .insert(diaryEntries)
    .values({ ...values, review: review ?? null })
    .onConflictDoUpdate({
      target: [diaryEntries.userId, diaryEntries.importKey],
      set: { ...set, updatedAt: sql`now()` },
      setWhere: sql`(${diaryEntries.itemType}, ${diaryEntries.itemId}, ${diaryEntries.watchedOn},
        ${diaryEntries.rating}, ${diaryEntries.rewatch}, ${diaryEntries.tags}, ${diaryEntries.review})
        is distinct from (excluded.item_type, excluded.item_id, excluded.watched_on,
        ${review === undefined ? sql`excluded.rating` : sql`coalesce(excluded.rating, ${diaryEntries.rating})`},
        ${review === undefined ? sql`excluded.rewatch` : diaryEntries.rewatch},
        ${review === undefined ? sql`excluded.tags` : diaryEntries.tags},
        ${review === undefined ? diaryEntries.review : sql`excluded.review`})`,
    });
}

/**
 * Writes one matched row; answers a note for the report when part of it could not be kept (a
 * review too short or too long for the site's rules is kept as a rating alone).
 */
export async function writeRow(
  db: Writer,
  userId: string,
  kind: ImportRowKind,
  fields: ImportRowFields,
  item: WrittenItem,
): Promise<string | null> {
  switch (kind) {
    case "watchlist":
    case "imdb-list":
      await addToList(db, userId, item);
      return null;
    case "watched":
      await markWatched(db, userId, item);
      return null;
    case "rating":
    case "imdb-rating":
      await saveRating(db, userId, item, fields.rating, undefined);
      await markWatched(db, userId, item);
      return null;
    case "diary":
      await saveDiaryEntry(db, userId, item, fields, undefined);
      await markWatched(db, userId, item);
      return null;
    case "review": {
      const text = fields.review ?? "";
      const fits = text.length >= REVIEW_MIN && text.length <= REVIEW_MAX;
      await saveDiaryEntry(db, userId, item, fields, fits ? text : undefined);
      await saveRating(db, userId, item, fields.rating, fits ? text : undefined);
      await markWatched(db, userId, item);
      if (fits || text === "") return null;
      return text.length < REVIEW_MIN
        ? "Yorum 10 karakterden kısa: yalnızca puan ve tarih kaydedildi."
        : "Yorum 1000 karakterden uzun: yalnızca puan ve tarih kaydedildi.";
    }
  }
}

/**
 * What the year summary needs of each title (title_facts), for the titles that have none yet:
 * one catalogue call per new title, never one per row.
 */
export async function keepTitleFacts(db: Database, catalogue: Catalogue, items: WrittenItem[]) {
  const unique = new Map(items.map((item) => [`${item.mediaType}:${item.id}`, item]));
  for (const mediaType of ["movie", "tv"] as const) {
    const ids = [...unique.values()]
      .filter((item) => item.mediaType === mediaType)
      .map((item) => item.id);
    if (ids.length === 0) continue;
    const known = await db
      .select({ id: titleFacts.itemId })
      .from(titleFacts)
      .where(and(eq(titleFacts.itemType, mediaType), inArray(titleFacts.itemId, ids)));
    const knownIds = new Set(known.map((row) => row.id));
    for (const id of ids) {
      if (knownIds.has(id)) continue;
      const facts = await factsOf(catalogue, mediaType, id);
      if (facts) await db.insert(titleFacts).values(facts).onConflictDoNothing();
    }
  }
}

async function factsOf(catalogue: Catalogue, mediaType: MediaType, id: number) {
  const people = (list: { id: number; name: string }[]) =>
    list.map((person) => ({ id: person.id, name: person.name }));
  if (mediaType === "movie") {
    const movie = await catalogue.movie(id);
    if (!movie) return null;
    return {
      itemType: mediaType,
      itemId: id,
      title: movie.title,
      posterPath: movie.posterPath,
      runtime: movie.runtime,
      genreIds: movie.genreIds,
      directors: people(movie.crew.filter((member) => member.job === "Director")),
      cast: people(movie.cast.slice(0, 10)),
    };
  }
  const show = await catalogue.series(id);
  if (!show) return null;
  return {
    itemType: mediaType,
    itemId: id,
    title: show.name,
    posterPath: show.posterPath,
    // A series' episode runtime is not in its details; the tracking of episodes knows it.
    runtime: null,
    genreIds: show.genreIds,
    directors: people(show.createdBy),
    cast: people(show.cast.slice(0, 10)),
  };
}
