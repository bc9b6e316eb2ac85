import { sql } from "drizzle-orm";
import { getOptionalUser } from "~/accounts/guards.server";
import type { TitleRef } from "~/catalogue/types";
import { queryRows, type Database } from "~/db/client.server";
import { watchedTitles } from "~/library/watched-titles.server";
import type { LibraryServices } from "~/library/library-services.server";

/*
 * "İzlemediğiniz yapımların yorumları katlansın" (issue #38.5, decision 039): a reader who turned
 * it on in /hesap reads the reviews of a film or series they have not watched folded like a
 * spoiler. Watched is what "Nereden tanıyorum?" counts (a diary entry, İzledim, a rating, a
 * marked episode). Only signed-in pages ask, and they are never stored by a shared cache.
 */

/** `movie-550`, `tv-1399`: how a title is named in the answers below. */
const titleKey = (item: TitleRef) => `${item.type}-${item.id}`;

/** Of these titles, those whose reviews the reader wants folded (none when the setting is off). */
export async function unwatchedTitles(
  db: Database,
  readerId: string,
  items: readonly TitleRef[],
): Promise<string[]> {
  const unique = [...new Map(items.map((item) => [titleKey(item), item])).values()];
  if (unique.length === 0) return [];
  const values = sql.join(
    unique.map((item) => sql`(${item.type}::text, ${item.id}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ item_type: TitleRef["type"]; item_id: number }>(
    db,
    sql`select t.item_type, t.item_id from (values ${values}) as t(item_type, item_id)
        where exists (select 1 from profiles where user_id = ${readerId} and fold_unwatched)
          and not exists (select 1 from (${watchedTitles(readerId)}) w
                          where w.item_type = t.item_type and w.item_id = t.item_id)`,
  );
  return rows.map((row) => titleKey({ type: row.item_type, id: Number(row.item_id) }));
}

/** Whether a title page folds its reviews for this reader (false for an anonymous one). */
export async function foldsReviewsOf(
  services: LibraryServices,
  request: Request,
  item: TitleRef,
): Promise<boolean> {
  const user = await getOptionalUser(request, services);
  if (!user) return false;
  try {
    return (await unwatchedTitles(services.database.db, user.id, [item])).length > 0;
  } catch (error) {
    services.logger.warn({ err: String(error) }, "unwatched folding could not be read");
    return false;
  }
}
