import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
} from "drizzle-orm/pg-core";

/**
 * Tables of the embedded (local) catalogue. They hold no user data: the local source replaces
 * their rows whenever the content files change. Summaries and details are stored in the
 * catalogue's own shapes (app/catalogue/types.ts); the columns beside them exist for filtering,
 * sorting and search.
 */

export const catalogueTitles = pgTable(
  "catalogue_titles",
  {
    mediaType: text("media_type", { enum: ["movie", "tv"] }).notNull(),
    id: integer("id").notNull(),
    date: date("date"),
    year: smallint("year"),
    voteAverage: real("vote_average").notNull(),
    voteCount: integer("vote_count").notNull(),
    popularity: real("popularity").notNull(),
    genreIds: integer("genre_ids").array().notNull(),
    /** IMDb's id where the content knows it for certain; imports match IMDb and Letterboxd rows on it. */
    imdbId: text("imdb_id"),
    /** The Turkish age rating (issue #26: "Genel İzleyici Kitlesi", "7+", "13+"…); null when unknown. */
    ageRating: text("age_rating"),
    /** A film's Turkish theatrical release day ("Vizyonda"); null when unknown or not a film. */
    cinemaDate: date("cinema_date", { mode: "string" }),
    summary: jsonb("summary").notNull(),
    details: jsonb("details").notNull(),
  },
  (table) => {
    // One index per order a list can take, ending with the id (the tie-break) and then every
    // column a filter reads: a page is an index-only walk down its order that skips what the
    // filters reject, and only the 20 rows shown are read from the (wide) table. The orders
    // say "nulls last" as the queries do (local-source.server.ts).
    const filtered = [table.genreIds, table.voteAverage, table.voteCount, table.year] as const;
    return [
      primaryKey({ columns: [table.mediaType, table.id] }),
      index("catalogue_titles_popularity_idx").on(
        table.mediaType,
        table.popularity.desc().nullsLast(),
        table.id,
        ...filtered,
      ),
      index("catalogue_titles_rating_idx").on(
        table.mediaType,
        table.voteAverage.desc().nullsLast(),
        table.voteCount.desc().nullsLast(),
        table.id,
        table.genreIds,
        table.year,
      ),
      index("catalogue_titles_date_idx").on(
        table.mediaType,
        table.date.asc().nullsLast(),
        table.id,
        ...filtered,
      ),
      index("catalogue_titles_date_desc_idx").on(
        table.mediaType,
        table.date.desc().nullsLast(),
        table.id,
        ...filtered,
      ),
      index("catalogue_titles_genres_idx").using("gin", table.genreIds),
      index("catalogue_titles_imdb_id_idx").on(table.imdbId),
      index("catalogue_titles_cinema_date_idx").on(table.cinemaDate),
    ];
  },
);

export const cataloguePeople = pgTable(
  "catalogue_people",
  {
    id: integer("id").primaryKey(),
    popularity: real("popularity").notNull(),
    summary: jsonb("summary").notNull(),
    details: jsonb("details").notNull(),
  },
  (table) => [index("catalogue_people_popularity_idx").on(table.popularity.desc())],
);

/**
 * What search reads: one narrow row per film, series and person, with its name(s) folded by
 * app/core/text.ts. Substring search runs over these rows in memory; the fuzzy fallback
 * uses the trigram index.
 */
export const catalogueSearch = pgTable(
  "catalogue_search",
  {
    kind: text("kind", { enum: ["movie", "tv", "person"] }).notNull(),
    id: integer("id").notNull(),
    popularity: real("popularity").notNull(),
    searchText: text("search_text").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index("catalogue_search_text_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** Who appears in what: the person pages' filmography. */
export const catalogueCredits = pgTable(
  "catalogue_credits",
  {
    personId: integer("person_id").notNull(),
    mediaType: text("media_type", { enum: ["movie", "tv"] }).notNull(),
    mediaId: integer("media_id").notNull(),
    character: text("character").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.personId, table.mediaType, table.mediaId] }),
    // From a title to its people, for "Benzer yapımlar" (shared cast, directors, creators).
    index("catalogue_credits_media_idx").on(table.mediaType, table.mediaId, table.personId),
  ],
);

export const catalogueSeasons = pgTable(
  "catalogue_seasons",
  {
    seriesId: integer("series_id").notNull(),
    seasonNumber: integer("season_number").notNull(),
    details: jsonb("details").notNull(),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.seasonNumber] })],
);

export const catalogueEpisodes = pgTable(
  "catalogue_episodes",
  {
    seriesId: integer("series_id").notNull(),
    seasonNumber: integer("season_number").notNull(),
    episodeNumber: integer("episode_number").notNull(),
    details: jsonb("details").notNull(),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.seasonNumber, table.episodeNumber] })],
);

export const catalogueGenres = pgTable(
  "catalogue_genres",
  {
    mediaType: text("media_type", { enum: ["movie", "tv"] }).notNull(),
    id: integer("id").notNull(),
    name: text("name").notNull(),
  },
  (table) => [primaryKey({ columns: [table.mediaType, table.id] })],
);

/** Which content the tables were loaded from (a hash of the content files). */
export const catalogueMeta = pgTable("catalogue_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
