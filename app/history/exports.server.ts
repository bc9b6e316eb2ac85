import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { isLocalId } from "~/catalogue/local/content.server";
import { istanbulDay } from "~/core/clock.server";
import { queryRows, type DatabaseHandle } from "~/db/client.server";

/*
 * "Dışa aktar" (issue #24.5): a person's diary and ratings as CSV files other sites import, so
 * leaving is as easy as arriving. Only the signed-in person's rows (`user_id = $me` in every
 * query). Files are UTF-8 with a BOM (spreadsheets read Turkish letters right) and CRLF line
 * ends, written by csv-stringify (quotes, commas and newlines inside reviews are its business).
 *
 * Titles, years and IMDb ids come from what the site already holds (title_facts, the embedded
 * catalogue's rows), never from a catalogue call per title. With the live source a title the
 * embedded catalogue does not hold has no year and no IMDb id: those cells stay empty, and
 * Letterboxd still matches the row by its TMDB id (the site's ids are the movie database's,
 * except the embedded catalogue's own ids for titles it knows no TMDB id of: then the title and
 * year are what Letterboxd matches).
 */

/**
 * A text cell a spreadsheet would take for a formula (=, +, -, @, or a tab or carriage return
 * first) gets a leading apostrophe, OWASP's advice against CSV injection: it reads as text.
 */
export function safeCell(text: string | null | undefined): string {
  if (!text) return "";
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csv(columns: readonly string[], rows: (string | number)[][]): string {
  return stringify(rows, {
    header: true,
    columns: [...columns],
    bom: true,
    record_delimiter: "windows",
  });
}

/** Letterboxd's importer's own column names (letterboxd.com/about/importing-data). */
export const LETTERBOXD_COLUMNS = [
  "tmdbID",
  "imdbID",
  "Title",
  "Year",
  "WatchedDate",
  "Rating",
  "Rating10",
  "Rewatch",
  "Tags",
  "Review",
] as const;

/** The columns of IMDb's ratings export that other sites' importers read. */
export const IMDB_COLUMNS = [
  "Const",
  "Your Rating",
  "Date Rated",
  "Title",
  "URL",
  "Title Type",
  "Year",
] as const;

/*
 * What the site knows of a title for a file: its title (the original one first, which other
 * sites match best), year and IMDb id, from the embedded catalogue's row when it holds the title.
 */
const titleColumns = (itemType: ReturnType<typeof sql>, itemId: ReturnType<typeof sql>) => sql`
  left join title_facts f on f.item_type = ${itemType} and f.item_id = ${itemId}
  left join catalogue_titles c on c.media_type = ${itemType} and c.id = ${itemId}`;

const TITLE = sql`coalesce(c.summary->>'originalTitle', c.summary->>'originalName', f.title,
  c.summary->>'title', c.summary->>'name', '')`;

interface LetterboxdRow {
  item_id: number;
  imdb_id: string | null;
  title: string;
  year: number | null;
  watched_on: string | null;
  rating: number | null;
  rewatch: boolean | null;
  tags: string[] | null;
  review: string | null;
}

/**
 * Letterboxd's import CSV: every diary entry of a film (its day, rating, rewatch, tags and
 * review), then every film rated or reviewed without any diary entry. Letterboxd has no series.
 */
export async function letterboxdCsv(database: DatabaseHandle, userId: string): Promise<string> {
  const rows = await queryRows<LetterboxdRow>(
    database.db,
    sql`
      select d.item_id, coalesce(c.imdb_id, f.imdb_id) as imdb_id, ${TITLE} as title, c.year::int as year,
             to_char(d.watched_on, 'YYYY-MM-DD') as watched_on, d.rating::int as rating,
             d.rewatch, d.tags,
             -- The written review of the film (reviews.comment) rides on its latest diary entry
             -- when that entry has no text of its own: every review reaches the file once.
             coalesce(d.review, case when d.id = (
               select l.id from diary_entries l
               where l.user_id = d.user_id and l.item_type = d.item_type and l.item_id = d.item_id
               order by l.watched_on desc, l.id desc limit 1
             ) then rv.comment end) as review
      from diary_entries d
      ${titleColumns(sql`d.item_type`, sql`d.item_id`)}
      left join reviews rv on rv.user_id = d.user_id and rv.item_type = d.item_type
        and rv.item_id = d.item_id
      where d.user_id = ${userId} and d.item_type = 'movie'
      union all
      select r.item_id, coalesce(c.imdb_id, f.imdb_id), ${TITLE}, c.year::int,
             null, r.rating::int, null, null, r.comment
      from reviews r
      ${titleColumns(sql`r.item_type`, sql`r.item_id`)}
      where r.user_id = ${userId} and r.item_type = 'movie'
        and not exists (
          select 1 from diary_entries d
          where d.user_id = ${userId} and d.item_type = 'movie' and d.item_id = r.item_id
        )
      order by watched_on nulls last, item_id`,
  );
  return csv(
    LETTERBOXD_COLUMNS,
    rows.map((row) => [
      // A title the embedded catalogue gave an id of its own has no TMDB id to give.
      isLocalId(row.item_id) ? "" : row.item_id,
      row.imdb_id ?? "",
      safeCell(row.title),
      row.year ?? "",
      row.watched_on ?? "",
      row.rating === null ? "" : row.rating / 2,
      row.rating ?? "",
      row.rewatch === null ? "" : String(row.rewatch),
      safeCell((row.tags ?? []).join(", ")),
      safeCell(row.review),
    ]),
  );
}

interface ImdbRow {
  item_type: "movie" | "tv";
  imdb_id: string | null;
  title: string;
  year: number | null;
  rating: number;
  rated_at: Date | string;
}

/** An IMDb-style ratings CSV: every rated film and series (a rating lives in `reviews`). */
export async function imdbRatingsCsv(database: DatabaseHandle, userId: string): Promise<string> {
  const rows = await queryRows<ImdbRow>(
    database.db,
    sql`
      select r.item_type, coalesce(c.imdb_id, f.imdb_id) as imdb_id, ${TITLE} as title,
             c.year::int as year, r.rating::int as rating, r.updated_at as rated_at
      from reviews r
      ${titleColumns(sql`r.item_type`, sql`r.item_id`)}
      where r.user_id = ${userId} and r.item_type in ('movie', 'tv') and r.rating is not null
      order by r.updated_at, r.id`,
  );
  return csv(
    IMDB_COLUMNS,
    rows.map((row) => [
      row.imdb_id ?? "",
      row.rating,
      istanbulDay(new Date(row.rated_at)),
      safeCell(row.title),
      row.imdb_id ? `https://www.imdb.com/title/${row.imdb_id}/` : "",
      row.item_type === "movie" ? "Movie" : "TV Series",
      row.year ?? "",
    ]),
  );
}

/** A CSV file to download: personal, so no cache keeps it. */
export function csvDownload(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
