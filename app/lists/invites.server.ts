import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { now } from "~/core/clock.server";
import type { Database } from "~/db/client.server";
import { user } from "~/db/auth-schema";
import { listEditors, listInvites, lists } from "~/db/lists-schema";
import { editorsOf } from "./lists.server";

/*
 * "Birlikte düzenle": the owner lets someone edit a list by a single-use invite link. The link
 * carries 32 random bytes (base64url, 43 characters); only their SHA-256 is stored, so the
 * database alone opens nothing and the owner sees the link only once, when it is made. A link
 * works for 7 days, once: accepting it marks it used in the same statement that checks it is
 * still unused and unexpired, so two people opening it at once make one editor, not two.
 * Every function names the person acting; the owner's role is checked in the query itself.
 */

const INVITE_DAYS = 7;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const ownedBy = (ownerId: string) =>
  sql`exists (select 1 from ${lists} where ${lists.id} = ${listInvites.listId} and ${lists.ownerId} = ${ownerId})`;

/**
 * A new invite to the owner's list: the token to put in the link (shown once), or null when the
 * list is not theirs. The site's clock, so a test's chosen day decides when it expires.
 */
export async function createInvite(
  db: Database,
  ownerId: string,
  listId: number,
): Promise<{ token: string; expiresAt: Date } | null> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    // The list's row is held (shared) until the invite is written: it cannot vanish between.
    const [list] = await tx
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.id, listId), eq(lists.ownerId, ownerId)))
      .for("share");
    if (!list) return null;
    await tx.insert(listInvites).values({ listId, tokenHash: hashOf(token), createdAt, expiresAt });
    return { token, expiresAt };
  });
}

export interface PendingInvite {
  id: number;
  createdAt: Date;
  expiresAt: Date;
}

/** The list's invites not yet used nor expired, newest first; empty for anyone but the owner. */
export async function pendingInvites(
  db: Database,
  ownerId: string,
  listId: number,
): Promise<PendingInvite[]> {
  return db
    .select({
      id: listInvites.id,
      createdAt: listInvites.createdAt,
      expiresAt: listInvites.expiresAt,
    })
    .from(listInvites)
    .where(
      and(
        eq(listInvites.listId, listId),
        isNull(listInvites.usedAt),
        gt(listInvites.expiresAt, now()),
        ownedBy(ownerId),
      ),
    )
    .orderBy(desc(listInvites.createdAt), desc(listInvites.id));
}

/** Revokes an unused invite (its link stops working); false when it is not the owner's to revoke. */
export async function revokeInvite(
  db: Database,
  ownerId: string,
  listId: number,
  inviteId: number,
): Promise<boolean> {
  const rows = await db
    .delete(listInvites)
    .where(
      and(
        eq(listInvites.id, inviteId),
        eq(listInvites.listId, listId),
        isNull(listInvites.usedAt),
        ownedBy(ownerId),
      ),
    )
    .returning({ id: listInvites.id });
  return rows.length > 0;
}

/** What a working invite link opens (the list's name and owner), or null for any other link. */
export async function inviteInfo(db: Database, token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      listId: lists.id,
      listName: lists.name,
      ownerId: lists.ownerId,
      ownerName: user.name,
    })
    .from(listInvites)
    .innerJoin(lists, eq(lists.id, listInvites.listId))
    .innerJoin(user, eq(user.id, lists.ownerId))
    .where(
      and(
        eq(listInvites.tokenHash, hashOf(token)),
        isNull(listInvites.usedAt),
        gt(listInvites.expiresAt, now()),
      ),
    );
  return row ?? null;
}

export type AcceptOutcome =
  | { outcome: "joined" | "already"; listId: number }
  /** The owner opened their own link: it stays unused, for the person it was meant for. */
  | { outcome: "own"; listId: number }
  /** Unknown, used, revoked or expired: all the same to the person holding it. */
  | { outcome: "invalid" };

/** The person opening an invite link becomes an editor of its list, if the link still works. */
export async function acceptInvite(
  db: Database,
  userId: string,
  token: string,
): Promise<AcceptOutcome> {
  if (!TOKEN.test(token)) return { outcome: "invalid" };
  const tokenHash = hashOf(token);
  const at = now();
  const usable = and(
    eq(listInvites.tokenHash, tokenHash),
    isNull(listInvites.usedAt),
    gt(listInvites.expiresAt, at),
  );
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select({
        listId: listInvites.listId,
        ownerId: lists.ownerId,
        isEditor: sql<boolean>`exists (select 1 from ${listEditors} where ${listEditors.listId} = ${listInvites.listId} and ${listEditors.userId} = ${userId})`,
      })
      .from(listInvites)
      .innerJoin(lists, eq(lists.id, listInvites.listId))
      .where(usable);
    if (!invite) return { outcome: "invalid" } as const;
    if (invite.ownerId === userId) return { outcome: "own", listId: invite.listId } as const;
    // Already an editor (from an earlier link): this one stays unused, for someone else.
    if (invite.isEditor) return { outcome: "already", listId: invite.listId } as const;
    // Used only if still unused now: of two people accepting at once, one gets no row back.
    const [used] = await tx
      .update(listInvites)
      .set({ usedAt: at, usedBy: userId })
      .where(usable)
      .returning({ listId: listInvites.listId });
    if (!used) return { outcome: "invalid" } as const;
    await tx.insert(listEditors).values({ listId: used.listId, userId }).onConflictDoNothing();
    await tx.update(lists).set({ updatedAt: at }).where(eq(lists.id, used.listId));
    return { outcome: "joined", listId: used.listId } as const;
  });
}

/** The "Birlikte düzenle" section of a list's edit page: its editors and pending invites. */
export async function listSharing(db: Database, ownerId: string, listId: number) {
  const [list] = await db
    .select({ id: lists.id, name: lists.name })
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.ownerId, ownerId)));
  if (!list) return null;
  const [editors, invites] = await Promise.all([
    editorsOf(db, ownerId, listId),
    pendingInvites(db, ownerId, listId),
  ]);
  return { list, editors, invites };
}

export type ListSharingData = NonNullable<Awaited<ReturnType<typeof listSharing>>>;

/** Verilerim: the invites the person made for their lists; never a token nor its hash. */
export async function exportInvites(db: Database, ownerId: string) {
  return db
    .select({
      listId: listInvites.listId,
      createdAt: listInvites.createdAt,
      expiresAt: listInvites.expiresAt,
      usedAt: listInvites.usedAt,
    })
    .from(listInvites)
    .innerJoin(lists, eq(lists.id, listInvites.listId))
    .where(eq(lists.ownerId, ownerId))
    .orderBy(asc(listInvites.createdAt), asc(listInvites.id));
}
