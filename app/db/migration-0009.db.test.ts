import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { asBefore, migrationFolders } from "../../tests/support/migration-folders";
import { migrationsFolder } from "./client.server";

/*
 * The one-record migration (decision 029) on a database holding every earlier shape of a
 * person's data: rows written by the first release (0002: a "completed" status, reviews that
 * needed words), by the statuses release (0005), and by the history release (0008: ratings
 * without words, diary entries with and without a rating, imported entries, episode marks, lists).
 * Every row survives; diary ratings become Puanım where there was none; rated or logged titles
 * leave İzleyeceğim.
 */

const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
const db = drizzle({ client });
const folders = migrationFolders();
afterAll(async () => {
  await client.close();
  await folders.removeAll();
});

type Row = Record<string, unknown>;
const all = async (table: string) =>
  (await client.query<Row>(`select * from "${table}" order by 1, 2, 3`)).rows;
const statusOf = async (user: string, type: string, id: number) =>
  (
    await client.query<{ status: string }>(
      "select status from watchlist where user_id = $1 and item_type = $2 and item_id = $3",
      [user, type, id],
    )
  ).rows.map((row) => row.status);
const reviewOf = async (user: string, type: string, id: number) =>
  (
    await client.query<{ comment: string | null; rating: number | null }>(
      "select comment, rating from reviews where user_id = $1 and item_type = $2 and item_id = $3",
      [user, type, id],
    )
  ).rows;

describe("migration 0009: one watching record", () => {
  it("keeps every row and brings each earlier shape into the one model", async () => {
    // The first release: statuses before 0003, a review always had words.
    await migrate(db, { migrationsFolder: await folders.upTo("0002_accounts") });
    await client.exec(`
      insert into "user" (id, name, email) values ('a', 'Ayşe', 'a@example.com'),
                                                 ('b', 'Mehmet', 'b@example.com');
      insert into watchlist (user_id, item_type, item_id) values ('a', 'movie', 238);
      insert into watchlist (user_id, item_type, item_id, status)
        values ('a', 'movie', 550, 'completed'), ('b', 'movie', 238, 'plan_to_watch');
      insert into reviews (user_id, item_type, item_id, comment, rating)
        values ('a', 'movie', 238, 'Unutulmaz bir başyapıt, yine izlerim.', 10),
               ('a', 'person', 31, 'Her filminde çok iyi bir oyuncu.', 9);
    `);
    // The statuses release.
    await migrate(db, {
      migrationsFolder: await folders.upTo("0005_local_catalogue_lists_and_search"),
    });
    await client.exec(`
      insert into watchlist (user_id, item_type, item_id, status)
        values ('a', 'tv', 1396, 'watching'), ('a', 'movie', 680, 'plan_to_watch'),
               ('a', 'tv', 1399, 'plan_to_watch'), ('a', 'movie', 603, 'watching'),
               ('a', 'movie', 807, 'plan_to_watch');
    `);
    // The history release: ratings alone, the diary, imports, episode marks, lists.
    await migrate(db, { migrationsFolder: await folders.upTo("0008_import_uploads_and_lease") });
    await client.exec(`
      insert into reviews (user_id, item_type, item_id, comment, rating)
        values ('a', 'tv', 1396, null, 8), ('a', 'movie', 603, null, 7),
               ('a', 'tv', 66732, null, 9), ('a', 'movie', 155, null, 8),
               ('a', 'movie', 27205, 'Rüyanın içinde rüya, müthiş.', null);
      insert into diary_entries (user_id, item_type, item_id, watched_on, rating, review, rewatch, tags, import_key)
        values ('a', 'movie', 680, '2019-05-01', null, null, false, '{}', null),
               ('a', 'movie', 13, '2020-02-02', 7, null, false, '{}', null),
               ('a', 'movie', 13, '2024-03-03', 9, 'İkinci kez daha güzeldi.', true, '{sinemada}', null),
               ('a', 'movie', 13, '2022-01-01', 4, null, true, '{}', 'lb-diary:x:2022-01-01:1'),
               ('a', 'movie', 27205, '2021-07-07', 6, null, false, '{}', null),
               ('a', 'movie', 155, '2023-08-08', 5, null, false, '{}', null),
               ('a', 'tv', 1399, '2018-04-04', null, null, false, '{}', null);
      insert into episode_watches (user_id, series_id, season_number, episode_number)
        values ('a', 1396, 1, 1), ('a', 1396, 1, 2);
      insert into episode_ratings (user_id, series_id, season_number, episode_number, rating)
        values ('a', 1396, 1, 1, 9);
      insert into lists (owner_id, name) values ('a', 'Favoriler');
    `);
    const tables = ["watchlist", "reviews", "diary_entries", "episode_watches", "episode_ratings"];
    const before = Object.fromEntries(
      await Promise.all(tables.map(async (table) => [table, await all(table)] as const)),
    );
    const listsBefore = await client.query("select * from lists");

    await migrate(db, { migrationsFolder });

    // Not one row is lost: the diary, marks and lists are as they were, every earlier watchlist
    // and review row is still there (by id), only with the fields the model fixes.
    for (const table of ["diary_entries", "episode_watches", "episode_ratings"])
      expect(await all(table)).toEqual(asBefore(before[table]!));
    expect((await client.query("select * from lists")).rows).toEqual(asBefore(listsBefore.rows));
    const ids = async (table: string) =>
      (await all(table)).map((row) => row.id as number).sort((x, y) => x - y);
    for (const table of ["watchlist", "reviews"])
      expect(await ids(table)).toEqual(
        expect.arrayContaining(before[table]!.map((row) => row.id as number)),
      );

    // Diary ratings folded into Puanım where none existed: the latest watch's (2024: 9) for a
    // title rated only in the diary, a written review gets its rating and keeps its words,
    // and a rating given before stays (155: 8, not the diary's 5).
    expect(await reviewOf("a", "movie", 13)).toEqual([{ comment: null, rating: 9 }]);
    expect(await reviewOf("a", "movie", 27205)).toEqual([
      { comment: "Rüyanın içinde rüya, müthiş.", rating: 6 },
    ]);
    expect(await reviewOf("a", "movie", 155)).toEqual([{ comment: null, rating: 8 }]);
    expect(await reviewOf("a", "movie", 238)).toEqual([
      { comment: "Unutulmaz bir başyapıt, yine izlerim.", rating: 10 },
    ]);
    expect(await reviewOf("a", "movie", 680)).toEqual([]); // logged without a rating

    // Statuses: rated or logged titles are out of İzleyeceğim.
    expect(await statusOf("a", "movie", 238)).toEqual(["watched"]); // rated, was İzleyeceğim
    expect(await statusOf("a", "movie", 550)).toEqual(["watched"]); // "completed" in 0002
    expect(await statusOf("a", "movie", 680)).toEqual(["watched"]); // logged, was İzleyeceğim
    expect(await statusOf("a", "movie", 603)).toEqual(["watched"]); // a rated film "İzliyorum"
    expect(await statusOf("a", "tv", 1399)).toEqual(["watched"]); // logged series
    expect(await statusOf("a", "tv", 1396)).toEqual(["watching"]); // followed series stays
    expect(await statusOf("a", "movie", 807)).toEqual(["plan_to_watch"]); // nothing says watched
    // Rated or logged titles missing from the list are added as İzledim (İzlediklerim).
    expect(await statusOf("a", "movie", 13)).toEqual(["watched"]);
    expect(await statusOf("a", "movie", 155)).toEqual(["watched"]);
    expect(await statusOf("a", "tv", 66732)).toEqual(["watched"]);
    expect(await statusOf("a", "movie", 27205)).toEqual(["watched"]); // logged and rated
    // A review of a person is not a watch; another person's row is theirs alone.
    expect(await client.query("select * from watchlist where item_type = 'person'")).toMatchObject({
      rows: [],
    });
    expect(await statusOf("b", "movie", 238)).toEqual(["plan_to_watch"]);
    // A new row is dated by its first rating or log, not by the migration.
    const [added] = (
      await client.query<{ created_at: Date }>(
        "select w.created_at from watchlist w where user_id = 'a' and item_type = 'movie' and item_id = 13",
      )
    ).rows;
    const [firstLog] = (
      await client.query<{ created_at: Date }>(
        "select min(created_at) as created_at from diary_entries where user_id = 'a' and item_id = 13",
      )
    ).rows;
    expect(added!.created_at).toEqual(firstLog!.created_at);
    // The statuses' rule is still enforced after the migration.
    await expect(
      client.query(
        "insert into watchlist (user_id, item_type, item_id, status) values ('b', 'movie', 1, 'completed')",
      ),
    ).rejects.toThrow(/watchlist_status_check/);
  });
});
