import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actionServices,
  answerOf,
  signedInPerson,
  type SignedInPerson,
} from "../../tests/support/action-services";
import { newList } from "../../tests/support/list-seed";
import { createTestDatabase } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { listEditors, listInvites } from "~/db/lists-schema";
import { acceptInviteAction, listSharingAction } from "./sharing.server";

/*
 * The sharing forms as the browser posts them, with real sessions: the new link comes back in
 * the answer (never in a redirect or a cookie), invites are limited per owner, a stranger's
 * posts with the owner's ids change nothing, and accepting leads to the list's edit page.
 */

let database: DatabaseHandle;
let services: ReturnType<typeof actionServices>["services"];
let owner: SignedInPerson;
let friend: SignedInPerson;
let stranger: SignedInPerson;
let listId: number;

const sharing = (person: SignedInPerson, fields: Record<string, string>) =>
  listSharingAction(services, person.post(`/dashboard/listeler/${listId}/paylasim`, fields), {
    listId: String(listId),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  ({ services } = actionServices(database, {}));
  owner = await signedInPerson(services, "sahip@example.com", "Liste Sahibi");
  friend = await signedInPerson(services, "arkadas@example.com", "Arkadaş");
  stranger = await signedInPerson(services, "yabanci@example.com", "Yabancı");
  listId = await newList(database.db, owner.id, "Paylaşılan liste");
});
afterAll(() => database.close());

describe("the sharing forms", () => {
  it("answers a new invite with its link, with or without JavaScript, and the link works", async () => {
    for (const js of [{ js: "1" }, {}] as Record<string, string>[]) {
      const answer = answerOf(await sharing(owner, { intent: "invite", ...js }));
      expect(answer).toMatchObject({ ok: true, message: "Davet bağlantısı oluşturuldu" });
      expect(answer.inviteUrl).toMatch(/^http:\/\/localhost:\d+\/liste-davet\/[\w-]{43}$/);
    }
    const { inviteUrl } = answerOf(await sharing(owner, { intent: "invite", js: "1" }));
    const path = new URL(inviteUrl as string).pathname;
    expect(
      answerOf(await acceptInviteAction(services, friend.post(path, {}), path.split("/").at(-1)!)),
    ).toEqual({
      redirect: `/dashboard/listeler/${listId}`,
    });
    // Used once; the second time it is refused on the invite's page.
    expect(
      answerOf(
        await acceptInviteAction(services, stranger.post(path, {}), path.split("/").at(-1)!),
      ),
    ).toMatchObject({ ok: false, message: "Bu davet bağlantısı geçersiz ya da süresi dolmuş" });
  });

  it("changes nothing for a stranger sending the owner's ids", async () => {
    const [invite] = await database.db
      .select({ id: listInvites.id })
      .from(listInvites)
      .where(eq(listInvites.listId, listId));
    const before = await database.db.select().from(listInvites);
    const attempts: Record<string, string>[] = [
      { intent: "invite" },
      { intent: "revoke", inviteId: String(invite!.id) },
      { intent: "remove-editor", editorId: friend.id },
    ];
    let through = 0;
    for (const attempt of attempts) {
      const answer = answerOf(await sharing(stranger, { ...attempt, js: "1" }));
      if (answer.ok) through++;
    }
    expect(through).toBe(0);
    expect(await database.db.select().from(listInvites)).toEqual(before);
    expect(
      (await database.db.select().from(listEditors).where(eq(listEditors.listId, listId))).map(
        (row) => row.userId,
      ),
    ).toEqual([friend.id]);
  });

  it("lets an editor leave, and the owner remove and revoke", async () => {
    const [pending] = await database.db
      .select({ id: listInvites.id })
      .from(listInvites)
      .where(eq(listInvites.listId, listId));
    expect(
      answerOf(await sharing(owner, { intent: "revoke", inviteId: String(pending!.id), js: "1" })),
    ).toMatchObject({ ok: true });
    expect(
      answerOf(await sharing(friend, { intent: "remove-editor", editorId: friend.id })),
    ).toEqual({ redirect: "/dashboard/listeler" });
    expect(
      answerOf(await sharing(owner, { intent: "remove-editor", editorId: friend.id, js: "1" })),
    ).toMatchObject({ ok: false, message: "Düzenleyici bulunamadı" });
  });

  it("limits invite links per owner", async () => {
    const answers = [];
    for (let index = 0; index < 20; index++)
      answers.push(answerOf(await sharing(owner, { intent: "invite", js: "1" })));
    // Three were made in the first test: the 18th of these is the 21st in the hour.
    expect(answers.slice(0, 17).every((answer) => answer.ok)).toBe(true);
    expect(answers.slice(17)).toEqual(
      Array(3).fill(
        expect.objectContaining({
          ok: false,
          message: "Çok fazla davet oluşturdunuz. Lütfen biraz sonra yeniden deneyin.",
        }),
      ),
    );
  });
});
