import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/*
 * Web push (issue #36, decision 036): one row per browser that said yes to notifications. The
 * endpoint is the browser's push service address (unique: a browser's subscription belongs to one
 * person at a time), `p256dh` and `auth` are its keys for the payload's encryption (RFC 8291).
 * Deleting an account deletes its subscriptions; a push service answering 404 or 410 deletes one.
 */

/** The limits the subscribe action holds a subscription to; the table holds them too. */
export const PUSH_LIMITS = {
  endpointLength: 2048,
  /** An uncompressed P-256 point: 65 bytes, 87 characters of base64url. */
  p256dhLength: 87,
  /** 16 bytes of auth secret: 22 characters of base64url. */
  authLength: 22,
  perPerson: 20,
};

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome · Android": which device it is, for the person's list (never used otherwise). */
    device: text("device").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
    check(
      "push_subscriptions_endpoint_check",
      sql`${table.endpoint} ~ '^https://' and char_length(${table.endpoint}) <= 2048`,
    ),
    check(
      "push_subscriptions_keys_check",
      sql`${table.p256dh} ~ '^[A-Za-z0-9_-]{87}$' and ${table.auth} ~ '^[A-Za-z0-9_-]{22}$'`,
    ),
    check("push_subscriptions_device_check", sql`char_length(${table.device}) <= 100`),
  ],
);
