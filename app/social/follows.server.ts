import { sql } from "drizzle-orm";
import { usernameKey } from "~/core/paths";
import { queryRows, type Database } from "~/db/client.server";
import { forgetSocialBetween } from "./announce.server";

/*
 * Follows and blocks (issue #38.1, #38.6; decision 039). Every rule is checked in the query that
 * writes or reads: only a public profile can be followed, never oneself, never across a block
 * (either way). A profile made private keeps its rows, but nothing shows them while it is
 * private: every read joins `profiles` on `is_public`.
 */

const KEY = /^[a-z0-9_.]{3,30}$/;

/** A profile's key from the name in a form or an address, or null when it cannot be one. */
export function profileKey(name: unknown): string | null {
  if (typeof name !== "string" || name.length > 60) return null;
  const key = usernameKey(name.normalize("NFC"));
  return KEY.test(key) ? key : null;
}

/** True when either person blocked the other. */
const blockedEitherWay = (a: string | ReturnType<typeof sql>, b: string | ReturnType<typeof sql>) =>
  sql`exists (select 1 from blocks where (blocker_id = ${a} and blocked_id = ${b})
                                     or (blocker_id = ${b} and blocked_id = ${a}))`;

export type FollowOutcome = "followed" | "already" | "unavailable";

/**
 * Follows the public profile named `key`. "unavailable" covers a profile that does not exist,
 * is private, is the follower's own, or is behind a block: the follower is told nothing more.
 */
export async function follow(
  db: Database,
  followerId: string,
  key: string,
): Promise<FollowOutcome> {
  const rows = await queryRows<{ user_id: string; inserted: boolean }>(
    db,
    sql`with target as (
          select p.user_id from profiles p
          where p.username_key = ${key} and p.is_public and p.user_id <> ${followerId}
            and not ${blockedEitherWay(sql`p.user_id`, followerId)}
        ), added as (
          insert into follows (follower_id, followed_id)
          select ${followerId}, user_id from target
          on conflict do nothing
          returning followed_id
        )
        select t.user_id, exists (select 1 from added) as inserted from target t`,
  );
  const [row] = rows;
  if (!row) return "unavailable";
  return row.inserted ? "followed" : "already";
}

/** Stops following the profile named `key` (public or not). True when there was a follow. */
export async function unfollow(db: Database, followerId: string, key: string): Promise<boolean> {
  const rows = await queryRows<{ followed_id: string }>(
    db,
    sql`delete from follows f using profiles p
        where f.follower_id = ${followerId} and f.followed_id = p.user_id
          and p.username_key = ${key}
        returning f.followed_id`,
  );
  return rows.length > 0;
}

/** The account behind a profile key (public or not), for the actions' announcements. */
export async function profileOwnerId(db: Database, key: string): Promise<string | null> {
  const [row] = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from profiles where username_key = ${key}`,
  );
  return row?.user_id ?? null;
}

/** What a signed-in reader of a profile sees of their own relation to it. */
export interface FollowState {
  following: boolean;
  /** The reader blocked this person. */
  blocking: boolean;
}

export async function followState(
  db: Database,
  viewerId: string,
  profileUserId: string,
): Promise<FollowState> {
  const [row] = await queryRows<{ following: boolean; blocking: boolean }>(
    db,
    sql`select
          exists (select 1 from follows where follower_id = ${viewerId} and followed_id = ${profileUserId}) as following,
          exists (select 1 from blocks where blocker_id = ${viewerId} and blocked_id = ${profileUserId}) as blocking`,
  );
  return { following: Boolean(row?.following), blocking: Boolean(row?.blocking) };
}

/** True when the profile's owner blocked the viewer: the profile then reads as missing. */
export async function isBlockedBy(db: Database, viewerId: string, ownerId: string) {
  const [row] = await queryRows<{ blocked: boolean }>(
    db,
    sql`select exists (select 1 from blocks where blocker_id = ${ownerId} and blocked_id = ${viewerId}) as blocked`,
  );
  return Boolean(row?.blocked);
}

/** Followers and followed with public profiles (the only ones a page can name). */
export async function followCounts(db: Database, userId: string) {
  const [row] = await queryRows<{ followers: number; following: number }>(
    db,
    sql`select
          (select count(*) from follows f join profiles p on p.user_id = f.follower_id and p.is_public
            where f.followed_id = ${userId})::int as followers,
          (select count(*) from follows f join profiles p on p.user_id = f.followed_id and p.is_public
            where f.follower_id = ${userId})::int as following`,
  );
  return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0) };
}

const FOLLOW_PAGE_SIZE = 50;

export interface FollowPerson {
  username: string;
  name: string;
}

/** One page of a profile's followers or followed (public profiles only), newest first. */
export async function followPeople(
  db: Database,
  userId: string,
  which: "followers" | "following",
  page: number,
): Promise<{ people: FollowPerson[]; more: boolean }> {
  const mine = which === "followers" ? sql`f.followed_id` : sql`f.follower_id`;
  const theirs = which === "followers" ? sql`f.follower_id` : sql`f.followed_id`;
  const rows = await queryRows<{ username: string; full_name: string | null }>(
    db,
    sql`select p.username, p.full_name from follows f
        join profiles p on p.user_id = ${theirs} and p.is_public
        where ${mine} = ${userId}
        order by f.created_at desc, p.username_key
        limit ${FOLLOW_PAGE_SIZE + 1} offset ${(page - 1) * FOLLOW_PAGE_SIZE}`,
  );
  return {
    people: rows.slice(0, FOLLOW_PAGE_SIZE).map((row) => ({
      username: row.username,
      name: row.full_name?.trim() || row.username,
    })),
    more: rows.length > FOLLOW_PAGE_SIZE,
  };
}

/**
 * Blocks the person behind `key` (any profile, public or not): follows both ways, and what each
 * was told of the other (decision 035), go in the same transaction. "unavailable" for oneself or an unknown name.
 */
export async function block(db: Database, blockerId: string, key: string) {
  return db.transaction(async (tx) => {
    const [target] = await queryRows<{ user_id: string }>(
      tx,
      sql`select user_id from profiles where username_key = ${key} and user_id <> ${blockerId}`,
    );
    if (!target) return "unavailable" as const;
    await tx.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${blockerId}, ${target.user_id})
          on conflict do nothing`,
    );
    await tx.execute(
      sql`delete from follows
          where (follower_id = ${blockerId} and followed_id = ${target.user_id})
             or (follower_id = ${target.user_id} and followed_id = ${blockerId})`,
    );
    await forgetSocialBetween(tx as unknown as Database, blockerId, target.user_id);
    return "blocked" as const;
  });
}

export async function unblock(db: Database, blockerId: string, key: string) {
  const rows = await queryRows<{ blocked_id: string }>(
    db,
    sql`delete from blocks b using profiles p
        where b.blocker_id = ${blockerId} and b.blocked_id = p.user_id and p.username_key = ${key}
        returning b.blocked_id`,
  );
  return rows.length > 0;
}
