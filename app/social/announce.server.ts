import { sql } from "drizzle-orm";
import { nowMs } from "~/core/clock.server";
import type { Logger } from "~/core/logger.server";
import { paths } from "~/core/paths";
import { queryRows, type Database } from "~/db/client.server";
import type { NotificationKind, NotificationPayload } from "~/db/notifications-schema";
import { wanted } from "~/db/notification-channels.server";
import { targetSubject } from "./target-subject.server";

/*
 * Where Birlikte tells people about each other (issue #38 → the notifications of #36, decision
 * 035): a new follower, a like, a comment on one's review or list, a reply to one's comment. The
 * request that made the event writes the recipient's notification row (one insert); the
 * existing jobs deliver it (digest, push). The row's key is (person, kind, subject), the subject
 * naming the actor and what they acted on, so a follow or like taken back and given again
 * notifies once. Never for oneself, never across a block (either way), never for a kind the
 * recipient turned off everywhere.
 */

export type SocialEvent =
  | { kind: "follow"; actorId: string; recipientId: string }
  | { kind: "like"; actorId: string; recipientId: string; target: SocialTarget }
  | {
      kind: "comment";
      actorId: string;
      recipientId: string;
      target: SocialTarget;
      commentId: number;
    }
  | {
      kind: "reply";
      actorId: string;
      recipientId: string;
      target: SocialTarget;
      commentId: number;
    };

export type SocialTarget =
  { type: "review"; id: number } | { type: "diary"; id: number } | { type: "list"; id: number };

export interface AnnounceServices {
  database: { db: Database };
  logger: Logger;
}

/** A comment's words shown in a notification: at most this many characters. */
const EXCERPT = 140;

/**
 * Who hears of a new comment: a reply tells the comment's author, and the review's or list's
 * owner hears of every comment under it, once (the reply's author may be the owner); nobody
 * hears of their own.
 */
export function commentEvents(
  actorId: string,
  target: SocialTarget,
  added: { id: number; ownerId: string; parentAuthorId: string | null },
): SocialEvent[] {
  const events: SocialEvent[] = [];
  const base = { actorId, target, commentId: added.id };
  if (added.parentAuthorId)
    events.push({ ...base, kind: "reply", recipientId: added.parentAuthorId });
  if (added.parentAuthorId !== added.ownerId)
    events.push({ ...base, kind: "comment", recipientId: added.ownerId });
  return events.filter((event) => event.recipientId !== actorId);
}

/** Writes the recipient's notification; never throws (the act itself already succeeded). */
export async function announceSocial(
  services: AnnounceServices,
  event: SocialEvent,
): Promise<void> {
  if (event.actorId === event.recipientId) return;
  try {
    const { db } = services.database;
    const described = await describe(db, event);
    if (!described) return;
    const { kind, subject, payload } = described;
    await db.execute(
      sql`insert into notifications (user_id, kind, subject, payload, created_at)
          select ${event.recipientId}, ${kind}, ${subject}, ${JSON.stringify(payload)}::jsonb,
            ${new Date(nowMs()).toISOString()}::timestamptz
          where not exists (select 1 from blocks b
                  where (b.blocker_id = ${event.recipientId} and b.blocked_id = ${event.actorId})
                     or (b.blocker_id = ${event.actorId} and b.blocked_id = ${event.recipientId}))
            and ${wanted(sql`${event.recipientId}::text`, kind)}
          on conflict do nothing`,
    );
  } catch (error) {
    services.logger.warn({ err: error, social: event.kind }, "social notification not written");
  }
}

/**
 * A block (either way) takes back what the two people were told of each other: a follow, a
 * like, a comment or reply. Run in the block's own transaction.
 */
export async function forgetSocialBetween(db: Database, a: string, b: string): Promise<void> {
  const about = (recipient: string, actor: string) =>
    sql`(n.user_id = ${recipient} and (
          (n.kind = 'new_follower' and n.subject = 'follower:' || ${actor}::text)
          or (n.kind = 'new_like' and n.subject like 'like:%'
              and right(n.subject, char_length(${actor}::text) + 1) = ':' || ${actor}::text)
          or (n.kind = 'new_comment' and n.subject in (
                select 'comment:' || c.id from comments c where c.author_id = ${actor}))))`;
  await db.execute(sql`delete from notifications n where ${about(a, b)} or ${about(b, a)}`);
}

/** The quoted name of a title or list in a sentence: "Kış Uykusu". */
const quoted = (name: string | null) => (name ? `"${name}" ` : "");

interface Described {
  kind: NotificationKind;
  subject: string;
  payload: NotificationPayload;
}

/** What the notification says and where it leads, read once at the event. */
async function describe(db: Database, event: SocialEvent): Promise<Described | null> {
  const [people] = await queryRows<{
    actor_username: string | null;
    actor_name: string | null;
    recipient_username: string | null;
  }>(
    db,
    sql`select a.username as actor_username,
               coalesce(nullif(btrim(a.full_name), ''), a.username) as actor_name,
               r.username as recipient_username
        from (select 1) one
        left join profiles a on a.user_id = ${event.actorId} and a.is_public
        left join profiles r on r.user_id = ${event.recipientId}`,
  );
  // A person without a public profile is named by nobody: "Biri".
  const actor = people?.actor_name ?? "Biri";
  if (event.kind === "follow")
    return {
      kind: "new_follower",
      subject: `follower:${event.actorId}`,
      payload: {
        title: `${actor} sizi takip etmeye başladı`,
        body: people?.actor_username
          ? "Profiline göz atabilir, siz de takip edebilirsiniz."
          : "Takipçilerinizi profilinizden görebilirsiniz.",
        url: people?.actor_username
          ? paths.profile(people.actor_username)
          : people?.recipient_username
            ? paths.profileFollowers(people.recipient_username)
            : paths.account,
      },
    };
  const target = await describeTarget(db, event.target);
  if (!target) return null;
  if (event.kind === "like")
    return {
      kind: "new_like",
      subject: `like:${event.target.type}:${event.target.id}:${event.actorId}`,
      payload: {
        title: `${actor} ${target.yours} beğendi`,
        body: target.about,
        url: target.url,
      },
    };
  const [comment] = await queryRows<{ body: string; spoiler: boolean }>(
    db,
    sql`select body, spoiler from comments where id = ${event.commentId}`,
  );
  if (!comment) return null;
  const words = [...comment.body.replace(/\s+/g, " ")];
  const excerpt =
    words.length > EXCERPT ? `${words.slice(0, EXCERPT - 1).join("")}…` : words.join("");
  return {
    kind: "new_comment",
    subject: `comment:${event.commentId}`,
    payload: {
      title:
        event.kind === "reply"
          ? `${actor} yorumunuza yanıt verdi`
          : `${actor} ${target.toYours} yorum yaptı`,
      body: comment.spoiler
        ? `${target.about}. Yorum sürprizbozan içeriyor; okumak için açın.`
        : `“${excerpt}”`,
      url: target.url,
    },
  };
}

interface TargetWords {
  /** The target as the object of a verb: `"Kış Uykusu" incelemenizi`. */
  yours: string;
  /** The same, as where a comment goes: `"Kış Uykusu" incelemenize`. */
  toYours: string;
  /** A line saying which one it is. */
  about: string;
  url: string;
}

async function describeTarget(db: Database, target: SocialTarget): Promise<TargetWords | null> {
  const subject = await targetSubject(db, target);
  if (!subject) return null;
  if (subject.type === "list")
    return {
      yours: `${quoted(subject.name)}listenizi`,
      toYours: `${quoted(subject.name)}listenize`,
      about: `"${subject.name}" listeniz`,
      url: subject.url,
    };
  const { title } = subject;
  if (subject.type === "diary")
    return {
      yours: `${quoted(title)}günlük notunuzu`,
      toYours: `${quoted(title)}günlük notunuza`,
      about: title ? `"${title}" için günlüğünüze yazdığınız not` : "Günlüğünüzdeki notunuz",
      url: paths.diaryEntry(target.id),
    };
  return {
    yours: `${quoted(title)}incelemenizi`,
    toYours: `${quoted(title)}incelemenize`,
    about: title ? `"${title}" için yazdığınız inceleme` : "Yazdığınız inceleme",
    url: subject.url,
  };
}
