import { sql } from "drizzle-orm";
import { loadEnv } from "../app/core/env.server";
import { openDatabase, queryRows } from "../app/db/client.server";

/*
 * `npm run reports` (issue #38.6): what people reported, for an operator. One line per reported
 * review, comment or list: how many reported it, the reasons with their counts, the last report's
 * time, and the start of the text (never who reported). Most reported first. Reads DATABASE_URL,
 * or the embedded database in DATA_DIR (stop the server first: PGlite is one process's).
 */
const env = loadEnv();
const handle = await openDatabase(
  env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir },
);
try {
  const rows = await queryRows<{
    target: string;
    reports: number;
    reasons: string;
    last: string;
    text: string | null;
  }>(
    handle.db,
    sql`select case when r.review_id is not null then 'yorum (review) ' || r.review_id
                    when r.comment_id is not null then 'yorum (comment) ' || r.comment_id
                    else 'liste ' || r.list_id end as target,
               count(*)::int as reports,
               string_agg(distinct r.reason, ', ') as reasons,
               to_char(max(r.created_at) at time zone 'Europe/Istanbul', 'YYYY-MM-DD HH24:MI') as last,
               left(coalesce(max(rv.comment), max(c.body), max(l.name)), 80) as text
        from reports r
        left join reviews rv on rv.id = r.review_id
        left join comments c on c.id = r.comment_id
        left join lists l on l.id = r.list_id
        group by r.review_id, r.comment_id, r.list_id
        order by reports desc, last desc
        limit 200`,
  );
  if (rows.length === 0) console.log("Bildirim yok.");
  else console.table(rows);
} finally {
  await handle.close();
}
