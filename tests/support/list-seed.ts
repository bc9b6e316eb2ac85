import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../app/db/client.server";
import { createList } from "../../app/lists/lists.server";

/*
 * Items on a list written straight into the database, for browser tests and the list bench
 * ("Listeye ekle…" is another part of the work): the embedded catalogue's most popular titles
 * with their facts (title, poster, date), as adding them from a title's page keeps them. When
 * the catalogue holds fewer, the rest get made-up facts with ids no catalogue uses.
 */

const MADE_UP_IDS = 900_000;

/** A new private list of the owner's, made as the list form would; its id. */
export async function newList(db: Database, ownerId: string, name: string) {
  const created = await createList(db, ownerId, { name, description: null, visibility: "private" });
  if (!created.ok) throw new Error("not created");
  return created.id;
}

/** Puts `count` titles on the list at positions 1…count; returns them in order. */
export async function seedListItems(db: Database, listId: number, count: number) {
  await db.execute(sql`
    insert into title_facts (item_type, item_id, title, poster_path, date)
    select t.media_type, t.id, coalesce(t.summary->>'title', t.summary->>'name'),
           t.summary->>'posterPath', t.date
    from catalogue_titles t
    order by t.popularity desc, t.media_type, t.id
    limit ${count}
    on conflict do nothing`);
  await db.execute(sql`
    insert into title_facts (item_type, item_id, title, date)
    select 'movie', ${MADE_UP_IDS} + n, 'Ölçüm Filmi ' || n, '2001-01-01'
    from generate_series(1, ${count}) as n
    on conflict do nothing`);
  const titles = await queryRows<{ item_type: "movie" | "tv"; item_id: number; title: string }>(
    db,
    sql`(select t.media_type as item_type, t.id as item_id,
                coalesce(t.summary->>'title', t.summary->>'name') as title, 0 as made_up,
                t.popularity
         from catalogue_titles t order by t.popularity desc, t.media_type, t.id limit ${count})
        union all
        (select 'movie', ${MADE_UP_IDS} + n, 'Ölçüm Filmi ' || n, 1, -n
         from generate_series(1, ${count}) as n)
        order by made_up, popularity desc
        limit ${count}`,
  );
  const rows = titles.map((title, index) => ({ ...title, position: index + 1 }));
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await db.execute(sql`
      insert into list_items (list_id, item_type, item_id, position)
      values ${sql.join(
        batch.map((row) => sql`(${listId}, ${row.item_type}, ${row.item_id}, ${row.position})`),
        sql`, `,
      )}`);
  }
  return rows.map((row) => ({ type: row.item_type, id: row.item_id, title: row.title }));
}
