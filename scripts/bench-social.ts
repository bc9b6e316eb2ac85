/*
 * `npm run bench:social` (issue #38): the feed of a reader who follows 500 people, each logging
 * 20 watches a day (BENCH_DAYS days of history, 7 by default), read page by page as /akis reads
 * it (`readFeed`: the first page and the next one through its cursor); and the time of a like
 * and of a comment as the forms write them (`like`, `addComment`). On the embedded database
 * (PGlite, in a temporary folder) and, with BENCH_DATABASE_URL (a PostgreSQL admin URL), on a
 * throwaway PostgreSQL database too. Prints p50 and p95 of BENCH_READS reads (200 by default).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "../app/db/client.server";
import { addComment } from "../app/social/comments.server";
import { readFeed } from "../app/social/feed.server";
import { like } from "../app/social/likes.server";
import { throwawayDatabase } from "./bench-history";

const FOLLOWED = Number(process.env.BENCH_FOLLOWED ?? 500);
const PER_DAY = 20;
const DAYS = Number(process.env.BENCH_DAYS ?? 7);
const READS = Number(process.env.BENCH_READS ?? 200);

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;
};
const round = (value: number) => Math.round(value * 10) / 10;

async function seed(handle: DatabaseHandle) {
  const { db } = handle;
  const started = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email)
    select 'u' || n, 'Kişi ' || n, 'u' || n || '@example.com' from generate_series(0, ${FOLLOWED}) n`);
  await db.execute(sql`
    insert into profiles (user_id, full_name, username, username_key, is_public)
    select 'u' || n, 'Kişi ' || n, 'kisi' || n, 'kisi' || n, true from generate_series(0, ${FOLLOWED}) n`);
  // u0 reads; u1…u500 are followed.
  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select 'u0', 'u' || n from generate_series(1, ${FOLLOWED}) n`);
  // 20 watches a day each, spread over the day, for DAYS days.
  for (let day = 0; day < DAYS; day++) {
    await db.execute(sql`
      insert into diary_entries (user_id, item_type, item_id, watched_on, rating, created_at)
      select 'u' || p, 'movie', 1 + (p * 37 + k * 11 + ${day}) % 5000,
             (now() - make_interval(days => ${day}))::date,
             case when k % 3 = 0 then 1 + k % 10 end,
             now() - make_interval(days => ${day}, secs => (p * 97 + k * 4133) % 86400)
      from generate_series(1, ${FOLLOWED}) p, generate_series(1, ${PER_DAY}) k`);
  }
  // A review and a public list now and then, as people do.
  await db.execute(sql`
    insert into reviews (user_id, item_type, item_id, rating, comment, created_at)
    select 'u' || p, 'movie', 6000 + p, 8, 'Uzun uzun düşündüren, çok iyi bir film.',
           now() - make_interval(secs => p * 300)
    from generate_series(1, ${FOLLOWED}) p`);
  await db.execute(sql`
    insert into lists (owner_id, name, visibility, updated_at)
    select 'u' || p, 'Liste ' || p, 'public', now() - make_interval(secs => p * 500)
    from generate_series(1, ${FOLLOWED}) p`);
  await db.execute(sql`analyze`);
  const rows = FOLLOWED * PER_DAY * DAYS;
  console.log(
    `  seeded ${FOLLOWED} followed people × ${PER_DAY} watches a day × ${DAYS} days = ${rows.toLocaleString("en")} diary rows in ${Math.round(performance.now() - started)} ms`,
  );
}

async function time(count: number, work: (index: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, count); i++) await work(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  return { "p50 ms": round(percentile(times, 0.5)), "p95 ms": round(percentile(times, 0.95)) };
}

async function benchOn(label: string, handle: DatabaseHandle) {
  console.log(`${label}:`);
  await handle.migrate();
  await seed(handle);
  const { db } = handle;
  const first = await readFeed(db, "u0", null);
  if (first.rows.length !== 30 || !first.next) throw new Error("the feed's first page is not full");
  const reviewIds = (
    (await db.execute(sql`select id from reviews order by id`)) as { rows: { id: number }[] }
  ).rows.map((row) => Number(row.id));
  const listIds = (
    (await db.execute(sql`select id from lists order by id`)) as { rows: { id: number }[] }
  ).rows.map((row) => Number(row.id));
  if (process.env.BENCH_EXPLAIN) {
    // The first page's query, as readFeed writes it, with PostgreSQL's plan.
    let query: SQL | undefined;
    const capture = {
      execute: async (built: SQL) => {
        query = built;
        return { rows: [] };
      },
    } as unknown as Database;
    await readFeed(capture, "u0", null);
    const plan = (await db.execute(sql`explain (analyze, buffers) ${query!}`)) as {
      rows: { "QUERY PLAN": string }[];
    };
    for (const line of plan.rows as { "QUERY PLAN": string }[]) console.log(line["QUERY PLAN"]);
  }
  const results = {
    "feed, first page": await time(READS, () => readFeed(db, "u0", null)),
    "feed, second page": await time(READS, () => readFeed(db, "u0", first.next)),
    // Each like a new one (the reader likes review after review, then list after list).
    like: await time(Math.min(READS, reviewIds.length - 20), (index) =>
      like(db, "u0", { type: "review", id: reviewIds[index + 20]! }),
    ),
    comment: await time(READS, (index) =>
      addComment(
        db,
        "u0",
        { type: "list", id: listIds[(index + 20) % listIds.length]! },
        `Yorum ${index}`,
      ),
    ),
  };
  console.table(
    Object.entries(results).map(([what, figures]) => ({
      what,
      ...figures,
      "≤ 50 ms p95": figures["p95 ms"] <= 50 ? "yes" : "NO",
    })),
  );
}

async function main() {
  // BENCH_ONLY_POSTGRES=1 skips the embedded run (with BENCH_DATABASE_URL).
  if (process.env.BENCH_ONLY_POSTGRES !== "1") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "perde-bench-social-"));
    const embedded = await openDatabase({ dataDir });
    try {
      await benchOn("Embedded database (PGlite)", embedded);
    } finally {
      await embedded.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.BENCH_DATABASE_URL) {
    const throwaway = await throwawayDatabase(process.env.BENCH_DATABASE_URL, "bench_social");
    const postgres = await openDatabase({ databaseUrl: throwaway.url });
    try {
      await benchOn("PostgreSQL", postgres);
    } finally {
      await postgres.close();
      await throwaway.drop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
