import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { reviews } from "~/db/schema";
import { createLogger } from "~/core/logger.server";
import { saveReview, deleteReview, updateReview } from "./reviews.server";
import { computeSiteRatings, refreshSiteRating, siteRating } from "./site-ratings.server";

const logger = createLogger("silent");
let handle: DatabaseHandle;
const film = { type: "movie" as const, id: 550 };
const users = ["ayse", "mehmet", "zeynep", "can", "elif"];

beforeAll(async () => {
  handle = await createTestDatabase();
  for (const id of users) await createTestUser(handle, id);
});
afterAll(() => handle.close());

const review = (rating: number | null) => ({ comment: "Bu film üzerine birkaç söz.", rating });

describe("Perde puanı: our own users' ratings", () => {
  it("is absent until someone rates the title", async () => {
    expect(await siteRating(handle.db, logger, film)).toBeNull();
  });

  it("averages several users' ratings with one decimal, ignores reviews without one, and counts each score", async () => {
    await saveReview(handle.db, "ayse", film, review(9));
    await saveReview(handle.db, "mehmet", film, review(8));
    await saveReview(handle.db, "zeynep", film, review(8));
    await saveReview(handle.db, "can", film, review(null)); // a comment without a rating
    await saveReview(handle.db, "elif", { type: "movie", id: 238 }, review(1)); // another film
    await refreshSiteRating(handle.db, logger, film);

    const rating = await siteRating(handle.db, logger, film);
    expect(rating).toEqual({
      average: 8.3, // 25 / 3 = 8.333…
      count: 3,
      distribution: [0, 0, 0, 0, 0, 0, 0, 2, 1, 0],
    });
  });

  it("serves the cached summary until a review changes, then the new one at once", async () => {
    await saveReview(handle.db, "elif", film, review(10));
    // Written without a refresh (as another instance would): the cached summary stays.
    expect((await siteRating(handle.db, logger, film))!.count).toBe(3);
    await refreshSiteRating(handle.db, logger, film);
    expect(await siteRating(handle.db, logger, film)).toMatchObject({ average: 8.8, count: 4 });
  });

  it("follows an edit and a delete", async () => {
    const rows = await handle.db.query.reviews.findMany({
      where: (r, { eq }) => eq(r.itemId, 550),
    });
    const byUser = Object.fromEntries(rows.map((row) => [row.userId, row.id]));

    expect(await updateReview(handle.db, "ayse", byUser.ayse!, review(3))).toBe(true);
    await refreshSiteRating(handle.db, logger, film);
    expect(await siteRating(handle.db, logger, film)).toEqual({
      average: 7.3, // 3 + 8 + 8 + 10 = 29 / 4 = 7.25
      count: 4,
      distribution: [0, 0, 1, 0, 0, 0, 0, 2, 0, 1],
    });

    // Deleting a review's words keeps its rating (Puanım); removing the rating removes the vote.
    expect(await deleteReview(handle.db, "elif", byUser.elif!)).toBe(true);
    await refreshSiteRating(handle.db, logger, film);
    expect(await siteRating(handle.db, logger, film)).toMatchObject({ average: 7.3, count: 4 });
    await handle.db.delete(reviews).where(eq(reviews.id, byUser.elif!));
    await refreshSiteRating(handle.db, logger, film);
    expect(await siteRating(handle.db, logger, film)).toEqual({
      average: 6.3, // 19 / 3
      count: 3,
      distribution: [0, 0, 1, 0, 0, 0, 0, 2, 0, 0],
    });

    // Removing the rating from the remaining reviews leaves nothing to show.
    for (const user of ["ayse", "mehmet", "zeynep"])
      await updateReview(handle.db, user, byUser[user]!, review(null));
    await refreshSiteRating(handle.db, logger, film);
    expect(await siteRating(handle.db, logger, film)).toBeNull();
  });

  it("summarises several titles in one query, for the dashboard", async () => {
    const summaries = await computeSiteRatings(handle.db, [
      film,
      { type: "movie", id: 238 },
      { type: "tv", id: 238 },
    ]);
    expect([...summaries.keys()]).toEqual(["movie:238"]);
    expect(summaries.get("movie:238")).toMatchObject({ average: 1, count: 1 });
  });
});
