import { sql } from "drizzle-orm";
import pLimit from "p-limit";
import { nowMs } from "~/core/clock.server";
import { queryRows, type Database } from "~/db/client.server";
import type { NotificationPayload } from "~/db/notifications-schema";
import { channelOn } from "~/db/notification-channels.server";
import { istanbulClock } from "./digest.server";
import { sendPushToPerson } from "./push.server";

/*
 * The push channel's delivery (issue #36, decision 035): a sweep every minute takes the
 * notifications of the last day not yet pushed, whose person had a device subscribed when the
 * notification came (a device added later gets no backlog), keeps push on for the kind and is
 * outside their quiet hours now (default 23:00-08:00 Istanbul; what came during them goes after),
 * claims each (a `notification_deliveries` row), and hands it to web push
 * (`sendPushToPerson`, app/notifications/push.server.ts), several at once. A push that fails is
 * given back and tried at the next sweep. The sweep starts from the people with a device and
 * reads their notifications by person and time (`notifications_user_created_idx`): the many
 * people without one, and the day's other notifications, cost it nothing.
 */

const PUSH_LOOKBACK_MS = 24 * 60 * 60 * 1000;
const PUSH_BATCH = 500;
/**
 * Pushes in flight at once: sent one after another, each waiting on its push service, a sweep
 * managed some 50 a second (bench:notify).
 */
const PUSH_CONCURRENCY = 16;

/** The sweep's instant, batch size and sender (web push; a test's own recorder). */
interface PushSweep {
  at?: number;
  limit?: number;
  send?: typeof sendPushToPerson;
}

export async function deliverPushes(
  db: Database,
  { at = nowMs(), limit = PUSH_BATCH, send = sendPushToPerson }: PushSweep = {},
): Promise<{ sent: number; skipped: number; failed: number }> {
  const { minute } = istanbulClock(at);
  const claimed = await queryRows<{
    id: number | string;
    userId: string;
    kind: string;
    payload: NotificationPayload | string;
  }>(
    db,
    sql`with devices as (
          select user_id, min(created_at) as since from push_subscriptions group by user_id),
        picked as (
          select n.id from devices s
          join notifications n on n.user_id = s.user_id and n.created_at >= s.since
          left join notification_preferences p on p.user_id = n.user_id
          where n.created_at > ${new Date(at - PUSH_LOOKBACK_MS).toISOString()}::timestamptz
            and not exists (select 1 from notification_deliveries d
                            where d.notification_id = n.id and d.channel = 'push')
            and ${channelOn(sql`n.user_id`, sql`n.kind`, "push")}
            and not (case
              when coalesce(p.quiet_from, 1380) = coalesce(p.quiet_to, 480) then false
              when coalesce(p.quiet_from, 1380) < coalesce(p.quiet_to, 480)
                then ${minute} >= coalesce(p.quiet_from, 1380) and ${minute} < coalesce(p.quiet_to, 480)
              else ${minute} >= coalesce(p.quiet_from, 1380) or ${minute} < coalesce(p.quiet_to, 480)
            end)
          order by n.id
          limit ${limit}),
        claimed as (
          insert into notification_deliveries (notification_id, channel, state)
          select id, 'push', 'sending' from picked
          on conflict do nothing
          returning notification_id)
        select n.id, n.user_id as "userId", n.kind, n.payload
        from notifications n join claimed c on c.notification_id = n.id`,
  );
  // Several pushes in flight (each waits on a push service), then one statement per outcome.
  const inFlight = pLimit(PUSH_CONCURRENCY);
  const outcomes = await Promise.all(
    claimed.map((row) =>
      inFlight(async (): Promise<[id: number, outcome: "sent" | "skipped" | "failed"]> => {
        const payload: NotificationPayload =
          typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
        try {
          const answer = await send(db, row.userId, { ...payload, tag: `${row.kind}:${row.id}` });
          return [Number(row.id), answer.sent > 0 ? "sent" : "skipped"];
        } catch {
          return [Number(row.id), "failed"];
        }
      }),
    ),
  );
  const idsOf = (outcome: string) =>
    outcomes.filter(([, which]) => which === outcome).map(([id]) => id);
  const [sent, skipped, failed] = [idsOf("sent"), idsOf("skipped"), idsOf("failed")];
  for (const [state, ids] of [
    ["sent", sent],
    ["skipped", skipped],
  ] as const)
    if (ids.length)
      await db.execute(
        sql`update notification_deliveries set state = ${state}, sent_at = now()
            where channel = 'push' and notification_id = any(${sql.param(ids)}::bigint[])`,
      );
  // A push that failed is given back, for the next sweep.
  if (failed.length)
    await db.execute(
      sql`delete from notification_deliveries
          where channel = 'push' and state = 'sending'
            and notification_id = any(${sql.param(failed)}::bigint[])`,
    );
  return { sent: sent.length, skipped: skipped.length, failed: failed.length };
}
