import { sql } from "drizzle-orm";
import { paths } from "~/core/paths";
import { queryRows, type Database } from "~/db/client.server";

/**
 * What a liked or commented review, diary entry or list is about, for the words and links that
 * name it: a list's name and page, or the title (or person) a review or diary entry is about,
 * with its page. Null when it is gone.
 */
export type TargetSubject =
  | { type: "list"; name: string; url: string }
  | {
      type: "review" | "diary";
      itemType: "movie" | "tv" | "person";
      itemId: number;
      /** The title's (or person's) name, when the catalogue's facts have it. */
      title: string | null;
      url: string;
    };

export async function targetSubject(
  db: Database,
  target: { type: "review" | "diary" | "list"; id: number },
): Promise<TargetSubject | null> {
  if (target.type === "list") {
    const [list] = await queryRows<{ name: string }>(
      db,
      sql`select name from lists where id = ${target.id}`,
    );
    return list
      ? { type: "list", name: list.name, url: paths.list({ id: target.id, name: list.name }) }
      : null;
  }
  const table = target.type === "review" ? sql`reviews` : sql`diary_entries`;
  const [row] = await queryRows<{
    item_type: "movie" | "tv" | "person";
    item_id: number;
    title: string | null;
    date: string | null;
  }>(
    db,
    sql`select t.item_type, t.item_id, f.title, f.date::text as date from ${table} t
      left join title_facts f on f.item_type = t.item_type and f.item_id = t.item_id
      where t.id = ${target.id}`,
  );
  if (!row) return null;
  const itemId = Number(row.item_id);
  const name = row.title ?? "";
  return {
    type: target.type,
    itemType: row.item_type,
    itemId,
    title: row.title,
    url:
      row.item_type === "person"
        ? paths.person({ id: itemId, name })
        : paths.title(row.item_type, { id: itemId, name, date: row.date }),
  };
}
