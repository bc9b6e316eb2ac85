import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";

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

/** Who liked the target: public profiles only, newest first. */
export async function likers(db: Database, target: LikeTarget, limit = 50) {
  return queryRows<{ username: string; name: string }>(
    db,
    sql`select p.username, coalesce(nullif(btrim(p.full_name), ''), p.username) as name
        from likes l join profiles p on p.user_id = l.user_id and p.is_public
        where l.${COLUMN[target.type]} = ${target.id}
        order by l.created_at desc limit ${limit}`,
  );
}
