import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationFolders } from "../../tests/support/migration-folders";
import { migrationsFolder } from "./client.server";

/*
 * The watchlist statuses migration on a database that already holds rows: it is first migrated
 * only up to 0002 (a copy of the migrations folder whose journal stops there), given rows, and
 * then migrated to the end with the real folder.
 */

const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
const db = drizzle({ client });
const folders = migrationFolders();
afterAll(async () => {
  await client.close();
  await folders.removeAll();
});

describe("migration 0003: watchlist statuses", () => {
  it("keeps every existing row, maps completed to watched and allows only the new statuses", async () => {
    await migrate(db, { migrationsFolder: await folders.upTo("0002_accounts") });
    await client.exec(`
      insert into "user" (id, name, email) values ('a', 'Ayşe', 'a@example.com'),
                                                 ('b', 'Mehmet', 'b@example.com');
      insert into watchlist (user_id, item_type, item_id) values ('a', 'movie', 550),
                                                                 ('a', 'tv', 1396),
                                                                 ('b', 'movie', 238);
      insert into watchlist (user_id, item_type, item_id, status)
        values ('b', 'tv', 1399, 'watching'), ('b', 'movie', 680, 'completed');
    `);
    const before = await client.query<{ id: number; created_at: string }>(
      "select id, created_at from watchlist order by id",
    );

    await migrate(db, { migrationsFolder });

    const after = await client.query<{
      id: number;
      user_id: string;
      item_id: number;
      status: string;
      created_at: string;
    }>("select id, user_id, item_id, status, created_at from watchlist order by id");
    expect(after.rows).toHaveLength(5);
    expect(after.rows.map((row) => [row.id, row.created_at])).toEqual(
      before.rows.map((row) => [row.id, row.created_at]),
    );
    expect(after.rows.map((row) => [row.user_id, row.item_id, row.status])).toEqual([
      ["a", 550, "plan_to_watch"],
      ["a", 1396, "plan_to_watch"],
      ["b", 238, "plan_to_watch"],
      ["b", 1399, "watching"],
      ["b", 680, "watched"],
    ]);

    await expect(
      client.query(`update watchlist set status = 'completed' where item_id = 550`),
    ).rejects.toThrow(/watchlist_status_check/);
    await client.query(`update watchlist set status = 'watched' where item_id = 550`);
  });
});
