import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { yearPosters } from "./year-posters.server";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await createTestUser(handle, "ayse");
  await createTestUser(handle, "mehmet");
  const { db } = handle;
  await db.insert(titleFacts).values(
    [1, 2, 3, 4, 5, 6].map((id) => ({
      itemType: "movie" as const,
      itemId: id,
      title: `Film ${id}`,
      posterPath: id === 6 ? null : `/poster/movie/${id}.svg`,
    })),
  );
  await db.insert(diaryEntries).values([
    { userId: "ayse", itemType: "movie", itemId: 1, watchedOn: "2026-01-10", rating: 6 },
    // Watched twice: one poster, its best rating counts.
    { userId: "ayse", itemType: "movie", itemId: 2, watchedOn: "2026-02-10", rating: 4 },
    { userId: "ayse", itemType: "movie", itemId: 2, watchedOn: "2026-03-10", rating: 9 },
    { userId: "ayse", itemType: "movie", itemId: 3, watchedOn: "2026-05-10" },
    { userId: "ayse", itemType: "movie", itemId: 4, watchedOn: "2026-04-10" },
    // Another year, no poster, someone else's: none of them.
    { userId: "ayse", itemType: "movie", itemId: 5, watchedOn: "2025-12-31", rating: 10 },
    { userId: "ayse", itemType: "movie", itemId: 6, watchedOn: "2026-06-10", rating: 10 },
    { userId: "mehmet", itemType: "movie", itemId: 5, watchedOn: "2026-06-10", rating: 10 },
  ]);
});

afterAll(() => handle.close());

it("gives the year's titles with posters, best rated first, then the latest watched", async () => {
  const posters = await yearPosters(handle.db, "ayse", 2026);
  expect(posters.map((poster) => poster.title)).toEqual(["Film 2", "Film 1", "Film 3", "Film 4"]);
  expect(posters[0]!.posterPath).toBe("/poster/movie/2.svg");
  expect(await yearPosters(handle.db, "ayse", 2024)).toEqual([]);
});
