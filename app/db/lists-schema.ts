import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/*
 * Lists people make and share, and the public profile (issue #25). Every row names its owner (or
 * its list, which names its owner); deleting an account deletes its lists, their items, invites
 * and favourites, and takes the person off the lists they edited. Nothing here is visible to
 * anyone else until its owner says so: a list is private and a profile is not public by default.
 */

export const LIST_VISIBILITIES = ["private", "unlisted", "public"] as const;
export type ListVisibility = (typeof LIST_VISIBILITIES)[number];
export const LIST_ITEM_TYPES = ["movie", "tv"] as const;

/** The limits; the domain refuses beyond them with a Turkish message. */
export const LIST_LIMITS = {
  listsPerPerson: 100,
  itemsPerList: 1000,
  nameMin: 3,
  nameMax: 80,
  descriptionMax: 1000,
  noteMax: 280,
} as const;

export const lists = pgTable(
  "lists",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    visibility: text("visibility", { enum: LIST_VISIBILITIES }).notNull().default("private"),
    /**
     * The list an import brought (e.g. `trakt:list:123`, `letterboxd:list:<url>`): the same
     * list imported again adds to this one instead of making a second.
     */
    importKey: text("import_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lists_owner_updated_idx").on(table.ownerId, table.updatedAt.desc(), table.id.desc()),
    // The sitemap and a profile's public lists.
    index("lists_visibility_updated_idx").on(table.visibility, table.updatedAt.desc()),
    uniqueIndex("lists_owner_import_key_unique")
      .on(table.ownerId, table.importKey)
      .where(sql`${table.importKey} is not null`),
    check(
      "lists_import_key_length_check",
      sql`${table.importKey} is null or char_length(${table.importKey}) between 1 and 400`,
    ),
    check(
      "lists_name_length_check",
      sql`char_length(${table.name}) between ${sql.raw(String(LIST_LIMITS.nameMin))} and ${sql.raw(String(LIST_LIMITS.nameMax))}`,
    ),
    check(
      "lists_description_length_check",
      sql`${table.description} is null or char_length(${table.description}) <= ${sql.raw(String(LIST_LIMITS.descriptionMax))}`,
    ),
    check("lists_visibility_check", sql`${table.visibility} in ('private', 'unlisted', 'public')`),
  ],
);

/**
 * A film or series on a list, at `position` (1 is first; the domain keeps positions 1…n without
 * gaps). `added_by` is whoever added it, the owner or an editor.
 */
export const listItems = pgTable(
  "list_items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    listId: bigint("list_id", { mode: "number" })
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    itemType: text("item_type", { enum: LIST_ITEM_TYPES }).notNull(),
    itemId: integer("item_id").notNull(),
    position: integer("position").notNull(),
    note: text("note"),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("list_items_list_item_unique").on(table.listId, table.itemType, table.itemId),
    index("list_items_list_position_idx").on(table.listId, table.position, table.id),
    check("list_items_item_type_check", sql`${table.itemType} in ('movie', 'tv')`),
    check("list_items_item_id_check", sql`${table.itemId} > 0`),
    check("list_items_position_check", sql`${table.position} > 0`),
    check(
      "list_items_note_length_check",
      sql`${table.note} is null or char_length(${table.note}) <= ${sql.raw(String(LIST_LIMITS.noteMax))}`,
    ),
  ],
);

/** "Birlikte düzenle": people the owner let add, remove and reorder items (never the owner). */
export const listEditors = pgTable(
  "list_editors",
  {
    listId: bigint("list_id", { mode: "number" })
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "list_editors_pkey", columns: [table.listId, table.userId] }),
    index("list_editors_user_idx").on(table.userId),
  ],
);

/**
 * A single-use invite to edit a list. Only the SHA-256 of the link's token is kept (as calendar
 * feeds do); the link is shown once to the owner.
 */
export const listInvites = pgTable(
  "list_invites",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    listId: bigint("list_id", { mode: "number" })
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: text("used_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("list_invites_token_hash_unique").on(table.tokenHash),
    index("list_invites_list_idx").on(table.listId),
  ],
);

/** "Favori 4": up to four films a person shows on a public profile, at positions 1-4. */
export const profileFavorites = pgTable(
  "profile_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    movieId: integer("movie_id").notNull(),
  },
  (table) => [
    primaryKey({ name: "profile_favorites_pkey", columns: [table.userId, table.position] }),
    uniqueIndex("profile_favorites_user_movie_unique").on(table.userId, table.movieId),
    check("profile_favorites_position_check", sql`${table.position} between 1 and 4`),
    check("profile_favorites_movie_id_check", sql`${table.movieId} > 0`),
  ],
);
