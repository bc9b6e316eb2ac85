import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";

/*
 * Akış (issue #38.2, decision 039): what the people a reader follows logged, rated, reviewed and
 * listed, newest first, read on demand. Each followed person gives at most a page of rows per
 * source through an index (`lateral … limit`), so a page costs the same however long their
 * history is. Only public profiles appear, never across a block (either way): a profile made
 * private or a block leaves every feed at the next read, with no cleanup.
 */

const FEED_PAGE_SIZE = 30;

/** Where a row comes from; with its time and id it orders the feed and makes the cursor. */
const SOURCE = { diary: 3, review: 2, list: 1 } as const;

export type FeedKind = "watched" | "rated" | "reviewed" | "list";

export interface FeedRow {
  kind: FeedKind;
  username: string;
  name: string;
  /** The diary entry's, review's or list's id. */
  id: number;
  itemType: "movie" | "tv" | null;
  itemId: number | null;
  title: string | null;
  posterPath: string | null;
  date: string | null;
  rating: number | null;
  text: string | null;
  spoiler: boolean;
  listName: string | null;
  /** ISO time (UTC) of the activity. */
  at: string;
}

/** The cursor "after this row": its time in microseconds (UTC), source and id. */
export interface FeedCursor {
  at: string;
  source: number;
  id: number;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)_([123])_(\d{1,15})$/;

export function parseFeedCursor(value: string | null): FeedCursor | null {
  const match = value ? CURSOR.exec(value) : null;
  if (!match) return null;
  return { at: match[1]!, source: Number(match[2]), id: Number(match[3]) };
}

export const feedCursorText = (cursor: FeedCursor) => `${cursor.at}_${cursor.source}_${cursor.id}`;

interface Raw {
  source: number;
  id: string | number;
  username: string;
  name: string;
  item_type: "movie" | "tv" | null;
  item_id: number | null;
  rating: number | null;
  text: string | null;
  spoiler: boolean;
  list_name: string | null;
  at_key: string;
  title: string | null;
  poster_path: string | null;
  date: string | null;
}

/** One page of the reader's feed after `cursor` (null: the newest). */
export async function readFeed(
  db: Database,
  readerId: string,
  cursor: FeedCursor | null,
): Promise<{ rows: FeedRow[]; next: FeedCursor | null }> {
  const limit = FEED_PAGE_SIZE + 1;
  // The far future stands for "no cursor": one query shape for every page.
  const at = cursor?.at ?? "9999-12-31 00:00:00";
  const after = (time: ReturnType<typeof sql>, source: number, id: ReturnType<typeof sql>) =>
    cursor
      ? sql`${time} <= ${at}::timestamp at time zone 'UTC'
            and (${time}, ${source}::int, ${id}) < (${at}::timestamp at time zone 'UTC', ${cursor.source}::int, ${cursor.id}::bigint)`
      : sql`true`;
  // A rating without words that a watch of the title already carries is that watch.
  const shownReview = sql`(r.comment is not null or not exists (
    select 1 from diary_entries d2
    where d2.user_id = r.user_id and d2.item_type = r.item_type and d2.item_id = r.item_id))`;
  const rows = await queryRows<Raw>(
    db,
    sql`with followed as (
          select f.followed_id as uid, p.username,
                 coalesce(nullif(btrim(p.full_name), ''), p.username) as name
          from follows f
          join profiles p on p.user_id = f.followed_id and p.is_public
          where f.follower_id = ${readerId}
            and not exists (select 1 from blocks b
                            where (b.blocker_id = f.followed_id and b.blocked_id = ${readerId})
                               or (b.blocker_id = ${readerId} and b.blocked_id = f.followed_id))
        ), newest as (
          -- Each person's newest row of each source: the 31st newest of these is a time the
          -- page cannot reach below (at least a page of rows is at or after it), and only the
          -- people and sources whose newest row is at or after it can have a row on the page.
          -- Only the time matters here: ordered by it alone, each is the index's first entry,
          -- and the three are one row of subqueries per person.
          select fo.uid, fo.username, fo.name, s.source, s.at
          from followed fo cross join lateral (values
            (${SOURCE.diary}::int, (
              select d.created_at from diary_entries d
              where d.user_id = fo.uid and d.import_key is null
                and ${after(sql`d.created_at`, SOURCE.diary, sql`d.id`)}
              order by d.created_at desc nulls last, d.id desc nulls last limit 1)),
            (${SOURCE.review}::int, (
              select r.created_at from reviews r
              where r.user_id = fo.uid and r.item_type in ('movie', 'tv')
                and ${after(sql`r.created_at`, SOURCE.review, sql`r.id`)}
                and ${shownReview}
              order by r.created_at desc nulls last limit 1)),
            (${SOURCE.list}::int, (
              select l.updated_at from lists l
              where l.owner_id = fo.uid and l.visibility = 'public'
                and ${after(sql`l.updated_at`, SOURCE.list, sql`l.id`)}
              order by l.updated_at desc nulls last limit 1))
          ) as s(source, at)
          where s.at is not null
        ), floor as (
          select coalesce(
            (select at from newest order by at desc offset ${limit - 1} limit 1),
            '-infinity'::timestamptz) as at
        ), hot as (
          -- At most a page of (person, source) pairs (more only on ties): the laterals below
          -- read these alone, not every followed person again.
          select n.uid, n.username, n.name, n.source from newest n
          where n.at >= (select at from floor)
        ), page as (
          select ${SOURCE.diary}::int as source, d.id, h.username, h.name, d.item_type, d.item_id,
                 d.rating, d.review as text, d.spoiler, null::text as list_name, d.created_at as at
          from hot h cross join lateral (
            select * from diary_entries d
            where d.user_id = h.uid and d.import_key is null
              and d.created_at >= (select at from floor)
              and ${after(sql`d.created_at`, SOURCE.diary, sql`d.id`)}
            order by d.created_at desc nulls last, d.id desc nulls last limit ${limit}
          ) d
          where h.source = ${SOURCE.diary}
          union all
          select ${SOURCE.review}::int, r.id, h.username, h.name, r.item_type, r.item_id,
                 r.rating, r.comment, r.spoiler, null::text, r.created_at
          from hot h cross join lateral (
            select * from reviews r
            where r.user_id = h.uid and r.item_type in ('movie', 'tv')
              and r.created_at >= (select at from floor)
              and ${after(sql`r.created_at`, SOURCE.review, sql`r.id`)}
              and ${shownReview}
            order by r.created_at desc nulls last, r.id desc limit ${limit}
          ) r
          where h.source = ${SOURCE.review}
          union all
          select ${SOURCE.list}::int, l.id, h.username, h.name, null, null,
                 null, null, false, l.name, l.updated_at
          from hot h cross join lateral (
            select * from lists l
            where l.owner_id = h.uid and l.visibility = 'public'
              and l.updated_at >= (select at from floor)
              and ${after(sql`l.updated_at`, SOURCE.list, sql`l.id`)}
            order by l.updated_at desc nulls last, l.id desc limit ${limit}
          ) l
          where h.source = ${SOURCE.list}
          order by at desc, source desc, id desc
          limit ${limit}
        )
        select page.source, page.id, page.username, page.name, page.item_type, page.item_id,
               page.rating, page.text, page.spoiler, page.list_name,
               to_char(page.at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as at_key,
               tf.title, tf.poster_path, tf.date::text as date
        from page
        left join title_facts tf on tf.item_type = page.item_type and tf.item_id = page.item_id
        order by page.at desc, page.source desc, page.id desc`,
  );
  const shown = rows.slice(0, FEED_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    rows: shown.map(toFeedRow),
    next:
      rows.length > FEED_PAGE_SIZE && last
        ? { at: last.at_key, source: last.source, id: Number(last.id) }
        : null,
  };
}

function toFeedRow(row: Raw): FeedRow {
  const kind: FeedKind =
    row.source === SOURCE.list
      ? "list"
      : row.source === SOURCE.diary
        ? "watched"
        : row.text
          ? "reviewed"
          : "rated";
  return {
    kind,
    username: row.username,
    name: row.name,
    id: Number(row.id),
    itemType: row.item_type,
    itemId: row.item_id === null ? null : Number(row.item_id),
    title: row.title,
    posterPath: row.poster_path,
    date: row.date,
    rating: row.rating === null ? null : Number(row.rating),
    text: row.text,
    spoiler: Boolean(row.spoiler),
    listName: row.list_name,
    at: `${row.at_key.replace(" ", "T")}Z`,
  };
}

/** Rows of one person, one kind and one day (Istanbul) next to each other: "Ela 3 film izledi". */
export interface FeedGroup {
  kind: FeedKind;
  username: string;
  name: string;
  at: string;
  rows: FeedRow[];
}

const istanbulDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en-CA", { timeZone: "Europe/Istanbul" });

/** Groups a page's watches and ratings; reviews and lists stand alone (each has its own words). */
export function groupFeed(rows: readonly FeedRow[]): FeedGroup[] {
  const groups: FeedGroup[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    const groupable = row.kind === "watched" || row.kind === "rated";
    if (
      groupable &&
      last &&
      last.kind === row.kind &&
      last.username === row.username &&
      istanbulDay(last.at) === istanbulDay(row.at) &&
      // A watch with words is read on its own.
      !row.text &&
      !last.rows.at(-1)?.text
    ) {
      last.rows.push(row);
      continue;
    }
    groups.push({
      kind: row.kind,
      username: row.username,
      name: row.name,
      at: row.at,
      rows: [row],
    });
  }
  return groups;
}
