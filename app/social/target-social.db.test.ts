import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { lists } from "~/db/lists-schema";
import { profiles, reviews } from "~/db/schema";
import { addComment } from "./comments.server";
import { block } from "./follows.server";
import { like } from "./likes.server";
import { likedBy, socialOf } from "./target-social.server";

/*
 * What the pages read under reviews and lists (issue #38): the counts are everyone's, while the
 * reader's own state (Beğendin, Düzenle, Sil) is never given to an anonymous reader, whose page
 * the page cache may keep. "Beğendikleri" shows only what others may see.
 */

let database: DatabaseHandle;
const db = () => database.db;
let review: number;
let list: number;

async function person(id: string, isPublic = true) {
  await createTestUser(database, id);
  await db().execute(sql`update "user" set created_at = '2026-01-01' where id = ${id}`);
  await db()
    .insert(profiles)
    .values({ userId: id, fullName: id.toUpperCase(), username: id, usernameKey: id, isPublic });
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const id of ["ela", "can", "ali"]) await person(id);
  await person("gizli", false);
  [{ id: review }] = (await db()
    .insert(reviews)
    .values({ userId: "ela", itemType: "movie", itemId: 550, comment: "Çok güzel bir film." })
    .returning({ id: reviews.id })) as [{ id: number }];
  [{ id: list }] = (await db()
    .insert(lists)
    .values({ ownerId: "ela", name: "Pazar", visibility: "public" })
    .returning({ id: lists.id })) as [{ id: number }];
  await db().execute(
    sql`insert into title_facts (item_type, item_id, title) values ('movie', 550, 'Dövüş Kulübü')
        on conflict do nothing`,
  );
});

afterAll(() => database.close());

describe("socialOf", () => {
  it("gives counts to everyone and the reader's own state only to that reader", async () => {
    await like(db(), "can", { type: "review", id: review });
    const top = await addComment(db(), "can", { type: "review", id: review }, "Katılıyorum.");
    if (!top.ok) throw new Error(top.error);
    await addComment(db(), "ela", { type: "review", id: review }, "Teşekkürler!", {
      parentId: top.id,
    });

    const anonymous = (await socialOf(db(), "review", [review], null))[review]!;
    expect(anonymous).toMatchObject({ likes: 1, liked: false, owner: false });
    expect(anonymous.comments.map((c) => [c.body, c.parentId === null])).toEqual([
      ["Katılıyorum.", true],
      ["Teşekkürler!", false],
    ]);
    expect(anonymous.comments.every((c) => !c.editable && !c.deletable)).toBe(true);

    const can = (await socialOf(db(), "review", [review], "can"))[review]!;
    expect(can).toMatchObject({ likes: 1, liked: true, owner: false });
    expect(can.comments.map((c) => [c.editable, c.deletable])).toEqual([
      [true, true],
      [false, false],
    ]);
    // The review's owner deletes any comment on it, edits only their own.
    const ela = (await socialOf(db(), "review", [review], "ela"))[review]!;
    expect(ela.owner).toBe(true);
    expect(ela.comments.map((c) => [c.editable, c.deletable])).toEqual([
      [false, true],
      [true, true],
    ]);
  });

  it("hides the comments of people the reader blocked or who blocked the reader", async () => {
    await addComment(db(), "ali", { type: "list", id: list }, "Güzel liste.");
    expect((await socialOf(db(), "list", [list], "can"))[list]!.comments).toHaveLength(1);
    await block(db(), "can", "ali");
    expect((await socialOf(db(), "list", [list], "can"))[list]!.comments).toHaveLength(0);
    expect((await socialOf(db(), "list", [list], null))[list]!.comments).toHaveLength(1);
  });
});

describe("likedBy", () => {
  it("lists liked reviews of public people and public lists, newest first", async () => {
    await like(db(), "can", { type: "list", id: list });
    expect((await likedBy(db(), "can")).map((thing) => [thing.kind, thing.id])).toEqual([
      ["list", list],
      ["review", review],
    ]);
    // A review whose author made their profile private is no longer shown.
    await db()
      .update(profiles)
      .set({ isPublic: false })
      .where(sql`user_id = 'ela'`);
    expect((await likedBy(db(), "can")).map((thing) => thing.kind)).toEqual(["list"]);
    await db()
      .update(profiles)
      .set({ isPublic: true })
      .where(sql`user_id = 'ela'`);
  });
});
