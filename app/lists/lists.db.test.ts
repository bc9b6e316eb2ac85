import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser, pgErrorCode } from "../../tests/support/test-database";
import { user as users } from "~/db/auth-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { LIST_LIMITS, listEditors, listItems, lists } from "~/db/lists-schema";
import { profiles } from "~/db/schema";
import {
  addItem,
  createList,
  deleteList,
  editorsOf,
  listPageRefs,
  listsOf,
  moveItem,
  pickerLists,
  readList,
  removeEditor,
  removeItem,
  roleOn,
  setItemNote,
  updateList,
} from "./lists.server";

/*
 * The lists domain on the real database, with three people: an owner, an editor she let in, and
 * a stranger who tries every change with the right ids. Positions stay 1…n through adds,
 * removals and moves; the limits hold when asked at once.
 */

let handle: DatabaseHandle;
const owner = "list-owner";
const editor = "list-editor";
const stranger = "list-stranger";
const film = (id: number) => ({ type: "movie" as const, id });

const fields = (name: string, visibility: "private" | "unlisted" | "public" = "private") => ({
  name,
  description: null,
  visibility,
});

async function positions(listId: number) {
  const view = await readList(handle.db, listId, owner);
  return view!.items.map((item) => [item.id, item.position]);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  for (const id of [owner, editor, stranger]) await createTestUser(handle, id);
});

afterAll(() => handle.close());

describe("lists and their people", () => {
  it("lets the owner do everything, an editor the items, a stranger nothing", async () => {
    const created = await createList(handle.db, owner, fields("Yağmurlu pazar filmleri"));
    if (!created.ok) throw new Error("not created");
    const listId = created.id;
    await handle.db.insert(listEditors).values({ listId, userId: editor });

    expect(await roleOn(handle.db, listId, owner)).toBe("owner");
    expect(await roleOn(handle.db, listId, editor)).toBe("editor");
    expect(await roleOn(handle.db, listId, stranger)).toBeNull();

    expect(await addItem(handle.db, owner, listId, film(1), "İlk")).toBe("added");
    expect(await addItem(handle.db, editor, listId, film(2))).toBe("added");
    expect(await addItem(handle.db, editor, listId, film(2))).toBe("already");
    expect(await addItem(handle.db, stranger, listId, film(3))).toBe("not-found");
    expect(await removeItem(handle.db, stranger, listId, film(1))).toBe(false);
    expect(await moveItem(handle.db, stranger, listId, film(2), 1)).toBe(false);
    expect(await setItemNote(handle.db, stranger, listId, film(1), "x")).toBe(false);
    // Only the owner changes the list itself.
    expect(await updateList(handle.db, editor, listId, fields("Ele geçirildi", "public"))).toBe(
      false,
    );
    expect(await deleteList(handle.db, editor, listId)).toBe(false);
    expect(await deleteList(handle.db, stranger, listId)).toBe(false);
    expect(await removeEditor(handle.db, stranger, listId, editor)).toBe(false);
    expect(await editorsOf(handle.db, stranger, listId)).toEqual([]);
    expect((await editorsOf(handle.db, owner, listId)).map((row) => row.userId)).toEqual([editor]);

    // A private list: its people read it, nobody else (nor an anonymous visitor).
    expect(await readList(handle.db, listId, stranger)).toBeNull();
    expect(await readList(handle.db, listId, null)).toBeNull();
    expect((await readList(handle.db, listId, editor))?.role).toBe("editor");
    expect((await listsOf(handle.db, editor)).map((list) => [list.id, list.role])).toEqual([
      [listId, "editor"],
    ]);
    expect(await listsOf(handle.db, stranger)).toEqual([]);
    const picker = await pickerLists(handle.db, editor, film(2));
    expect(picker.map((list) => [list.id, list.hasItem])).toEqual([[listId, true]]);

    // Unlisted and public lists are read by anyone, who still changes nothing.
    expect(await updateList(handle.db, owner, listId, fields("Pazar filmleri", "unlisted"))).toBe(
      true,
    );
    const seen = await readList(handle.db, listId, null);
    expect(seen?.role).toBeNull();
    expect(seen?.items.map((item) => [item.id, item.note])).toEqual([
      [1, "İlk"],
      [2, null],
    ]);

    // The editor leaves; then they are a stranger.
    expect(await removeEditor(handle.db, editor, listId, editor)).toBe(true);
    expect(await addItem(handle.db, editor, listId, film(4))).toBe("not-found");
    expect(await deleteList(handle.db, owner, listId)).toBe(true);
    expect(await handle.db.select().from(listItems).where(eq(listItems.listId, listId))).toEqual(
      [],
    );
  });

  it("keeps positions 1…n through adds, moves and removals", async () => {
    const created = await createList(handle.db, owner, fields("Sıralama denemesi"));
    if (!created.ok) throw new Error("not created");
    const listId = created.id;
    for (const id of [10, 11, 12, 13, 14]) await addItem(handle.db, owner, listId, film(id));
    expect(await moveItem(handle.db, owner, listId, film(14), 1)).toBe(true);
    expect(await moveItem(handle.db, owner, listId, film(10), 99)).toBe(true);
    expect(await moveItem(handle.db, owner, listId, film(12), 3)).toBe(true);
    expect(await positions(listId)).toEqual([
      [14, 1],
      [11, 2],
      [12, 3],
      [13, 4],
      [10, 5],
    ]);
    expect(await removeItem(handle.db, owner, listId, film(11))).toBe(true);
    expect(await removeItem(handle.db, owner, listId, film(11))).toBe(false);
    expect(await positions(listId)).toEqual([
      [14, 1],
      [12, 2],
      [13, 3],
      [10, 4],
    ]);
    expect(await moveItem(handle.db, owner, listId, film(99), 1)).toBe(false);
  });

  it("holds the item limit when adds arrive at once", async () => {
    const created = await createList(handle.db, owner, fields("Dolu liste"));
    if (!created.ok) throw new Error("not created");
    const listId = created.id;
    await handle.db.insert(listItems).values(
      Array.from({ length: LIST_LIMITS.itemsPerList - 2 }, (_, index) => ({
        listId,
        itemType: "movie" as const,
        itemId: 1000 + index,
        position: index + 1,
      })),
    );
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map((n) => addItem(handle.db, owner, listId, film(5000 + n))),
    );
    expect(outcomes.filter((outcome) => outcome === "added")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === "limit")).toHaveLength(2);
    const view = await readList(handle.db, listId, owner);
    expect(view!.items.map((item) => item.position)).toEqual(
      Array.from({ length: LIST_LIMITS.itemsPerList }, (_, index) => index + 1),
    );
  });

  it("holds the list limit when creations arrive at once", async () => {
    const person = await createTestUser(handle, "list-collector");
    await handle.db.insert(lists).values(
      Array.from({ length: LIST_LIMITS.listsPerPerson - 1 }, (_, index) => ({
        ownerId: person,
        name: `Liste ${index + 1}`,
      })),
    );
    const outcomes = await Promise.all(
      [1, 2, 3].map((n) => createList(handle.db, person, fields(`Son liste ${n}`))),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect((await listsOf(handle.db, person)).length).toBe(LIST_LIMITS.listsPerPerson);
  });

  it("refuses what the schema forbids, whatever the code does", async () => {
    const tooShort = handle.db.insert(lists).values({ ownerId: owner, name: "ab" });
    await expect(tooShort).rejects.toSatisfy((error) => pgErrorCode(error) === "23514");
    const secret = handle.db
      .insert(lists)
      .values({ ownerId: owner, name: "abc", visibility: "x" as never });
    await expect(secret).rejects.toSatisfy((error) => pgErrorCode(error) === "23514");
  });

  it("names the pages a change shows on, and goes with its owner", async () => {
    const person = await createTestUser(handle, "list-leaver");
    await handle.db
      .insert(profiles)
      .values({ userId: person, username: "Ayşe.K", usernameKey: "ayse.k", isPublic: true });
    const created = await createList(handle.db, person, fields("Herkese açık", "public"));
    if (!created.ok) throw new Error("not created");
    expect(await listPageRefs(handle.db, created.id)).toEqual([
      { type: "list", id: created.id },
      { type: "profile", id: "ayse.k" },
    ]);
    expect((await readList(handle.db, created.id, null))?.owner.publicUsername).toBe("Ayşe.K");
    await handle.db.delete(users).where(eq(users.id, person));
    expect(await readList(handle.db, created.id, null)).toBeNull();
  });
});
