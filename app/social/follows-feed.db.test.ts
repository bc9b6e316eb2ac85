import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser, pgErrorCode } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { lists } from "~/db/lists-schema";
import { profiles, reviews } from "~/db/schema";
import { follows } from "~/db/social-schema";
import { feedCursorText, groupFeed, parseFeedCursor, readFeed } from "./feed.server";
import {
  block,
  follow,
  followCounts,
  followPeople,
  followState,
  unblock,
  unfollow,
} from "./follows.server";

/*
 * Follows, blocks and the feed on the real database (issue #38.1, #38.2, #38.6): only public
 * profiles, never oneself, never across a block; the feed shows followed public people only,
 * newest first, 30 a page with a cursor, and a profile made private leaves it at once.
 */

let database: DatabaseHandle;
const db = () => database.db;

async function person(id: string, name: string, isPublic = true) {
  await createTestUser(database, id);
  await db()
    .insert(profiles)
    .values({ userId: id, fullName: name, username: id, usernameKey: id, isPublic });
}

const setPublic = (id: string, isPublic: boolean) =>
  db().execute(sql`update profiles set is_public = ${isPublic} where user_id = ${id}`);

beforeAll(async () => {
  database = await createTestDatabase();
  await person("ela", "Ela");
  await person("can", "Can");
  await person("deniz", "Deniz");
  await person("gizli", "Gizli", false);
  await db()
    .insert(titleFacts)
    .values(
      [1, 2, 3, 4].map((id) => ({ itemType: "movie" as const, itemId: id, title: `Film ${id}` })),
    );
});
afterAll(() => database.close());

describe("follows", () => {
  it("follows a public profile once, never oneself nor a private one", async () => {
    expect(await follow(db(), "can", "ela")).toBe("followed");
    expect(await follow(db(), "can", "ela")).toBe("already");
    expect(await follow(db(), "can", "can")).toBe("unavailable");
    expect(await follow(db(), "can", "gizli")).toBe("unavailable");
    expect(await follow(db(), "can", "nobody")).toBe("unavailable");
    expect(await followState(db(), "can", "ela")).toEqual({ following: true, blocking: false });
    expect(await followCounts(db(), "ela")).toEqual({ followers: 1, following: 0 });
    expect((await followPeople(db(), "ela", "followers", 1)).people).toEqual([
      { username: "can", name: "Can" },
    ]);
  });

  it("is refused by the database for oneself and twice", async () => {
    const self = db().insert(follows).values({ followerId: "deniz", followedId: "deniz" });
    await expect(self).rejects.toSatisfy((error) => pgErrorCode(error) === "23514");
    await db().insert(follows).values({ followerId: "deniz", followedId: "can" });
    const twice = db().insert(follows).values({ followerId: "deniz", followedId: "can" });
    await expect(twice).rejects.toSatisfy((error) => pgErrorCode(error) === "23505");
    expect(await unfollow(db(), "deniz", "can")).toBe(true);
    expect(await unfollow(db(), "deniz", "can")).toBe(false);
  });

  it("a block removes follows both ways and refuses new ones either way", async () => {
    await follow(db(), "deniz", "ela");
    await follow(db(), "ela", "deniz");
    expect(await block(db(), "ela", "deniz")).toBe("blocked");
    expect(await followState(db(), "deniz", "ela")).toEqual({ following: false, blocking: false });
    expect(await followState(db(), "ela", "deniz")).toEqual({ following: false, blocking: true });
    expect(await follow(db(), "deniz", "ela")).toBe("unavailable");
    expect(await follow(db(), "ela", "deniz")).toBe("unavailable");
    expect(await block(db(), "ela", "ela")).toBe("unavailable");
    expect(await unblock(db(), "ela", "deniz")).toBe(true);
    expect(await follow(db(), "deniz", "ela")).toBe("followed");
    await unfollow(db(), "deniz", "ela");
  });
});

describe("the feed", () => {
  it("shows followed public people's watches, ratings, reviews and lists, newest first", async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));
    await db()
      .insert(diaryEntries)
      .values([
        { userId: "ela", itemType: "movie", itemId: 1, watchedOn: "2026-11-20", createdAt: at(1) },
        { userId: "ela", itemType: "movie", itemId: 2, watchedOn: "2026-11-20", createdAt: at(2) },
        { userId: "ela", itemType: "movie", itemId: 3, watchedOn: "2026-11-20", createdAt: at(3) },
        // Imported: history, not news.
        {
          userId: "ela",
          itemType: "movie",
          itemId: 4,
          watchedOn: "2020-01-01",
          importKey: "lb:1",
          createdAt: at(4),
        },
        {
          userId: "gizli",
          itemType: "movie",
          itemId: 1,
          watchedOn: "2026-11-20",
          createdAt: at(5),
        },
      ]);
    await db()
      .insert(reviews)
      .values({
        userId: "ela",
        itemType: "movie",
        itemId: 4,
        rating: 8,
        comment: "Çok güzel bir filmdi, herkese öneririm.",
        spoiler: true,
        createdAt: at(6),
      });
    await db()
      .insert(lists)
      .values([
        { ownerId: "ela", name: "Favoriler", visibility: "public", updatedAt: at(7) },
        { ownerId: "ela", name: "Gizli liste", visibility: "private", updatedAt: at(8) },
      ]);
    await follow(db(), "can", "ela");
    const { rows, next } = await readFeed(db(), "can", null);
    expect(next).toBeNull();
    expect(rows.map((row) => [row.kind, row.title ?? row.listName])).toEqual([
      ["list", "Favoriler"],
      ["reviewed", "Film 4"],
      ["watched", "Film 3"],
      ["watched", "Film 2"],
      ["watched", "Film 1"],
    ]);
    expect(rows[1]).toMatchObject({ spoiler: true, rating: 8, username: "ela", name: "Ela" });
    const groups = groupFeed(rows);
    expect(groups.map((group) => [group.kind, group.rows.length])).toEqual([
      ["list", 1],
      ["reviewed", 1],
      ["watched", 3],
    ]);
  });

  it("loses a profile made private and a blocked person at once, and gets them back", async () => {
    await setPublic("ela", false);
    expect((await readFeed(db(), "can", null)).rows).toEqual([]);
    await setPublic("ela", true);
    expect((await readFeed(db(), "can", null)).rows).toHaveLength(5);
    await db().execute(sql`insert into blocks (blocker_id, blocked_id) values ('ela', 'can')`);
    // The follow went with the block (block() does that); even a follow left behind shows nothing.
    expect((await readFeed(db(), "can", null)).rows).toEqual([]);
    await db().execute(sql`delete from blocks`);
    expect((await readFeed(db(), "can", null)).rows).toHaveLength(5);
    expect((await readFeed(db(), "deniz", null)).rows).toEqual([]);
  });

  it("pages by 30 with a cursor, even through rows written in the same instant", async () => {
    await createTestUser(database, "bulk");
    await db()
      .insert(profiles)
      .values({ userId: "bulk", username: "bulk", usernameKey: "bulk", isPublic: true });
    const same = new Date(Date.UTC(2026, 10, 21, 9, 0));
    await db()
      .insert(diaryEntries)
      .values(
        Array.from({ length: 45 }, (_, index) => ({
          userId: "bulk",
          itemType: "movie" as const,
          itemId: 100 + index,
          watchedOn: "2026-11-21",
          createdAt: same,
        })),
      );
    await follow(db(), "deniz", "bulk");
    await follow(db(), "deniz", "ela");
    const seen: number[] = [];
    let cursor = null;
    let pages = 0;
    do {
      const text = cursor ? feedCursorText(cursor) : null;
      const page = await readFeed(db(), "deniz", parseFeedCursor(text));
      seen.push(...page.rows.map((row) => row.id * 10 + row.kind.length));
      cursor = page.next;
      pages += 1;
      if (pages === 1) expect(page.rows).toHaveLength(30);
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(50);
    expect(new Set(seen).size).toBe(50);
  });

  it("reads no cursor it did not write", () => {
    for (const bad of ["", "x", "2026-11-21 09:00:00_4_1", "2026-11-21_1_1", "1'; drop_1_1"])
      expect(parseFeedCursor(bad)).toBeNull();
  });
});
