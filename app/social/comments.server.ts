import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { SOCIAL_LIMITS } from "~/db/social-schema";

/*
 * Yorumlar (issue #38.4): comments on reviews (with words) and public lists, replies one level
 * deep, editable by their author for 15 minutes, deletable by their author and by the owner of
 * the review or list. Every rule is in the query that writes; the length is a check constraint
 * too.
 */

export type CommentTarget = { type: "review" | "list"; id: number };

export const COMMENT_REFUSALS = {
  empty: "Lütfen bir yorum yazın.",
  tooLong: `Yorum en fazla ${SOCIAL_LIMITS.commentMax} karakter olabilir.`,
  invalid:
    "Gönderdiğiniz metinde geçersiz bir karakter var. Lütfen metni düzeltip yeniden deneyin.",
  links: "Hesabınız bir günden yeni; bu süre içinde yorumlarda bağlantı paylaşamazsınız.",
  unavailable: "Bu içeriğe yorum yazılamıyor.",
  noParent: "Yanıtladığınız yorum bulunamadı.",
} as const;

/** A link as people write one: a scheme, "www.", or a name with a common ending. */
const LINK =
  /\b(?:https?:\/\/|www\.)|\b[\p{L}\p{N}-]+\.(?:com|net|org|io|co|tr|me|ly|xyz|info|biz)\b/iu;

export const hasLink = (text: string) => LINK.test(text);

/** The text trimmed, or a refusal: 1-1,000 characters, no NUL. */
function commentBody(value: unknown): { body: string } | { error: string } {
  if (typeof value !== "string") return { error: COMMENT_REFUSALS.empty };
  if (value.includes("\u0000")) return { error: COMMENT_REFUSALS.invalid };
  const body = value.replace(/\r\n/g, "\n").trim();
  if (body.length < SOCIAL_LIMITS.commentMin) return { error: COMMENT_REFUSALS.empty };
  if ([...body].length > SOCIAL_LIMITS.commentMax) return { error: COMMENT_REFUSALS.tooLong };
  return { body };
}

/** The owner of a target others may comment on. */
function openTarget(target: CommentTarget): SQL {
  return target.type === "review"
    ? sql`select r.user_id as owner_id from reviews r where r.id = ${target.id} and r.comment is not null`
    : sql`select l.owner_id from lists l where l.id = ${target.id} and l.visibility = 'public'`;
}

const COLUMN = { review: sql`review_id`, list: sql`list_id` } as const;

export type AddOutcome =
  | { ok: true; id: number; ownerId: string; parentAuthorId: string | null }
  | { ok: false; error: string };

export async function addComment(
  db: Database,
  authorId: string,
  target: CommentTarget,
  text: unknown,
  { spoiler = false, parentId = null }: { spoiler?: boolean; parentId?: number | null } = {},
): Promise<AddOutcome> {
  const parsed = commentBody(text);
  if ("error" in parsed) return { ok: false, error: parsed.error };
  const [author] = await queryRows<{ young: boolean }>(
    db,
    sql`select created_at > now() - interval '1 day' as young from "user" where id = ${authorId}`,
  );
  if (!author) return { ok: false, error: COMMENT_REFUSALS.unavailable };
  if (author.young && hasLink(parsed.body)) return { ok: false, error: COMMENT_REFUSALS.links };
  const [row] = await queryRows<{
    id: string | null;
    owner_id: string;
    parent_author: string | null;
    parent_ok: boolean;
  }>(
    db,
    sql`with target as (
          select t.owner_id from (${openTarget(target)}) t
          where not exists (select 1 from blocks b
                            where (b.blocker_id = t.owner_id and b.blocked_id = ${authorId})
                               or (b.blocker_id = ${authorId} and b.blocked_id = t.owner_id))
        ), parent as (
          -- A reply goes under a top-level comment of the same target, by someone not blocked.
          select c.id, c.author_id from comments c
          where c.id = ${parentId} and c.${COLUMN[target.type]} = ${target.id} and c.parent_id is null
            and not exists (select 1 from blocks b
                            where (b.blocker_id = c.author_id and b.blocked_id = ${authorId})
                               or (b.blocker_id = ${authorId} and b.blocked_id = c.author_id))
        ), added as (
          insert into comments (author_id, ${COLUMN[target.type]}, parent_id, body, spoiler)
          select ${authorId}, ${target.id}, ${parentId}, ${parsed.body}, ${spoiler} from target
          where ${parentId}::bigint is null or exists (select 1 from parent)
          returning id
        )
        select (select id from added) as id, t.owner_id,
               (select author_id from parent) as parent_author,
               ${parentId}::bigint is null or exists (select 1 from parent) as parent_ok
        from target t`,
  );
  if (!row) return { ok: false, error: COMMENT_REFUSALS.unavailable };
  if (!row.parent_ok || row.id === null) return { ok: false, error: COMMENT_REFUSALS.noParent };
  return { ok: true, id: Number(row.id), ownerId: row.owner_id, parentAuthorId: row.parent_author };
}

/** The author's own change within 15 minutes; false when it is not theirs or too late. */
export async function editComment(
  db: Database,
  authorId: string,
  commentId: number,
  text: unknown,
  spoiler: boolean,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const parsed = commentBody(text);
  if ("error" in parsed) return { ok: false, error: parsed.error };
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update comments set body = ${parsed.body}, spoiler = ${spoiler}, edited_at = now()
        where id = ${commentId} and author_id = ${authorId}
          and created_at > now() - make_interval(mins => ${SOCIAL_LIMITS.commentEditMinutes})
        returning id`,
  );
  return rows.length
    ? { ok: true }
    : { ok: false, error: "Bu yorum artık değiştirilemiyor (yazıldıktan sonra 15 dakika)." };
}

/** Deleted by its author, or by the owner of the review or list it is on (replies go with it). */
export async function deleteComment(db: Database, userId: string, commentId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from comments c
        where c.id = ${commentId}
          and (c.author_id = ${userId}
               or exists (select 1 from reviews r where r.id = c.review_id and r.user_id = ${userId})
               or exists (select 1 from lists l where l.id = c.list_id and l.owner_id = ${userId}))
        returning c.id`,
  );
  return rows.length > 0;
}
