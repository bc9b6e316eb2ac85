import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  boolean,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { diaryEntries } from "./history-schema";
import { lists } from "./lists-schema";
import { reviews } from "./schema";

/*
 * Birlikte (issue #38, decision 039): follows, blocks, likes, comments and reports. Every row
 * names the people it belongs to and goes with either account (ON DELETE CASCADE), and with the
 * review, diary entry, list or comment it is about. A like, comment or report names its target
 * by one of several nullable foreign keys (exactly one set, a check), so the database itself
 * removes it with its target; no polymorphic id the database cannot follow.
 */

export const SOCIAL_LIMITS = {
  commentMin: 1,
  commentMax: 1000,
  reportDetailsMax: 500,
  /** Minutes a comment stays editable by its author. */
  commentEditMinutes: 15,
} as const;

/** "Takip et": follower follows followed. One row a pair; nobody follows themselves. */
export const follows = pgTable(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    followedId: text("followed_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "follows_pkey", columns: [table.followerId, table.followedId] }),
    // A profile's followers, newest first.
    index("follows_followed_idx").on(table.followedId, table.createdAt.desc()),
    index("follows_follower_created_idx").on(table.followerId, table.createdAt.desc()),
    check("follows_not_self_check", sql`${table.followerId} <> ${table.followedId}`),
  ],
);

/** "Engelle": the blocked person cannot follow, like, comment on or see the blocker's activity. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "blocks_pkey", columns: [table.blockerId, table.blockedId] }),
    index("blocks_blocked_idx").on(table.blockedId),
    check("blocks_not_self_check", sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/** "Beğen" on a review, a diary entry with words, or a public list: one per person and target. */
export const likes = pgTable(
  "likes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reviewId: bigint("review_id", { mode: "number" }).references(() => reviews.id, {
      onDelete: "cascade",
    }),
    diaryEntryId: bigint("diary_entry_id", { mode: "number" }).references(() => diaryEntries.id, {
      onDelete: "cascade",
    }),
    listId: bigint("list_id", { mode: "number" }).references(() => lists.id, {
      onDelete: "cascade",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("likes_user_review_unique").on(table.userId, table.reviewId),
    uniqueIndex("likes_user_diary_unique").on(table.userId, table.diaryEntryId),
    uniqueIndex("likes_user_list_unique").on(table.userId, table.listId),
    // Counts and "who liked" per target.
    index("likes_review_idx").on(table.reviewId),
    index("likes_diary_idx").on(table.diaryEntryId),
    index("likes_list_idx").on(table.listId),
    // A person's liked reviews and lists, newest first.
    index("likes_user_created_idx").on(table.userId, table.createdAt.desc()),
    check(
      "likes_one_target_check",
      sql`num_nonnulls(${table.reviewId}, ${table.diaryEntryId}, ${table.listId}) = 1`,
    ),
  ],
);

/**
 * A comment on a review or a public list; a reply names its parent (one level deep: the domain
 * writes a reply only under a comment that is not itself a reply, on the same target).
 */
export const comments = pgTable(
  "comments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reviewId: bigint("review_id", { mode: "number" }).references(() => reviews.id, {
      onDelete: "cascade",
    }),
    listId: bigint("list_id", { mode: "number" }).references(() => lists.id, {
      onDelete: "cascade",
    }),
    parentId: bigint("parent_id", { mode: "number" }),
    body: text("body").notNull(),
    spoiler: boolean("spoiler").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (table) => [
    index("comments_review_idx").on(table.reviewId, table.createdAt),
    index("comments_list_idx").on(table.listId, table.createdAt),
    index("comments_parent_idx").on(table.parentId),
    index("comments_author_idx").on(table.authorId, table.createdAt.desc()),
    check("comments_one_target_check", sql`num_nonnulls(${table.reviewId}, ${table.listId}) = 1`),
    check(
      "comments_body_length_check",
      sql`char_length(${table.body}) between ${sql.raw(String(SOCIAL_LIMITS.commentMin))} and ${sql.raw(String(SOCIAL_LIMITS.commentMax))}`,
    ),
    foreignKey({
      name: "comments_parent_id_fkey",
      columns: [table.parentId],
      foreignColumns: [table.id],
    }).onDelete("cascade"),
  ],
);

export const REPORT_REASONS = ["spam", "abuse", "spoiler", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** "Bildir": a review, comment or list reported with a reason, for an operator (`npm run reports`). */
export const reports = pgTable(
  "reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reviewId: bigint("review_id", { mode: "number" }).references(() => reviews.id, {
      onDelete: "cascade",
    }),
    commentId: bigint("comment_id", { mode: "number" }).references(() => comments.id, {
      onDelete: "cascade",
    }),
    listId: bigint("list_id", { mode: "number" }).references(() => lists.id, {
      onDelete: "cascade",
    }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reports_reporter_review_unique").on(table.reporterId, table.reviewId),
    uniqueIndex("reports_reporter_comment_unique").on(table.reporterId, table.commentId),
    uniqueIndex("reports_reporter_list_unique").on(table.reporterId, table.listId),
    index("reports_created_idx").on(table.createdAt.desc()),
    check(
      "reports_one_target_check",
      sql`num_nonnulls(${table.reviewId}, ${table.commentId}, ${table.listId}) = 1`,
    ),
    check("reports_reason_check", sql`${table.reason} in ('spam', 'abuse', 'spoiler', 'other')`),
    check(
      "reports_details_length_check",
      sql`${table.details} is null or char_length(${table.details}) <= ${sql.raw(String(SOCIAL_LIMITS.reportDetailsMax))}`,
    ),
  ],
);
