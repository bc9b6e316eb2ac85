import { sql } from "drizzle-orm";
import { getOptionalUser } from "~/accounts/guards.server";
import type { LibraryServices } from "~/library/library-services.server";
import { publicProfileOwner } from "~/profiles/profile-page.server";
import { queryRows, type Database } from "~/db/client.server";
import { SOCIAL_LIMITS } from "~/db/social-schema";

/*
 * What a page shows under reviews and lists (issue #38.3, #38.4): the like count, the reader's
 * own "Beğendin", and the comments with what the reader may do to each. The counts and comments
 * are the same for every anonymous reader (such a page may be cached and is dropped by its tag
 * when they change); everything that is one person's (`liked`, `mine`, `canDelete`) is false for
 * an anonymous reader, so a stored page never carries it.
 */

export interface ShownComment {
  id: number;
  parentId: number | null;
  username: string | null;
  name: string;
  body: string;
  spoiler: boolean;
  createdAt: string;
  edited: boolean;
  /** The reader wrote it (false for an anonymous reader). */
  mine: boolean;
  /** The reader wrote it and may still change it (15 minutes). */
  editable: boolean;
  /** The reader wrote it, or owns the review or list it is on. */
  deletable: boolean;
}

export interface TargetSocial {
  likes: number;
  liked: boolean;
  comments: ShownComment[];
  /** The reader owns the review or list (they may delete any comment on it). */
  owner: boolean;
}

type Kind = "review" | "list";

const TABLE = {
  review: { column: sql`review_id`, owner: sql`(select user_id from reviews where id = t.id)` },
  list: { column: sql`list_id`, owner: sql`(select owner_id from lists where id = t.id)` },
} as const;

const EMPTY: TargetSocial = { likes: 0, liked: false, comments: [], owner: false };

/** Likes and comments of several reviews (or lists) at once, keyed by their id. */
export async function socialOf(
  db: Database,
  kind: Kind,
  ids: readonly number[],
  readerId: string | null,
): Promise<Record<number, TargetSocial>> {
  const result: Record<number, TargetSocial> = {};
  if (ids.length === 0) return result;
  const reader = readerId ?? "";
  const list = sql.join(
    ids.map((id) => sql`(${id}::bigint)`),
    sql`, `,
  );
  const { column, owner } = TABLE[kind];
  const [summaries, comments] = await Promise.all([
    queryRows<{ id: string; likes: number; liked: boolean; owner: boolean }>(
      db,
      sql`select t.id, (select count(*)::int from likes l where l.${column} = t.id) as likes,
                 exists (select 1 from likes l where l.${column} = t.id and l.user_id = ${reader}) as liked,
                 coalesce(${owner} = ${reader}, false) as owner
          from (values ${list}) as t(id)`,
    ),
    queryRows<{
      target: string;
      id: string;
      parent_id: string | null;
      username: string | null;
      name: string;
      body: string;
      spoiler: boolean;
      created_at: Date | string;
      edited: boolean;
      mine: boolean;
      fresh: boolean;
    }>(
      db,
      sql`select c.${column} as target, c.id, c.parent_id,
                 case when p.is_public then p.username end as username,
                 coalesce(case when p.is_public then nullif(btrim(p.full_name), '') end,
                          nullif(btrim(u.name), ''), 'Anonim') as name,
                 c.body, c.spoiler, c.created_at, c.edited_at is not null as edited,
                 c.author_id = ${reader} as mine,
                 c.created_at > now() - make_interval(mins => ${SOCIAL_LIMITS.commentEditMinutes}) as fresh
          from comments c
          join "user" u on u.id = c.author_id
          left join profiles p on p.user_id = c.author_id
          where c.${column} in (select id from (values ${list}) as t(id))
            and not exists (select 1 from blocks b
                            where (b.blocker_id = c.author_id and b.blocked_id = ${reader})
                               or (b.blocker_id = ${reader} and b.blocked_id = c.author_id))
          order by coalesce(c.parent_id, c.id), c.parent_id nulls first, c.created_at, c.id
          limit 2000`,
    ),
  ]);
  for (const row of summaries)
    result[Number(row.id)] = {
      likes: Number(row.likes),
      liked: Boolean(readerId) && row.liked,
      owner: Boolean(readerId) && row.owner,
      comments: [],
    };
  for (const row of comments) {
    const social = result[Number(row.target)];
    if (!social) continue;
    const mine = Boolean(readerId) && row.mine;
    social.comments.push({
      id: Number(row.id),
      parentId: row.parent_id === null ? null : Number(row.parent_id),
      username: row.username,
      name: row.name,
      body: row.body,
      spoiler: row.spoiler,
      createdAt: new Date(row.created_at).toISOString(),
      edited: row.edited,
      mine,
      editable: mine && row.fresh,
      deletable: mine || social.owner,
    });
  }
  return result;
}

/** One review's or list's likes and comments (nothing when it is not there). */
async function socialOfOne(
  db: Database,
  kind: Kind,
  id: number,
  readerId: string | null,
): Promise<TargetSocial> {
  return (await socialOf(db, kind, [id], readerId))[id] ?? EMPTY;
}

/**
 * The likes and comments under a detail page's reviews, for the page's reader. A failed read is
 * logged and shows as none, and `failed` tells the route not to let a cache keep the page.
 */
export async function reviewsSocial(
  services: LibraryServices,
  request: Request,
  reviews: readonly { id: number }[],
): Promise<{ reviewSocial: Record<number, TargetSocial>; failed: boolean }> {
  if (reviews.length === 0) return { reviewSocial: {}, failed: false };
  const user = await getOptionalUser(request, services);
  try {
    const ids = reviews.map((review) => review.id);
    return {
      reviewSocial: await socialOf(services.database.db, "review", ids, user?.id ?? null),
      failed: false,
    };
  } catch (error) {
    services.logger.warn({ err: String(error) }, "review likes and comments could not be loaded");
    return { reviewSocial: {}, failed: true };
  }
}

/** A public list's likes and comments for the page's reader (null for other lists). */
export async function listSocial(
  services: LibraryServices,
  request: Request,
  list: { id: number; visibility: string },
): Promise<TargetSocial | null> {
  if (list.visibility !== "public") return null;
  const user = await getOptionalUser(request, services);
  return socialOfOne(services.database.db, "list", list.id, user?.id ?? null);
}

/** The like count and the reader's own like of each feed row with words (`review-{id}`, `diary-{id}`). */
export async function feedLikes(
  db: Database,
  rows: readonly { kind: string; id: number; text: string | null }[],
  readerId: string,
): Promise<Record<string, { likes: number; liked: boolean }>> {
  const reviews = rows.filter((row) => row.kind === "reviewed").map((row) => row.id);
  const diary = rows.filter((row) => row.kind === "watched" && row.text).map((row) => row.id);
  const result: Record<string, { likes: number; liked: boolean }> = {};
  if (reviews.length + diary.length === 0) return result;
  const ids = (values: number[]) =>
    values.length
      ? sql.join(
          values.map((id) => sql`${id}::bigint`),
          sql`, `,
        )
      : sql`null`;
  const found = await queryRows<{ key: string; likes: number; liked: boolean }>(
    db,
    sql`select case when review_id is not null then 'review-' || review_id
                    else 'diary-' || diary_entry_id end as key,
               count(*)::int as likes, bool_or(user_id = ${readerId}) as liked
        from likes
        where review_id in (${ids(reviews)}) or diary_entry_id in (${ids(diary)})
        group by 1`,
  );
  for (const id of reviews) result[`review-${id}`] = { likes: 0, liked: false };
  for (const id of diary) result[`diary-${id}`] = { likes: 0, liked: false };
  for (const row of found) result[row.key] = { likes: Number(row.likes), liked: row.liked };
  return result;
}

export type LikedThing =
  | {
      kind: "review";
      id: number;
      reviewer: string;
      itemType: "movie" | "tv";
      itemId: number;
      title: string;
      date: string | null;
    }
  | { kind: "list"; id: number; name: string; owner: string };

/**
 * What a public profile's owner liked lately (issue #38.3): reviews of films and series by people
 * with a public profile, and public lists; nothing of people the owner blocked or who blocked
 * them. The same for every reader; a like or unlike drops the profile's cached page.
 */
export async function likedBy(db: Database, userId: string, limit = 6): Promise<LikedThing[]> {
  const rows = await queryRows<{
    kind: "review" | "list";
    id: string;
    who: string;
    item_type: "movie" | "tv" | null;
    item_id: number | null;
    title: string | null;
    date: string | null;
  }>(
    db,
    sql`select * from (
          select 'review' as kind, r.id, coalesce(nullif(btrim(p.full_name), ''), p.username) as who,
                 r.item_type, r.item_id, f.title, f.date::text as date, l.created_at
          from likes l
          join reviews r on r.id = l.review_id and r.comment is not null
          join profiles p on p.user_id = r.user_id and p.is_public
          join title_facts f on f.item_type = r.item_type and f.item_id = r.item_id
          where l.user_id = ${userId}
            and not exists (select 1 from blocks b
                            where (b.blocker_id = r.user_id and b.blocked_id = ${userId})
                               or (b.blocker_id = ${userId} and b.blocked_id = r.user_id))
          union all
          select 'list', li.id, coalesce(nullif(btrim(p.full_name), ''), p.username, u.name),
                 null, null, li.name, null, l.created_at
          from likes l
          join lists li on li.id = l.list_id and li.visibility = 'public'
          join "user" u on u.id = li.owner_id
          left join profiles p on p.user_id = li.owner_id and p.is_public
          where l.user_id = ${userId}
            and not exists (select 1 from blocks b
                            where (b.blocker_id = li.owner_id and b.blocked_id = ${userId})
                               or (b.blocker_id = ${userId} and b.blocked_id = li.owner_id))
        ) liked
        order by created_at desc limit ${limit}`,
  );
  return rows.map((row) =>
    row.kind === "review"
      ? {
          kind: "review",
          id: Number(row.id),
          reviewer: row.who,
          itemType: row.item_type!,
          itemId: Number(row.item_id),
          title: row.title ?? "",
          date: row.date,
        }
      : { kind: "list", id: Number(row.id), name: row.title ?? "", owner: row.who },
  );
}

/** "Beğendikleri" of the public profile named `username` (none when it is not public). */
export async function likedOnProfile(db: Database, username: string) {
  const owner = await publicProfileOwner(db, username);
  return owner ? likedBy(db, owner.userId) : [];
}
