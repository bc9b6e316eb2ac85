import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFixture, letterboxdFullZip, traktZip, zipOf } from "../support/import-files";
import { importServices } from "../support/import-services";
import { createTestDatabase, createTestUser } from "../support/test-database";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { ensureLocalCatalogue } from "~/catalogue/local/load.server";
import { localId } from "~/catalogue/local/content.server";
import { createLocalSource } from "~/catalogue/local/local-source.server";
import { today } from "~/core/clock.server";
import { createLogger } from "~/core/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries } from "~/db/history-schema";
import { episodeWatches } from "~/db/tracking-schema";
import { imports } from "~/db/import-schema";
import { listItems, lists, profileFavorites } from "~/db/lists-schema";
import { reviews, watchlist } from "~/db/schema";
import {
  answerFavorites,
  createImport,
  importOf,
  resolveRow,
  runImport,
  type ImportServices,
} from "~/history/import/imports.server";
import { checkUpload } from "~/history/import/read-upload.server";
import { putImportedItem } from "~/lists/imported-lists.server";
import { setFavorites } from "~/profiles/profile-settings.server";

/*
 * Moving in from Trakt and from the rest of Letterboxd's export (issue #37, decision 038), on the
 * real database and the embedded catalogue: what each file writes, lists with their order and
 * notes, Favori 4 asked and never written on its own, refusals that write nothing, and importing
 * the same file twice.
 */

const logger = createLogger("silent");
let handle: DatabaseHandle;
let services: ImportServices;

beforeAll(async () => {
  handle = await createTestDatabase();
  await ensureLocalCatalogue(handle.db, logger);
  const catalogue: Catalogue = createLocalSource(handle.db, logger);
  services = importServices(handle, catalogue, logger, { putImportedItem });
  for (const id of ["deniz", "ece", "kaan"]) await createTestUser(handle, id);
}, 120_000);
afterAll(() => handle?.close());

async function imported(userId: string, fileName: string, bytes: Uint8Array) {
  const checked = await checkUpload(fileName, bytes, { today: today() });
  if (!checked.ok) throw new Error(checked.message);
  const created = await createImport(services, userId, {
    fileName,
    source: checked.source,
    bytes,
  });
  if (!created.ok) throw new Error(created.message);
  await runImport(services, created.importId);
  return created.importId;
}

const NOSFERATU = localId("movie", "nosferatu-eine-symphonie-des-grauens-1922");
const KIS_UYKUSU = localId("movie", "kis-uykusu-2014");

async function recordOf(userId: string) {
  const db = handle.db;
  const shelf = await db
    .select({ type: watchlist.itemType, id: watchlist.itemId, status: watchlist.status })
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(asc(watchlist.itemType), asc(watchlist.itemId));
  const rated = await db
    .select({
      type: reviews.itemType,
      id: reviews.itemId,
      rating: reviews.rating,
      comment: reviews.comment,
    })
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.itemType), asc(reviews.itemId));
  const diary = await db
    .select({ id: diaryEntries.itemId, on: diaryEntries.watchedOn, rewatch: diaryEntries.rewatch })
    .from(diaryEntries)
    .where(eq(diaryEntries.userId, userId))
    .orderBy(asc(diaryEntries.watchedOn));
  const own = await db
    .select({
      id: lists.id,
      name: lists.name,
      description: lists.description,
      visibility: lists.visibility,
    })
    .from(lists)
    .where(eq(lists.ownerId, userId))
    .orderBy(asc(lists.name));
  const items = await Promise.all(
    own.map((list) =>
      db
        .select({ id: listItems.itemId, position: listItems.position, note: listItems.note })
        .from(listItems)
        .where(eq(listItems.listId, list.id))
        .orderBy(asc(listItems.position)),
    ),
  );
  return {
    shelf,
    rated,
    diary,
    lists: own.map((list, index) => ({ ...list, items: items[index] })),
  };
}

describe("a Trakt export", () => {
  let importId: number;

  it("writes watches, ratings, the watchlist, lists with notes and comments by their ids", async () => {
    importId = await imported("deniz", "trakt-export-deniz.zip", await traktZip());
    const view = (await importOf(handle.db, "deniz", importId))!;
    expect(view.source).toBe("trakt");
    expect(view.status).toBe("review");
    // The film nothing knows (history), and the list's first item nobody knows either.
    expect(view.review.map((row) => [row.file, row.line, row.title])).toEqual([
      ["watched-history-1.json", 4, 'Bilinmeyen Film 🎬 "[gizli]"'],
      ["lists-list-4242-gece-klasikleri.json", 1, "Hiç Yok"],
    ]);
    expect(view.report.badRows).toEqual([
      { file: "ratings-movies.json", line: 3, reason: "Puan 1 ile 10 arasında olmalı." },
      {
        file: "ratings-seasons.json",
        line: 1,
        reason: expect.stringContaining("Sezon puanı"),
      },
      {
        file: "lists-watchlist.json",
        line: 2,
        reason: "Film ya da dizi değil (sezon, bölüm ya da kişi): içe aktarılmadı.",
      },
    ]);

    // The episode of the history is a mark of Breaking Bad (by Trakt's tmdb id), at its instant.
    const marks = await handle.db
      .select({
        seriesId: episodeWatches.seriesId,
        season: episodeWatches.seasonNumber,
        episode: episodeWatches.episodeNumber,
        at: episodeWatches.watchedAt,
      })
      .from(episodeWatches)
      .where(eq(episodeWatches.userId, "deniz"));
    expect(marks).toEqual([
      { seriesId: 1396, season: 1, episode: 1, at: new Date("2024-02-03T21:00:00.000Z") },
    ]);
    const record = await recordOf("deniz");
    // 22:30 UTC on 10 March is 11 March in Istanbul; Alien's second watch is a rewatch.
    expect(record.diary).toEqual([
      { id: 19, on: "2023-03-11", rewatch: false },
      { id: 348, on: "2024-01-01", rewatch: false },
      { id: 348, on: "2024-06-01", rewatch: true },
    ]);
    expect(record.rated).toEqual([
      { type: "movie", id: 19, rating: null, comment: expect.stringContaining("Fritz Lang") },
      { type: "movie", id: 289, rating: 9, comment: null },
      // The movie database's id of Kış Uykusu is not the embedded catalogue's: its IMDb id is.
      { type: "movie", id: KIS_UYKUSU, rating: 10, comment: null },
      { type: "tv", id: 1396, rating: 10, comment: null },
    ]);
    expect(record.shelf).toEqual(
      expect.arrayContaining([
        { type: "tv", id: 1398, status: "plan_to_watch" },
        // Its episode mark made it İzliyorum; the rating keeps a followed series so (029).
        { type: "tv", id: 1396, status: "watching" },
        { type: "movie", id: 348, status: "watched" },
      ]),
    );
    expect(record.lists).toEqual([
      {
        id: expect.any(Number),
        name: 'Gece "klasikleri" 🌙',
        description: "Uykusuz geceler için, sırayla.",
        visibility: "private",
        items: [
          { id: NOSFERATU, position: 1, note: 'Sessiz ama "korkunç" 👻, mutlaka gece' },
          { id: 19, position: 2, note: null },
        ],
      },
    ]);
  });

  it("puts a list item chosen on the review screen in its place in the list", async () => {
    const view = (await importOf(handle.db, "deniz", importId))!;
    const [history, listRow] = view.review;
    expect(
      await resolveRow(services, "deniz", importId, {
        rowId: listRow!.id,
        choice: "pick",
        mediaType: "movie",
        id: 289,
      }),
    ).toBe(true);
    await resolveRow(services, "deniz", importId, { rowId: history!.id, choice: "skip" });
    // The choice is written by the import's job.
    await runImport(services, importId);
    const record = await recordOf("deniz");
    expect(record.lists[0]!.items).toEqual([
      { id: 289, position: 1, note: "Bunu bulamazsınız" },
      { id: NOSFERATU, position: 2, note: 'Sessiz ama "korkunç" 👻, mutlaka gece' },
      { id: 19, position: 3, note: null },
    ]);
    const done = (await importOf(handle.db, "deniz", importId))!;
    expect(done.status).toBe("done");
    expect(done.report.written).toMatchObject({ diary: 3, rating: 3, watchlist: 1, comment: 1 });
  });

  it("changes nothing when the same export is imported again", async () => {
    const before = await recordOf("deniz");
    const again = await imported("deniz", "trakt-export-deniz.zip", await traktZip());
    expect(await recordOf("deniz")).toEqual(before);
    const view = (await importOf(handle.db, "deniz", again))!;
    expect(view.status).toBe("review");
  });

  it("refuses a file of another shape, naming it, and writes nothing", async () => {
    const bytes = await zipOf({
      "ratings-movies.json": importFixture("trakt/ratings-movies.json"),
      "lists-watchlist.json": '{"watchlist": []}',
    });
    const checked = await checkUpload("trakt.zip", bytes, { today: today() });
    // The request's glance reads only the first element of each file: this one has none.
    const message = checked.ok
      ? await (async () => {
          const created = await createImport(services, "kaan", {
            fileName: "trakt.zip",
            source: checked.source,
            bytes,
          });
          if (!created.ok) throw new Error(created.message);
          await runImport(services, created.importId);
          return (await importOf(handle.db, "kaan", created.importId))!.report.refusal;
        })()
      : checked.message;
    expect(message).toContain("lists-watchlist.json tanınmadı");
    expect((await recordOf("kaan")).rated).toEqual([]);
    const broken = await checkUpload(
      "trakt.zip",
      await zipOf({
        "watched-history-1.json": '[{"id": 1, "watched_at": "2024-01-01T00:00:00Z", ',
      }),
      { today: today() },
    );
    expect(broken).toMatchObject({
      ok: false,
      message: expect.stringContaining("watched-history-1.json tanınmadı"),
    });
  });
});

describe("the rest of a Letterboxd export", () => {
  let importId: number;

  it("makes private lists of lists/ and likes/, in their order with their notes", async () => {
    importId = await imported("ece", "letterboxd-ayse-2026.zip", await letterboxdFullZip());
    const view = (await importOf(handle.db, "ece", importId))!;
    expect(view.report.badRows).toEqual(
      expect.arrayContaining([
        { file: "lists/sessiz-karanlik.csv", line: 9, reason: "Yıl geçersiz." },
        {
          file: "profile.csv (Favorite Films)",
          line: 3,
          reason: expect.stringContaining("https://boxd.it/nope"),
        },
      ]),
    );
    const record = await recordOf("ece");
    expect(record.lists).toEqual([
      {
        id: expect.any(Number),
        name: "Beğendiklerim",
        description: expect.any(String),
        visibility: "private",
        items: [
          { id: 348, position: 1, note: null },
          { id: 289, position: 2, note: null },
        ],
      },
      {
        id: expect.any(Number),
        name: 'Sessiz, "karanlık" filmler 🎞️',
        description: "İki satırlık\nbir açıklama",
        visibility: "private",
        items: [
          { id: NOSFERATU, position: 1, note: null },
          { id: 19, position: 2, note: 'Makineler, "kalp" ve el 🤖' },
        ],
      },
    ]);
  });

  it("offers profile.csv's favourites as Favori 4 and writes them only when asked", async () => {
    const view = (await importOf(handle.db, "ece", importId))!;
    expect(view.report.favorites?.candidates).toEqual([
      { movieId: 348, position: 1, title: "Alien", year: 1979 },
      { movieId: 19, position: 2, title: "Metropolis", year: 1927 },
    ]);
    await handle.db.insert(profileFavorites).values({ userId: "ece", position: 1, movieId: 289 });
    const favorites = () =>
      handle.db
        .select({ movieId: profileFavorites.movieId })
        .from(profileFavorites)
        .where(eq(profileFavorites.userId, "ece"))
        .orderBy(asc(profileFavorites.position));
    // Never overwritten on its own.
    expect(await favorites()).toEqual([{ movieId: 289 }]);
    // Someone else cannot answer it.
    expect(
      await answerFavorites(handle.db, "kaan", importId, "accept", (userId, ids) =>
        setFavorites({ database: handle, changes: services.changes }, userId, ids),
      ),
    ).toBe(false);
    expect(
      await answerFavorites(handle.db, "ece", importId, "accept", (userId, ids) =>
        setFavorites({ database: handle, changes: services.changes }, userId, ids),
      ),
    ).toBe(true);
    expect(await favorites()).toEqual([{ movieId: 348 }, { movieId: 19 }]);
    const answered = (await importOf(handle.db, "ece", importId))!;
    expect(answered.report.favorites?.answered).toBe(true);
    // Asked once.
    expect(
      await answerFavorites(handle.db, "ece", importId, "accept", (userId, ids) =>
        setFavorites({ database: handle, changes: services.changes }, userId, ids),
      ),
    ).toBe(false);
  });

  it("adds nothing twice when the export is imported again", async () => {
    const before = await recordOf("ece");
    await imported("ece", "letterboxd-ayse-2026.zip", await letterboxdFullZip());
    expect(await recordOf("ece")).toEqual(before);
    const [row] = await handle.db
      .select({ n: imports.id })
      .from(imports)
      .where(and(eq(imports.userId, "ece")))
      .limit(1);
    expect(row).toBeDefined();
  });
});
