import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  actionServices,
  signedInPerson,
  type SignedInPerson,
} from "../../tests/support/action-services";
import { newList } from "../../tests/support/list-seed";
import { createTestDatabase } from "../../tests/support/test-database";
import type { ItemRef } from "~/core/item-changes.server";
import { paths } from "~/core/paths";
import { rateLimits } from "~/db/auth-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { titleFacts } from "~/db/history-schema";
import { LIST_LIMITS, listEditors, listItems, lists } from "~/db/lists-schema";
import type { LibraryServices } from "~/library/library-services.server";
import { createListAction, listAction } from "./actions.server";
import { LIST_RATE_LIMITS } from "./list-changes.server";
import { loadListPage } from "./list-pages.server";
import { addItem, createList, listsOf, publicListsOf, readList } from "./lists.server";
import { exportLists } from "./personal-data.server";
import { LIMIT_MESSAGES } from "./schemas";
import { listSitemap } from "./sitemap.server";

/*
 * The list forms on the real database code with real sessions and three people: Ayşe owns the
 * lists, Mehmet edits one of hers, Zeynep is a stranger who posts every form with Ayşe's ids.
 * A form someone may not use changes nothing and answers the same "Liste bulunamadı" as a list
 * that does not exist; bad input is answered, never thrown.
 */

let database: DatabaseHandle;
let services: LibraryServices;
let announced: ItemRef[][];
type Person = SignedInPerson;

type Answer = { ok: boolean; message: string; order?: string[]; fields?: Record<string, string> };

/**
 * What an action answered: its data, or where it redirected with the toast it left (the flash
 * cookie, read as the next page would).
 */
async function answerOf(result: unknown): Promise<Answer & { redirect?: string | null }> {
  if (!(result instanceof Response)) return (result as { data: Answer }).data;
  const cookie = result.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const flash = await services.flash.read(
    new Request("http://localhost:3000/", { headers: { cookie } }),
  );
  return {
    ok: flash?.toast.type === "success",
    message: flash?.toast.message ?? "",
    redirect: result.headers.get("Location"),
  };
}

let ayse: Person;
let mehmet: Person;
let zeynep: Person;
/** Ayşe's shared list (Mehmet edits it) and her other list. */
let shared: number;
let other: number;
const film = (id: number) => ({ type: "movie" as const, id });

/** Everything about a list a form could change. */
async function snapshot(listId: number) {
  const { db } = database;
  const [row] = await db.select().from(lists).where(eq(lists.id, listId));
  const items = await db
    .select()
    .from(listItems)
    .where(eq(listItems.listId, listId))
    .orderBy(asc(listItems.position));
  const editors = await db.select().from(listEditors).where(eq(listEditors.listId, listId));
  return { row, items, editors };
}

const edit = (listId: number) => paths.listEdit(listId);
const act = (who: Person, listId: number | string, fields: Record<string, string>) =>
  listAction(services, who.post(`/dashboard/listeler/${listId}`, fields), String(listId)).then(
    (result) => answerOf(result),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  ({ services, announced } = actionServices(database, {}));
  ayse = await signedInPerson(services, "ayse@example.com", "Ayşe Işık");
  mehmet = await signedInPerson(services, "mehmet@example.com", "Mehmet Öz");
  zeynep = await signedInPerson(services, "zeynep@example.com", "Zeynep Şen");
});
afterAll(() => database.close());

beforeEach(async () => {
  const { db } = database;
  await db.delete(lists);
  await db.delete(rateLimits);
  announced.length = 0;
  shared = await newList(db, ayse.id, "Yağmurlu pazar filmleri");
  other = await newList(db, ayse.id, "Başka liste");
  await db.insert(listEditors).values({ listId: shared, userId: mehmet.id });
  for (const id of [1, 2, 3]) await addItem(db, ayse.id, shared, film(id), `Not ${id}`);
  await addItem(db, ayse.id, other, film(9));
});

describe("Yeni liste", () => {
  it("creates a private list by default and goes to it; a refusal keeps what was typed", async () => {
    const made = await answerOf(
      await createListAction(
        services,
        ayse.post(paths.lists, { name: "  En iyi 10 Türk filmi ", description: "Benim seçimim" }),
      ),
    );
    const [row] = await database.db
      .select()
      .from(lists)
      .where(eq(lists.name, "En iyi 10 Türk filmi"));
    expect(row).toMatchObject({ ownerId: ayse.id, visibility: "private" });
    expect(made.redirect).toBe(edit(row!.id));
    expect(announced).toContainEqual([{ type: "list", id: row!.id }]);

    const refused = await answerOf(
      await createListAction(
        services,
        ayse.post(paths.lists, {
          name: "ab",
          description: "Uzun uzun yazdım",
          visibility: "public",
        }),
      ),
    );
    expect(refused).toMatchObject({
      ok: false,
      message: "Liste adı en az 3 karakter olmalı",
      fields: { name: "ab", description: "Uzun uzun yazdım", visibility: "public" },
    });
    const wrong = await answerOf(
      await createListAction(services, ayse.post(paths.lists, { name: "İyi ad", visibility: "x" })),
    );
    expect(wrong).toMatchObject({ ok: false, message: "Geçersiz görünürlük" });
  });

  it("sends an anonymous visitor to sign in, and answers a body that is no form", async () => {
    const anonymous = await createListAction(
      services,
      new Request("http://localhost:3000/dashboard/listeler", { method: "POST", body: "x" }),
    );
    expect((await answerOf(anonymous)).redirect).toBe(paths.auth);
    const broken = new Request("http://localhost:3000/dashboard/listeler", {
      method: "POST",
      headers: {
        cookie: ayse.post("/", {}).headers.get("cookie") ?? "",
        "Content-Type": "application/json",
      },
      body: "{",
    });
    expect(await answerOf(await createListAction(services, broken))).toMatchObject({ ok: false });
  });

  it("holds the 100 lists and the creations an hour, each with its Turkish message", async () => {
    const { db } = database;
    await db.insert(lists).values(
      Array.from({ length: LIST_LIMITS.listsPerPerson - 2 }, (_, index) => ({
        ownerId: ayse.id,
        name: `Liste ${index + 1}`,
      })),
    );
    const full = await answerOf(
      await createListAction(services, ayse.post(paths.lists, { name: "Yüz birinci" })),
    );
    expect(full).toMatchObject({ ok: false, message: LIMIT_MESSAGES.lists });

    // Mehmet makes as many as the hour allows; one more is refused and makes nothing.
    for (let n = 1; n <= LIST_RATE_LIMITS.create.limit; n++) {
      const made = await answerOf(
        await createListAction(services, mehmet.post(paths.lists, { name: `Liste ${n}` })),
      );
      expect(made.redirect).toMatch(/^\/dashboard\/listeler\/\d+$/);
    }
    const tooMany = await answerOf(
      await createListAction(services, mehmet.post(paths.lists, { name: "Bir tane daha" })),
    );
    expect(tooMany.ok).toBe(false);
    expect(tooMany.message).toMatch(/çok fazla liste/);
    const his = await db.select().from(lists).where(eq(lists.ownerId, mehmet.id));
    expect(his).toHaveLength(LIST_RATE_LIMITS.create.limit);
  });
});

describe("a list's own forms", () => {
  it("a stranger's every form with the owner's ids changes nothing and says Liste bulunamadı", async () => {
    const before = await snapshot(shared);
    const item = { itemType: "movie", itemId: "1" };
    const attempts: Record<string, string>[] = [
      { intent: "update", name: "Ele geçirildi", visibility: "public" },
      { intent: "delete", confirm: "1" },
      { intent: "leave" },
      { intent: "remove", ...item },
      { intent: "move", ...item, direction: "down" },
      { intent: "move", ...item, position: "3" },
      { intent: "note", ...item, note: "Benim notum" },
    ];
    let through = 0;
    for (const fields of attempts) {
      for (const js of <Record<string, string>[]>[{}, { js: "1" }]) {
        const answer = await act(zeynep, shared, { ...fields, ...js });
        if (answer.ok) through++;
        expect(answer.message).toBe("Liste bulunamadı");
      }
    }
    expect(through).toBe(0);
    expect(await snapshot(shared)).toEqual(before);
    expect(announced).toEqual([]);
  });

  it("an item of another list, or a list that is not there, changes nothing", async () => {
    const before = [await snapshot(shared), await snapshot(other)];
    // Film 9 is on Ayşe's other list, not on this one.
    const alien = { itemType: "movie", itemId: "9", js: "1" };
    for (const fields of [
      { intent: "remove", ...alien },
      { intent: "move", ...alien, position: "1" },
      { intent: "note", ...alien, note: "Yanlış yer" },
    ]) {
      expect(await act(ayse, shared, fields)).toMatchObject({
        ok: false,
        message: "Bu yapım listede bulunamadı",
      });
      // Mehmet edits the shared list, not Ayşe's other one.
      expect(await act(mehmet, other, fields)).toMatchObject({
        ok: false,
        message: "Liste bulunamadı",
      });
    }
    for (const id of ["999999", "abc", "-1", "1e309"])
      expect(
        await act(ayse, id, { intent: "remove", itemType: "movie", itemId: "1", js: "1" }),
      ).toMatchObject({ ok: false, message: "Liste bulunamadı" });
    for (const fields of <Record<string, string>[]>[
      { intent: "move", itemType: "person", itemId: "1", position: "1", js: "1" },
      { intent: "move", itemType: "movie", itemId: "1", position: "0", js: "1" },
      { intent: "move", itemType: "movie", itemId: "1", js: "1" },
      { intent: "note", itemType: "movie", itemId: "1", note: "x".repeat(281), js: "1" },
      { intent: "hack", js: "1" },
    ])
      expect((await act(ayse, shared, fields)).ok).toBe(false);
    expect([await snapshot(shared), await snapshot(other)]).toEqual(before);
  });

  it("lets an editor reorder, annotate and remove, but not rename, delete or change visibility", async () => {
    const moved = await act(mehmet, shared, {
      intent: "move",
      itemType: "movie",
      itemId: "3",
      position: "1",
      js: "1",
    });
    expect(moved).toMatchObject({ ok: true, order: ["movie:3", "movie:1", "movie:2"] });
    expect(announced).toContainEqual([{ type: "list", id: shared }]);
    const down = await act(mehmet, shared, {
      intent: "move",
      itemType: "movie",
      itemId: "3",
      direction: "down",
      js: "1",
    });
    expect(down.order).toEqual(["movie:1", "movie:3", "movie:2"]);
    // Without JavaScript: back to the editing page with a toast.
    const up = await act(mehmet, shared, {
      intent: "move",
      itemType: "movie",
      itemId: "3",
      direction: "up",
    });
    expect(up.redirect).toBe(edit(shared));
    expect((await readList(database.db, shared, mehmet.id))!.items.map((i) => i.id)).toEqual([
      3, 1, 2,
    ]);

    expect(
      await act(mehmet, shared, {
        intent: "note",
        itemType: "movie",
        itemId: "1",
        note: "  Mutlaka izle\r\n",
        js: "1",
      }),
    ).toMatchObject({ ok: true, message: "Not kaydedildi" });
    expect(
      await act(mehmet, shared, { intent: "remove", itemType: "movie", itemId: "2", js: "1" }),
    ).toMatchObject({ ok: true });
    const after = await readList(database.db, shared, ayse.id);
    expect(after!.items.map((i) => [i.id, i.position, i.note])).toEqual([
      [3, 1, "Not 3"],
      [1, 2, "Mutlaka izle"],
    ]);

    const before = await snapshot(shared);
    const update = await act(mehmet, shared, {
      intent: "update",
      name: "Mehmet'in listesi",
      visibility: "public",
    });
    expect(update).toMatchObject({ ok: false, message: "Liste bulunamadı" });
    expect((await act(mehmet, shared, { intent: "delete", confirm: "1" })).ok).toBe(false);
    expect(await snapshot(shared)).toEqual(before);

    expect((await act(mehmet, shared, { intent: "leave" })).redirect).toBe(paths.lists);
    expect(await readList(database.db, shared, mehmet.id)).toBeNull();
  });

  it("the owner renames, shares and deletes (only with the box ticked), each announced", async () => {
    const saved = await act(ayse, shared, {
      intent: "update",
      name: "Pazar filmleri",
      description: "Birinci paragraf.\n\n\n\nİkinci.",
      visibility: "unlisted",
    });
    expect(saved.redirect).toBe(edit(shared));
    expect((await snapshot(shared)).row).toMatchObject({
      name: "Pazar filmleri",
      description: "Birinci paragraf.\n\nİkinci.",
      visibility: "unlisted",
    });
    expect(announced.at(-1)).toEqual([{ type: "list", id: shared }]);

    const refused = await act(ayse, shared, { intent: "update", name: "x".repeat(81) });
    expect(refused).toMatchObject({ ok: false, fields: { name: "x".repeat(81) } });

    const unconfirmed = await act(ayse, shared, { intent: "delete", js: "1" });
    expect(unconfirmed).toMatchObject({ ok: false });
    expect((await snapshot(shared)).row).toBeDefined();
    const deleted = await act(ayse, shared, { intent: "delete", confirm: "1" });
    expect(deleted.redirect).toBe(paths.lists);
    expect((await snapshot(shared)).row).toBeUndefined();
    expect(announced.at(-1)).toEqual([{ type: "list", id: shared }]);
  });

  it("refuses item changes past the hour's limit with a Turkish message", async () => {
    await database.db.insert(rateLimits).values({
      key: `lists:change:${ayse.id}`,
      count: LIST_RATE_LIMITS.change.limit,
      windowStart: new Date(),
    });
    const before = await snapshot(shared);
    const answer = await act(ayse, shared, {
      intent: "move",
      itemType: "movie",
      itemId: "3",
      position: "1",
      js: "1",
    });
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/çok fazla değişiklik/);
    expect(await snapshot(shared)).toEqual(before);
  });
});

describe("item counts", () => {
  it("counts each list's own items, on the person's lists, a profile's and a list's page", async () => {
    const { db } = database;
    const empty = await createList(db, ayse.id, {
      name: "Boş liste",
      description: null,
      visibility: "public",
    });
    if (!empty.ok) throw new Error("not created");
    await db.update(lists).set({ visibility: "public" }).where(eq(lists.id, shared));
    const counts = Object.fromEntries(
      (await listsOf(db, ayse.id)).map((list) => [list.name, list.itemCount]),
    );
    expect(counts).toEqual({ "Yağmurlu pazar filmleri": 3, "Başka liste": 1, "Boş liste": 0 });
    expect(
      Object.fromEntries((await publicListsOf(db, ayse.id)).map((l) => [l.name, l.itemCount])),
    ).toEqual({ "Yağmurlu pazar filmleri": 3, "Boş liste": 0 });
    expect((await readList(db, shared, null, { offset: 2, limit: 100 }))?.itemCount).toBe(3);
  });
});

describe("the list's page, the sitemap and Verilerim", () => {
  const page = (slug: string, who: Person | null) =>
    loadListPage(
      services,
      who ? who.post(`/liste/${slug}`, {}) : new Request(`http://localhost:3000/liste/${slug}`),
      slug,
    ).catch((thrown: unknown) => thrown);

  it("is a 404 for a private list without a role, the same as a missing one", async () => {
    const missing = (await page("999999-yok", zeynep)) as { init: { status: number } };
    expect(missing.init.status).toBe(404);
    for (const who of [zeynep, null]) {
      const hidden = (await page(`${shared}-yagmurlu-pazar-filmleri`, who)) as {
        init: { status: number };
      };
      expect(hidden).toEqual(missing);
    }
    const own = (await page(`${shared}-yagmurlu-pazar-filmleri`, mehmet)) as {
      list: { role: string };
      seo: { indexable: boolean };
    };
    expect(own.list.role).toBe("editor");
    expect(own.seo.indexable).toBe(false);
  });

  it("goes to the canonical address, and describes itself for link previews", async () => {
    await database.db.update(lists).set({ visibility: "unlisted" }).where(eq(lists.id, shared));
    await database.db.insert(titleFacts).values([
      {
        itemType: "movie",
        itemId: 1,
        title: "Eşkıya",
        posterPath: "/eskiya.jpg",
        date: "1996-11-29",
      },
      {
        itemType: "movie",
        itemId: 2,
        title: "Babam ve Oğlum",
        posterPath: null,
        date: "2005-11-18",
      },
    ]);
    const wrong = (await page(`${shared}-eski-ad`, null)) as Response;
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get("Location")).toBe(`/liste/${shared}-yagmurlu-pazar-filmleri`);
    const read = (await page(`${shared}-yagmurlu-pazar-filmleri`, null)) as {
      list: { owner: Record<string, unknown>; role: null; items: { title: string | null }[] };
      seo: { description: string; posterPath: string; indexable: boolean };
    };
    expect(read.list.role).toBeNull();
    expect(read.list.owner).toEqual({ name: "Ayşe Işık", publicUsername: null });
    expect(read.seo).toEqual({
      description:
        "Perde'de 3 film ve diziden oluşan bir liste: Eşkıya, Babam ve Oğlum ve diğerleri.",
      posterPath: "/eskiya.jpg",
      indexable: false,
    });
    // A title without facts still has its place (the page shows its fallback text).
    expect(read.list.items.map((item) => item.title)).toEqual(["Eşkıya", "Babam ve Oğlum", null]);
  });

  it("lists only public lists in the sitemap", async () => {
    await database.db.update(lists).set({ visibility: "unlisted" }).where(eq(lists.id, shared));
    const sitemap = listSitemap(database.db);
    expect(await sitemap.documents()).toBe(0);
    await database.db.update(lists).set({ visibility: "public" }).where(eq(lists.id, other));
    expect(await sitemap.documents()).toBe(1);
    expect(await sitemap.paths(1)).toEqual([`/liste/${other}-baska-liste`]);
  });

  it("exports the person's lists with items and notes, and the lists they edit by name", async () => {
    const mine = await exportLists(database.db, ayse.id);
    expect(
      mine.lists.map((list) => [list.name, list.items.map((i) => [i.itemId, i.note])]),
    ).toEqual([
      [
        "Yağmurlu pazar filmleri",
        [
          [1, "Not 1"],
          [2, "Not 2"],
          [3, "Not 3"],
        ],
      ],
      ["Başka liste", [[9, null]]],
    ]);
    const his = await exportLists(database.db, mehmet.id);
    expect(his.lists).toEqual([]);
    expect(his.editedLists.map((list) => [list.id, list.name])).toEqual([
      [shared, "Yağmurlu pazar filmleri"],
    ]);
    expect((await exportLists(database.db, zeynep.id)).editedLists).toEqual([]);
  });
});
