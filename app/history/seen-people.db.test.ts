import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { catalogueCredits } from "~/db/catalogue-schema";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { reviews, watchlist } from "~/db/schema";
import { episodeWatches } from "~/db/tracking-schema";
import { peopleSeenBefore, titlesSeenWith } from "./seen-people.server";

let handle: DatabaseHandle;
const HALUK = 501;
const NURI = 502;
const STRANGER = 503;

beforeAll(async () => {
  handle = await createTestDatabase();
  await createTestUser(handle, "ayse");
  await createTestUser(handle, "mehmet");
  const { db } = handle;
  // Stored credits: the live source's title facts (first billed cast, directors)…
  await db.insert(titleFacts).values([
    {
      itemType: "movie",
      itemId: 1,
      title: "Kış Uykusu",
      date: "2014-06-13",
      cast: [{ id: HALUK, name: "Haluk Bilginer" }],
      directors: [{ id: NURI, name: "Nuri Bilge Ceylan" }],
    },
    { itemType: "movie", itemId: 2, title: "Bir Zamanlar Anadolu'da", date: "2011-09-23" },
    { itemType: "tv", itemId: 3, title: "Şahsiyet", date: "2018-03-23" },
    { itemType: "movie", itemId: 4, title: "İzlenmemiş Film", cast: [{ id: HALUK, name: "H" }] },
  ]);
  // … and the embedded catalogue's credits.
  await db.insert(catalogueCredits).values([
    { personId: NURI, mediaType: "movie", mediaId: 2, character: "Yönetmen" },
    { personId: HALUK, mediaType: "tv", mediaId: 3, character: "Agah Beyoğlu" },
  ]);
  await db.insert(diaryEntries).values({
    userId: "ayse",
    itemType: "movie",
    itemId: 1,
    watchedOn: "2026-01-01",
  });
  await db
    .insert(watchlist)
    .values({ userId: "ayse", itemType: "movie", itemId: 2, status: "watched" });
  await db
    .insert(episodeWatches)
    .values({ userId: "ayse", seriesId: 3, seasonNumber: 1, episodeNumber: 1 });
  // Mehmet only wants to watch Kış Uykusu: not seen.
  await db.insert(watchlist).values({ userId: "mehmet", itemType: "movie", itemId: 1 });
  await db.insert(reviews).values({ userId: "mehmet", itemType: "tv", itemId: 3, rating: 9 });
});
afterAll(() => handle.close());

describe("Nereden tanıyorum?", () => {
  it("lists the watched titles a person is in, from either store of credits, newest first", async () => {
    expect(await titlesSeenWith(handle.db, "ayse", HALUK)).toEqual([
      { type: "tv", id: 3, title: "Şahsiyet", date: "2018-03-23" },
      { type: "movie", id: 1, title: "Kış Uykusu", date: "2014-06-13" },
    ]);
    expect((await titlesSeenWith(handle.db, "ayse", NURI)).map((t) => t.title)).toEqual([
      "Kış Uykusu",
      "Bir Zamanlar Anadolu'da",
    ]);
    expect(await titlesSeenWith(handle.db, "ayse", STRANGER)).toEqual([]);
    // A title only on the watchlist to watch is not seen; a rated one is.
    expect((await titlesSeenWith(handle.db, "mehmet", HALUK)).map((t) => t.id)).toEqual([3]);
  });

  it("marks the cast seen in another watched title, not in the page's own", async () => {
    const marked = await peopleSeenBefore(handle.db, "ayse", [HALUK, NURI, STRANGER], {
      type: "movie",
      id: 1,
    });
    expect(marked.sort()).toEqual([HALUK, NURI]);
    // Mehmet watched only Şahsiyet: on its own page nobody is marked.
    expect(await peopleSeenBefore(handle.db, "mehmet", [HALUK], { type: "tv", id: 3 })).toEqual([]);
  });
});
