import { sql } from "drizzle-orm";
import {
  bigint,
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
 * Bildirimler (issue #36, decision 035). A detection job writes one `notifications` row per
 * person and event; the (person, kind, subject) key makes a second detection of the same event a
 * no-op. Each channel that sends it (the e-mail digest, web push) first claims a
 * `notification_deliveries` row keyed by (notification, channel), so nothing is sent twice, even
 * by a job killed mid-batch and run again. Deleting an account deletes all of it.
 */

export const NOTIFICATION_KINDS = [
  "episode_aired",
  "now_streaming",
  "in_cinemas",
  "list_invite_accepted",
  "new_follower",
  "new_like",
  "new_comment",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds about other people (issue #38 → #36): written by the request that made the event, one
 * row per person, kind and actor or comment. Unlike the others, push is off for them until the
 * person turns it on.
 */
export const SOCIAL_KINDS = ["new_follower", "new_like", "new_comment"] as const;

/** Channels a person turns on or off per kind. "site" is the bell and /bildirimler. */
export const NOTIFICATION_CHANNELS = ["site", "email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Channels that send (and so keep a delivery row). */
export const DELIVERY_CHANNELS = ["email", "push"] as const;

export const DIGEST_FREQUENCIES = ["daily", "weekly", "off"] as const;

/** What a notification says and where it leads, as written when it was detected. */
export interface NotificationPayload {
  title: string;
  body: string;
  /** A path of the site ("/dizi/…"). */
  url: string;
}

const kindList = sql.raw(NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(", "));

export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** The event, e.g. `tv:1399:2026-11-27` (a series' airings of one day). */
    subject: text("subject").notNull(),
    payload: jsonb("payload").$type<NotificationPayload>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("notifications_user_kind_subject_unique").on(
      table.userId,
      table.kind,
      table.subject,
    ),
    index("notifications_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("notifications_user_unread_idx")
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index("notifications_created_idx").on(table.createdAt),
    check("notifications_kind_check", sql`${table.kind} in (${kindList})`),
    check("notifications_subject_check", sql`char_length(${table.subject}) between 1 and 200`),
  ],
);

/** One channel's send of one notification: claimed before sending, so never sent twice. */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    notificationId: bigint("notification_id", { mode: "number" })
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    /**
     * `sending` from the claim until the send answers; `sent`; `skipped` (the channel was off
     * or the person has nowhere to receive it). A claim left `sending` by a killed job is not
     * sent again: at most once.
     */
    state: text("state", { enum: ["sending", "sent", "skipped"] }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({
      name: "notification_deliveries_pkey",
      columns: [table.notificationId, table.channel],
    }),
    check("notification_deliveries_channel_check", sql`${table.channel} in ('email', 'push')`),
    check(
      "notification_deliveries_state_check",
      sql`${table.state} in ('sending', 'sent', 'skipped')`,
    ),
  ],
);

/** A kind turned on or off for one channel; no row means the default (on). */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "notification_settings_pkey",
      columns: [table.userId, table.kind, table.channel],
    }),
    check("notification_settings_kind_check", sql`${table.kind} in (${kindList})`),
    check(
      "notification_settings_channel_check",
      sql`${table.channel} in ('site', 'email', 'push')`,
    ),
  ],
);

/**
 * The e-mail digest's schedule and push's quiet hours; no row means the defaults (daily at
 * 09:00 Istanbul, quiet 23:00-08:00). Times are minutes after Istanbul's midnight.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    digest: text("digest", { enum: DIGEST_FREQUENCIES }).notNull().default("daily"),
    digestMinute: smallint("digest_minute").notNull().default(540),
    /** The weekly digest's day in Istanbul: 0 Sunday, 1 Monday (the default) … 6 Saturday. */
    digestWeekday: smallint("digest_weekday").notNull().default(1),
    quietFrom: smallint("quiet_from").notNull().default(1380),
    quietTo: smallint("quiet_to").notNull().default(480),
    /** Istanbul's day the last digest went out (the digest job's own mark). */
    lastDigestOn: date("last_digest_on", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "notification_preferences_digest_check",
      sql`${table.digest} in ('daily', 'weekly', 'off')`,
    ),
    check(
      "notification_preferences_minutes_check",
      sql`${table.digestMinute} between 0 and 1439 and ${table.quietFrom} between 0 and 1439 and ${table.quietTo} between 0 and 1439`,
    ),
    check("notification_preferences_weekday_check", sql`${table.digestWeekday} between 0 and 6`),
  ],
);

/**
 * The last reading of a listed title's Turkish streaming services (subscription, free, ads),
 * shared by everyone who listed it: the daily job compares the next reading with this one.
 */
export const titleProviderReadings = pgTable(
  "title_provider_readings",
  {
    itemType: text("item_type", { enum: ["movie", "tv"] }).notNull(),
    itemId: integer("item_id").notNull(),
    /** The services' ids, sorted. */
    providerIds: integer("provider_ids").array().notNull(),
    /** Istanbul's day of the reading: a title is read at most once a day. */
    readOn: date("read_on", { mode: "string" }).notNull(),
    /**
     * The reading holds free and ad-supported services too. Readings from before they were
     * read hold subscriptions only: against those, a free service is recorded, not announced.
     */
    withFree: boolean("with_free").notNull().default(false),
  },
  (table) => [
    primaryKey({ name: "title_provider_readings_pkey", columns: [table.itemType, table.itemId] }),
    check("title_provider_readings_type_check", sql`${table.itemType} in ('movie', 'tv')`),
    check("title_provider_readings_id_check", sql`${table.itemId} > 0`),
  ],
);
