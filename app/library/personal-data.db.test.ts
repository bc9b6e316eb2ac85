import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionServices, signedInPerson } from "../../tests/support/action-services";
import { createTestDatabase } from "../../tests/support/test-database";
import {
  changePassword,
  disableTwoFactor,
  endOtherSessions,
  endSession,
  removePasskey,
  saveProfile,
  startTwoFactor,
} from "~/accounts/account-settings.server";
import type { CurrentUser } from "~/accounts/guards.server";
import { passkey, session, user as users } from "~/db/auth-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { lists } from "~/db/lists-schema";
import { profiles, reviews, watchlist } from "~/db/schema";
import type { ItemRef } from "~/core/item-changes.server";
import type { LibraryServices } from "./library-services.server";
import { deleteAccount, exportPersonalData } from "./personal-data.server";

/*
 * Two people, every new account action: each acts only on their own rows, whatever ids the
 * other sends. Real better-auth and real SQL on the test database.
 */

let database: DatabaseHandle;
let services: LibraryServices;
/** What the account actions announced as changed (pages and caches of these items go). */
let announced: ItemRef[][];

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

interface Person extends CurrentUser {
  request: () => Request;
  sessionId: string;
}

async function person(email: string, name: string): Promise<Person> {
  const { id, cookie } = await signedInPerson(services, email, name);
  const found = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
  return {
    id,
    email,
    name,
    sessionId: found!.session.id,
    request: () =>
      new Request("http://localhost:3000/hesap", { method: "POST", headers: { cookie } }),
  };
}

let ayse: Person;
let mehmet: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  const made = actionServices(database, {
    person: async () => null,
    movie: async () => null,
    series: async () => null,
  });
  services = made.services;
  announced = made.announced;
  ayse = await person("ayse@example.com", "Ayşe Işık");
  mehmet = await person("mehmet@example.com", "Mehmet Öz");
  const { db } = database;
  for (const owner of [ayse, mehmet]) {
    await db.insert(watchlist).values({ userId: owner.id, itemType: "movie", itemId: 550 });
    await db.insert(reviews).values({
      userId: owner.id,
      itemType: "movie",
      itemId: 550,
      comment: `${owner.name} bu filmi çok sevdi.`,
      rating: 8,
    });
    await db.insert(passkey).values({
      id: `key-${owner.id}`,
      name: `${owner.name} anahtarı`,
      publicKey: "pk",
      userId: owner.id,
      credentialID: `cred-${owner.id}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
  }
});
afterAll(() => database.close());

const passkeysOf = (owner: Person) =>
  database.db.select().from(passkey).where(eq(passkey.userId, owner.id));

describe("account actions with two people", () => {
  it("never ends another person's session", async () => {
    const refused = await endSession(
      services,
      mehmet.request(),
      mehmet,
      form({ sessionId: ayse.sessionId }),
    );
    expect(refused).toEqual({ error: "Oturum bulunamadı" });
    const [still] = await database.db.select().from(session).where(eq(session.id, ayse.sessionId));
    expect(still).toBeDefined();

    // "End all others" leaves the other person's sessions alone, and the caller's own.
    const sessionsOf = async (owner: Person) =>
      (await database.db.select().from(session).where(eq(session.userId, owner.id))).map(
        (row) => row.id,
      );
    const hers = await sessionsOf(ayse);
    expect((await sessionsOf(mehmet)).length).toBeGreaterThan(1);
    await endOtherSessions(services, mehmet.request(), mehmet);
    expect(await sessionsOf(ayse)).toEqual(hers);
    expect(await sessionsOf(mehmet)).toEqual([mehmet.sessionId]);
  });

  it("never removes another person's passkey", async () => {
    const refused = await removePasskey(services, mehmet, form({ passkeyId: `key-${ayse.id}` }));
    expect(refused).toEqual({ error: "Geçiş anahtarı bulunamadı" });
    expect(await passkeysOf(ayse)).toHaveLength(1);
    const removed = await removePasskey(services, ayse, form({ passkeyId: `key-${ayse.id}` }));
    expect(removed).toBeInstanceOf(Response);
    expect(await passkeysOf(ayse)).toHaveLength(0);
    expect(await passkeysOf(mehmet)).toHaveLength(1);
  });

  it("changes only the caller's name, and checks the caller's own password", async () => {
    expect(await saveProfile(services, mehmet, form({ fullName: "Mehmet Öztürk" }))).toBeInstanceOf(
      Response,
    );
    const names = await database.db.select({ id: users.id, name: users.name }).from(users);
    expect(names.find((row) => row.id === ayse.id)?.name).toBe("Ayşe Işık");
    expect(names.find((row) => row.id === mehmet.id)?.name).toBe("Mehmet Öztürk");
    const [profile] = await database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, mehmet.id));
    expect(profile?.fullName).toBe("Mehmet Öztürk");

    expect(
      await changePassword(
        services,
        mehmet.request(),
        form({ currentPassword: "yanlis1", newPassword: "yeni123" }),
      ),
    ).toEqual({ error: "Şifre hatalı" });
    expect(
      await startTwoFactor(
        services,
        mehmet.request(),
        mehmet,
        "1.1.1.1",
        form({ password: "yanlis1" }),
      ),
    ).toEqual({ error: "Şifre hatalı" });
    expect(
      await disableTwoFactor(
        services,
        mehmet.request(),
        mehmet,
        "1.1.1.1",
        form({ password: "yanlis1" }),
      ),
    ).toHaveProperty("error");
  });

  it("exports only the caller's rows", async () => {
    const data = await exportPersonalData(services, mehmet);
    const text = JSON.stringify(data);
    expect(data.account).toMatchObject({ id: mehmet.id, email: "mehmet@example.com" });
    expect(data.reviews).toHaveLength(1);
    expect(data.watchlist).toHaveLength(1);
    expect(data.passkeys).toEqual([expect.objectContaining({ name: "Mehmet Öz anahtarı" })]);
    expect(text).not.toContain("ayse@example.com");
    expect(text).not.toContain("Ayşe");
    expect(text).not.toMatch(/"(password|secret|token|backupCodes|publicKey)"/);
  });

  it("deletes only the caller's account, with the caller's password", async () => {
    expect(
      await deleteAccount(
        services,
        mehmet.request(),
        mehmet,
        "1.1.1.1",
        form({ password: "gizli123" }),
      ),
    ).toEqual({
      error: "Silmeyi onaylamak için kutuyu işaretleyiniz",
    });
    expect(
      await deleteAccount(
        services,
        mehmet.request(),
        mehmet,
        "1.1.1.1",
        form({ password: "yanlis1", confirm: "on" }),
      ),
    ).toEqual({ error: "Şifre hatalı" });
    // A public profile and lists others could open: their cached pages must go with him.
    const { db } = database;
    await db
      .update(profiles)
      .set({ username: "Mehmet.Öz", usernameKey: "mehmet.oz", isPublic: true })
      .where(eq(profiles.userId, mehmet.id));
    const shown = await db
      .insert(lists)
      .values([
        { ownerId: mehmet.id, name: "Herkese açık", visibility: "public" },
        { ownerId: mehmet.id, name: "Bağlantıyla açık", visibility: "unlisted" },
        { ownerId: mehmet.id, name: "Gizli olan", visibility: "private" },
      ])
      .returning({ id: lists.id, visibility: lists.visibility });
    const deleted = await deleteAccount(
      services,
      mehmet.request(),
      mehmet,
      "1.1.1.1",
      form({ password: "gizli123", confirm: "on" }),
    );
    expect(deleted).toBeInstanceOf(Response);
    expect((deleted as Response).headers.get("Location")).toBe("/");
    // Every instance drops what it showed of the film Mehmet reviewed, his profile page and his
    // public and unlisted lists' pages (never a private list's: no page of it was shown).
    expect(announced).toEqual([
      [
        { type: "movie", id: 550 },
        { type: "profile", id: "mehmet.oz" },
        ...shown
          .filter((list) => list.visibility !== "private")
          .map((list) => ({ type: "list", id: list.id })),
      ],
    ]);
    expect(await db.select().from(lists).where(eq(lists.ownerId, mehmet.id))).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.id, mehmet.id))).toHaveLength(0);
    for (const table of [session, passkey, watchlist, reviews]) {
      expect(await db.select().from(table).where(eq(table.userId, mehmet.id))).toHaveLength(0);
    }
    expect(await db.select().from(profiles).where(eq(profiles.userId, mehmet.id))).toHaveLength(0);
    // Ayşe keeps everything.
    expect(await db.select().from(users).where(eq(users.id, ayse.id))).toHaveLength(1);
    expect(await db.select().from(reviews).where(eq(reviews.userId, ayse.id))).toHaveLength(1);
    expect(await db.select().from(watchlist).where(eq(watchlist.userId, ayse.id))).toHaveLength(1);
  });
});
