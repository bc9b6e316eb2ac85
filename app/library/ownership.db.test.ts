import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { reviews, watchlist } from "~/db/schema";
import { deleteReview, latestRatings, saveReview, updateReview } from "./reviews.server";
import {
  addToWatchlist,
  filteredWatchlist,
  isInWatchlist,
  latestWatchlist,
  removeFromWatchlist,
  removeWatchlistRow,
  setWatchlistStatus,
  watchlistStatus,
} from "./watchlist.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await createTestUser(handle, "ayse");
  await createTestUser(handle, "mehmet");
});
afterAll(() => handle.close());

const movie = { type: "movie" as const, id: 238 };

describe("the user's own data", () => {
  it("keeps one watchlist row however often it is added at once", async () => {
    await Promise.all(Array.from({ length: 5 }, () => addToWatchlist(handle.db, "ayse", movie)));
    const rows = await handle.db.select().from(watchlist).where(eq(watchlist.userId, "ayse"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("plan_to_watch");
    expect(await isInWatchlist(handle.db, "ayse", movie)).toBe(true);
    expect(await isInWatchlist(handle.db, "mehmet", movie)).toBe(false);
  });

  it("never lets another user remove a watchlist row, whatever id they send", async () => {
    const [row] = await latestWatchlist(handle.db, "ayse");
    expect(await removeWatchlistRow(handle.db, "mehmet", row!.id)).toBe(false);
    await removeFromWatchlist(handle.db, "mehmet", movie);
    expect(await isInWatchlist(handle.db, "ayse", movie)).toBe(true);
    expect(await removeWatchlistRow(handle.db, "ayse", row!.id)).toBe(true);
    expect(await isInWatchlist(handle.db, "ayse", movie)).toBe(false);
  });

  it("keeps one review per user and item, even for concurrent double submits", async () => {
    const input = { comment: "Unutulmaz bir başyapıt.", rating: 10 };
    const results = await Promise.all([
      saveReview(handle.db, "ayse", movie, input),
      saveReview(handle.db, "ayse", movie, input),
      saveReview(handle.db, "ayse", movie, input),
    ]);
    expect(results.filter((result) => result === "created")).toHaveLength(1);
    expect(results.filter((result) => result === "updated")).toHaveLength(2);
    expect(await handle.db.select().from(reviews).where(eq(reviews.userId, "ayse"))).toHaveLength(
      1,
    );
  });

  it("replaces the first review with a second one instead of dropping it", async () => {
    const other = { type: "tv" as const, id: 1396 };
    expect(
      await saveReview(handle.db, "ayse", other, { comment: "İlk izlenimim iyiydi.", rating: 6 }),
    ).toBe("created");
    expect(
      await saveReview(handle.db, "ayse", other, { comment: "Sonu her şeye değdi.", rating: 9 }),
    ).toBe("updated");
    const rows = await handle.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.userId, "ayse"), eq(reviews.itemType, "tv")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ comment: "Sonu her şeye değdi.", rating: 9 });
    // Another user's review of the same title is their own row; it never replaces Ayşe's.
    expect(
      await saveReview(handle.db, "mehmet", other, { comment: "Bana göre değildi.", rating: 3 }),
    ).toBe("created");
    const [ayse] = await handle.db.select().from(reviews).where(eq(reviews.id, rows[0]!.id));
    expect(ayse).toMatchObject({ userId: "ayse", comment: "Sonu her şeye değdi.", rating: 9 });
    // Deleting the words keeps the rating (Puanım, issue #24.1): the row stays without a comment.
    expect(await deleteReview(handle.db, "ayse", rows[0]!.id)).toBe(true);
    const [kept] = await handle.db.select().from(reviews).where(eq(reviews.id, rows[0]!.id));
    expect(kept).toMatchObject({ comment: null, rating: 9 });
    // Words written again over the kept rating are a first review again: "eklendi", not "güncellendi".
    expect(
      await saveReview(handle.db, "ayse", other, {
        comment: "Yeniden izledim, yine sevdim.",
        rating: 9,
      }),
    ).toBe("created");
    await handle.db.delete(reviews).where(eq(reviews.itemType, "tv"));
  });

  it("never lets another user change or delete a review", async () => {
    const [own] = await handle.db.select().from(reviews).where(eq(reviews.userId, "ayse"));
    expect(
      await updateReview(handle.db, "mehmet", own!.id, {
        comment: "Başkasının yorumu değişti!",
        rating: 1,
      }),
    ).toBe(false);
    expect(await deleteReview(handle.db, "mehmet", own!.id)).toBe(false);
    const [after] = await handle.db.select().from(reviews).where(eq(reviews.id, own!.id));
    expect(after).toMatchObject({ comment: "Unutulmaz bir başyapıt.", rating: 10 });

    expect(
      await updateReview(handle.db, "ayse", own!.id, {
        comment: "Yeniden izledim, yine harika.",
        rating: null,
      }),
    ).toBe(true);
    expect((await latestRatings(handle.db, "ayse")).length).toBe(0); // no rating, no tile
    expect(await deleteReview(handle.db, "ayse", own!.id)).toBe(true);
  });

  it("changes only the user's own status, and lists only the user's own entries", async () => {
    const series = { type: "tv" as const, id: 1396 };
    await addToWatchlist(handle.db, "ayse", movie);
    await setWatchlistStatus(handle.db, "ayse", series, "watching"); // added with that status
    await setWatchlistStatus(handle.db, "ayse", movie, "watched");
    // Mehmet "changing" the same film makes his own entry; Ayşe's stays as she left it.
    await setWatchlistStatus(handle.db, "mehmet", movie, "plan_to_watch");
    expect(await watchlistStatus(handle.db, "ayse", movie)).toBe("watched");
    expect(await watchlistStatus(handle.db, "mehmet", movie)).toBe("plan_to_watch");
    expect(await watchlistStatus(handle.db, "mehmet", series)).toBeNull();

    const all = await filteredWatchlist(handle.db, "ayse", {});
    expect(all.total).toBe(2);
    expect(all.rows.map((row) => [row.itemType, row.status])).toEqual([
      ["tv", "watching"],
      ["movie", "watched"],
    ]);
    const watched = await filteredWatchlist(handle.db, "ayse", { statuses: ["watched"] });
    expect(watched.rows.map((row) => row.itemId)).toEqual([238]);
    const films = await filteredWatchlist(
      handle.db,
      "ayse",
      { itemType: "movie" },
      { limit: 1, offset: 0 },
    );
    expect(films).toMatchObject({ total: 1, rows: [{ itemId: 238 }] });
    expect((await filteredWatchlist(handle.db, "mehmet", {})).total).toBe(1);
  });
});
