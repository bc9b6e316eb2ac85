import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actionServices,
  answerOf,
  signedInPerson,
  type SignedInPerson,
} from "../../tests/support/action-services";
import { createTestDatabase } from "../../tests/support/test-database";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { today } from "~/core/clock.server";
import type { ItemRef } from "~/core/item-changes.server";
import { user as users } from "~/db/auth-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { reviews } from "~/db/schema";
import { episodeRatings } from "~/db/tracking-schema";
import type { LibraryServices } from "~/library/library-services.server";
import { deleteAccount } from "~/library/personal-data.server";
import {
  deleteReview,
  itemReviews,
  latestRatings,
  ownRating,
  saveReview,
} from "~/library/reviews.server";
import { computeSiteRatings } from "~/library/site-ratings.server";
import {
  addToWatchlist,
  filteredWatchlist,
  setWatchlistStatus,
  watchlistStatus,
} from "~/library/watchlist.server";
import { diaryAction, ratingAction } from "./actions.server";
import {
  DIARY_PAGE_SIZE,
  addDiaryEntry,
  deleteDiaryEntry,
  diaryPage,
  diaryYears,
  findDiaryEntry,
  updateDiaryEntry,
  upsertDiaryEntry,
} from "./diary.server";
import { exportHistory } from "./personal-data.server";
import {
  episodeSiteRating,
  ownEpisodeRating,
  setEpisodeRating,
  setTitleRating,
} from "./ratings.server";
import { diaryEntrySchema, type DiaryInput } from "./schemas";

/*
 * Puanım and Günlük on the real database code, with two people: each rates, logs, changes and
 * deletes only their own rows, whatever ids the other sends. The actions run with real
 * better-auth sessions and a small catalogue that knows a film, a series and its episode.
 */

let database: DatabaseHandle;
let services: LibraryServices;
let announced: ItemRef[][];

const FILM = { type: "movie" as const, id: 550 };
const SERIES = { type: "tv" as const, id: 1399 };
const EPISODE = { seriesId: 1399, season: 1, episode: 1 };

let ayse: SignedInPerson;
let mehmet: SignedInPerson;

beforeAll(async () => {
  database = await createTestDatabase();
  const catalogue = {
    movie: async (id: number) =>
      id === FILM.id
        ? {
            id,
            title: "Dövüş Kulübü",
            releaseDate: "1999-10-15",
            posterPath: "/dovus.jpg",
            runtime: 139,
            genres: [{ id: 18, name: "Dram" }],
            crew: [
              { id: 7467, name: "David Fincher", job: "Director", department: "Directing" },
              { id: 1, name: "Başka Biri", job: "Producer", department: "Production" },
            ],
            cast: Array.from({ length: 14 }, (_, index) => ({
              id: 100 + index,
              name: `Oyuncu ${index + 1}`,
              character: "",
            })),
          }
        : null,
    series: async (id: number) =>
      id === SERIES.id
        ? {
            id,
            name: "Taht Oyunları",
            firstAirDate: "2011-04-17",
            posterPath: "/taht.jpg",
            genres: [{ id: 10765, name: "Bilim Kurgu & Fantazi" }],
            createdBy: [{ id: 9813, name: "David Benioff", profilePath: null }],
            cast: [{ id: 22970, name: "Peter Dinklage", character: "Tyrion" }],
          }
        : null,
    person: async () => null,
    episode: async (seriesId: number, season: number, episode: number) =>
      seriesId === 1399 && season === 1 && episode <= 10
        ? { id: 63056, airDate: "2011-04-17" }
        : null,
  } as unknown as Catalogue;
  const made = actionServices(database, catalogue);
  services = made.services;
  announced = made.announced;
  ayse = await signedInPerson(services, "ayse@example.com", "Ayşe Işık");
  mehmet = await signedInPerson(services, "mehmet@example.com", "Mehmet Öz");
});
afterAll(() => database.close());

const entry = (values: Partial<DiaryInput> = {}): DiaryInput => ({
  watchedOn: "2026-11-05",
  rating: null,
  review: null,
  rewatch: false,
  spoiler: false,
  tags: [],
  ...values,
});

describe("Puanım on films and series", () => {
  it("rates without words, keeps the words of a review, and removes only the rating", async () => {
    const { db } = database;
    await saveReview(db, ayse.id, FILM, { comment: "Sonu hâlâ aklımda.", rating: null });
    await setTitleRating(db, ayse.id, FILM, 9);
    const [row] = await db.select().from(reviews).where(eq(reviews.userId, ayse.id));
    expect(row).toMatchObject({ comment: "Sonu hâlâ aklımda.", rating: 9 });
    await setTitleRating(db, ayse.id, FILM, null);
    const [kept] = await db.select().from(reviews).where(eq(reviews.userId, ayse.id));
    expect(kept).toMatchObject({ comment: "Sonu hâlâ aklımda.", rating: null });
    await setTitleRating(db, ayse.id, FILM, 7);
  });

  it("keeps a rating-only row out of the reviews but counts it in Perde puanı and the dashboard", async () => {
    const { db } = database;
    await setTitleRating(db, mehmet.id, FILM, 10);
    const [row] = await db.select().from(reviews).where(eq(reviews.userId, mehmet.id));
    expect(row).toMatchObject({ comment: null, rating: 10 });
    const shown = await itemReviews({ db, kind: "postgres" }, FILM, null);
    expect(shown.map((review) => review.comment)).toEqual(["Sonu hâlâ aklımda."]);
    const rating = (await computeSiteRatings(db, [FILM])).get("movie:550");
    expect(rating).toMatchObject({ average: 8.5, count: 2 });
    expect(rating!.distribution[9]).toBe(1);
    expect(await latestRatings(db, mehmet.id)).toEqual([
      expect.objectContaining({ itemType: "movie", itemId: 550, rating: 10 }),
    ]);
    expect(await ownRating(db, mehmet.id, FILM)).toBe(10);
  });

  it("removes a rating-only row entirely, and deleting a review's words keeps its rating", async () => {
    const { db } = database;
    await setTitleRating(db, mehmet.id, FILM, null);
    expect(await db.select().from(reviews).where(eq(reviews.userId, mehmet.id))).toHaveLength(0);
    const [own] = await db.select().from(reviews).where(eq(reviews.userId, ayse.id));
    // Mehmet cannot delete Ayşe's words.
    expect(await deleteReview(db, mehmet.id, own!.id)).toBe(false);
    expect(await deleteReview(db, ayse.id, own!.id)).toBe(true);
    const [after] = await db.select().from(reviews).where(eq(reviews.userId, ayse.id));
    expect(after).toMatchObject({ comment: null, rating: 7 });
    expect(await itemReviews({ db, kind: "postgres" }, FILM, null)).toEqual([]);
  });

  it("answers the one-tap form, refuses a rating out of range or a title that does not exist", async () => {
    announced.length = 0;
    const base = { itemType: "tv", itemId: "1399", js: "1", intent: "rate" };
    expect(
      answerOf(await ratingAction(services, ayse.post("/puan", { ...base, rating: "8" }))),
    ).toMatchObject({
      ok: true,
      message: "Puanınız: 8/10",
    });
    expect(announced).toEqual([[SERIES]]);
    expect(await ownRating(database.db, ayse.id, SERIES)).toBe(8);
    expect(
      answerOf(await ratingAction(services, ayse.post("/puan", { ...base, rating: "11" }))),
    ).toMatchObject({
      ok: false,
      message: "Puan 1 ile 10 arasında bir tam sayı olmalıdır",
    });
    expect(
      answerOf(
        await ratingAction(services, ayse.post("/puan", { ...base, itemId: "77", rating: "5" })),
      ),
    ).toMatchObject({ ok: false, message: "Bu içerik bulunamadı" });
    expect(
      answerOf(await ratingAction(services, ayse.post("/puan", { ...base, intent: "remove" }))),
    ).toMatchObject({
      ok: true,
      message: "Puanınız kaldırıldı",
    });
    expect(await ownRating(database.db, ayse.id, SERIES)).toBeNull();
    // Without JavaScript: a redirect back with the toast.
    const { js: _js, ...plain } = base;
    expect(
      answerOf(
        await ratingAction(
          services,
          ayse.post("/puan", { ...plain, rating: "6", returnTo: "/dizi/1399" }),
        ),
      ),
    ).toEqual({ redirect: "/dizi/1399" });
  });
});

describe("episode ratings", () => {
  it("averages everyone's ratings of an episode, one per person", async () => {
    const { db } = database;
    await setEpisodeRating(db, ayse.id, EPISODE, 9);
    await setEpisodeRating(db, ayse.id, EPISODE, 8);
    await setEpisodeRating(db, mehmet.id, EPISODE, 5);
    expect(await episodeSiteRating(db, EPISODE)).toMatchObject({ average: 6.5, count: 2 });
    expect(await ownEpisodeRating(db, ayse.id, EPISODE)).toBe(8);
    expect(await episodeSiteRating(db, { ...EPISODE, episode: 2 })).toBeNull();
  });

  it("rates through the form, refusing an episode that does not exist", async () => {
    announced.length = 0;
    const fields = {
      itemType: "episode",
      itemId: "1399",
      season: "1",
      episode: "2",
      rating: "10",
      js: "1",
    };
    expect(answerOf(await ratingAction(services, mehmet.post("/puan", fields)))).toMatchObject({
      ok: true,
    });
    // The series' pages (its episodes' pages are tagged with it) are dropped.
    expect(announced).toEqual([[SERIES]]);
    expect(await episodeSiteRating(database.db, { ...EPISODE, episode: 2 })).toMatchObject({
      average: 10,
      count: 1,
    });
    for (const [change, message] of [
      [{ episode: "99" }, "Bu bölüm bulunamadı"],
      [{ season: "-1" }, "Bu bölüm bulunamadı"],
      [{ episode: "0" }, "Bu bölüm bulunamadı"],
      [{ itemId: "abc" }, "Bu içerik bulunamadı"],
    ] as const) {
      const answer = answerOf(
        await ratingAction(services, mehmet.post("/puan", { ...fields, ...change })),
      );
      expect(answer, JSON.stringify(change)).toMatchObject({ ok: false, message });
    }
    expect(
      await database.db.select().from(episodeRatings).where(eq(episodeRatings.userId, mehmet.id)),
    ).toHaveLength(2);
  });
});

describe("the diary form's rules", () => {
  const schema = diaryEntrySchema("2026-11-26");
  const parse = (fields: Record<string, string>) =>
    schema.safeParse({ watchedOn: "2026-11-20", ...fields });

  it("reads tags, rewatch, Sürpriz bozan içerir and an optional rating and review", () => {
    const parsed = parse({
      tags: " sinemada,  Ailece ,, ailece, İstanbul Film Festivali ",
      rewatch: "on",
      spoiler: "on",
      rating: "",
      review: "  ",
    });
    expect(parsed.data).toEqual({
      watchedOn: "2026-11-20",
      rating: null,
      review: null,
      rewatch: true,
      spoiler: true,
      tags: ["sinemada", "ailece", "İstanbul Film Festivali"],
    });
  });

  it("refuses the future, impossible days, short reviews and bad tags in Turkish", () => {
    const message = (fields: Record<string, string>) => parse(fields).error?.issues[0]?.message;
    expect(message({ watchedOn: "2026-11-27" })).toBe("İzleme tarihi gelecekte olamaz");
    expect(message({ watchedOn: "2026-02-30" })).toBe("İzleme tarihi geçerli bir tarih olmalıdır");
    expect(message({ review: "kısa" })).toBe("Yorum en az 10 karakter olmalıdır");
    expect(message({ rating: "0" })).toBe("Puan 1 ile 10 arasında bir tam sayı olmalıdır");
    expect(message({ tags: "a".repeat(31) })).toBe(
      "Her etiket 1 ile 30 karakter arasında olmalıdır",
    );
    expect(message({ tags: Array.from({ length: 21 }, (_, index) => `e${index}`).join(",") })).toBe(
      "En fazla 20 etiket eklenebilir",
    );
  });
});

describe("one record (decision 029)", () => {
  const GODFATHER = { type: "movie" as const, id: 238 };
  const PULP = { type: "movie" as const, id: 680 };
  const BREAKING = { type: "tv" as const, id: 1396 };
  const DARK = { type: "tv" as const, id: 70523 };
  let zeynep: SignedInPerson;
  beforeAll(async () => {
    zeynep = await signedInPerson(services, "zeynep@example.com", "Zeynep Şahin");
  });
  const shelf = async (statuses: ("plan_to_watch" | "watching" | "watched")[]) =>
    (await filteredWatchlist(database.db, zeynep.id, { statuses })).rows.map(
      (row) => `${row.itemType}:${row.itemId}`,
    );

  it("moves a rated or logged title out of İzleyeceğim, and never a followed series", async () => {
    const { db } = database;
    await addToWatchlist(db, zeynep.id, PULP);
    await addToWatchlist(db, zeynep.id, BREAKING);
    await setWatchlistStatus(db, zeynep.id, DARK, "watching");
    expect(await shelf(["plan_to_watch", "watching"])).toHaveLength(3);

    // Rating a film to watch: it is İzledim, in İzlediklerim and no longer in İzleme Listem.
    await setTitleRating(db, zeynep.id, PULP, 8);
    expect(await watchlistStatus(db, zeynep.id, PULP)).toBe("watched");
    // Logging a series to watch: İzledim too; a followed series stays İzliyorum when rated.
    await addDiaryEntry(db, zeynep.id, BREAKING, entry());
    await setTitleRating(db, zeynep.id, DARK, 9);
    expect(await watchlistStatus(db, zeynep.id, BREAKING)).toBe("watched");
    expect(await watchlistStatus(db, zeynep.id, DARK)).toBe("watching");
    // A film logged without ever being listed is added as İzledim; removing a rating changes
    // nothing, and an imported watch does the same as the site's form.
    await addDiaryEntry(db, zeynep.id, GODFATHER, entry({ rating: 10 }));
    await setTitleRating(db, zeynep.id, PULP, null);
    await upsertDiaryEntry(db, zeynep.id, SERIES, { watchedOn: "2020-01-01" }, "lb:test:1");
    expect(await shelf(["plan_to_watch", "watching"])).toEqual(["tv:70523"]);
    expect((await shelf(["watched"])).sort()).toEqual(
      ["movie:238", "movie:680", "tv:1396", "tv:1399"].sort(),
    );
    // Ayşe's list is hers: nothing of Zeynep's moved into it.
    expect(await watchlistStatus(db, ayse.id, GODFATHER)).toBeNull();
  });

  it("rates and logs through the forms with the same effect", async () => {
    const { db } = database;
    await setWatchlistStatus(db, ayse.id, FILM, "plan_to_watch");
    const form = { intent: "rate", itemType: "movie", itemId: "550", rating: "7", js: "1" };
    expect(answerOf(await ratingAction(services, ayse.post("/puan", form)))).toMatchObject({
      ok: true,
    });
    expect(await watchlistStatus(db, ayse.id, FILM)).toBe("watched");
    await setWatchlistStatus(db, ayse.id, SERIES, "plan_to_watch");
    const log = { intent: "create", itemType: "tv", itemId: "1399", js: "1" };
    const logged = await diaryAction(
      services,
      ayse.post("/tv", { ...log, watchedOn: "2026-01-02", rating: "", review: "", tags: "" }),
    );
    expect(answerOf(logged)).toMatchObject({ ok: true, message: "Günlüğe eklendi" });
    expect(await watchlistStatus(db, ayse.id, SERIES)).toBe("watched");
  });
});

describe("Günlük", () => {
  it("logs a title many times, changes and deletes an entry, and the latest rating sets Puanım", async () => {
    const { db } = database;
    const first = await addDiaryEntry(
      db,
      ayse.id,
      SERIES,
      entry({ watchedOn: "2025-03-01", rating: 6 }),
    );
    expect(await ownRating(db, ayse.id, SERIES)).toBe(6);
    const second = await addDiaryEntry(
      db,
      ayse.id,
      SERIES,
      entry({ watchedOn: "2026-01-10", rating: 9, rewatch: true }),
    );
    expect(await ownRating(db, ayse.id, SERIES)).toBe(9);
    // An older watch rated later does not win over the latest watch.
    expect(
      await updateDiaryEntry(db, ayse.id, first, entry({ watchedOn: "2025-03-01", rating: 3 })),
    ).toEqual(SERIES);
    expect(await ownRating(db, ayse.id, SERIES)).toBe(9);
    expect(await findDiaryEntry(db, ayse.id, second)).toMatchObject({ rating: 9, rewatch: true });
    expect(await deleteDiaryEntry(db, ayse.id, first)).toBe(true);
    expect(await findDiaryEntry(db, ayse.id, first)).toBeNull();
  });

  it("writes an imported entry once, however often the same row is imported", async () => {
    const { db } = database;
    const row = entry({ watchedOn: "2024-06-01", rating: 8, tags: ["letterboxd"] });
    expect(await upsertDiaryEntry(db, ayse.id, FILM, row, "letterboxd:diary:abc")).toBe("created");
    expect(
      await upsertDiaryEntry(db, ayse.id, FILM, { ...row, rating: 9 }, "letterboxd:diary:abc"),
    ).toBe("updated");
    // The same key for another person is their own entry.
    expect(await upsertDiaryEntry(db, mehmet.id, FILM, row, "letterboxd:diary:abc")).toBe(
      "created",
    );
    const mine = await db
      .select()
      .from(diaryEntries)
      .where(eq(diaryEntries.importKey, "letterboxd:diary:abc"));
    expect(mine.map((found) => [found.userId === ayse.id, found.rating]).sort()).toEqual([
      [false, 8],
      [true, 9],
    ]);
  });

  it("lets each imported file bring its part of a watch, inside a transaction too", async () => {
    const { db } = database;
    const SHOW = { type: "tv" as const, id: 1399 };
    const key = "lb-diary:parts:2024-02-01:1";
    const words = "Sezon finali beklediğimden iyiydi.";
    // reviews.csv first: the words and a rating; no say about tags or the rewatch mark.
    await db.transaction(async (tx) => {
      await upsertDiaryEntry(tx, mehmet.id, SHOW, { watchedOn: "2024-02-01", review: words }, key);
    });
    // diary.csv then: rating, rewatch mark and tags; the words stay.
    const diaryRow = { watchedOn: "2024-02-01", rating: 6, rewatch: true, tags: ["gece"] };
    await upsertDiaryEntry(db, mehmet.id, SHOW, diaryRow, key);
    const read = async () =>
      (await db.select().from(diaryEntries).where(eq(diaryEntries.importKey, key)))[0]!;
    const written = await read();
    expect(written).toMatchObject({ review: words, rating: 6, rewatch: true, tags: ["gece"] });
    expect(await ownRating(db, mehmet.id, SHOW)).toBe(6);
    // The same rows again change nothing, not even the entry's date of change.
    await upsertDiaryEntry(db, mehmet.id, SHOW, { watchedOn: "2024-02-01", review: words }, key);
    await upsertDiaryEntry(db, mehmet.id, SHOW, diaryRow, key);
    expect((await read()).updatedAt).toEqual(written.updatedAt);
    // A review row without a rating keeps the entry's; Ayşe's same key is not Mehmet's entry.
    await upsertDiaryEntry(db, ayse.id, SHOW, { watchedOn: "2024-02-01", rating: 2 }, key);
    expect(await read()).toMatchObject({ rating: 6, review: words, tags: ["gece"] });
    expect(await ownRating(db, mehmet.id, SHOW)).toBe(6);
    // Gone again, so the later tests see the diaries they wrote.
    await db.delete(diaryEntries).where(eq(diaryEntries.importKey, key));
    await setTitleRating(db, mehmet.id, SHOW, null);
    await setTitleRating(db, ayse.id, SHOW, null);
  });

  it("logs through the form, keeping the title's facts, and refuses with what was typed", async () => {
    announced.length = 0;
    const fields = {
      intent: "create",
      itemType: "movie",
      itemId: "550",
      watchedOn: today(),
      rating: "7",
      review: "İkinci izleyişte daha çok sevdim.",
      rewatch: "on",
      tags: "sinemada, gece",
      returnTo: "/film/dovus-kulubu-1999-550",
    };
    expect(answerOf(await diaryAction(services, ayse.post("/film/x", fields)))).toEqual({
      redirect: "/film/dovus-kulubu-1999-550",
    });
    expect(announced).toEqual([[FILM]]);
    const [facts] = await database.db.select().from(titleFacts).where(eq(titleFacts.itemId, 550));
    expect(facts).toMatchObject({
      title: "Dövüş Kulübü",
      posterPath: "/dovus.jpg",
      runtime: 139,
      genreIds: [18],
      directors: [{ id: 7467, name: "David Fincher" }],
    });
    expect(facts!.cast).toHaveLength(10);
    const refused = answerOf(
      await diaryAction(
        services,
        ayse.post("/film/x", { ...fields, watchedOn: "2999-01-01", js: "1" }),
      ),
    );
    expect(refused).toMatchObject({
      ok: false,
      message: "İzleme tarihi gelecekte olamaz",
      fields: {
        watchedOn: "2999-01-01",
        review: "İkinci izleyişte daha çok sevdim.",
        tags: "sinemada, gece",
      },
    });
    expect(
      answerOf(await diaryAction(services, ayse.post("/film/x", { ...fields, itemId: "77" }))),
    ).toMatchObject({ ok: false, message: "Bu içerik bulunamadı" });
  });

  it("never lets another person change or delete an entry, whatever id they send", async () => {
    const { db } = database;
    const id = await addDiaryEntry(db, ayse.id, FILM, entry({ review: "Ayşe'nin kendi notları." }));
    expect(await updateDiaryEntry(db, mehmet.id, id, entry({ rating: 1 }))).toBeNull();
    expect(await deleteDiaryEntry(db, mehmet.id, id)).toBe(false);
    expect(await findDiaryEntry(db, mehmet.id, id)).toBeNull();
    const fields = { entryId: String(id), watchedOn: "2026-11-01", js: "1" };
    for (const intent of ["update", "delete"]) {
      expect(
        answerOf(
          await diaryAction(
            services,
            mehmet.post(`/dashboard/gunluk/${id}`, { ...fields, intent }),
          ),
        ),
      ).toMatchObject({
        ok: false,
        message: "Günlük kaydı bulunamadı",
      });
    }
    expect(await findDiaryEntry(db, ayse.id, id)).toMatchObject({
      review: "Ayşe'nin kendi notları.",
      rating: null,
    });
    expect(
      answerOf(
        await diaryAction(
          services,
          ayse.post(`/dashboard/gunluk/${id}`, { ...fields, intent: "delete" }),
        ),
      ),
    ).toMatchObject({
      ok: true,
      message: "Günlük kaydı silindi",
    });
  });
});

describe("the diary page", () => {
  it("pages 50 at a time, newest first, with titles from title_facts, by year and kind", async () => {
    const { db } = database;
    const person = await createPerson("sayfa@example.com");
    for (let index = 0; index < 60; index++) {
      const day = new Date(Date.UTC(2025, 0, 1 + index * 7)).toISOString().slice(0, 10);
      await addDiaryEntry(db, person, index % 3 === 0 ? SERIES : FILM, entry({ watchedOn: day }));
    }
    const first = await diaryPage(db, person, { page: 1 });
    expect(first.entries).toHaveLength(DIARY_PAGE_SIZE);
    expect(first.hasNext).toBe(true);
    expect(first.entries[0]).toMatchObject({ watchedOn: "2026-02-18", title: "Dövüş Kulübü" });
    const days = first.entries.map((found) => found.watchedOn);
    expect(days).toEqual([...days].sort().reverse());
    const second = await diaryPage(db, person, { page: 2 });
    expect(second.entries).toHaveLength(10);
    expect(second.hasNext).toBe(false);
    const series2025 = await diaryPage(db, person, { page: 1, year: 2025, kind: "dizi" });
    expect(
      series2025.entries.every(
        (found) => found.itemType === "tv" && found.watchedOn.startsWith("2025"),
      ),
    ).toBe(true);
    expect(series2025.entries.length).toBeGreaterThan(10);
    expect(await diaryYears(db, person)).toEqual([2026, 2025]);
    // Nobody else's entries, ever.
    expect(
      (await diaryPage(db, mehmet.id, { page: 1 })).entries.every((found) => found.itemId === 550),
    ).toBe(true);
  });
});

async function createPerson(email: string) {
  return (await signedInPerson(services, email, "Sayfa Kişisi")).id;
}

describe("Verilerim and account deletion", () => {
  it("exports only the caller's diary and episode ratings", async () => {
    const exported = await exportHistory(database.db, mehmet.id);
    expect(exported.episodeRatings).toEqual([
      expect.objectContaining({ seriesId: 1399, seasonNumber: 1, episodeNumber: 1, rating: 5 }),
      expect.objectContaining({ seriesId: 1399, seasonNumber: 1, episodeNumber: 2, rating: 10 }),
    ]);
    expect(exported.diary).toEqual([
      expect.objectContaining({ itemId: 550, watchedOn: "2024-06-01" }),
    ]);
    expect(JSON.stringify(exported)).not.toContain("Ayşe");
  });

  it("takes the diary and the episode ratings with the account, and drops the rated series' pages", async () => {
    announced.length = 0;
    const form = new FormData();
    form.set("password", "gizli123");
    form.set("confirm", "on");
    const deleted = await deleteAccount(
      services,
      mehmet.post("/hesap", {}),
      mehmet,
      "1.1.1.1",
      form,
    );
    expect(deleted).toBeInstanceOf(Response);
    // The film his imported watch rated (Puanım) and the series whose episodes he rated.
    expect(announced).toEqual([[FILM, SERIES]]);
    const { db } = database;
    expect(await db.select().from(users).where(eq(users.id, mehmet.id))).toHaveLength(0);
    expect(
      await db.select().from(diaryEntries).where(eq(diaryEntries.userId, mehmet.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(episodeRatings).where(eq(episodeRatings.userId, mehmet.id)),
    ).toHaveLength(0);
    // Ayşe keeps hers, and the episode's Perde puanı is hers alone now.
    expect(
      (await db.select().from(diaryEntries).where(eq(diaryEntries.userId, ayse.id))).length,
    ).toBeGreaterThan(0);
    expect(await episodeSiteRating(db, EPISODE)).toMatchObject({ average: 8, count: 1 });
  });
});
