/*
 * `npm run bench:history`: the history pages of a person with a long history, on the production
 * server. A person signs up, the server stops, their history is written straight into its
 * database (5,000 diary entries over three years, title facts for 1,500 titles from the embedded
 * catalogue, 2,000 episode watches; scripts/lib/history-seed.ts), the server starts again, and
 * each page is asked for:
 * - one request at a time (BENCH_REQUESTS of them after a warm-up): p50 and p95 of the time to
 *   the whole answer, on this machine's loopback, which is the server's time;
 * - BENCH_CONNECTIONS at once for BENCH_DURATION seconds (autocannon): requests per second.
 * The year summary's own queries are timed in-process too (the database alone), and EXPLAIN of
 * the diary's largest aggregate is printed. Target: at most 50 ms p95 per page. A light signed-in
 * page (the empty watchlist) is measured beside them: on a shared machine its p95 shows how much
 * of a page's p95 is the machine's load.
 *
 * Embedded PGlite by default; with BENCH_DATABASE_URL (an admin URL of a PostgreSQL server, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres) the same on a throwaway database there.
 * `benchHistory()` is exported for bench:import.
 */
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import type { Catalogue } from "../app/catalogue/catalogue.server";
import { user } from "../app/db/auth-schema";
import { openDatabase, queryRows, type DatabaseHandle } from "../app/db/client.server";
import { loadYearSummary } from "../app/history/year-summary.server";
import { projectRoot, startAppServer } from "../tests/support/app-server";
import { Visitor } from "../tests/support/raw-http";
import { seedHistory } from "./lib/history-seed";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LAST_YEAR = new Date().getUTCFullYear();

export interface PageFigure {
  page: string;
  path: string;
  status: number;
  p50: number;
  p95: number;
  rps: number;
}

export interface HistoryBench {
  database: "pglite" | "postgres";
  seeded: { titles: number; entries: number; episodes: number };
  /** The year summary's queries alone, in this process: p50 and p95 in ms. */
  summaryQueries: { p50: number; p95: number };
  pages: PageFigure[];
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;
};
const round = (value: number) => Math.round(value * 10) / 10;

async function timeRequests(url: string, cookie: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const answer = await once();
    status = answer.status;
    times.push(answer.ms);
  }
  return { status, p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)) };
}

async function throughput(url: string, cookie: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { cookie },
  });
  return Math.round(result.requests.average);
}

/** The year summary's queries, straight on the database, with a catalogue that only names genres. */
async function timeSummaryQueries(handle: DatabaseHandle, userId: string) {
  const catalogue = { genres: async () => [] } as unknown as Catalogue;
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const started = performance.now();
    await loadYearSummary({ database: handle, catalogue }, userId, LAST_YEAR);
    if (i >= 10) times.push(performance.now() - started);
  }
  const plan = await queryRows<{ "QUERY PLAN": string }>(
    handle.db,
    sql`explain analyze
        with titles as (
          select item_type, item_id, count(*) as watches from diary_entries
          where user_id = ${userId}
            and watched_on >= ${`${LAST_YEAR}-01-01`}::date
            and watched_on < ${`${LAST_YEAR + 1}-01-01`}::date
          group by 1, 2
        )
        select g, sum(watches) from titles t
        join title_facts f on f.item_type = t.item_type and f.item_id = t.item_id
        cross join unnest(f.genre_ids) as g
        group by g`,
  );
  console.log("EXPLAIN ANALYZE (genres of the year):");
  for (const line of plan) console.log(`  ${line["QUERY PLAN"]}`);
  return { p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)) };
}

/** A throwaway database on the PostgreSQL server at `adminUrl`; dropped by the returned function. */
export async function throwawayDatabase(adminUrl: string, prefix = "bench_history") {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function benchHistory({
  databaseAdminUrl,
}: { databaseAdminUrl?: string } = {}): Promise<HistoryBench> {
  // The production server's build, made when missing or older than the code.
  const build = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the build failed");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "perde-bench-history-"));
  const postgres = databaseAdminUrl ? await throwawayDatabase(databaseAdminUrl) : undefined;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    CATALOGUE: "local",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(postgres
      ? { DATABASE_URL: postgres.url, AUTH_SECRET: randomBytes(32).toString("hex") }
      : {}),
  };
  try {
    // The person signs up on the server (migrations and the catalogue are loaded on its start).
    let server = await startAppServer(env, { timeoutMs: 300_000 });
    const email = `ozet-${Date.now()}@example.com`;
    const member = new Visitor(server.url);
    await member.signIn(email, "gizli123", "Özet Ölçümü");
    const cookie = member.cookieHeader;
    // PGlite is one process's: the server stops while the history is written.
    await server.stop();

    const handle = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir });
    let seeded: HistoryBench["seeded"];
    let summaryQueries: HistoryBench["summaryQueries"];
    try {
      const [owner] = await handle.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, email));
      const started = performance.now();
      seeded = await seedHistory(handle.db, owner!.id, {
        entries: 5_000,
        titles: 1_500,
        episodes: 2_000,
        lastYear: LAST_YEAR,
        years: 3,
      });
      await handle.db.execute(sql`analyze`);
      console.log(
        `Seeded ${seeded.entries} diary entries, ${seeded.titles} titles, ${seeded.episodes} episode watches in ${Math.round(performance.now() - started)} ms`,
      );
      summaryQueries = await timeSummaryQueries(handle, owner!.id);
    } finally {
      await handle.close();
    }

    server = await startAppServer(env, { timeoutMs: 300_000 });
    const pages: PageFigure[] = [];
    try {
      for (const [page, pagePath] of [
        ["günlük, sayfa 1", "/dashboard/gunluk"],
        ["günlük, sayfa 30", "/dashboard/gunluk?sayfa=30"],
        ["yıllık özet", `/dashboard/ozet/${LAST_YEAR}`],
        ["yıllık özet, geçen yıl", `/dashboard/ozet/${LAST_YEAR - 1}`],
        // A reference measured in the same run: a light signed-in page (the person's empty
        // watchlist), so the machine's own load can be read beside the figures above.
        ["referans: izleme listesi", "/dashboard/liste"],
      ] as const) {
        const url = `${server.url}${pagePath}`;
        const timed = await timeRequests(url, cookie);
        const rps = timed.status === 200 ? await throughput(url, cookie) : 0;
        pages.push({ page, path: pagePath, ...timed, rps });
      }
    } finally {
      await server.stop();
    }
    return { database: postgres ? "postgres" : "pglite", seeded, summaryQueries, pages };
  } finally {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printHistoryBench(result: HistoryBench) {
  console.log(`\nHistory pages on ${result.database}:`);
  console.log(
    `  year summary queries alone: p50 ${result.summaryQueries.p50} ms, p95 ${result.summaryQueries.p95} ms`,
  );
  console.table(
    result.pages.map((page) => ({
      page: page.page,
      status: page.status,
      "p50 ms": page.p50,
      "p95 ms": page.p95,
      rps: page.rps,
      "≤ 50 ms p95": page.status === 200 ? (page.p95 <= 50 ? "yes" : "NO") : "page missing",
    })),
  );
}

async function main() {
  printHistoryBench(await benchHistory());
  if (process.env.BENCH_DATABASE_URL) {
    printHistoryBench(await benchHistory({ databaseAdminUrl: process.env.BENCH_DATABASE_URL }));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
