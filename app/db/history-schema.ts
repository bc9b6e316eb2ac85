import { and, eq, gte, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/*
 * Viewing history (issue #24). The rating of a title lives in `reviews` (its comment is optional
 * since #24.1); the diary keeps every watch with its own date, rating and words.
 */

export const DIARY_ITEM_TYPES = ["movie", "tv"] as const;

export const diaryEntries = pgTable(
  "diary_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    itemType: text("item_type", { enum: DIARY_ITEM_TYPES }).notNull(),
    itemId: integer("item_id").notNull(),
    /** The day watched, in Europe/Istanbul. */
    watchedOn: date("watched_on", { mode: "string" }).notNull(),
    rating: smallint("rating"),
    review: text("review"),
    rewatch: boolean("rewatch").notNull().default(false),
    /** "Sürpriz bozan içerir" (issue #38): the review's words are folded wherever shown. */
    spoiler: boolean("spoiler").notNull().default(false),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where an imported entry came from (file kind and row identity): importing it again
     * updates this row instead of adding one. Null for entries written on the site. */
    importKey: text("import_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("diary_entries_user_watched_idx").on(
      table.userId,
      table.watchedOn.desc(),
      table.id.desc(),
    ),
    // The feed (decision 039): a followed person's newest entries written on the site.
    index("diary_entries_user_created_idx")
      .on(table.userId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.importKey} is null`),
    index("diary_entries_user_item_idx").on(table.userId, table.itemType, table.itemId),
    uniqueIndex("diary_entries_user_import_key_unique").on(table.userId, table.importKey),
    check("diary_entries_item_type_check", sql`${table.itemType} in ('movie', 'tv')`),
    check("diary_entries_item_id_check", sql`${table.itemId} > 0`),
    check(
      "diary_entries_rating_check",
      sql`${table.rating} is null or ${table.rating} between 1 and 10`,
    ),
    check(
      "diary_entries_review_length_check",
      sql`${table.review} is null or char_length(${table.review}) between 10 and 1000`,
    ),
    check("diary_entries_tags_check", sql`cardinality(${table.tags}) <= 20`),
    check("diary_entries_watched_on_check", sql`${table.watchedOn} >= date '1870-01-01'`),
  ],
);

/*
 * The diary's own order and day ranges, shared by the domains that read it (history, profiles):
 * they live here, below both.
 */

/**
 * Newest watch first, in the index's own order, nulls included: PostgreSQL's `desc` puts nulls
 * first, the index (drizzle's `.desc()`) last, and an order that differs from the index's is
 * sorted in full.
 */
export const DIARY_NEWEST_FIRST = [
  sql`${diaryEntries.watchedOn} desc nulls last`,
  sql`${diaryEntries.id} desc nulls last`,
];

/** A year's diary days: from its first day, up to (not including) the next year's first. */
export const yearRange = (year: number) => ({
  from: `${String(year).padStart(4, "0")}-01-01`,
  to: `${String(year + 1).padStart(4, "0")}-01-01`,
});

/** Diary entries watched in `year` (on the index of the person's days). */
export function watchedIn(year: number): SQL {
  const { from, to } = yearRange(year);
  return and(gte(diaryEntries.watchedOn, from), lt(diaryEntries.watchedOn, to))!;
}

/**
 * What the year summary needs to know about a title, kept when it is logged (or imported) so a
 * summary of thousands of watches is one query and never a catalogue call per title.
 */
export const titleFacts = pgTable(
  "title_facts",
  {
    itemType: text("item_type", { enum: DIARY_ITEM_TYPES }).notNull(),
    itemId: integer("item_id").notNull(),
    title: text("title").notNull(),
    posterPath: text("poster_path"),
    /** Release or first air date (its year goes in the title's address); null when unknown. */
    date: date("date", { mode: "string" }),
    /** Minutes: a film's runtime, a series' episode runtime. */
    runtime: smallint("runtime"),
    genreIds: integer("genre_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** [{ id, name }] of the directors (films) or creators (series). */
    directors: jsonb("directors").$type<{ id: number; name: string }[]>().notNull().default([]),
    /** [{ id, name }] of the first billed cast, at most ten. */
    cast: jsonb("cast").$type<{ id: number; name: string }[]>().notNull().default([]),
    /** IMDb's id where the catalogue knows it: the exports name the title by it. */
    imdbId: text("imdb_id"),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "title_facts_pkey", columns: [table.itemType, table.itemId] }),
    check("title_facts_item_type_check", sql`${table.itemType} in ('movie', 'tv')`),
    check("title_facts_item_id_check", sql`${table.itemId} > 0`),
  ],
);

/**
 * Joins a row that names a title by its type and id (a diary entry, a rating, a list's item) to
 * the title's kept facts.
 */
export function titleFactsOf(row: { itemType: SQLWrapper; itemId: SQLWrapper }): SQL {
  return and(eq(titleFacts.itemType, row.itemType), eq(titleFacts.itemId, row.itemId))!;
}
