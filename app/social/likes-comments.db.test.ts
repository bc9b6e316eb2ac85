import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries } from "~/db/history-schema";
import { lists } from "~/db/lists-schema";
import { profiles, reviews } from "~/db/schema";
import {
  addComment,
  COMMENT_REFUSALS,
  deleteComment,
  editComment,
  hasLink,
} from "./comments.server";
import { socialOf } from "./target-social.server";
import { block } from "./follows.server";
import { like, likeSummary, unlike, whoLiked } from "./likes.server";
import { report } from "./reports.server";

/*
 * Likes and comments on the real database (issue #38.3, #38.4, #38.6): only what others may
 * see can be liked or discussed, never across a block; one like each; replies one level deep;
 * the author edits for 15 minutes; author and owner delete; new accounts post no links.
 */

let database: DatabaseHandle;
const db = () => database.db;
/** The ids of inserted rows, in order. */
const ids = (rows: { id: number }[]) => rows.map((row) => row.id) as [number, number];
/** The rows of a raw query. */
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
let review: number;
let bareRating: number;
let diaryWithWords: number;
let publicList: number;
let privateList: number;

async function person(id: string, isPublic = true, createdAt = new Date("2026-01-01")) {
  await createTestUser(database, id);
  await db().execute(
    sql`update "user" set created_at = ${createdAt.toISOString()} where id = ${id}`,
  );
  await db()
    .insert(profiles)
    .values({ userId: id, fullName: id.toUpperCase(), username: id, usernameKey: id, isPublic });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await person("ela");
  await person("can");
  await person("yeni", true, new Date());
  await person("kapali", false);
  [review, bareRating] = ids(
    await db()
      .insert(reviews)
      .values([
        { userId: "ela", itemType: "movie", itemId: 550, comment: "Çok güzel bir film, öneririm." },
        { userId: "ela", itemType: "movie", itemId: 551, rating: 7 },
      ])
      .returning({ id: reviews.id }),
  );
  [diaryWithWords] = ids(
    await db()
      .insert(diaryEntries)
      .values({
        userId: "ela",
        itemType: "movie",
        itemId: 550,
        watchedOn: "2026-11-01",
        review: "Yeniden izledim, yine güzel.",
      })
      .returning({ id: diaryEntries.id }),
  );
  [publicList, privateList] = ids(
    await db()
      .insert(lists)
      .values([
        { ownerId: "ela", name: "Açık liste", visibility: "public" },
        { ownerId: "ela", name: "Gizli liste", visibility: "private" },
      ])
      .returning({ id: lists.id }),
  );
});
afterAll(() => database.close());

describe("likes", () => {
  it("likes what others may see, once each, and counts it", async () => {
    expect(await like(db(), "can", { type: "review", id: review })).toEqual({
      outcome: "liked",
      ownerId: "ela",
    });
    expect((await like(db(), "can", { type: "review", id: review })).outcome).toBe("already");
    expect((await like(db(), "can", { type: "diary", id: diaryWithWords })).outcome).toBe("liked");
    expect((await like(db(), "can", { type: "list", id: publicList })).outcome).toBe("liked");
    for (const target of [
      { type: "review", id: bareRating },
      { type: "list", id: privateList },
      { type: "review", id: 999_999 },
      { type: "diary", id: 999_999 },
    ] as const)
      expect((await like(db(), "can", target)).outcome, JSON.stringify(target)).toBe("unavailable");
    expect(await likeSummary(db(), { type: "review", id: review }, "can")).toEqual({
      count: 1,
      mine: true,
    });
    expect(await likeSummary(db(), { type: "review", id: review }, null)).toEqual({
      count: 1,
      mine: false,
    });
    expect(await whoLiked(db(), { type: "review", id: review }, null)).toEqual({
      count: 1,
      people: [{ username: "can", name: "CAN" }],
      others: 0,
    });
    expect(await unlike(db(), "can", { type: "review", id: review })).toBe(true);
    expect(await unlike(db(), "can", { type: "review", id: review })).toBe(false);
  });

  it("a diary entry on a private profile cannot be liked; a like goes with its target", async () => {
    await db().execute(sql`update profiles set is_public = false where user_id = 'ela'`);
    expect((await like(db(), "yeni", { type: "diary", id: diaryWithWords })).outcome).toBe(
      "unavailable",
    );
    await db().execute(sql`update profiles set is_public = true where user_id = 'ela'`);
    const [gone] = await db()
      .insert(lists)
      .values({ ownerId: "ela", name: "Silinecek", visibility: "public" })
      .returning({ id: lists.id });
    await like(db(), "can", { type: "list", id: gone!.id });
    await db().execute(sql`delete from lists where id = ${gone!.id}`);
    const [row] = await rowsOf<{ n: number }>(
      db().execute(sql`select count(*)::int as n from likes where list_id = ${gone!.id}`),
    );
    expect(row!.n).toBe(0);
  });
});

describe("comments", () => {
  it("comments and replies one level deep on open targets only", async () => {
    const first = await addComment(db(), "can", { type: "review", id: review }, "  Katılıyorum!  ");
    expect(first).toMatchObject({ ok: true, ownerId: "ela", parentAuthorId: null });
    const parentId = first.ok ? first.id : 0;
    const reply = await addComment(db(), "ela", { type: "review", id: review }, "Teşekkürler", {
      parentId,
    });
    expect(reply).toMatchObject({ ok: true, parentAuthorId: "can" });
    const replyId = reply.ok ? reply.id : 0;
    // A reply to a reply, a parent from another target, a missing parent: refused.
    for (const [target, parent] of [
      [{ type: "review", id: review }, replyId],
      [{ type: "list", id: publicList }, parentId],
      [{ type: "review", id: review }, 999_999],
    ] as const)
      expect(await addComment(db(), "can", target, "Yanıt", { parentId: parent })).toEqual({
        ok: false,
        error: COMMENT_REFUSALS.noParent,
      });
    for (const target of [
      { type: "review", id: bareRating },
      { type: "list", id: privateList },
    ] as const)
      expect(await addComment(db(), "can", target, "Merhaba")).toEqual({
        ok: false,
        error: COMMENT_REFUSALS.unavailable,
      });
    for (const [text, error] of [
      ["   ", COMMENT_REFUSALS.empty],
      ["a".repeat(1001), COMMENT_REFUSALS.tooLong],
      ["a\u0000b", COMMENT_REFUSALS.invalid],
    ] as const)
      expect(await addComment(db(), "can", { type: "list", id: publicList }, text)).toEqual({
        ok: false,
        error,
      });
    expect(
      (await addComment(db(), "can", { type: "list", id: publicList }, "a".repeat(1000))).ok,
    ).toBe(true);
    const shown = (await socialOf(db(), "review", [review], null))[review]!.comments;
    expect(shown.map((comment) => [comment.body, comment.parentId === null])).toEqual([
      ["Katılıyorum!", true],
      ["Teşekkürler", false],
    ]);
  });

  it("no links from an account younger than a day", async () => {
    for (const text of ["bakın https://ornek.com", "www.ornek.com", "ornek.com.tr'ye bakın"]) {
      expect(hasLink(text), text).toBe(true);
      expect(await addComment(db(), "yeni", { type: "list", id: publicList }, text)).toEqual({
        ok: false,
        error: COMMENT_REFUSALS.links,
      });
    }
    expect(hasLink("Film 2.5 saat sürüyor. Harika.")).toBe(false);
    expect(
      (await addComment(db(), "can", { type: "list", id: publicList }, "www.ornek.com")).ok,
    ).toBe(true);
  });

  it("the author edits for 15 minutes; author and owner delete, nobody else", async () => {
    const added = await addComment(db(), "can", { type: "list", id: publicList }, "İlk hali");
    const id = added.ok ? added.id : 0;
    expect(await editComment(db(), "yeni", id, "Başkası", false)).toMatchObject({ ok: false });
    expect(await editComment(db(), "can", id, "İkinci hali", true)).toEqual({ ok: true });
    await db().execute(
      sql`update comments set created_at = now() - interval '16 minutes' where id = ${id}`,
    );
    expect(await editComment(db(), "can", id, "Üçüncü hali", false)).toMatchObject({ ok: false });
    expect(await deleteComment(db(), "yeni", id)).toBe(false);
    expect(await deleteComment(db(), "ela", id)).toBe(true);
    const again = await addComment(db(), "can", { type: "list", id: publicList }, "Yine ben");
    expect(await deleteComment(db(), "can", again.ok ? again.id : 0)).toBe(true);
  });

  it("a block stops likes and comments both ways and hides the blocked person's comments", async () => {
    await addComment(db(), "yeni", { type: "review", id: review }, "Engellenmeden önce");
    expect(await block(db(), "ela", "yeni")).toBe("blocked");
    expect((await like(db(), "yeni", { type: "review", id: review })).outcome).toBe("unavailable");
    expect(await addComment(db(), "yeni", { type: "review", id: review }, "Merhaba")).toEqual({
      ok: false,
      error: COMMENT_REFUSALS.unavailable,
    });
    const seen = (await socialOf(db(), "review", [review], "ela"))[review]!.comments;
    expect(seen.map((comment) => comment.body)).not.toContain("Engellenmeden önce");
  });
});

describe("reports", () => {
  it("stores one report per person and target, with a reason, for what could be seen", async () => {
    expect(
      await report(db(), "can", { type: "review", id: review }, "spoiler", "Sonu anlatıyor"),
    ).toEqual({
      ok: true,
    });
    expect(await report(db(), "can", { type: "review", id: review }, "abuse", "")).toEqual({
      ok: true,
    });
    expect(await report(db(), "yeni", { type: "review", id: review }, "spam", null)).toEqual({
      ok: true,
    });
    expect((await report(db(), "can", { type: "list", id: privateList }, "spam", "")).ok).toBe(
      false,
    );
    expect((await report(db(), "can", { type: "list", id: publicList }, "yok", "")).ok).toBe(false);
    expect(
      (await report(db(), "can", { type: "list", id: publicList }, "other", "x".repeat(501))).ok,
    ).toBe(false);
    const rows = await rowsOf<{ reason: string }>(
      db().execute(sql`select reason from reports where review_id = ${review} order by id`),
    );
    expect(rows.map((row) => row.reason)).toEqual(["spoiler", "spam"]);
  });
});

describe("who liked", () => {
  it("names public profiles newest first, counts private ones, and hides people blocked either way", async () => {
    for (const id of ["zeynep", "ali", "bulut", "okur", "okur2"]) await person(id);
    await person("gizli", false);
    const [own] = await db()
      .insert(reviews)
      .values({
        userId: "zeynep",
        itemType: "movie",
        itemId: 560,
        comment: "Beğenilecek bir yorum.",
      })
      .returning({ id: reviews.id });
    const target = { type: "review", id: own!.id } as const;
    expect(await whoLiked(db(), target, null)).toEqual({ count: 0, people: [], others: 0 });
    for (const id of ["ali", "gizli", "bulut"])
      expect((await like(db(), id, target)).outcome).toBe("liked");

    // Anonymous: the two public profiles by name, newest first; the private one only counted.
    expect(await whoLiked(db(), target, null)).toEqual({
      count: 3,
      people: [
        { username: "bulut", name: "BULUT" },
        { username: "ali", name: "ALI" },
      ],
      others: 1,
    });
    // Beyond the page: counted with the others.
    expect(await whoLiked(db(), target, null, 1)).toMatchObject({
      people: [{ username: "bulut", name: "BULUT" }],
      others: 2,
    });
    // A reader who blocked Ali, and one Ali blocked, do not see him; others still do.
    expect(await block(db(), "okur", "ali")).toBe("blocked");
    expect(await block(db(), "ali", "okur2")).toBe("blocked");
    for (const reader of ["okur", "okur2"])
      expect(await whoLiked(db(), target, reader), reader).toEqual({
        count: 3,
        people: [{ username: "bulut", name: "BULUT" }],
        others: 2,
      });
    expect((await whoLiked(db(), target, "zeynep"))?.people).toHaveLength(2);
    // A profile made private leaves the names at once.
    await db().execute(sql`update profiles set is_public = false where user_id = 'bulut'`);
    expect(await whoLiked(db(), target, null)).toMatchObject({
      people: [{ username: "ali", name: "ALI" }],
      others: 2,
    });
  });

  it("answers nothing for what others may not see", async () => {
    expect(await whoLiked(db(), { type: "list", id: privateList }, null)).toBeNull();
    expect(await whoLiked(db(), { type: "review", id: bareRating }, null)).toBeNull();
    expect(await whoLiked(db(), { type: "diary", id: 999_999 }, null)).toBeNull();
    expect(await whoLiked(db(), { type: "list", id: publicList }, null)).not.toBeNull();
  });
});
