import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listEditors, listItems, lists } from "~/db/lists-schema";

/**
 * Verilerim's part for lists: the person's own lists with their items and notes, and the lists
 * they edit (only their ids and names: the rest is their owners'). The invite links are
 * `exportInvites`' (invites.server.ts).
 */
export async function exportLists(db: Database, userId: string) {
  const [owned, editing] = await Promise.all([
    db
      .select({
        id: lists.id,
        name: lists.name,
        description: lists.description,
        visibility: lists.visibility,
        createdAt: lists.createdAt,
        updatedAt: lists.updatedAt,
      })
      .from(lists)
      .where(eq(lists.ownerId, userId))
      .orderBy(asc(lists.id)),
    db
      .select({ id: lists.id, name: lists.name, since: listEditors.createdAt })
      .from(listEditors)
      .innerJoin(lists, eq(lists.id, listEditors.listId))
      .where(eq(listEditors.userId, userId))
      .orderBy(asc(lists.id)),
  ]);
  const ids = owned.map((list) => list.id);
  const items = ids.length
    ? await db
        .select({
          listId: listItems.listId,
          itemType: listItems.itemType,
          itemId: listItems.itemId,
          position: listItems.position,
          note: listItems.note,
          addedAt: listItems.createdAt,
        })
        .from(listItems)
        .where(inArray(listItems.listId, ids))
        .orderBy(asc(listItems.listId), asc(listItems.position))
    : [];
  return {
    lists: owned.map((list) => ({
      ...list,
      items: items
        .filter((item) => item.listId === list.id)
        .map(({ listId: _listId, ...item }) => item),
    })),
    editedLists: editing,
  };
}
