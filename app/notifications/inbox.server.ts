import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { NotificationKind, NotificationPayload } from "~/db/notifications-schema";

/*
 * The in-site channel (issue #36.2): the bell's unread count and /bildirimler. Only the person's
 * own rows, and only kinds they keep on for the site.
 */

/** Kinds the person turned off for the site are left out. */
const siteOn = sql`not exists (select 1 from notification_settings ns
  where ns.user_id = n.user_id and ns.kind = n.kind and ns.channel = 'site' and not ns.enabled)`;

/** The bell's figure: unread notifications, counted up to 100 ("99+" past that). */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (
          select 1 from notifications n
          where n.user_id = ${userId} and n.read_at is null and ${siteOn}
          limit 100) unread`,
  );
  return row?.count ?? 0;
}

export interface InboxItem {
  id: number;
  kind: NotificationKind;
  payload: NotificationPayload;
  createdAt: string;
  read: boolean;
}

/** Shown on /bildirimler: the newest first. */
const INBOX_SIZE = 100;

export async function listNotifications(db: Database, userId: string): Promise<InboxItem[]> {
  const rows = await queryRows<{
    id: number | string;
    kind: NotificationKind;
    payload: NotificationPayload | string;
    createdAt: Date | string;
    read: boolean;
  }>(
    db,
    sql`select n.id, n.kind, n.payload, n.created_at as "createdAt", n.read_at is not null as read
        from notifications n
        where n.user_id = ${userId} and ${siteOn}
        order by n.created_at desc, n.id desc
        limit ${INBOX_SIZE}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
    createdAt: new Date(row.createdAt).toISOString(),
    read: row.read,
  }));
}

/** "Tümünü okundu işaretle": every unread notification of the person. */
export async function markAllRead(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`,
  );
}

/** Verilerim: the person's notifications (what they said, when, whether read). */
export async function exportNotifications(db: Database, userId: string) {
  const rows = await queryRows<{
    kind: string;
    payload: NotificationPayload | string;
    createdAt: Date | string;
    readAt: Date | string | null;
  }>(
    db,
    sql`select kind, payload, created_at as "createdAt", read_at as "readAt"
        from notifications where user_id = ${userId} order by created_at desc, id desc`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    ...(typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload),
    createdAt: new Date(row.createdAt).toISOString(),
    readAt: row.readAt && new Date(row.readAt).toISOString(),
  }));
}
