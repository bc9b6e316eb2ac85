import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import { createLogger } from "~/core/logger.server";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { diaryEntries } from "~/db/history-schema";
import { lists } from "~/db/lists-schema";
import { profiles, reviews } from "~/db/schema";
import { announceSocial, commentEvents, type SocialEvent } from "./announce.server";
import { addComment } from "./comments.server";
import { block, follow, unblock, unfollow } from "./follows.server";
import { like, unlike } from "./likes.server";

/*
 * Birlikte's events as notifications (issue #36 with #38): the domain's own writes (follow, like,
 * comment) then `announceSocial` as the forms call it. One row per person, kind and actor or
 * comment; never for oneself, never across a block, never for a kind turned off everywhere.
 */

let database: DatabaseHandle;
let review: number;
let diary: number;
let list: number;
const services = () => ({ database, logger: createLogger("silent") });
const announce = (event: SocialEvent) => announceSocial(services(), event);

const rowsOf = (userId: string) =>
  queryRows<{ kind: string; subject: string; title: string; body: string; url: string }>(
    database.db,
    sql`select kind, subject, payload->>'title' as title, payload->>'body' as body,
          payload->>'url' as url
        from notifications where user_id = ${userId} order by id`,
  );

async function person(id: string, name: string, isPublic = true) {
  await createTestUser(database, id);
  await database.db
    .insert(profiles)
    .values({ userId: id, fullName: name, username: id, usernameKey: id, isPublic });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await person("ela", "Ela Yılmaz");
  await person("can", "Can");
  await person("gizli", "Gizli Kişi", false);
  await person("deniz", "Deniz");
  await db.execute(
    sql`insert into title_facts (item_type, item_id, title, date)
        values ('movie', 550, 'Kış Uykusu', '2014-06-13')`,
  );
  [{ id: review }] = (await db
    .insert(reviews)
    .values({ userId: "ela", itemType: "movie", itemId: 550, comment: "Uzun ama değer." })
    .returning({ id: reviews.id })) as [{ id: number }];
  [{ id: diary }] = (await db
    .insert(diaryEntries)
    .values({
      userId: "ela",
      itemType: "movie",
      itemId: 550,
      watchedOn: "2026-11-01",
      review: "İkinci kez izledim.",
    })
    .returning({ id: diaryEntries.id })) as [{ id: number }];
  [{ id: list }] = (await db
    .insert(lists)
    .values({ ownerId: "ela", name: "Kış filmleri", visibility: "public" })
    .returning({ id: lists.id })) as [{ id: number }];
});
afterAll(() => database.close());

/** A kind on or off on a channel, as the /hesap form saves it. */
const setChannel = (
  db: DatabaseHandle["db"],
  userId: string,
  kind: string,
  channel: string,
  enabled: boolean,
) =>
  db.execute(
    sql`insert into notification_settings (user_id, kind, channel, enabled)
        values (${userId}, ${kind}, ${channel}, ${enabled})
        on conflict (user_id, kind, channel) do update set enabled = excluded.enabled`,
  );

describe("social notifications", () => {
  it("tells of a new follower once, even after an unfollow and a follow again", async () => {
    const { db } = database;
    for (let round = 0; round < 2; round++) {
      expect(await follow(db, "can", "ela")).toBe("followed");
      await announce({ kind: "follow", actorId: "can", recipientId: "ela" });
      await unfollow(db, "can", "ela");
    }
    // A follower without a public profile is nobody by name.
    expect(await follow(db, "gizli", "ela")).toBe("followed");
    await announce({ kind: "follow", actorId: "gizli", recipientId: "ela" });
    expect(await rowsOf("ela")).toEqual([
      {
        kind: "new_follower",
        subject: "follower:can",
        title: "Can sizi takip etmeye başladı",
        body: "Profiline göz atabilir, siz de takip edebilirsiniz.",
        url: "/u/can",
      },
      {
        kind: "new_follower",
        subject: "follower:gizli",
        title: "Biri sizi takip etmeye başladı",
        body: "Takipçilerinizi profilinizden görebilirsiniz.",
        url: "/u/ela/takipciler",
      },
    ]);
    expect(await rowsOf("can")).toEqual([]);
  });

  it("tells of a like on a review, a diary note and a list, once per person", async () => {
    const { db } = database;
    await db.execute(sql`delete from notifications`);
    const targets = [
      { type: "review", id: review },
      { type: "diary", id: diary },
      { type: "list", id: list },
    ] as const;
    for (const target of targets)
      for (let round = 0; round < 2; round++) {
        const liked = await like(db, "can", target);
        expect(liked).toMatchObject({ outcome: "liked", ownerId: "ela" });
        await announce({ kind: "like", actorId: "can", recipientId: "ela", target });
        await unlike(db, "can", target);
      }
    // Liking one's own: nothing.
    await announce({ kind: "like", actorId: "ela", recipientId: "ela", target: targets[0] });
    expect((await rowsOf("ela")).map((row) => [row.subject, row.title, row.body, row.url])).toEqual(
      [
        [
          `like:review:${review}:can`,
          `Can "Kış Uykusu" incelemenizi beğendi`,
          `"Kış Uykusu" için yazdığınız inceleme`,
          "/film/kis-uykusu-2014-550",
        ],
        [
          `like:diary:${diary}:can`,
          `Can "Kış Uykusu" günlük notunuzu beğendi`,
          `"Kış Uykusu" için günlüğünüze yazdığınız not`,
          `/dashboard/gunluk/${diary}`,
        ],
        [
          `like:list:${list}:can`,
          `Can "Kış filmleri" listenizi beğendi`,
          `"Kış filmleri" listeniz`,
          `/liste/${list}-kis-filmleri`,
        ],
      ],
    );
  });

  it("tells of a comment on one's review or list and a reply to one's comment", async () => {
    const { db } = database;
    await db.execute(sql`delete from notifications`);
    const target = { type: "review", id: review } as const;
    const comment = await addComment(db, "can", target, "Bence de   çok güzel.");
    if (!comment.ok) throw new Error(comment.error);
    await announce({
      kind: "comment",
      actorId: "can",
      recipientId: comment.ownerId,
      target,
      commentId: comment.id,
    });
    const reply = await addComment(db, "ela", target, "Sonu beni çok etkiledi.", {
      parentId: comment.id,
      spoiler: true,
    });
    if (!reply.ok) throw new Error(reply.error);
    await announce({
      kind: "reply",
      actorId: "ela",
      recipientId: reply.parentAuthorId!,
      target,
      commentId: reply.id,
    });
    // Deniz replies to Can under Ela's review: Can hears of the reply, Ela of a comment.
    const third = await addComment(db, "deniz", target, "Katılıyorum.", { parentId: comment.id });
    if (!third.ok) throw new Error(third.error);
    const events = commentEvents("deniz", target, third);
    expect(events.map((event) => [event.kind, event.recipientId])).toEqual([
      ["reply", "can"],
      ["comment", "ela"],
    ]);
    // Ela's own reply tells Can only.
    expect(commentEvents("ela", target, reply).map((event) => event.recipientId)).toEqual(["can"]);
    // The same comment announced again (a retried request): no second row.
    await announce({
      kind: "comment",
      actorId: "can",
      recipientId: "ela",
      target,
      commentId: comment.id,
    });
    expect(await rowsOf("ela")).toEqual([
      {
        kind: "new_comment",
        subject: `comment:${comment.id}`,
        title: `Can "Kış Uykusu" incelemenize yorum yaptı`,
        body: "“Bence de çok güzel.”",
        url: "/film/kis-uykusu-2014-550",
      },
    ]);
    expect(await rowsOf("can")).toEqual([
      {
        kind: "new_comment",
        subject: `comment:${reply.id}`,
        title: "Ela Yılmaz yorumunuza yanıt verdi",
        body: `"Kış Uykusu" için yazdığınız inceleme. Yorum sürprizbozan içeriyor; okumak için açın.`,
        url: "/film/kis-uykusu-2014-550",
      },
    ]);
  });

  it("never notifies across a block, nor a kind turned off everywhere", async () => {
    const { db } = database;
    await db.execute(sql`delete from notifications`);
    const target = { type: "list", id: list } as const;
    // A block either way: nothing, whatever the caller announces.
    await block(db, "ela", "deniz");
    await announce({ kind: "follow", actorId: "deniz", recipientId: "ela" });
    await announce({ kind: "like", actorId: "deniz", recipientId: "ela", target });
    await unblock(db, "ela", "deniz");
    await block(db, "deniz", "ela");
    await announce({ kind: "like", actorId: "deniz", recipientId: "ela", target });
    await unblock(db, "deniz", "ela");
    expect(await rowsOf("ela")).toEqual([]);
    // Likes off in the site and by e-mail (push is off by default): no row.
    await setChannel(db, "ela", "new_like", "site", false);
    await setChannel(db, "ela", "new_like", "email", false);
    await announce({ kind: "like", actorId: "deniz", recipientId: "ela", target });
    expect(await rowsOf("ela")).toEqual([]);
    // Push turned on: the row is written for it.
    await setChannel(db, "ela", "new_like", "push", true);
    await announce({ kind: "like", actorId: "deniz", recipientId: "ela", target });
    expect((await rowsOf("ela")).map((row) => row.kind)).toEqual(["new_like"]);
  });

  it("takes back what two people were told of each other when one blocks the other", async () => {
    const { db } = database;
    await db.execute(sql`delete from notifications`);
    await announce({ kind: "follow", actorId: "can", recipientId: "ela" });
    await announce({
      kind: "like",
      actorId: "can",
      recipientId: "ela",
      target: { type: "list", id: list },
    });
    await announce({ kind: "follow", actorId: "deniz", recipientId: "ela" });
    await announce({ kind: "follow", actorId: "ela", recipientId: "can" });
    const [{ id: comment }] = (await queryRows<{ id: number }>(
      db,
      sql`select id from comments where author_id = 'ela' limit 1`,
    )) as [{ id: number }];
    await announce({
      kind: "reply",
      actorId: "ela",
      recipientId: "can",
      target: { type: "review", id: review },
      commentId: Number(comment),
    });
    expect(await rowsOf("can")).toHaveLength(2);
    await block(db, "can", "ela");
    expect(await rowsOf("can")).toEqual([]);
    expect((await rowsOf("ela")).map((row) => row.subject)).toEqual(["follower:deniz"]);
  });
});
