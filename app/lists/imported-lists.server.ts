import { and, count, eq, sql } from "drizzle-orm";
import type { TitleRef } from "~/catalogue/types";
import type { Database } from "~/db/client.server";
import type { ImportedList } from "~/db/import-schema";
import { LIST_LIMITS, listItems, lists } from "~/db/lists-schema";

/*
 * Lists an import brings (Trakt's lists, Letterboxd's lists/ and likes/, decision 038): private
 * Perde lists of the person, found again by their import key, so importing the same file twice
 * adds nothing twice. The limits and positions are the lists' own (decision 020): at most
 * LIST_LIMITS.listsPerPerson lists (counted under the same per-person lock as a new list on the
 * site) and LIST_LIMITS.itemsPerList items, positions 1…n without gaps. The import module calls
 * this through its services (the layers keep history below lists).
 */

export type ImportedItemOutcome = "added" | "already" | "list-limit" | "item-limit";

const clip = (text: string, max: number) => [...text].slice(0, max).join("");

/** A list name the lists' rules accept: one line, 3-80 characters. */
function nameOf(name: string): string {
  const line = name.replace(/[\p{Cc}\s]+/gu, " ").trim();
  const clipped = clip(line, LIST_LIMITS.nameMax).trim();
  return clipped.length >= LIST_LIMITS.nameMin ? clipped : `Liste: ${clipped || "adsız"}`;
}

/** The person's list of this import key, made (private) when there is none. */
async function listFor(db: Database, userId: string, list: ImportedList): Promise<number | null> {
  const mine = and(eq(lists.ownerId, userId), eq(lists.importKey, list.key));
  const [found] = await db.select({ id: lists.id }).from(lists).where(mine);
  if (found) return found.id;
  return db.transaction(async (tx) => {
    // The same per-person lock as createList: two creations at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lists:${userId}`}))`);
    const [again] = await tx.select({ id: lists.id }).from(lists).where(mine);
    if (again) return again.id;
    const [owned] = await tx.select({ n: count() }).from(lists).where(eq(lists.ownerId, userId));
    if ((owned?.n ?? 0) >= LIST_LIMITS.listsPerPerson) return null;
    // Paragraphs as the list form keeps them: line breaks normalised, other control characters dropped.
    const paragraphs = (list.description ?? "")
      .replace(/\r\n?/g, "\n")
      .replace(/[^\P{Cc}\n]/gu, "")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    const description = clip(paragraphs, LIST_LIMITS.descriptionMax).trim() || null;
    const [row] = await tx
      .insert(lists)
      .values({
        ownerId: userId,
        name: nameOf(list.name),
        description,
        visibility: "private",
        importKey: list.key,
      })
      .returning({ id: lists.id });
    return row!.id;
  });
}

/**
 * Puts an imported title on the person's list of this import key: after the `before` items of
 * the same import that come before it in the file (all of them when unknown, i.e. at the end),
 * with its note. A title already on the list keeps its place; a note the file gives replaces
 * the one it had. `db` may be the import's transaction.
 */
export async function putImportedItem(
  db: Database,
  userId: string,
  list: ImportedList,
  item: TitleRef,
  note: string | null,
  before?: number,
): Promise<ImportedItemOutcome> {
  const listId = await listFor(db, userId, list);
  if (listId === null) return "list-limit";
  const text = note ? clip(note.trim(), LIST_LIMITS.noteMax).trim() || null : null;
  return db.transaction(async (tx) => {
    await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for("update");
    const theItem = and(
      eq(listItems.listId, listId),
      eq(listItems.itemType, item.type),
      eq(listItems.itemId, item.id),
    );
    const [existing] = await tx.select({ note: listItems.note }).from(listItems).where(theItem);
    if (existing) {
      if (text !== null && existing.note !== text)
        await tx.update(listItems).set({ note: text }).where(theItem);
      return "already" as const;
    }
    const [size] = await tx
      .select({ n: count() })
      .from(listItems)
      .where(eq(listItems.listId, listId));
    const n = size?.n ?? 0;
    if (n >= LIST_LIMITS.itemsPerList) return "item-limit" as const;
    const position = Math.min(n + 1, Math.max(1, (before ?? n) + 1));
    if (position <= n)
      await tx
        .update(listItems)
        .set({ position: sql`${listItems.position} + 1` })
        .where(and(eq(listItems.listId, listId), sql`${listItems.position} >= ${position}`));
    await tx.insert(listItems).values({
      listId,
      itemType: item.type,
      itemId: item.id,
      position,
      note: text,
      addedBy: userId,
    });
    await tx.update(lists).set({ updatedAt: new Date() }).where(eq(lists.id, listId));
    return "added" as const;
  });
}
