import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries } from "~/db/history-schema";
import { profiles, reviews, watchlist } from "~/db/schema";
import { episodeWatches } from "~/db/tracking-schema";
import { unwatchedTitles } from "./fold-unwatched.server";

/*
 * "İzlemediğiniz film ve dizilerin yorumları katlı gösterilsin" (issue #38.5) on the real
 * database: nothing is folded until the reader turns it on; then every title they have not
 * watched is, and a watch of any kind (a diary entry, İzledim, a rating, a marked episode)
 * unfolds it. Another person's watches count for nothing.
 */

let database: DatabaseHandle;
const db = () => database.db;

const film = (id: number) => ({ type: "movie", id }) as const;
const series = (id: number) => ({ type: "tv", id }) as const;
/** Titles 1-4 are films the reader watched one way each; 9 a series with a marked episode. */
const ASKED = [film(1), film(2), film(3), film(4), film(5), series(9), series(10), film(1)];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const id of ["okur", "baska"]) await createTestUser(database, id);
  await db().insert(profiles).values({ userId: "okur", fullName: "Okur" });
  await db()
    .insert(diaryEntries)
    .values([
      { userId: "okur", itemType: "movie", itemId: 1, watchedOn: "2026-11-01" },
      // Someone else's watch of film 5 leaves it folded for the reader.
      { userId: "baska", itemType: "movie", itemId: 5, watchedOn: "2026-11-01" },
    ]);
  await db()
    .insert(watchlist)
    .values([
      { userId: "okur", itemType: "movie", itemId: 2, status: "watched" },
      { userId: "okur", itemType: "movie", itemId: 4, status: "plan_to_watch" },
    ]);
  await db().insert(reviews).values({ userId: "okur", itemType: "movie", itemId: 3, rating: 8 });
  await db()
    .insert(episodeWatches)
    .values({ userId: "okur", seriesId: 9, seasonNumber: 1, episodeNumber: 1 });
});
afterAll(() => database.close());

describe("folding reviews of what the reader has not watched", () => {
  it("folds nothing while the setting is off, nor for a reader without a profile", async () => {
    expect(await unwatchedTitles(db(), "okur", ASKED)).toEqual([]);
    expect(await unwatchedTitles(db(), "baska", ASKED)).toEqual([]);
  });

  it("folds the titles the reader has not watched once it is on, each once", async () => {
    await db().update(profiles).set({ foldUnwatched: true }).where(eq(profiles.userId, "okur"));
    expect((await unwatchedTitles(db(), "okur", ASKED)).sort()).toEqual([
      "movie-4",
      "movie-5",
      "tv-10",
    ]);
    expect(await unwatchedTitles(db(), "okur", [])).toEqual([]);
    // A new watch unfolds the title at the next read.
    await db()
      .insert(diaryEntries)
      .values({ userId: "okur", itemType: "movie", itemId: 5, watchedOn: "2026-11-02" });
    expect((await unwatchedTitles(db(), "okur", ASKED)).sort()).toEqual(["movie-4", "tv-10"]);
  });
});
