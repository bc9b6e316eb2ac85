import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/*
 * "Son puanlarınıza göre seçtiklerimiz" (decision 031): what the `recommendations` job chose for
 * each person, with its reason, kept so the dashboard reads it in one query. The job replaces a
 * person's rows whole; nothing here is the person's own data (it is computed from it).
 */

export const RECOMMENDATION_ITEM_TYPES = ["movie", "tv"] as const;
/** Where a pick came from: the catalogue's related titles, or Perde's people of like taste. */
export const RECOMMENDATION_SOURCES = ["catalogue", "people"] as const;

export const userRecommendations = pgTable(
  "user_recommendations",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    itemType: text("item_type", { enum: RECOMMENDATION_ITEM_TYPES }).notNull(),
    itemId: integer("item_id").notNull(),
    score: real("score").notNull(),
    /** The title card as the dashboard shows it (app/catalogue/cards.ts), so no catalogue call. */
    card: jsonb("card").notNull(),
    /** The liked title the pick comes from, and how. */
    reasonSource: text("reason_source", { enum: RECOMMENDATION_SOURCES }).notNull(),
    reasonTitle: text("reason_title").notNull(),
  },
  (table) => [
    primaryKey({
      name: "user_recommendations_pkey",
      columns: [table.userId, table.itemType, table.itemId],
    }),
    index("user_recommendations_user_score_idx").on(table.userId, table.score.desc()),
    check("user_recommendations_item_type_check", sql`${table.itemType} in ('movie', 'tv')`),
    check(
      "user_recommendations_source_check",
      sql`${table.reasonSource} in ('catalogue', 'people')`,
    ),
  ],
);

/** When the job last chose for a person: the dashboard asks again after a newer rating. */
export const recommendationRuns = pgTable("recommendation_runs", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});
