import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, createTestUser, pgErrorCode } from "../../tests/support/test-database";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { reviews, watchlist } from "./schema";

const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";

async function errorCodeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgErrorCode(error);
  }
  return "no error";
}

describe("user data schema", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    for (const id of ["u1", "u2", "u3", "u4"]) await createTestUser(handle, id);
  });
  afterAll(() => handle.close());

  it("creates watchlist rows with plan_to_watch and refuses a second row for the same item", async () => {
    const [row] = await handle.db
      .insert(watchlist)
      .values({ userId: "u1", itemType: "movie", itemId: 550 })
      .returning();
    expect(row).toMatchObject({ userId: "u1", status: "plan_to_watch" });
    expect(row!.createdAt).toBeInstanceOf(Date);

    const duplicate = handle.db
      .insert(watchlist)
      .values({ userId: "u1", itemType: "movie", itemId: 550 });
    expect(await errorCodeOf(duplicate)).toBe(UNIQUE_VIOLATION);

    // The same id as a series, or for another user, is a different row.
    await handle.db.insert(watchlist).values({ userId: "u1", itemType: "tv", itemId: 550 });
    await handle.db.insert(watchlist).values({ userId: "u2", itemType: "movie", itemId: 550 });
    expect(await handle.db.select().from(watchlist).where(eq(watchlist.itemId, 550))).toHaveLength(
      3,
    );
  });

  it("limits watchlist item types to movie and tv", async () => {
    const insert = handle.db.execute(
      // Bypasses the TypeScript enum on purpose: the database itself must refuse it.
      `insert into watchlist (user_id, item_type, item_id) values ('u1', 'person', 1)` as never,
    );
    expect(await errorCodeOf(insert)).toBe(CHECK_VIOLATION);
  });

  it("keeps one review per user and item, with a rating of 1 to 10 or none", async () => {
    const comment = "Harika bir film, kesinlikle izleyin.";
    await handle.db
      .insert(reviews)
      .values({ userId: "u1", itemType: "person", itemId: 287, comment, rating: null });
    const again = handle.db
      .insert(reviews)
      .values({ userId: "u1", itemType: "person", itemId: 287, comment, rating: 5 });
    expect(await errorCodeOf(again)).toBe(UNIQUE_VIOLATION);

    for (const rating of [0, 11, -1]) {
      const bad = handle.db
        .insert(reviews)
        .values({ userId: "u3", itemType: "movie", itemId: 13, comment, rating });
      expect(await errorCodeOf(bad)).toBe(CHECK_VIOLATION);
    }
    await handle.db
      .insert(reviews)
      .values({ userId: "u3", itemType: "movie", itemId: 13, comment, rating: 10 });
  });

  it("refuses comments shorter than 10 or longer than 1000 characters", async () => {
    const insert = (comment: string, itemId: number) =>
      handle.db.insert(reviews).values({ userId: "u4", itemType: "tv", itemId, comment });
    expect(await errorCodeOf(insert("kısa", 1))).toBe(CHECK_VIOLATION);
    expect(await errorCodeOf(insert("ş".repeat(1001), 2))).toBe(CHECK_VIOLATION);
    // Length counts characters, not bytes: 1000 Turkish letters fit.
    expect(await errorCodeOf(insert("ş".repeat(1000), 3))).toBe("no error");
    expect(await errorCodeOf(insert("ı".repeat(10), 4))).toBe("no error");
  });

  it("refuses rows for unknown accounts and deletes an account's data with it", async () => {
    const orphan = handle.db
      .insert(watchlist)
      .values({ userId: "kimse", itemType: "movie", itemId: 1 });
    expect(await errorCodeOf(orphan)).toBe("23503");
    await createTestUser(handle, "gecici");
    await handle.db.insert(watchlist).values({ userId: "gecici", itemType: "movie", itemId: 1 });
    const { user } = await import("./auth-schema");
    await handle.db.delete(user).where(eq(user.id, "gecici"));
    expect(await handle.db.select().from(watchlist).where(eq(watchlist.userId, "gecici"))).toEqual(
      [],
    );
  });

  it("applies migrations idempotently", async () => {
    await handle.migrate();
    await handle.ping();
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("embedded database", () => {
  it("keeps its data in DATA_DIR across a restart", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "perde-data-"));
    try {
      const first = await openDatabase({ dataDir });
      await first.migrate();
      await createTestUser(first, "kalıcı");
      await first.db.insert(watchlist).values({ userId: "kalıcı", itemType: "tv", itemId: 1396 });
      await first.close();

      const second = await openDatabase({ dataDir });
      await second.migrate();
      const rows = await second.db.select().from(watchlist);
      await second.close();
      expect(rows.map((row) => [row.userId, row.itemId])).toEqual([["kalıcı", 1396]]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
