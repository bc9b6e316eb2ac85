import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";

/*
 * Verilerim's part for Birlikte (issue #38): whom the person follows and blocked (by username,
 * or "gizli profil" when that profile has no name to show), what they liked, every comment they
 * wrote and every report they made. Who follows them is others' data and is not repeated here
 * beyond a count.
 */
export async function exportSocial(db: Database, userId: string) {
  const [following, followers, blocked, liked, written, reported] = await Promise.all([
    queryRows<{ username: string | null; since: string }>(
      db,
      sql`select p.username, f.created_at as since from follows f
          left join profiles p on p.user_id = f.followed_id
          where f.follower_id = ${userId} order by f.created_at`,
    ),
    queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from follows where followed_id = ${userId}`,
    ),
    queryRows<{ username: string | null; since: string }>(
      db,
      sql`select p.username, b.created_at as since from blocks b
          left join profiles p on p.user_id = b.blocked_id
          where b.blocker_id = ${userId} order by b.created_at`,
    ),
    queryRows<{
      reviewId: number | null;
      diaryEntryId: number | null;
      listId: number | null;
      at: string;
    }>(
      db,
      sql`select review_id as "reviewId", diary_entry_id as "diaryEntryId", list_id as "listId",
                 created_at as at
          from likes where user_id = ${userId} order by created_at`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select id, review_id as "reviewId", list_id as "listId", parent_id as "parentId", body,
                 spoiler, created_at as "createdAt", edited_at as "editedAt"
          from comments where author_id = ${userId} order by created_at`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select review_id as "reviewId", comment_id as "commentId", list_id as "listId", reason,
                 details, created_at as "createdAt"
          from reports where reporter_id = ${userId} order by created_at`,
    ),
  ]);
  const named = (rows: { username: string | null; since: string }[]) =>
    rows.map((row) => ({ username: row.username ?? "gizli profil", since: row.since }));
  return {
    following: named(following),
    followerCount: Number(followers[0]?.count ?? 0),
    blocked: named(blocked),
    likes: liked,
    comments: written,
    reports: reported,
  };
}
