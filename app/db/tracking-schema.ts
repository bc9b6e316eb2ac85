import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/*
 * Series tracking (issue #23). Two kinds of table:
 * - a person's own rows (episode_watches, episode_ratings, calendar_feeds): `user_id` names the
 *   owner, every query filters by it, and deleting the account deletes them;
 * - facts about the series people follow (tracked_series, tracked_episodes), shared by everyone
 *   and refreshed by the background job (decision 018), so a page never asks the movie database.
 * Episodes are named by (series, season, episode number), as the site's addresses name them.
 * Season 0 holds specials, which never count toward progress: a watch names season 1 or later.
 */

export const episodeWatches = pgTable(
  "episode_watches",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    seriesId: integer("series_id").notNull(),
    seasonNumber: smallint("season_number").notNull(),
    episodeNumber: smallint("episode_number").notNull(),
    /**
     * When the episode was watched; null when the person does not remember ("Tarihini
     * hatırlamıyorum"): such a mark counts in progress, never in a year's figures.
     */
    watchedAt: timestamp("watched_at", { withTimezone: true }).defaultNow(),
    /**
     * How many times the episode was watched again after `watched_at` (an imported history with
     * the same episode twice): one mark per episode, its rewatches counted here.
     */
    rewatches: smallint("rewatches").notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: "episode_watches_pkey",
      columns: [table.userId, table.seriesId, table.seasonNumber, table.episodeNumber],
    }),
    index("episode_watches_user_watched_idx").on(table.userId, table.watchedAt.desc()),
    // "İzlemeye Devam Et": each followed series' latest mark, one index probe per series.
    index("episode_watches_user_series_watched_idx").on(
      table.userId,
      table.seriesId,
      table.watchedAt.desc(),
    ),
    check("episode_watches_series_id_check", sql`${table.seriesId} > 0`),
    check("episode_watches_season_check", sql`${table.seasonNumber} > 0`),
    check("episode_watches_episode_check", sql`${table.episodeNumber} > 0`),
    check("episode_watches_rewatches_check", sql`${table.rewatches} >= 0`),
  ],
);

export const episodeRatings = pgTable(
  "episode_ratings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    seriesId: integer("series_id").notNull(),
    seasonNumber: smallint("season_number").notNull(),
    episodeNumber: smallint("episode_number").notNull(),
    rating: smallint("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "episode_ratings_pkey",
      columns: [table.userId, table.seriesId, table.seasonNumber, table.episodeNumber],
    }),
    index("episode_ratings_episode_idx").on(
      table.seriesId,
      table.seasonNumber,
      table.episodeNumber,
    ),
    check("episode_ratings_series_id_check", sql`${table.seriesId} > 0`),
    check("episode_ratings_season_check", sql`${table.seasonNumber} >= 0`),
    check("episode_ratings_episode_check", sql`${table.episodeNumber} > 0`),
    check("episode_ratings_rating_check", sql`${table.rating} between 1 and 10`),
  ],
);

/** A series someone follows: its facts as the catalogue last gave them. */
export const trackedSeries = pgTable(
  "tracked_series",
  {
    seriesId: integer("series_id").primaryKey(),
    name: text("name").notNull(),
    /** The catalogue's status: "Returning Series", "Ended", "Canceled", "In Production"… */
    status: text("status"),
    posterPath: text("poster_path"),
    /**
     * Regular seasons whose episodes the catalogue does not list (or lists fewer than it counts):
     * while any is unknown nothing is concluded from the marks (no İzledim, no "bütün bölümleri
     * izledin"). Null until the series is read again after this column came (decision 030).
     */
    unknownSeasons: smallint("unknown_seasons").default(0),
    /** When the job last read the catalogue; null until the first refresh. */
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
  },
  (table) => [
    index("tracked_series_refreshed_idx").on(table.refreshedAt),
    check("tracked_series_id_check", sql`${table.seriesId} > 0`),
  ],
);

/** Every regular episode (season 1 and later) of a tracked series, aired or announced. */
export const trackedEpisodes = pgTable(
  "tracked_episodes",
  {
    seriesId: integer("series_id")
      .notNull()
      .references(() => trackedSeries.seriesId, { onDelete: "cascade" }),
    seasonNumber: smallint("season_number").notNull(),
    episodeNumber: smallint("episode_number").notNull(),
    name: text("name").notNull(),
    /** The day it airs (the catalogue gives days, not times); null when not announced. */
    airDate: date("air_date", { mode: "string" }),
    runtime: smallint("runtime"),
  },
  (table) => [
    primaryKey({
      name: "tracked_episodes_pkey",
      columns: [table.seriesId, table.seasonNumber, table.episodeNumber],
    }),
    index("tracked_episodes_air_date_idx").on(table.airDate),
    // A followed series' episodes of a window of days (/takvim, its feed): read by range, not
    // every episode of the series filtered.
    index("tracked_episodes_series_air_date_idx").on(table.seriesId, table.airDate),
    check("tracked_episodes_season_check", sql`${table.seasonNumber} > 0`),
    check("tracked_episodes_episode_check", sql`${table.episodeNumber} > 0`),
  ],
);

/** A person's private calendar feed: only the SHA-256 of its token is kept. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique("calendar_feeds_token_hash_unique"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
