import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { paths } from "~/core/paths";
import type { Database } from "~/db/client.server";
import { NOTIFICATION_KINDS, type NotificationKind } from "~/db/notifications-schema";

/*
 * One-click unsubscribe (RFC 8058) for one kind of e-mail: the digest's link names the person
 * and the kind, signed with the site's secret (AUTH_SECRET), so it works without a session and
 * cannot be made for anyone else. It only ever turns e-mail off for that kind.
 */

/** One kind's e-mails, or "digest": every notification e-mail (the digest turned off). */
export type UnsubscribeScope = NotificationKind | "digest";
const SCOPES: readonly string[] = [...NOTIFICATION_KINDS, "digest"];

const encode = (text: string) => Buffer.from(text, "utf8").toString("base64url");

function signature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${body}`).digest("base64url");
}

function unsubscribeToken(secret: string, userId: string, kind: UnsubscribeScope): string {
  const body = encode(`${userId}\n${kind}`);
  return `${body}.${signature(secret, body)}`;
}

/** The link's absolute address, for the mail. */
export function unsubscribeUrl(
  siteUrl: string,
  secret: string,
  userId: string,
  kind: UnsubscribeScope,
): string {
  return new URL(paths.unsubscribe(unsubscribeToken(secret, userId, kind)), siteUrl).toString();
}

/** The person and kind a token names; null for a forged, altered or malformed one. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: UnsubscribeScope } | null {
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined || token.length > 400) return null;
  const expected = Buffer.from(signature(secret, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind] = Buffer.from(body, "base64url").toString("utf8").split("\n");
  if (!userId || !SCOPES.includes(kind ?? "")) return null;
  return { userId, kind: kind as UnsubscribeScope };
}

/**
 * Turns the token's kind off for e-mail (or the whole digest off); false for a token that does
 * not verify.
 */
export async function unsubscribe(db: Database, secret: string, token: string): Promise<boolean> {
  const named = readUnsubscribeToken(secret, token);
  if (!named) return false;
  if (named.kind === "digest") {
    await db.execute(
      sql`insert into notification_preferences (user_id, digest)
          select id, 'off' from "user" where id = ${named.userId}
          on conflict (user_id) do update set digest = 'off', updated_at = now()`,
    );
    return true;
  }
  // An account deleted since the mail went out has nothing left to send: no row is written.
  await db.execute(
    sql`insert into notification_settings (user_id, kind, channel, enabled)
        select id, ${named.kind}, 'email', false from "user" where id = ${named.userId}
        on conflict (user_id, kind, channel) do update set enabled = false, updated_at = now()`,
  );
  return true;
}
