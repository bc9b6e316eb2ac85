import { sql } from "drizzle-orm";
import {
  bigserial,
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/*
 * Imports of a viewing history from Letterboxd or IMDb (issues #24.4, #32). The request glances
 * at the upload (its files and headers) and keeps it here as it came (`import_uploads`); a
 * background job reads its rows into `import_rows`, then matches and writes them in batches,
 * marking each row done, so a restart resumes where it stopped. The upload is deleted once its
 * rows are read; once nothing is left to review, the raw rows are deleted too: only the
 * import's report stays.
 */

export const IMPORT_STATUSES = ["running", "review", "done"] as const;

/** Which export a row came from; decides what it writes. */
export const IMPORT_ROW_KINDS = [
  "watched",
  "watchlist",
  "rating",
  "diary",
  "review",
  "imdb-rating",
  "imdb-list",
  "list-item",
  "favorite",
  "comment",
  // A series' episode watched (TV Time, Netflix, Trakt): written as an episode mark.
  "episode",
  // A series followed or to watch (and maybe a favourite), without episodes of its own.
  "series-status",
] as const;
export type ImportRowKind = (typeof IMPORT_ROW_KINDS)[number];

/** The services an import's file may come from. */
export const IMPORT_SOURCES = ["letterboxd", "imdb", "tvtime", "netflix", "trakt"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * pending: not looked at yet; written: matched and written; review: waits for the person's
 * choice; skipped: the person skipped it (or nothing could be written); bad: refused, with a
 * reason (a series episode, a rating out of range found late).
 */
export const IMPORT_ROW_STATES = ["pending", "written", "review", "skipped", "bad"] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];

export interface ImportReport {
  /** Rows written, by kind of row. */
  written: Partial<Record<ImportRowKind, number>>;
  skipped: number;
  /** Rows refused while reading the file or later: file name, line number, Turkish reason. */
  badRows: { file: string; line: number; reason: string }[];
  /** All bad rows, when there were more than the list keeps. */
  badRowCount: number;
  /** Kept but reported: a review shorter than 10 characters saved as a rating alone. */
  notes: { file: string; line: number; note: string }[];
  /** Why the whole file was refused when the job read it (nothing was written then). */
  refusal?: string;
  /**
   * A Netflix archive of several profiles: their names, asked on the import's page before any
   * row is read or written (the upload is kept until the person answers).
   */
  askProfile?: string[];
  /**
   * Letterboxd's profile.csv favourite films, matched, in their order: offered as Favori 4 on
   * the import's page and written only when the person says so (`answered`).
   */
  favorites?: {
    candidates: { movieId: number; position: number; title: string; year: number | null }[];
    answered?: boolean;
  };
  /**
   * Rows read and matched but not written, with the reason (an episode the movie database does
   * not list, a special), and how many in all.
   */
  unwritten?: { file: string; line: number; reason: string }[];
  unwrittenCount?: number;
  /** Files of an export that are not imported, with the reason (TV Time's episode votes). */
  skippedFiles?: { file: string; reason: string }[];
  /** Series the file marks as favourites: offered as Favori 4 candidates, never set silently. */
  favourites?: { mediaType: "movie" | "tv"; id: number; title: string }[];
}

export const imports = pgTable(
  "imports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: IMPORT_STATUSES }).notNull().default("running"),
    /** The service the file came from (IMPORT_SOURCES), and the file's name as uploaded. */
    source: text("source", { enum: IMPORT_SOURCES }).notNull(),
    fileName: text("file_name").notNull(),
    totalRows: integer("total_rows").notNull(),
    processedRows: integer("processed_rows").notNull().default(0),
    report: jsonb("report").$type<ImportReport>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * The lease of the job working the import: set when a job takes it and at every batch,
     * cleared when the job stops. A running import whose lease is older than a few seconds
     * has lost its worker (a killed server) and is queued again (imports.server.ts).
     */
    workedAt: timestamp("worked_at", { withTimezone: true }),
  },
  (table) => [
    index("imports_user_created_idx").on(table.userId, table.createdAt.desc()),
    // One import at a time per person: a second upload while one runs is refused.
    uniqueIndex("imports_one_running_per_user")
      .on(table.userId)
      .where(sql`${table.status} = 'running'`),
    check("imports_status_check", sql`${table.status} in ('running', 'review', 'done')`),
    check("imports_source_check", sql`${table.source} in (${inList(IMPORT_SOURCES)})`),
    check(
      "imports_rows_check",
      sql`${table.totalRows} between 0 and 50000 and ${table.processedRows} between 0 and ${table.totalRows}`,
    ),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * An upload as it came, from the request until its job has read its rows (then deleted, in the
 * same transaction that completes the rows). At most 10 MB, one per import.
 */
export const importUploads = pgTable(
  "import_uploads",
  {
    importId: bigint("import_id", { mode: "number" })
      .primaryKey()
      .references(() => imports.id, { onDelete: "cascade" }),
    bytes: bytea("bytes").notNull(),
    /** The person's answer for a lone Letterboxd list: watched.csv or watchlist.csv. */
    list: text("list", { enum: ["watched", "watchlist"] }),
    /** The person's answer for a Netflix archive of several profiles: the one to import. */
    profile: text("profile"),
  },
  (table) => [
    check("import_uploads_size_check", sql`octet_length(${table.bytes}) between 1 and 10485760`),
    check(
      "import_uploads_list_check",
      sql`${table.list} is null or ${table.list} in ('watched', 'watchlist')`,
    ),
    check(
      "import_uploads_profile_check",
      sql`${table.profile} is null or char_length(${table.profile}) between 1 and 100`,
    ),
  ],
);

/** The fields of one row as read from the file, already checked (app/history/import/formats.ts). */
export interface ImportRowFields {
  title: string;
  /** IMDb's original title, when the file has it. */
  originalTitle?: string;
  year: number | null;
  imdbId?: string;
  /** "movie" or "tv" when the file says (IMDb's Title Type); Letterboxd lists films. */
  mediaType?: "movie" | "tv";
  /** 1-10. */
  rating?: number;
  watchedOn?: string;
  rewatch?: boolean;
  tags?: string[];
  review?: string;
  /** The identity of a diary entry across files and imports (Letterboxd URI, date, n). */
  diaryKey?: string;
  /** A list item's list (Trakt's lists, Letterboxd's lists/ and likes/): its identity and name. */
  list?: ImportedList;
  /** A list item's place in its list (1 is first), or a favourite film's place in Favori 4. */
  position?: number;
  /** A list item's note (at most 280 characters). */
  note?: string;
  /**
   * An episode or series-status row: the series' ids in the source's file, any of them (`title`
   * and `year` are then the series' name and first year, the year often unknown). Matched by
   * tmdb, then imdb, then tvdb, then by name and year.
   */
  ids?: { tmdb?: number; tvdb?: number; imdb?: string };
  /**
   * The series as the file names it (ids, name, year), the same for all its rows: a choice on
   * the review screen is made once per series, for every episode row of it.
   */
  seriesKey?: string;
  /** An episode row: the season (0 holds specials) and the episode's number in it. */
  season?: number;
  episode?: number;
  /** An episode row whose file names the episode by its title alone (Netflix). */
  episodeTitle?: string;
  /**
   * When an episode was watched: the instant (`watchedAt`, ISO 8601) or the day alone
   * (`watchedOn`, kept as noon in Istanbul); neither for an undated watch.
   */
  watchedAt?: string;
  /** How many earlier watches of this episode the file has: 1 for the second (a rewatch). */
  rewatches?: number;
  /** A series-status row: İzliyorum or İzleyeceğim, and whether it is a favourite. */
  status?: "watching" | "plan_to_watch";
  favourite?: boolean;
  /**
   * The source never says a year (Netflix): a title is sure when exactly one title of the
   * catalogue bears the name.
   */
  noYear?: boolean;
  /** A row that may be a film or a series (Netflix's My List). */
  eitherKind?: boolean;
}

/** A list an import brings: `key` names it across imports, so importing again finds it. */
export interface ImportedList {
  key: string;
  name: string;
  description: string | null;
}

export interface ImportCandidate {
  mediaType: "movie" | "tv";
  id: number;
  title: string;
  /** IMDb's original title, when the file has it. */
  originalTitle?: string;
  year: number | null;
}

export const importRows = pgTable(
  "import_rows",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    importId: bigint("import_id", { mode: "number" })
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    file: text("file").notNull(),
    line: integer("line").notNull(),
    kind: text("kind", { enum: IMPORT_ROW_KINDS }).notNull(),
    fields: jsonb("fields").$type<ImportRowFields>().notNull(),
    state: text("state", { enum: IMPORT_ROW_STATES }).notNull().default("pending"),
    reason: text("reason"),
    /** What the row was written to (matched, or chosen on the review screen). */
    itemType: text("item_type", { enum: ["movie", "tv"] }),
    itemId: integer("item_id"),
    /** For a row in review: the titles the person may choose from (at most 5). */
    candidates: jsonb("candidates").$type<ImportCandidate[]>(),
  },
  (table) => [
    index("import_rows_import_state_idx").on(table.importId, table.state, table.id),
    uniqueIndex("import_rows_import_file_line_unique").on(table.importId, table.file, table.line),
    check(
      "import_rows_state_check",
      sql`${table.state} in ('pending', 'written', 'review', 'skipped', 'bad')`,
    ),
    check("import_rows_kind_check", sql`${table.kind} in (${inList(IMPORT_ROW_KINDS)})`),
    check("import_rows_item_check", sql`${table.itemId} is null or ${table.itemId} > 0`),
  ],
);

/**
 * What a title or IMDb id matched, per catalogue source, so a second import (or a file naming
 * the same film in four CSVs) asks the movie database once. Holds no personal data.
 */
export const importMatches = pgTable(
  "import_matches",
  {
    key: text("key").primaryKey(),
    /** { item } when sure, { candidates } otherwise (ImportMatch in match.server.ts). */
    result: jsonb("result").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("import_matches_created_idx").on(table.createdAt)],
);
