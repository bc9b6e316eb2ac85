import { sql, type SQL } from "drizzle-orm";
import { getOptionalUser } from "~/accounts/guards.server";
import type { MediaType, TitleRef } from "~/catalogue/types";
import { queryRows, type Database } from "~/db/client.server";
import type { LibraryServices } from "~/library/library-services.server";
import { watchedTitles } from "~/library/watched-titles.server";

/*
 * "Nereden tanıyorum?" (issue #33.7, decision 031): which of the signed-in visitor's watched
 * titles a person is in, from credits the site already keeps, in one query and never a catalogue
 * call: the embedded catalogue's catalogue_credits (every credit of its titles) and title_facts'
 * cast (the first ten billed) and directors or creators (kept for every title logged, imported,
 * listed or chosen as a favourite, whichever the source). Watched: a diary entry, İzledim on the
 * watchlist, a rating, or a marked episode of a series.
 */

/** Whether the person (an id expression) is credited in the watched title `w`. */
const credited = (person: SQL) => sql`(
  exists (select 1 from catalogue_credits cc
    where cc.person_id = ${person} and cc.media_type = w.item_type and cc.media_id = w.item_id)
  or exists (select 1 from title_facts f
    where f.item_type = w.item_type and f.item_id = w.item_id
      and (f.cast @> jsonb_build_array(jsonb_build_object('id', ${person}))
        or f.directors @> jsonb_build_array(jsonb_build_object('id', ${person})))))`;

export interface SeenTitle {
  type: MediaType;
  id: number;
  title: string;
  date: string | null;
}

/** The visitor's watched titles the person is credited in, newest first. */
export async function titlesSeenWith(
  db: Database,
  userId: string,
  personId: number,
): Promise<SeenTitle[]> {
  const rows = await queryRows<{
    item_type: MediaType;
    item_id: number;
    title: string | null;
    date: string | null;
  }>(
    db,
    sql`
      select w.item_type, w.item_id,
        coalesce(f.title, c.summary->>'title', c.summary->>'name') as title,
        to_char(coalesce(f.date, c.date), 'YYYY-MM-DD') as date
      from (${watchedTitles(userId)}) w
      left join title_facts f on f.item_type = w.item_type and f.item_id = w.item_id
      left join catalogue_titles c on c.media_type = w.item_type and c.id = w.item_id
      where ${credited(sql`${personId}::int`)}
      order by date desc nulls last, w.item_id`,
  );
  return rows.flatMap((row) =>
    row.title ? [{ type: row.item_type, id: row.item_id, title: row.title, date: row.date }] : [],
  );
}

/** Of these people (a title's cast), those the visitor saw in another title they watched. */
export async function peopleSeenBefore(
  db: Database,
  userId: string,
  personIds: number[],
  except: TitleRef,
): Promise<number[]> {
  const ids = [...new Set(personIds)].filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      select p.id from unnest(array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]) as p(id)
      where exists (
        select 1 from (${watchedTitles(userId)}) w
        where not (w.item_type = ${except.type} and w.item_id = ${except.id})
          and ${credited(sql`p.id`)}
      )`,
  );
  return rows.map((row) => row.id);
}

/** The person page's line for the signed-in visitor; null for anonymous visitors (cached page). */
export async function personSeenLine(
  services: LibraryServices,
  request: Request,
  personId: number,
): Promise<{ seen: SeenTitle[] | null; failed: boolean }> {
  const user = await getOptionalUser(request, services);
  if (!user) return { seen: null, failed: false };
  try {
    return { seen: await titlesSeenWith(services.database.db, user.id, personId), failed: false };
  } catch (error) {
    services.logger.warn({ err: String(error), personId }, "seen titles could not be loaded");
    return { seen: null, failed: true };
  }
}

/** A film page's cast marks for the signed-in visitor: the people seen in another watched title. */
export async function castSeenBefore(
  services: LibraryServices,
  request: Request,
  item: TitleRef,
  cast: { id: number }[],
): Promise<{ seenCast: number[]; failed: boolean }> {
  const user = await getOptionalUser(request, services);
  if (!user) return { seenCast: [], failed: false };
  try {
    const ids = cast.map((member) => member.id);
    return {
      seenCast: await peopleSeenBefore(services.database.db, user.id, ids, item),
      failed: false,
    };
  } catch (error) {
    services.logger.warn({ err: String(error), item }, "seen cast could not be loaded");
    return { seenCast: [], failed: true };
  }
}
