import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { actionServices } from "../../tests/support/action-services";
import { createTestDatabase, createTestUser, pgErrorCode } from "../../tests/support/test-database";
import type { CurrentUser } from "~/accounts/guards.server";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { today } from "~/core/clock.server";
import type { ItemRef } from "~/core/item-changes.server";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { listItems, lists, profileFavorites } from "~/db/lists-schema";
import { profiles, reviews } from "~/db/schema";
import { announcePersonChanges } from "~/library/item-changes.server";
import type { LibraryServices } from "~/library/library-services.server";
import { itemReviews } from "~/library/reviews.server";
import { loadPublicProfile } from "./profile-page.server";
import {
  addFavorite,
  exportProfile,
  FAVORITE_TWICE,
  FAVORITES_FULL,
  loadProfileSettings,
  moveFavorite,
  removeFavorite,
  saveUsername,
  setProfileVisibility,
  USERNAME_FIRST,
} from "./profile-settings.server";
import { USERNAME_TAKEN } from "./schemas";

/*
 * The profile's rules on the real database: usernames unique by their key (case and Turkish
 * letters folded), reserved words, public only with a username, Favori 4's limits, the public
 * page's lookup and what it shows, and what every change announces.
 */

let database: DatabaseHandle;
let services: LibraryServices;
let announced: ItemRef[][];
const catalogueCalls: number[] = [];

/** A catalogue that knows films 1-19 (and counts how often it is asked). */
const catalogue = {
  movie: async (id: number) => {
    catalogueCalls.push(id);
    return id < 20
      ? {
          id,
          title: `Film ${id}`,
          posterPath: `/poster-${id}.jpg`,
          releaseDate: `${2000 + id}-05-01`,
          runtime: 100,
          genres: [],
          crew: [],
          cast: [],
        }
      : null;
  },
  series: async () => null,
} as unknown as Catalogue;

const form = (values: Record<string, string | number>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, String(value));
  return data;
};

const person = async (id: string, name: string): Promise<CurrentUser> => {
  await createTestUser(database, id);
  await database.db.insert(profiles).values({ userId: id, fullName: name });
  return { id, name, email: `${id}@example.com` };
};

let ayse: CurrentUser;
let mehmet: CurrentUser;
let zeynep: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const made = actionServices(database, catalogue);
  services = made.services;
  announced = made.announced;
  ayse = await person("ayse", "Ayşe Işık");
  mehmet = await person("mehmet", "Mehmet Öz");
  zeynep = await person("zeynep", "Zeynep Kaya");
});
afterAll(() => database.close());
beforeEach(() => {
  announced.length = 0;
});

const settingsOf = (user: CurrentUser) => loadProfileSettings(database.db, user.id);
const favoriteIds = async (user: CurrentUser) =>
  (await settingsOf(user)).favorites.map((film) => film.movieId);

describe("usernames", () => {
  it("refuses bad names with a Turkish message and keeps what was typed", async () => {
    const cases: [string, RegExp][] = [
      ["ab", /en az 3 karakter/],
      ["a".repeat(31), /en fazla 30 karakter/],
      ["ayşe k", /yalnızca harf, rakam/],
      ["ayşe!", /yalnızca harf, rakam/],
      ["émile", /yalnızca harf, rakam/],
      ["...", /en az bir harf ya da rakam/],
      ["", /kullanıcı adı yazın/],
    ];
    for (const [typed, message] of cases) {
      const answer = await saveUsername(services, ayse, form({ username: typed }));
      expect(answer, typed).toEqual({
        error: expect.stringMatching(message),
        fields: { username: typed },
      });
    }
    expect((await settingsOf(ayse)).username).toBeNull();
    expect(announced).toEqual([]);
  });

  it("refuses reserved words however they are written", async () => {
    for (const typed of [
      "hesap",
      "HESAP",
      "Admin",
      "ADMİN",
      "he.sap",
      "yönetim",
      "Perde",
      "a.dmin",
    ]) {
      const answer = await saveUsername(services, ayse, form({ username: typed }));
      expect(answer, typed).toEqual({
        error: "Bu kullanıcı adı kullanılamaz, lütfen başka bir ad seçin",
        fields: { username: typed },
      });
    }
  });

  it("is unique by its key: case and Turkish letters do not make a new name", async () => {
    const saved = await saveUsername(services, ayse, form({ username: "Ayşe.Işık" }));
    expect(saved).toBeInstanceOf(Response);
    const [row] = await database.db.select().from(profiles).where(eq(profiles.userId, ayse.id));
    expect(row).toMatchObject({ username: "Ayşe.Işık", usernameKey: "ayse.isik" });
    for (const typed of ["ayse.isik", "AYŞE.IŞIK", "Ayse.Isik", "  ayşe.ışık  "]) {
      expect(await saveUsername(services, mehmet, form({ username: typed }))).toEqual({
        error: USERNAME_TAKEN,
        fields: { username: typed },
      });
    }
    // Its owner may change how it is written.
    expect(await saveUsername(services, ayse, form({ username: "AYŞE.IŞIK" }))).toBeInstanceOf(
      Response,
    );
    expect((await settingsOf(ayse)).username).toBe("AYŞE.IŞIK");
  });

  it("ends a race for one name with one winner and a clean message for the other", async () => {
    const answers = await Promise.all([
      saveUsername(services, mehmet, form({ username: "Sinemasever" })),
      saveUsername(services, zeynep, form({ username: "SİNEMASEVER" })),
    ]);
    expect(answers.filter((answer) => answer instanceof Response)).toHaveLength(1);
    expect(answers.filter((answer) => !(answer instanceof Response))).toEqual([
      { error: USERNAME_TAKEN, fields: { username: expect.any(String) } },
    ]);
    // The database itself refuses a second row with the same key.
    const winner = answers[0] instanceof Response ? zeynep : mehmet;
    const error = await database.db
      .update(profiles)
      .set({ username: "sinemasever", usernameKey: "sinemasever" })
      .where(eq(profiles.userId, winner.id))
      .catch((caught: unknown) => caught);
    expect(pgErrorCode(error)).toBe("23505");
  });

  it("announces the old and the new key on a rename", async () => {
    await saveUsername(services, zeynep, form({ username: "zeynep.k" }));
    announced.length = 0;
    await saveUsername(services, zeynep, form({ username: "Zeynep.Kaya" }));
    expect(announced).toEqual([
      [
        { type: "profile", id: "zeynep.k" },
        { type: "profile", id: "zeynep.kaya" },
      ],
    ]);
  });
});

describe("visibility", () => {
  it("is private by default, needs a username to be public, and is announced", async () => {
    const nameless = await person("nameless", "Adsız");
    expect((await settingsOf(nameless)).isPublic).toBe(false);
    expect(await setProfileVisibility(services, nameless, form({ visibility: "public" }))).toEqual({
      error: USERNAME_FIRST,
    });
    // The database refuses it as well.
    const error = await database.db
      .update(profiles)
      .set({ isPublic: true })
      .where(eq(profiles.userId, nameless.id))
      .catch((caught: unknown) => caught);
    expect(pgErrorCode(error)).toBe("23514");

    // Ayşe's review: her name on it links to her profile only while it is public.
    await database.db.insert(reviews).values({
      userId: ayse.id,
      itemType: "movie",
      itemId: 3,
      comment: "Çok güzel bir film.",
      rating: 9,
    });
    const linkedAs = async () =>
      (await itemReviews(database, { type: "movie", id: 3 }, mehmet.id)).map(
        (review) => review.reviewerUsername,
      );
    expect(await linkedAs()).toEqual([null]);
    expect(
      await setProfileVisibility(services, ayse, form({ visibility: "public" })),
    ).toBeInstanceOf(Response);
    expect(await linkedAs()).toEqual(["AYŞE.IŞIK"]);
    expect((await settingsOf(ayse)).isPublic).toBe(true);
    expect(announced).toEqual([
      [
        { type: "profile", id: "ayse.isik" },
        { type: "movie", id: 3 },
      ],
    ]);
  });
});

describe("Favori 4", () => {
  it("keeps up to four films in order, each once, and records their facts", async () => {
    for (const id of [1, 2, 3, 4])
      expect(await addFavorite(services, ayse, form({ movieId: id }))).toBeInstanceOf(Response);
    expect(await favoriteIds(ayse)).toEqual([1, 2, 3, 4]);
    expect(await addFavorite(services, ayse, form({ movieId: 5 }))).toEqual({
      error: FAVORITES_FULL,
    });
    expect(await addFavorite(services, ayse, form({ movieId: 2 }))).toEqual({
      error: FAVORITE_TWICE,
    });
    const [facts] = await database.db.select().from(titleFacts).where(eq(titleFacts.itemId, 4));
    expect(facts).toMatchObject({
      itemType: "movie",
      title: "Film 4",
      posterPath: "/poster-4.jpg",
    });
    // Every change is announced for her profile page.
    expect(announced.every((items) => items[0]?.id === "ayse.isik")).toBe(true);
  });

  it("moves and removes, keeping positions 1…n", async () => {
    await moveFavorite(services, ayse, form({ movieId: 3, direction: "up" }));
    expect(await favoriteIds(ayse)).toEqual([1, 3, 2, 4]);
    await moveFavorite(services, ayse, form({ movieId: 1, direction: "up" }));
    expect(await favoriteIds(ayse)).toEqual([1, 3, 2, 4]);
    await removeFavorite(services, ayse, form({ movieId: 3 }));
    const rows = await database.db
      .select({ position: profileFavorites.position, movieId: profileFavorites.movieId })
      .from(profileFavorites)
      .where(eq(profileFavorites.userId, ayse.id));
    expect(rows.sort((a, b) => a.position - b.position)).toEqual([
      { position: 1, movieId: 1 },
      { position: 2, movieId: 2 },
      { position: 3, movieId: 4 },
    ]);
  });

  it("refuses unknown films and touches nobody else's favourites", async () => {
    expect(await addFavorite(services, mehmet, form({ movieId: 99 }))).toEqual({
      error: "Film bulunamadı.",
    });
    expect(await addFavorite(services, mehmet, form({ movieId: "abc" }))).toEqual({
      error: "Film seçilmedi",
    });
    expect(await removeFavorite(services, mehmet, form({ movieId: 1 }))).toEqual({
      error: "Bu film Favori 4'ünüzde değil",
    });
    expect(await favoriteIds(ayse)).toEqual([1, 2, 4]);
    expect(await favoriteIds(mehmet)).toEqual([]);
    // Four at once cannot make five: the profile row is held while the list is rewritten.
    await Promise.all(
      [5, 6, 7, 8, 9].map((id) => addFavorite(services, mehmet, form({ movieId: id }))),
    );
    expect(await favoriteIds(mehmet)).toHaveLength(4);
  });
});

describe("the public page", () => {
  it("is found by any spelling of the key, and only while public", async () => {
    const page = await loadPublicProfile(services, "ayse.isik");
    expect(page).toMatchObject({ username: "AYŞE.IŞIK", name: "Ayşe Işık" });
    expect(page?.favorites.map((film) => film.title)).toEqual(["Film 1", "Film 2", "Film 4"]);
    expect((await loadPublicProfile(services, "Ayşe.Işık"))?.username).toBe("AYŞE.IŞIK");
    // Mehmet has a username but is not public: the same null as a name nobody has.
    expect(await loadPublicProfile(services, "zeynep.kaya")).toBeNull();
    expect(await loadPublicProfile(services, "kimse")).toBeNull();
    expect(await loadPublicProfile(services, "../hesap")).toBeNull();
    await setProfileVisibility(services, ayse, form({ visibility: "private" }));
    expect(await loadPublicProfile(services, "ayse.isik")).toBeNull();
    await setProfileVisibility(services, ayse, form({ visibility: "public" }));
  });

  it("shows public lists, recent ratings and this year's diary, never a catalogue call per row twice", async () => {
    const { db } = database;
    const [shown] = await db
      .insert(lists)
      .values({ ownerId: ayse.id, name: "Yağmurlu pazar filmleri", visibility: "public" })
      .returning({ id: lists.id });
    await db.insert(lists).values([
      { ownerId: ayse.id, name: "Bağlantıyla", visibility: "unlisted" },
      { ownerId: ayse.id, name: "Gizli liste", visibility: "private" },
    ]);
    await db.insert(listItems).values([
      { listId: shown!.id, itemType: "movie", itemId: 1, position: 1 },
      { listId: shown!.id, itemType: "movie", itemId: 2, position: 2 },
    ]);
    await db.insert(reviews).values({ userId: ayse.id, itemType: "movie", itemId: 12, rating: 6 });
    const day = today();
    await db.insert(diaryEntries).values([
      { userId: ayse.id, itemType: "movie", itemId: 1, watchedOn: day, rating: 8 },
      {
        userId: ayse.id,
        itemType: "movie",
        itemId: 2,
        watchedOn: `${Number(day.slice(0, 4)) - 1}-06-01`,
      },
    ]);
    catalogueCalls.length = 0;
    const page = (await loadPublicProfile(services, "ayse.isik"))!;
    expect(page.lists).toEqual([{ id: shown!.id, name: "Yağmurlu pazar filmleri", itemCount: 2 }]);
    // Film 12 was rated in one tap: its facts are kept once, then read from the table.
    expect(page.ratings.map((row) => [row.itemId, row.rating, row.title])).toEqual(
      expect.arrayContaining([
        [12, 6, "Film 12"],
        [3, 9, "Film 3"],
      ]),
    );
    expect(catalogueCalls).toEqual([12]);
    expect(page.watchesThisYear).toBe(1);
    expect(page.diary.map((entry) => entry.itemId)).toEqual([1, 2]);
    catalogueCalls.length = 0;
    await loadPublicProfile(services, "ayse.isik");
    expect(catalogueCalls).toEqual([]);

    // Her name links to her profile on her lists' pages: hiding it drops those pages too.
    const unlisted = await db
      .select({ id: lists.id })
      .from(lists)
      .where(eq(lists.name, "Bağlantıyla"));
    announced.length = 0;
    await setProfileVisibility(services, ayse, form({ visibility: "private" }));
    expect(announced[0]).toEqual(
      expect.arrayContaining([
        { type: "profile", id: "ayse.isik" },
        { type: "list", id: shown!.id },
        { type: "list", id: unlisted[0]!.id },
      ]),
    );
    expect(announced[0]).toHaveLength(4);
    await setProfileVisibility(services, ayse, form({ visibility: "public" }));
  });
});

describe("ratings and diary entries", () => {
  it("announce the person's profile page while it is public, and only then", async () => {
    await announcePersonChanges(services, ayse.id, [{ type: "movie", id: 12 }]);
    await announcePersonChanges(services, ayse.id, []);
    await announcePersonChanges(services, mehmet.id, [{ type: "movie", id: 12 }]);
    await announcePersonChanges(services, mehmet.id, []);
    expect(announced).toEqual([
      [
        { type: "movie", id: 12 },
        { type: "profile", id: "ayse.isik" },
      ],
      [{ type: "profile", id: "ayse.isik" }],
      [{ type: "movie", id: 12 }],
    ]);
  });
});

describe("Verilerim", () => {
  it("exports the username, visibility and Favori 4 of the caller only", async () => {
    expect(await exportProfile(database.db, ayse.id)).toEqual({
      username: "AYŞE.IŞIK",
      isPublic: true,
      foldUnwatched: false,
      favorites: [
        { position: 1, movieId: 1 },
        { position: 2, movieId: 2 },
        { position: 3, movieId: 4 },
      ],
    });
    const nobody = await person("bos", "Boş");
    expect(await exportProfile(database.db, nobody.id)).toEqual({
      username: null,
      isPublic: false,
      foldUnwatched: false,
      favorites: [],
    });
  });
});
