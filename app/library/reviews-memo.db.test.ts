import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { deleteReview, forgetItemReviews, itemReviews, saveReview } from "./reviews.server";

let handle: DatabaseHandle;
const film = { type: "movie" as const, id: 550 };
const other = { type: "movie" as const, id: 238 };
const review = { comment: "Bu film üzerine birkaç söz.", rating: 8 };

beforeAll(async () => {
  handle = await createTestDatabase();
  await createTestUser(handle, "ayse");
});
afterAll(() => handle.close());

// On PostgreSQL (TEST_DATABASE_URL) the handle says "postgres"; the memo is PGlite's.
const embedded = () => ({ db: handle.db, kind: "pglite" as const });

describe("an item's reviews on a detail page", () => {
  it("are kept in memory for anonymous pages on the embedded database, for at most a minute", async () => {
    const start = Date.now();
    expect(await itemReviews(embedded(), film, null, start)).toEqual([]);
    await saveReview(handle.db, "ayse", film, review);

    // Anonymous: the kept answer, until it is forgotten or a minute has passed.
    expect(await itemReviews(embedded(), film, null, start + 1_000)).toEqual([]);
    const fresh = await itemReviews(embedded(), film, null, start + 61_000);
    expect(fresh.map((row) => [row.comment, row.rating, row.own])).toEqual([
      ["Bu film üzerine birkaç söz.", 8, false],
    ]);
  });

  it("are read from the table for a signed-in visitor, who sees their own review at once", async () => {
    expect(await itemReviews(embedded(), other, null)).toEqual([]);
    await saveReview(handle.db, "ayse", other, review);
    const mine = await itemReviews(embedded(), other, "ayse");
    expect(mine.map((row) => row.own)).toEqual([true]);
    expect(await itemReviews(embedded(), other, null)).toEqual([]); // still the kept answer
  });

  it("are forgotten for the items a write names, and all at once when none is named", async () => {
    forgetItemReviews(handle.db, [other]);
    expect(await itemReviews(embedded(), other, null)).toHaveLength(1);

    const [row] = await itemReviews(embedded(), film, "ayse");
    await deleteReview(handle.db, "ayse", row!.id);
    expect(await itemReviews(embedded(), film, null)).toHaveLength(1); // kept
    forgetItemReviews(handle.db, [film]); // what the review action does after a write
    expect(await itemReviews(embedded(), film, null)).toEqual([]);

    await saveReview(handle.db, "ayse", film, review);
    await saveReview(handle.db, "ayse", other, { ...review, rating: 3 });
    forgetItemReviews(handle.db); // account deletion names its items; nothing named: all
    expect(await itemReviews(embedded(), film, null)).toHaveLength(1);
    expect((await itemReviews(embedded(), other, null)).map((row) => row.rating)).toEqual([3]);
  });

  it("are always read from the table on PostgreSQL, where other instances write too", async () => {
    const shared = { db: handle.db, kind: "postgres" as const };
    const before = (await itemReviews(shared, film, null)).length;
    const [row] = await itemReviews(shared, film, "ayse");
    await deleteReview(handle.db, "ayse", row!.id);
    expect(await itemReviews(shared, film, null)).toHaveLength(before - 1);
  });
});
