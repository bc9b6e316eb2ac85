import { sql } from "drizzle-orm";
import type { Mail, Mailer } from "~/accounts/mailer.server";
import { istanbulDay, nowMs } from "~/core/clock.server";
import { SITE_NAME } from "~/core/site";
import { queryRows, type Database } from "~/db/client.server";
import type { NotificationKind, NotificationPayload } from "~/db/notifications-schema";
import { KIND_LABELS } from "./labels";
import { unsubscribeUrl, type UnsubscribeScope } from "./unsubscribe.server";

/*
 * The e-mail digest (issue #36.2, decision 035): at the time each person chose (default 09:00
 * Istanbul), daily or on the weekday they chose (default Monday), one mail with what was not yet
 * mailed. Each notification is claimed (a `notification_deliveries` row, state `sending`) before the mail goes, in the same
 * transaction that marks the day's digest done: a job killed after the claim never mails it again
 * (at most once); a send that fails gives the claims back and throws, and the queue tries again
 * later with a growing pause.
 */

/** Notifications older than this are never mailed (an e-mail turned on later sends no backlog). */
const DIGEST_LOOKBACK_MS = 8 * 24 * 60 * 60 * 1000;
/** At most this many notifications in one mail; the rest wait for the next digest. */
const DIGEST_MAX_ITEMS = 50;

export interface DigestServices {
  database: { db: Database };
  mailer: Mailer;
  env: { publicSiteUrl: string; authSecret: string };
}

const minuteOfDay = (at: number) => {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Istanbul",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
};

/** Istanbul's minute of the day (0-1439) and weekday (0 Sunday … 1 Monday …) at an instant. */
export function istanbulClock(at: number): { minute: number; weekday: number; day: string } {
  const day = istanbulDay(at);
  return { minute: minuteOfDay(at), weekday: new Date(`${day}T00:00:00Z`).getUTCDay(), day };
}

/** The kinds the person mails: not turned off for e-mail. */
const emailOn = sql`not exists (select 1 from notification_settings ns
  where ns.user_id = n.user_id and ns.kind = n.kind and ns.channel = 'email' and not ns.enabled)`;

const unmailed = sql`not exists (select 1 from notification_deliveries d
  where d.notification_id = n.id and d.channel = 'email')`;

/**
 * People whose digest is due at `at`: their time of day has come, not yet sent today (weekly:
 * on their day, Monday unless they chose another), and something is waiting to be mailed.
 */
export async function dueDigestPeople(
  db: Database,
  at: number = nowMs(),
  limit = 5_000,
): Promise<string[]> {
  const { minute, weekday, day } = istanbulClock(at);
  const rows = await queryRows<{ userId: string }>(
    db,
    sql`select n.user_id as "userId"
        from notifications n
        left join notification_preferences p on p.user_id = n.user_id
        where n.created_at > ${new Date(at - DIGEST_LOOKBACK_MS).toISOString()}::timestamptz
          and coalesce(p.digest, 'daily') <> 'off'
          and (coalesce(p.digest, 'daily') = 'daily' or coalesce(p.digest_weekday, 1) = ${weekday})
          and coalesce(p.digest_minute, 540) <= ${minute}
          and (p.last_digest_on is null or p.last_digest_on < ${day})
          and ${unmailed} and ${emailOn}
        group by n.user_id
        limit ${limit}`,
  );
  return rows.map((row) => row.userId);
}

interface Claimed {
  id: number;
  kind: NotificationKind;
  payload: NotificationPayload;
}

interface ClaimedDigest {
  userId: string;
  email: string;
  lastDigestOn: string | null;
  items: Claimed[];
}

/**
 * Claims what each person's digest will carry and marks their day's digest done, for a batch of
 * people in one transaction (three statements, whatever the batch's size). People already mailed
 * today (a retried job's earlier success) get nothing more today.
 */
async function claim(db: Database, userIds: readonly string[], at: number) {
  const day = istanbulDay(at);
  const since = new Date(at - DIGEST_LOOKBACK_MS).toISOString();
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const people = await queryRows<{ userId: string; email: string; lastDigestOn: string | null }>(
      txDb,
      sql`select u.id as "userId", u.email, p.last_digest_on::text as "lastDigestOn"
          from "user" u left join notification_preferences p on p.user_id = u.id
          where u.id = any(${sql.param([...userIds])}::text[])
            and (p.last_digest_on is null or p.last_digest_on < ${day})
          for update of u`,
    );
    if (!people.length) return [];
    const ids = people.map((person) => person.userId);
    const items = await queryRows<{
      id: number | string;
      userId: string;
      kind: NotificationKind;
      payload: NotificationPayload | string;
    }>(
      txDb,
      sql`with ranked as (
            select n.id, row_number() over (partition by n.user_id order by n.created_at, n.id) as rank
            from notifications n
            where n.user_id = any(${sql.param(ids)}::text[])
              and n.created_at > ${since}::timestamptz
              and ${unmailed} and ${emailOn}),
          claimed as (
            insert into notification_deliveries (notification_id, channel, state)
            select id, 'email', 'sending' from ranked where rank <= ${DIGEST_MAX_ITEMS}
            on conflict do nothing
            returning notification_id)
          select n.id, n.user_id as "userId", n.kind, n.payload from notifications n
          join claimed c on c.notification_id = n.id
          order by n.user_id, n.created_at, n.id`,
    );
    const byPerson = new Map<string, Claimed[]>();
    for (const item of items) {
      const list = byPerson.get(item.userId) ?? [];
      list.push({
        id: Number(item.id),
        kind: item.kind,
        payload: typeof item.payload === "string" ? JSON.parse(item.payload) : item.payload,
      });
      byPerson.set(item.userId, list);
    }
    const mailed = ids.filter((id) => byPerson.has(id));
    if (mailed.length)
      await txDb.execute(
        sql`insert into notification_preferences (user_id, last_digest_on)
            select id, ${day}::date from unnest(${sql.param(mailed)}::text[]) as id
            on conflict (user_id) do update set last_digest_on = excluded.last_digest_on`,
      );
    return people
      .filter((person) => byPerson.has(person.userId))
      .map((person): ClaimedDigest => ({ ...person, items: byPerson.get(person.userId)! }));
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** The digest mail for `items` (HTML and text, in Turkish, with RFC 8058 unsubscribe headers). */
export function composeDigest(
  env: DigestServices["env"],
  userId: string,
  to: string,
  items: readonly Claimed[],
): Mail {
  const site = env.publicSiteUrl;
  const absolute = (path: string) => new URL(path, site).toString();
  const kinds = [...new Set(items.map((item) => item.kind))];
  const linkFor = (scope: UnsubscribeScope) => unsubscribeUrl(site, env.authSecret, userId, scope);
  const headerScope: UnsubscribeScope = kinds.length === 1 ? kinds[0]! : "digest";
  const subject =
    items.length === 1
      ? `${SITE_NAME}: ${items[0]!.payload.title}`
      : `${SITE_NAME}: ${items.length} yeni bildirim`;

  const text: string[] = [`Merhaba, ${SITE_NAME}'de sizi bekleyenler:`, ""];
  const html: string[] = [
    `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px;margin:0 auto;padding:16px">`,
    `<p>Merhaba, ${escapeHtml(SITE_NAME)}'de sizi bekleyenler:</p>`,
  ];
  for (const kind of kinds) {
    text.push(`== ${KIND_LABELS[kind]} ==`);
    html.push(
      `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(KIND_LABELS[kind])}</h2><ul>`,
    );
    for (const item of items.filter((entry) => entry.kind === kind)) {
      const url = absolute(item.payload.url);
      text.push(`- ${item.payload.title}`, `  ${item.payload.body}`, `  ${url}`);
      html.push(
        `<li style="margin-bottom:8px"><a href="${escapeHtml(url)}">${escapeHtml(item.payload.title)}</a><br>${escapeHtml(item.payload.body)}</li>`,
      );
    }
    const off = linkFor(kind);
    text.push(`Bu tür e-postaları almak istemiyorsanız: ${off}`, "");
    html.push(
      `</ul><p style="font-size:13px;color:#555"><a href="${escapeHtml(off)}">Bu tür e-postaları almayın</a></p>`,
    );
  }
  const settings = absolute("/hesap#bildirimler");
  const all = linkFor("digest");
  text.push(
    `Bildirim ayarlarınızı değiştirmek için: ${settings}`,
    `Hiçbir bildirim e-postası almamak için: ${all}`,
  );
  html.push(
    `<hr><p style="font-size:13px;color:#555">Bu e-postayı ${escapeHtml(SITE_NAME)} bildirim ayarlarınız nedeniyle aldınız. <a href="${escapeHtml(settings)}">Bildirim ayarları</a> · <a href="${escapeHtml(all)}">Hiçbir bildirim e-postası almayın</a></p>`,
    "</body></html>",
  );
  return {
    to,
    subject,
    text: text.join("\n"),
    html: html.join("\n"),
    headers: {
      "List-Unsubscribe": `<${linkFor(headerScope)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** Milliseconds spent in each step of `sendDigests`, added up over its calls (bench:notify). */
export interface DigestTimings {
  claimMs: number;
  sendMs: number;
  recordMs: number;
}

/**
 * A batch of people's digests: claims (one transaction), composes and sends each (the SMTP
 * pool sends several at once), then records what went. Returns how many notifications were
 * mailed to each person who got a mail. A failed send releases that person's claims (the rest
 * are recorded) and the batch throws at the end, for the queue to try again later.
 */
export async function sendDigests(
  services: DigestServices,
  userIds: readonly string[],
  at: number = nowMs(),
  timings?: DigestTimings,
): Promise<Map<string, number>> {
  const { db } = services.database;
  let started = performance.now();
  const lap = (step: keyof DigestTimings) => {
    const now = performance.now();
    if (timings) timings[step] += now - started;
    started = now;
  };
  const claimed = await claim(db, userIds, at);
  lap("claimMs");
  const results = await Promise.allSettled(
    claimed.map((digest) =>
      services.mailer.send(composeDigest(services.env, digest.userId, digest.email, digest.items)),
    ),
  );
  lap("sendMs");
  const sent = claimed.filter((_, index) => results[index]!.status === "fulfilled");
  const failed = claimed.filter((_, index) => results[index]!.status === "rejected");
  const idsOf = (digests: ClaimedDigest[]) =>
    digests.flatMap((digest) => digest.items.map((item) => item.id));
  if (sent.length)
    await db.execute(
      sql`update notification_deliveries set state = 'sent', sent_at = now()
          where channel = 'email' and notification_id = any(${sql.param(idsOf(sent))}::bigint[])`,
    );
  lap("recordMs");
  if (failed.length) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from notification_deliveries
            where channel = 'email' and state = 'sending'
              and notification_id = any(${sql.param(idsOf(failed))}::bigint[])`,
      );
      for (const digest of failed)
        await tx.execute(
          sql`update notification_preferences set last_digest_on = ${digest.lastDigestOn}
              where user_id = ${digest.userId}`,
        );
    });
    const reason = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    throw reason.reason;
  }
  return new Map(sent.map((digest) => [digest.userId, digest.items.length]));
}

/** One person's digest (see `sendDigests`): how many notifications it mailed, 0 for none. */
export async function sendDigest(
  services: DigestServices,
  userId: string,
  at: number = nowMs(),
): Promise<number> {
  return (await sendDigests(services, [userId], at)).get(userId) ?? 0;
}
