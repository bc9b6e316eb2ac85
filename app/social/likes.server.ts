import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { FollowPerson } from "./follows.server";

/*
 * Beğen (issue #38.3): a like on a review (with words), a diary entry with words on a public
 * profile, or a public list. What may be liked, and that no block stands between the two people,
 * is checked in the query that writes; one like per person and target is the database's unique
 * index.
 */

export type LikeTarget = { type: "review" | "diary" | "list"; id: number };

/** The target's owner when `readerId` may see (and so like) it, as a subquery's rows. */
function visibleTarget(target: LikeTarget): SQL {
  switch (target.type) {
    case "review":
      return sql`select r.user_id as owner_id from reviews r
                 where r.id = ${target.id} and r.comment is not null`;
    case "diary":
      return sql`select d.user_id as owner_id from diary_entries d
                 join profiles p on p.user_id = d.user_id and p.is_public
                 where d.id = ${target.id} and d.review is not null`;
    case "list":
      return sql`select l.owner_id from lists l where l.id = ${target.id} and l.visibility = 'public'`;
  }
}

const COLUMN = { review: sql`review_id`, diary: sql`diary_entry_id`, list: sql`list_id` } as const;

export type LikeOutcome =
  { outcome: "liked" | "already"; ownerId: string } | { outcome: "unavailable" };

export async function like(db: Database, userId: string, target: LikeTarget): Promise<LikeOutcome> {
  const [row] = await queryRows<{ owner_id: string; inserted: boolean }>(
    db,
    sql`with target as (
          select t.owner_id from (${visibleTarget(target)}) t
          where not exists (select 1 from blocks b
                            where (b.blocker_id = t.owner_id and b.blocked_id = ${userId})
                               or (b.blocker_id = ${userId} and b.blocked_id = t.owner_id))
        ), added as (
          insert into likes (user_id, ${COLUMN[target.type]})
          select ${userId}, ${target.id} from target
          on conflict do nothing
          returning id
        )
        select owner_id, exists (select 1 from added) as inserted from target`,
  );
  if (!row) return { outcome: "unavailable" };
  return { outcome: row.inserted ? "liked" : "already", ownerId: row.owner_id };
}

export async function unlike(db: Database, userId: string, target: LikeTarget) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from likes where user_id = ${userId} and ${COLUMN[target.type]} = ${target.id}
        returning id`,
  );
  return rows.length > 0;
}

/** How many liked the target, and whether `viewerId` did (false for an anonymous reader). */
export async function likeSummary(db: Database, target: LikeTarget, viewerId: string | null) {
  const [row] = await queryRows<{ count: number; mine: boolean }>(
    db,
    sql`select count(*)::int as count,
               coalesce(bool_or(user_id = ${viewerId ?? ""}), false) as mine
        from likes where ${COLUMN[target.type]} = ${target.id}`,
  );
  return { count: Number(row?.count ?? 0), mine: Boolean(row?.mine) };
}

/** Who liked a target: the people shown, and how many others liked it too. */
export interface WhoLiked {
  count: number;
  people: FollowPerson[];
  /** Likes not listed: private profiles, people blocked either way, those beyond the page. */
  others: number;
}

/**
 * Who liked the target (decision 039): public profiles by name, newest first, never someone the
 * reader blocked or who blocked the reader; everyone else liked it too and is only counted.
 * Null when the target is not one others may see (and so like).
 */
export async function whoLiked(
  db: Database,
  target: LikeTarget,
  readerId: string | null,
  limit = 50,
): Promise<WhoLiked | null> {
  const reader = readerId ?? "";
  const column = COLUMN[target.type];
  const rows = await queryRows<{
    count: number;
    username: string | null;
    name: string | null;
  }>(
    db,
    sql`select c.count, shown.username, shown.name
        from (${visibleTarget(target)}) t
        cross join (select count(*)::int as count from likes where ${column} = ${target.id}) c
        left join lateral (
          select p.username, coalesce(nullif(btrim(p.full_name), ''), p.username) as name
          from likes l join profiles p on p.user_id = l.user_id and p.is_public
          where l.${column} = ${target.id}
            and not exists (select 1 from blocks b
                            where (b.blocker_id = l.user_id and b.blocked_id = ${reader})
                               or (b.blocker_id = ${reader} and b.blocked_id = l.user_id))
          order by l.created_at desc, l.id desc
          limit ${limit}
        ) shown on true`,
  );
  const first = rows[0];
  if (!first) return null;
  const people = rows.flatMap((row) =>
    row.username ? [{ username: row.username, name: row.name ?? row.username }] : [],
  );
  const count = Number(first.count);
  return { count, people, others: Math.max(0, count - people.length) };
}
