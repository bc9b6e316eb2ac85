import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { asBefore, migrationFolders } from "../../tests/support/migration-folders";
import { migrationsFolder } from "./client.server";

/*
 * The tracking and history migration (issues #23, #24) on a database that already holds reviews
 * and watchlist rows: every row is kept as it was, and a review may then hold a rating alone.
 */

const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
const db = drizzle({ client });
const folders = migrationFolders();
afterAll(async () => {
  await client.close();
  await folders.removeAll();
});

describe("migration 0006: tracking, history and imports", () => {
  it("keeps every review and watchlist row, and lets a rating stand without words", async () => {
    await migrate(db, {
      migrationsFolder: await folders.upTo("0005_local_catalogue_lists_and_search"),
    });
    await client.exec(`
      insert into "user" (id, name, email) values ('a', 'Ayşe', 'a@example.com');
      insert into watchlist (user_id, item_type, item_id, status)
        values ('a', 'tv', 1396, 'watching'), ('a', 'movie', 550, 'watched');
      insert into reviews (user_id, item_type, item_id, comment, rating)
        values ('a', 'movie', 550, 'Çok güzel bir film, yine izlerim.', 9),
               ('a', 'tv', 1396, 'Puansız ama uzun bir yorum.', null);
    `);
    const before = await client.query("select * from reviews order by id");
    const listBefore = await client.query("select * from watchlist order by id");

    await migrate(db, { migrationsFolder });

    expect((await client.query("select * from reviews order by id")).rows).toEqual(
      asBefore(before.rows),
    );
    expect((await client.query("select * from watchlist order by id")).rows).toEqual(
      asBefore(listBefore.rows),
    );
    await client.query(
      "insert into reviews (user_id, item_type, item_id, comment, rating) values ('a', 'movie', 238, null, 8)",
    );
    await expect(
      client.query(
        "insert into reviews (user_id, item_type, item_id, comment, rating) values ('a', 'movie', 240, null, null)",
      ),
    ).rejects.toThrow(/reviews_rating_or_comment_check/);
    await expect(
      client.query(
        "insert into reviews (user_id, item_type, item_id, comment) values ('a', 'movie', 241, 'kısa')",
      ),
    ).rejects.toThrow(/reviews_comment_length_check/);
  });
});
