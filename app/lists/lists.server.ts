import { and, asc, count, desc, eq, exists, or, sql, type SQL } from "drizzle-orm";
import type { ItemRef } from "~/core/item-changes.server";
import type { Database } from "~/db/client.server";
import type { TitleRef } from "~/catalogue/types";
import { titleFacts, titleFactsOf } from "~/db/history-schema";
import { LIST_LIMITS, listEditors, listItems, lists, type ListVisibility } from "~/db/lists-schema";
import { profiles } from "~/db/schema";
import { itemKey } from "./schemas";

/*
 * Lists (issue #25): a person's own, shared with editors they invited. Every function names the
 * person acting, and the role is checked in the query that reads or writes, never before it:
 * - the owner does everything;
 * - an editor adds, removes, reorders and annotates items, and may leave;
 * - anyone else reads a list only when it is not private, and changes nothing.
 * Item positions are 1…n without gaps. Item writes lock the list's row first, so two editors
 * reordering at once take turns and the count checked against the limit is the one written.
 */

export type ListRole = "owner" | "editor";

export interface ListFields {
  name: string;
  description: string | null;
  visibility: ListVisibility;
}

/** The person is the list's owner or one of its editors. */
const canEdit = (userId: string): SQL =>
  or(
    eq(lists.ownerId, userId),
    exists(
      sql`(select 1 from ${listEditors} where ${listEditors.listId} = ${lists.id} and ${listEditors.userId} = ${userId})`,
    ),
  )!;

// The columns named with their tables: in a query on `lists` alone Drizzle writes a column
// unqualified, and a bare "id" inside this subquery is list_items' own id, not the list's.
const itemCount = sql<number>`(select count(*)::int from ${listItems} where ${listItems}.list_id = ${lists}.id)`;

/** The person's role on the list, or null (no such list, or nothing to do with it). */
export async function roleOn(
  db: Database,
  listId: number,
  userId: string,
): Promise<ListRole | null> {
  const [row] = await db
    .select({ ownerId: lists.ownerId })
    .from(lists)
    .where(and(eq(lists.id, listId), canEdit(userId)))
    .limit(1);
  if (!row) return null;
  return row.ownerId === userId ? "owner" : "editor";
}

export interface ListSummary {
  id: number;
  name: string;
  description: string | null;
  visibility: ListVisibility;
  role: ListRole;
  itemCount: number;
  updatedAt: Date;
}

/** The lists a person owns (newest change first), then the ones they edit. */
export async function listsOf(db: Database, userId: string): Promise<ListSummary[]> {
  const rows = await db
    .select({
      id: lists.id,
      name: lists.name,
      description: lists.description,
      visibility: lists.visibility,
      ownerId: lists.ownerId,
      itemCount,
      updatedAt: lists.updatedAt,
    })
    .from(lists)
    .where(canEdit(userId))
    .orderBy(sql`${lists.ownerId} = ${userId} desc`, desc(lists.updatedAt), desc(lists.id));
  return rows.map(({ ownerId, ...row }) => ({
    ...row,
    role: ownerId === userId ? "owner" : "editor",
  }));
}

/** How many lists the person owns (the limit counts these, not the ones they edit). */
async function ownedListCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lists).where(eq(lists.ownerId, userId));
  return row?.n ?? 0;
}

/** "Listeye ekle…": the lists the person may change, and whether each already has the item. */
export async function pickerLists(db: Database, userId: string, item: TitleRef) {
  const lists_ = await listsOf(db, userId);
  if (lists_.length === 0) return [];
  const holding = await db
    .select({ listId: listItems.listId })
    .from(listItems)
    .innerJoin(lists, eq(lists.id, listItems.listId))
    .where(and(eq(listItems.itemType, item.type), eq(listItems.itemId, item.id), canEdit(userId)));
  const has = new Set(holding.map((row) => row.listId));
  return lists_.map((list) => ({ ...list, hasItem: has.has(list.id) }));
}

export interface ListItemView {
  type: "movie" | "tv";
  id: number;
  position: number;
  note: string | null;
  /** From the title's facts, kept when it was added; null when the catalogue has lost it. */
  title: string | null;
  posterPath: string | null;
  date: string | null;
}

export interface ListView {
  id: number;
  name: string;
  description: string | null;
  visibility: ListVisibility;
  owner: {
    id: string;
    name: string | null;
    /** The owner's username when their profile is public (the page links to it), else null. */
    publicUsername: string | null;
  };
  /** The viewer's role, or null for a reader. */
  role: ListRole | null;
  createdAt: Date;
  updatedAt: Date;
  /** How many items the list has (`items` may be one page of them). */
  itemCount: number;
  items: ListItemView[];
}

/**
 * The list as the viewer (null: anonymous) may see it; null when there is no such list or it is
 * private and the viewer is neither its owner nor an editor: the caller answers a plain 404,
 * the same as for a list that does not exist. Two queries whatever the list's length.
 * `window`: only the items at these places (a page of a long list), else all of them.
 */
export async function readList(
  db: Database,
  listId: number,
  viewerId: string | null,
  window?: { offset: number; limit: number },
): Promise<ListView | null> {
  const [list] = await db
    .select({
      id: lists.id,
      name: lists.name,
      description: lists.description,
      visibility: lists.visibility,
      ownerId: lists.ownerId,
      ownerName: profiles.fullName,
      ownerUsername: profiles.username,
      ownerPublic: profiles.isPublic,
      isEditor: viewerId
        ? sql<boolean>`exists (select 1 from ${listEditors} where ${listEditors.listId} = ${lists.id} and ${listEditors.userId} = ${viewerId})`
        : sql<boolean>`false`,
      createdAt: lists.createdAt,
      updatedAt: lists.updatedAt,
      itemCount,
    })
    .from(lists)
    .leftJoin(profiles, eq(profiles.userId, lists.ownerId))
    .where(eq(lists.id, listId))
    .limit(1);
  if (!list) return null;
  const role: ListRole | null =
    viewerId !== null && list.ownerId === viewerId ? "owner" : list.isEditor ? "editor" : null;
  if (list.visibility === "private" && role === null) return null;

  const query = db
    .select({
      type: listItems.itemType,
      id: listItems.itemId,
      position: listItems.position,
      note: listItems.note,
      title: titleFacts.title,
      posterPath: titleFacts.posterPath,
      date: titleFacts.date,
    })
    .from(listItems)
    .leftJoin(titleFacts, titleFactsOf(listItems))
    .where(eq(listItems.listId, listId))
    .orderBy(asc(listItems.position), asc(listItems.id));
  const items = await (window ? query.limit(window.limit).offset(window.offset) : query);

  return {
    id: list.id,
    name: list.name,
    description: list.description,
    visibility: list.visibility,
    owner: {
      id: list.ownerId,
      name: list.ownerName,
      publicUsername: list.ownerPublic ? list.ownerUsername : null,
    },
    role,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
    itemCount: list.itemCount,
    items,
  };
}

/** The public lists of a person (a profile's, the sitemap's), newest change first. */
export async function publicListsOf(db: Database, ownerId: string) {
  return db
    .select({ id: lists.id, name: lists.name, itemCount, updatedAt: lists.updatedAt })
    .from(lists)
    .where(and(eq(lists.ownerId, ownerId), eq(lists.visibility, "public")))
    .orderBy(desc(lists.updatedAt), desc(lists.id));
}

// ---------------------------------------------------------------------------------------------
// Changes. Each returns what happened; the caller answers the person and announces the change.

export type CreateOutcome = { ok: true; id: number } | { ok: false; reason: "limit" };

/** A new list; refused past LIST_LIMITS.listsPerPerson (counted under a per-person lock). */
export async function createList(
  db: Database,
  ownerId: string,
  fields: ListFields,
): Promise<CreateOutcome> {
  return db.transaction(async (tx) => {
    // One creation at a time per person, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lists:${ownerId}`}))`);
    if ((await ownedListCount(tx, ownerId)) >= LIST_LIMITS.listsPerPerson)
      return { ok: false, reason: "limit" } as const;
    const [row] = await tx
      .insert(lists)
      .values({ ownerId, ...fields })
      .returning({ id: lists.id });
    return { ok: true, id: row!.id } as const;
  });
}

/** Name, description and visibility: the owner's alone. False when it is not theirs. */
export async function updateList(
  db: Database,
  ownerId: string,
  listId: number,
  fields: ListFields,
): Promise<boolean> {
  const rows = await db
    .update(lists)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(lists.id, listId), eq(lists.ownerId, ownerId)))
    .returning({ id: lists.id });
  return rows.length > 0;
}

/** Deletes the list with its items, editors and invites; the owner's alone. */
export async function deleteList(db: Database, ownerId: string, listId: number): Promise<boolean> {
  const rows = await db
    .delete(lists)
    .where(and(eq(lists.id, listId), eq(lists.ownerId, ownerId)))
    .returning({ id: lists.id });
  return rows.length > 0;
}

/**
 * Runs an item change on a list the person may edit, with the list's row locked; null when the
 * list is not there or not theirs to change. The list's `updated_at` moves with the change when
 * `changed` says something did (an item that was not there changes nothing).
 */
async function withEditableList<T>(
  db: Database,
  userId: string,
  listId: number,
  change: (tx: Database) => Promise<T>,
  changed: (result: T) => boolean = Boolean,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [list] = await tx
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.id, listId), canEdit(userId)))
      .for("update", { of: lists });
    if (!list) return null;
    const result = await change(tx);
    if (changed(result))
      await tx.update(lists).set({ updatedAt: new Date() }).where(eq(lists.id, listId));
    return result;
  });
}

/**
 * An item change on a list the user may edit: true when it changed something (the list's
 * `updatedAt` then moves), false when it did not or the list is not theirs to edit.
 */
async function changeItems(
  db: Database,
  userId: string,
  listId: number,
  change: (tx: Database) => Promise<boolean>,
): Promise<boolean> {
  return (await withEditableList(db, userId, listId, change)) ?? false;
}

const theItem = (listId: number, item: TitleRef) =>
  and(
    eq(listItems.listId, listId),
    eq(listItems.itemType, item.type),
    eq(listItems.itemId, item.id),
  );

export type AddOutcome = "added" | "already" | "limit" | "not-found";

/** Adds the item at the end of the list, with an optional note. */
export async function addItem(
  db: Database,
  userId: string,
  listId: number,
  item: TitleRef,
  note: string | null = null,
): Promise<AddOutcome> {
  const outcome = await withEditableList(
    db,
    userId,
    listId,
    async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(listItems)
        .where(eq(listItems.listId, listId));
      const n = row?.n ?? 0;
      if (n >= LIST_LIMITS.itemsPerList) return "limit" as const;
      const added = await tx
        .insert(listItems)
        .values({
          listId,
          itemType: item.type,
          itemId: item.id,
          position: n + 1,
          note,
          addedBy: userId,
        })
        .onConflictDoNothing()
        .returning({ id: listItems.id });
      return added.length > 0 ? ("added" as const) : ("already" as const);
    },
    (outcome) => outcome === "added",
  );
  return outcome ?? "not-found";
}

/** Takes the item off the list, closing the gap. False when it was not there to take. */
export async function removeItem(
  db: Database,
  userId: string,
  listId: number,
  item: TitleRef,
): Promise<boolean> {
  return changeItems(db, userId, listId, async (tx) => {
    const [row] = await tx
      .delete(listItems)
      .where(theItem(listId, item))
      .returning({ position: listItems.position });
    if (!row) return false;
    await tx
      .update(listItems)
      .set({ position: sql`${listItems.position} - 1` })
      .where(and(eq(listItems.listId, listId), sql`${listItems.position} > ${row.position}`));
    return true;
  });
}

/**
 * Moves the item to `toPosition` (clamped to 1…n), shifting the items between. A drag names the
 * place it was dropped; up and down buttons move by one from where the item is now (`{ by }`,
 * read under the list's lock, so a page that is behind still moves the item one step).
 * False when there is no such item.
 */
export async function moveItem(
  db: Database,
  userId: string,
  listId: number,
  item: TitleRef,
  toPosition: number | { by: number },
): Promise<boolean> {
  return changeItems(db, userId, listId, async (tx) => {
    const [current] = await tx
      .select({ position: listItems.position })
      .from(listItems)
      .where(theItem(listId, item));
    if (!current) return false;
    const [size] = await tx
      .select({ n: count() })
      .from(listItems)
      .where(eq(listItems.listId, listId));
    const from = current.position;
    const target = typeof toPosition === "number" ? toPosition : from + toPosition.by;
    const to = Math.min(Math.max(1, Math.trunc(target)), size?.n ?? 1);
    if (to === from) return true;
    const between =
      to < from
        ? sql`${listItems.position} >= ${to} and ${listItems.position} < ${from}`
        : sql`${listItems.position} > ${from} and ${listItems.position} <= ${to}`;
    await tx
      .update(listItems)
      .set({
        position: to < from ? sql`${listItems.position} + 1` : sql`${listItems.position} - 1`,
      })
      .where(and(eq(listItems.listId, listId), between));
    await tx.update(listItems).set({ position: to }).where(theItem(listId, item));
    return true;
  });
}

/** Sets (or clears, with null) the item's note. */
export async function setItemNote(
  db: Database,
  userId: string,
  listId: number,
  item: TitleRef,
  note: string | null,
): Promise<boolean> {
  return changeItems(db, userId, listId, async (tx) => {
    const rows = await tx
      .update(listItems)
      .set({ note })
      .where(theItem(listId, item))
      .returning({ id: listItems.id });
    return rows.length > 0;
  });
}

// ---------------------------------------------------------------------------------------------
// Editors ("Birlikte düzenle"). Invites live in invites.server.ts; this is who edits now.

/** The list's editors, for its owner only (empty for anyone else). */
export async function editorsOf(db: Database, ownerId: string, listId: number) {
  return db
    .select({ userId: listEditors.userId, name: profiles.fullName, since: listEditors.createdAt })
    .from(listEditors)
    .innerJoin(lists, eq(lists.id, listEditors.listId))
    .leftJoin(profiles, eq(profiles.userId, listEditors.userId))
    .where(and(eq(listEditors.listId, listId), eq(lists.ownerId, ownerId)))
    .orderBy(asc(listEditors.createdAt));
}

/**
 * Takes an editor off the list: the owner removing them, or the editor leaving (`actorId` is
 * then the editor). False when nothing was removed.
 */
export async function removeEditor(
  db: Database,
  actorId: string,
  listId: number,
  editorId: string,
): Promise<boolean> {
  const ownerOrSelf = or(
    eq(listEditors.userId, actorId),
    exists(
      sql`(select 1 from ${lists} where ${lists.id} = ${listEditors.listId} and ${lists.ownerId} = ${actorId})`,
    ),
  );
  const rows = await db
    .delete(listEditors)
    .where(and(eq(listEditors.listId, listId), eq(listEditors.userId, editorId), ownerOrSelf))
    .returning({ userId: listEditors.userId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------

/**
 * The pages a change of this list shows on: its own page and its owner's profile (which lists
 * the public ones). Announce them (`services.changes.changed`) after every change, visibility
 * included: a list turned private must leave the page cache at once.
 */
export async function listPageRefs(db: Database, listId: number): Promise<ItemRef[]> {
  const [row] = await db
    .select({ key: profiles.usernameKey })
    .from(lists)
    .leftJoin(profiles, eq(profiles.userId, lists.ownerId))
    .where(eq(lists.id, listId));
  const refs: ItemRef[] = [{ type: "list", id: listId }];
  if (row?.key) refs.push({ type: "profile", id: row.key });
  return refs;
}

/**
 * The list's items in order as `type:id` keys, for a person who may edit it (empty otherwise):
 * a reorder's answer, so the page shows the server's order after its optimistic one.
 */
export async function itemOrder(db: Database, userId: string, listId: number): Promise<string[]> {
  const rows = await db
    .select({ type: listItems.itemType, id: listItems.itemId })
    .from(listItems)
    .innerJoin(lists, eq(lists.id, listItems.listId))
    .where(and(eq(listItems.listId, listId), canEdit(userId)))
    .orderBy(asc(listItems.position), asc(listItems.id));
  return rows.map(itemKey);
}
