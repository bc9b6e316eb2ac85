import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newList } from "../../tests/support/list-seed";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { listEditors, listInvites } from "~/db/lists-schema";
import {
  acceptInvite,
  createInvite,
  exportInvites,
  inviteInfo,
  listSharing,
  pendingInvites,
  revokeInvite,
} from "./invites.server";
import {
  addItem,
  deleteList,
  moveItem,
  removeEditor,
  removeItem,
  roleOn,
  updateList,
} from "./lists.server";

/*
 * "Birlikte düzenle" on the real database: an owner's single-use invite links, accepted by one
 * person once, and what the editor it makes may and may not do. A stranger tries every owner's
 * change with the right ids.
 */

let handle: DatabaseHandle;
const owner = "invite-owner";
const friend = "invite-friend";
const other = "invite-other";
const stranger = "invite-stranger";

async function newInvite(listId: number) {
  const invite = await createInvite(handle.db, owner, listId);
  if (!invite) throw new Error("no invite");
  return invite.token;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  for (const id of [owner, friend, other, stranger]) await createTestUser(handle, id);
});
afterAll(() => handle.close());

describe("invite links", () => {
  it("keeps only the token's hash and lets one person in, once", async () => {
    const listId = await newList(handle.db, owner, "Birlikte izlenecekler");
    const invite = await createInvite(handle.db, owner, listId);
    expect(invite?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (invite!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const [row] = await handle.db.select().from(listInvites).where(eq(listInvites.listId, listId));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(invite!.token);

    expect((await inviteInfo(handle.db, invite!.token))?.listName).toBe("Birlikte izlenecekler");
    expect(await acceptInvite(handle.db, friend, invite!.token)).toEqual({
      outcome: "joined",
      listId,
    });
    expect(await roleOn(handle.db, listId, friend)).toBe("editor");
    // Used: nobody else gets in with it, and it no longer opens anything.
    expect(await acceptInvite(handle.db, other, invite!.token)).toEqual({ outcome: "invalid" });
    expect(await roleOn(handle.db, listId, other)).toBeNull();
    expect(await inviteInfo(handle.db, invite!.token)).toBeNull();
    expect(await pendingInvites(handle.db, owner, listId)).toEqual([]);

    // Verilerim: when it was made, until when, when it was used; never the token or its hash.
    const exported = await exportInvites(handle.db, owner);
    expect(exported).toEqual([
      expect.objectContaining({ listId, usedAt: expect.any(Date) as unknown }),
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/[0-9a-f]{64}|[A-Za-z0-9_-]{43}/);
    expect(await exportInvites(handle.db, friend)).toEqual([]);
  });

  it("makes one editor when two people accept the same link at once", async () => {
    const listId = await newList(handle.db, owner, "Aynı anda");
    const token = await newInvite(listId);
    const outcomes = await Promise.all([
      acceptInvite(handle.db, friend, token),
      acceptInvite(handle.db, other, token),
    ]);
    expect(outcomes.map((result) => result.outcome).sort()).toEqual(["invalid", "joined"]);
    const editors = await handle.db
      .select()
      .from(listEditors)
      .where(eq(listEditors.listId, listId));
    expect(editors).toHaveLength(1);
  });

  it("refuses expired, revoked, unknown and malformed links", async () => {
    const listId = await newList(handle.db, owner, "Süresi dolanlar");
    const expired = await newInvite(listId);
    await handle.db
      .update(listInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(listInvites.listId, listId));
    expect(await acceptInvite(handle.db, friend, expired)).toEqual({ outcome: "invalid" });
    expect(await pendingInvites(handle.db, owner, listId)).toEqual([]);

    const revoked = await newInvite(listId);
    const [pending] = await pendingInvites(handle.db, owner, listId);
    // Only the owner revokes.
    expect(await revokeInvite(handle.db, stranger, listId, pending!.id)).toBe(false);
    expect(await revokeInvite(handle.db, friend, listId, pending!.id)).toBe(false);
    expect(await revokeInvite(handle.db, owner, listId, pending!.id)).toBe(true);
    expect(await acceptInvite(handle.db, friend, revoked)).toEqual({ outcome: "invalid" });

    for (const token of ["", "x", "a".repeat(43), `${revoked}x`, "../../etc/passwd"])
      expect(await acceptInvite(handle.db, friend, token)).toEqual({ outcome: "invalid" });
    expect(await roleOn(handle.db, listId, friend)).toBeNull();
  });

  it("never makes the owner an editor of their own list, and keeps the link for someone else", async () => {
    const listId = await newList(handle.db, owner, "Kendi listem");
    const token = await newInvite(listId);
    expect(await acceptInvite(handle.db, owner, token)).toEqual({ outcome: "own", listId });
    expect(
      await handle.db.select().from(listEditors).where(eq(listEditors.listId, listId)),
    ).toEqual([]);
    expect(await acceptInvite(handle.db, friend, token)).toMatchObject({ outcome: "joined" });
    // A second link for someone already in stays unused.
    const second = await newInvite(listId);
    expect(await acceptInvite(handle.db, friend, second)).toEqual({ outcome: "already", listId });
    expect(await pendingInvites(handle.db, owner, listId)).toHaveLength(1);
  });

  it("lets nobody but the owner make, see or revoke a list's invites", async () => {
    const listId = await newList(handle.db, owner, "Başkasının listesi");
    const token = await newInvite(listId);
    await acceptInvite(handle.db, friend, token);
    await newInvite(listId);
    // Not even an editor: they edit items, not who else may.
    for (const person of [stranger, friend]) {
      expect(await createInvite(handle.db, person, listId)).toBeNull();
      expect(await pendingInvites(handle.db, person, listId)).toEqual([]);
      expect(await listSharing(handle.db, person, listId)).toBeNull();
    }
    expect(await createInvite(handle.db, owner, 987_654_321)).toBeNull();
    const sharing = await listSharing(handle.db, owner, listId);
    expect(sharing?.editors.map((editor) => editor.userId)).toEqual([friend]);
    expect(sharing?.invites).toHaveLength(1);
    expect(
      await handle.db.select().from(listInvites).where(eq(listInvites.listId, listId)),
    ).toHaveLength(2);
  });

  it("makes an editor who changes items but never the list itself, until the owner removes them", async () => {
    const listId = await newList(handle.db, owner, "Ortak liste");
    await addItem(handle.db, owner, listId, { type: "movie", id: 1 });
    await acceptInvite(handle.db, friend, await newInvite(listId));

    expect(await addItem(handle.db, friend, listId, { type: "tv", id: 2 })).toBe("added");
    expect(await moveItem(handle.db, friend, listId, { type: "tv", id: 2 }, 1)).toBe(true);
    expect(await removeItem(handle.db, friend, listId, { type: "movie", id: 1 })).toBe(true);
    const fields = { name: "Ele geçirildi", description: null, visibility: "public" as const };
    expect(await updateList(handle.db, friend, listId, fields)).toBe(false);
    expect(await deleteList(handle.db, friend, listId)).toBe(false);
    expect(await removeEditor(handle.db, stranger, listId, friend)).toBe(false);

    expect(await removeEditor(handle.db, owner, listId, friend)).toBe(true);
    expect(await addItem(handle.db, friend, listId, { type: "movie", id: 3 })).toBe("not-found");
    // Deleting the list takes its invites with it.
    await newInvite(listId);
    expect(await deleteList(handle.db, owner, listId)).toBe(true);
    expect(
      await handle.db.select().from(listInvites).where(eq(listInvites.listId, listId)),
    ).toEqual([]);
  });
});
