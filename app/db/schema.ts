import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/**
 * User data named by the spec (section 3 and 7). `user_id` is the account (better-auth's `user`);
 * deleting an account deletes its data. Every constraint that protects the data lives here too,
 * not only in the forms.
 */

export const WATCHLIST_ITEM_TYPES = ["movie", "tv"] as const;
export const REVIEW_ITEM_TYPES = ["movie", "tv", "person"] as const;
/** İzleyeceğim, İzliyorum, İzledim; a new entry is plan_to_watch (SPEC.md section 3). */
export const WATCHLIST_STATUSES = ["plan_to_watch", "watching", "watched"] as const;

export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name"),
    /** Kullanıcı adı as the person wrote it (issue #25): its key is what makes it unique. */
    username: text("username"),
    /** The username folded (Turkish lower case, ı→i, ş→s…): "Ayşe.K" and "ayse.k" are one name. */
    usernameKey: text("username_key"),
    /** The profile at /u/{username} is shown to others only when true (KVKK: off by default). */
    isPublic: boolean("is_public").notNull().default(false),
    /** Reader setting (issue #38): fold reviews of titles this person has not watched yet. */
    foldUnwatched: boolean("fold_unwatched").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("profiles_username_key_unique").on(table.usernameKey),
    check(
      "profiles_username_check",
      sql`(${table.username} is null) = (${table.usernameKey} is null) and (${table.usernameKey} is null or ${table.usernameKey} ~ '^[a-z0-9_.]{3,30}$')`,
    ),
    check(
      "profiles_public_needs_username_check",
      sql`not ${table.isPublic} or ${table.username} is not null`,
    ),
  ],
);

export const watchlist = pgTable(
  "watchlist",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    itemType: text("item_type", { enum: WATCHLIST_ITEM_TYPES }).notNull(),
    itemId: integer("item_id").notNull(),
    status: text("status", { enum: WATCHLIST_STATUSES }).notNull().default("plan_to_watch"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("watchlist_user_item_unique").on(table.userId, table.itemType, table.itemId),
    index("watchlist_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("watchlist_user_status_created_idx").on(
      table.userId,
      table.status,
      table.createdAt.desc(),
    ),
    check("watchlist_item_type_check", sql`${table.itemType} in ('movie', 'tv')`),
    check(
      "watchlist_status_check",
      sql`${table.status} in ('plan_to_watch', 'watching', 'watched')`,
    ),
    check("watchlist_item_id_check", sql`${table.itemId} > 0`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    itemType: text("item_type", { enum: REVIEW_ITEM_TYPES }).notNull(),
    itemId: integer("item_id").notNull(),
    /** Null for a rating given without writing (issue #24.1); the text rules hold otherwise. */
    comment: text("comment"),
    rating: smallint("rating"),
    /** "Sürpriz bozan içerir" (issue #38): the words are folded wherever they are shown. */
    spoiler: boolean("spoiler").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reviews_user_item_unique").on(table.userId, table.itemType, table.itemId),
    index("reviews_item_created_idx").on(table.itemType, table.itemId, table.createdAt.desc()),
    index("reviews_user_created_idx").on(table.userId, table.createdAt.desc()),
    check("reviews_item_type_check", sql`${table.itemType} in ('movie', 'tv', 'person')`),
    check("reviews_rating_check", sql`${table.rating} is null or ${table.rating} between 1 and 10`),
    check(
      "reviews_comment_length_check",
      sql`${table.comment} is null or char_length(${table.comment}) between 10 and 1000`,
    ),
    check(
      "reviews_rating_or_comment_check",
      sql`${table.comment} is not null or ${table.rating} is not null`,
    ),
    check("reviews_item_id_check", sql`${table.itemId} > 0`),
  ],
);
