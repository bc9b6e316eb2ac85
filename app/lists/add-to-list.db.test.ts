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
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { ItemRef } from "~/core/item-changes.server";
import type { DatabaseHandle } from "~/db/client.server";
import { titleFacts } from "~/db/history-schema";
import { LIST_LIMITS, listItems, lists } from "~/db/lists-schema";
import type { LibraryServices } from "~/library/library-services.server";
import { addToListAction, addToListChoices } from "./add-to-list.server";

/*
 * "Listeye ekle…" through its action, as the browser posts it, with real sessions: the owner
 * adds, finds it already there, takes it off and makes a new list in one step; a second person
 * sending the owner's list id changes nothing; titles the catalogue does not know are refused.
 */

let database: DatabaseHandle;
let services: LibraryServices;
let announced: ItemRef[][];
let ayse: SignedInPerson;
let mehmet: SignedInPerson;

const catalogue = {
  movie: async (id: number) =>
    id === 238
      ? {
          id,
          title: "Baba",
          releaseDate: "1972-03-14",
          posterPath: "/baba.jpg",
          runtime: 175,
          genres: [],
          crew: [],
          cast: [],
        }
      : null,
  series: async (id: number) =>
    id === 1399
      ? {
          id,
          name: "Taht Oyunları",
          firstAirDate: "2011-04-17",
          posterPath: null,
          genres: [],
          createdBy: [],
          cast: [],
        }
      : null,
} as unknown as Partial<Catalogue>;

const BABA = { itemType: "movie", itemId: "238" };

const listOf = (person: SignedInPerson, name: string) => newList(database.db, person.id, name);

const itemsOf = (listId: number) =>
  database.db
    .select({ type: listItems.itemType, id: listItems.itemId })
    .from(listItems)
    .where(eq(listItems.listId, listId));

const post = async (person: SignedInPerson, fields: Record<string, string>) =>
  answerOf(await addToListAction(services, person.post("/listeye-ekle", fields)));

beforeAll(async () => {
  database = await createTestDatabase();
  ({ services, announced } = actionServices(database, catalogue));
  ayse = await signedInPerson(services, "ayse@example.com", "Ayşe Işık");
  mehmet = await signedInPerson(services, "mehmet@example.com", "Mehmet Öz");
});
afterAll(() => database.close());

describe("Listeye ekle…", () => {
  it("adds, says it is already there, removes, and announces each change", async () => {
    const listId = await listOf(ayse, "Yağmurlu pazar filmleri");
    const fields = { ...BABA, listId: String(listId), js: "1" };
    announced.length = 0;
    expect(await post(ayse, { ...fields, intent: "add" })).toMatchObject({
      ok: true,
      message: "“Baba” listeye eklendi: Yağmurlu pazar filmleri",
      listId,
      hasItem: true,
    });
    expect(announced).toEqual([[{ type: "list", id: listId }]]);
    // The list pages need nothing more from the catalogue: the title's facts are kept.
    const [facts] = await database.db.select().from(titleFacts).where(eq(titleFacts.itemId, 238));
    expect(facts).toMatchObject({ title: "Baba", posterPath: "/baba.jpg", date: "1972-03-14" });

    expect(await post(ayse, { ...fields, intent: "add" })).toMatchObject({
      ok: true,
      message: "Zaten bu listede",
      hasItem: true,
    });
    expect(await itemsOf(listId)).toEqual([{ type: "movie", id: 238 }]);
    const choices = await addToListChoices(
      services,
      ayse.get("/listeye-ekle?tur=movie&id=238"),
      new URL("http://localhost/listeye-ekle?tur=movie&id=238"),
    );
    expect(choices.item).toMatchObject({ name: "Baba", href: "/film/baba-1972-238" });
    expect(choices.lists).toEqual([expect.objectContaining({ id: listId, hasItem: true })]);

    expect(await post(ayse, { ...fields, intent: "remove" })).toMatchObject({
      ok: true,
      message: "“Baba” listeden çıkarıldı: Yağmurlu pazar filmleri",
      hasItem: false,
    });
    expect(await itemsOf(listId)).toEqual([]);
    expect(announced).toHaveLength(2);
  });

  it("changes nothing on another person's list, whatever they send", async () => {
    const listId = await listOf(ayse, "Ayşe'nin gizli listesi");
    await post(ayse, { ...BABA, listId: String(listId), intent: "add", js: "1" });
    const attempts = [
      { ...BABA, intent: "add" },
      { ...BABA, intent: "remove" },
      { itemType: "tv", itemId: "1399", intent: "add" },
    ];
    let gotThrough = 0;
    for (const attempt of attempts) {
      const answer = await post(mehmet, { ...attempt, listId: String(listId), js: "1" });
      expect(answer).toMatchObject({ ok: false, message: "Liste bulunamadı" });
      if (answer.ok) gotThrough++;
    }
    expect(gotThrough).toBe(0);
    expect(await itemsOf(listId)).toEqual([{ type: "movie", id: 238 }]);
    // Nor does it show: Mehmet's choices hold only his own lists (none).
    const choices = await addToListChoices(
      services,
      mehmet.get("/listeye-ekle?tur=movie&id=238"),
      new URL("http://localhost/listeye-ekle?tur=movie&id=238"),
    );
    expect(choices.lists).toEqual([]);
    // Without JavaScript: the same refusal, as a redirect with a toast.
    const plain = await post(mehmet, {
      ...BABA,
      listId: String(listId),
      intent: "remove",
      returnTo: "/film/baba-1972-238",
    });
    expect(plain).toEqual({ redirect: "/film/baba-1972-238" });
    expect(await itemsOf(listId)).toHaveLength(1);
  });

  it("refuses titles the catalogue does not know and forms no browser sends", async () => {
    const listId = await listOf(ayse, "Bilinmeyenler");
    for (const fields of [
      { itemType: "movie", itemId: "77" },
      { itemType: "person", itemId: "238" },
      { itemType: "movie", itemId: "-1" },
    ]) {
      const answer = await post(ayse, {
        ...fields,
        listId: String(listId),
        intent: "add",
        js: "1",
      });
      expect(answer).toMatchObject({ ok: false, message: "Bu içerik bulunamadı" });
    }
    expect(await post(ayse, { ...BABA, listId: "abc", intent: "add", js: "1" })).toMatchObject({
      ok: false,
      message: "Liste bulunamadı",
    });
    expect(await itemsOf(listId)).toEqual([]);
  });

  it("makes a new list with the title on it, and keeps a refused name as typed", async () => {
    const refused = await post(ayse, { ...BABA, intent: "create", name: "  ab ", js: "1" });
    expect(refused).toMatchObject({
      ok: false,
      message: `Liste adı en az ${LIST_LIMITS.nameMin} karakter olmalı`,
      name: "  ab ",
    });
    const created = await post(ayse, {
      ...BABA,
      intent: "create",
      name: "Kış geceleri",
      js: "1",
    });
    expect(created).toMatchObject({ ok: true, message: "“Baba” listeye eklendi: Kış geceleri" });
    const [list] = await database.db
      .select()
      .from(lists)
      .where(eq(lists.id, created.listId as number));
    expect(list).toMatchObject({ ownerId: ayse.id, name: "Kış geceleri", visibility: "private" });
    expect(await itemsOf(list!.id)).toEqual([{ type: "movie", id: 238 }]);
    // A title the catalogue does not know makes no list either.
    const before = await database.db.select().from(lists).where(eq(lists.ownerId, ayse.id));
    await post(ayse, { itemType: "movie", itemId: "77", intent: "create", name: "Boş", js: "1" });
    expect(await database.db.select().from(lists).where(eq(lists.ownerId, ayse.id))).toHaveLength(
      before.length,
    );
  });

  it("says when a list is full", async () => {
    const listId = await listOf(ayse, "Dolu liste");
    await database.db.insert(listItems).values(
      Array.from({ length: LIST_LIMITS.itemsPerList }, (_, index) => ({
        listId,
        itemType: "tv" as const,
        itemId: 10_000 + index,
        position: index + 1,
      })),
    );
    expect(
      await post(ayse, { ...BABA, listId: String(listId), intent: "add", js: "1" }),
    ).toMatchObject({ ok: false, message: "Bir listede en fazla 1.000 yapım olabilir." });
  });

  it("sends an anonymous visitor to sign in", async () => {
    const request = new Request("http://localhost:3000/listeye-ekle", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...BABA, listId: "1", intent: "add" }),
    });
    expect(answerOf(await addToListAction(services, request))).toEqual({ redirect: "/auth" });
  });
});
