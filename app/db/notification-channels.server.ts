import { sql, type SQL } from "drizzle-orm";
import {
  SOCIAL_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "./notifications-schema";

/*
 * Whether a person keeps a kind on for a channel (issue #36.4). `notification_settings` holds
 * only what the person chose; without a row the default holds: on, except push for the social
 * kinds (a new follower, a like, a comment), which a person turns on themselves.
 */

const SOCIAL: readonly string[] = SOCIAL_KINDS;

/** The default of a kind on a channel when the person never chose. */
export const channelDefault = (kind: NotificationKind, channel: NotificationChannel): boolean =>
  !(channel === "push" && SOCIAL.includes(kind));

const socialList = sql.raw(SOCIAL_KINDS.map((kind) => `'${kind}'`).join(", "));

/**
 * SQL: the person in `userColumn` keeps the kind in `kindColumn` (a column or a literal) on for
 * `channel`.
 */
export function channelOn(userColumn: SQL, kindColumn: SQL, channel: NotificationChannel): SQL {
  if (channel !== "push")
    return sql`not exists (select 1 from notification_settings ns
      where ns.user_id = ${userColumn} and ns.kind = ${kindColumn}
        and ns.channel = ${channel} and not ns.enabled)`;
  return sql`coalesce((select ns.enabled from notification_settings ns
      where ns.user_id = ${userColumn} and ns.kind = ${kindColumn} and ns.channel = 'push'),
    ${kindColumn} not in (${socialList}))`;
}

/** SQL: the person in `userColumn` keeps `kind` on for at least one channel. */
export function wanted(userColumn: SQL, kind: NotificationKind): SQL {
  if (channelDefault(kind, "push"))
    // Every default is on: one count of the channels turned off (the fan-outs' cheap form).
    return sql`(select count(*) from notification_settings ns
      where ns.user_id = ${userColumn} and ns.kind = ${kind} and not ns.enabled) < 3`;
  const literal = sql`${kind}::text`;
  return sql`(${channelOn(userColumn, literal, "site")} or ${channelOn(userColumn, literal, "email")}
    or ${channelOn(userColumn, literal, "push")})`;
}
