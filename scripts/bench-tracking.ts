/*
 * `npm run bench:tracking`: the series-tracking pages of one heavy follower, on the production
 * server (built if needed, started as `npm start` starts it), on the embedded database and on
 * PostgreSQL (a throwaway database on BENCH_PG_URL, postgres://postgres@127.0.0.1:5432/postgres by
 * default, created and dropped here; skipped when none answers).
 *
 * The person follows 150 series (100 İzliyorum, 50 İzleyeceğim) of 60 episodes each (9,000
 * tracked episodes, weekly, some airing around today) and has watched 8,000 episodes. The rows
 * are written straight into the database while the server is stopped, as the background job and
 * the person's marks would have left them. Then, for each page (the dashboard, /takvim, the
 * calendar feed, marking an episode through POST /bolum-izle): a warm-up, BENCH_REQUESTS requests one at a time (their
 * time, measured by this client on the same machine, is the server's time plus a local HTTP
 * round trip: p50/p95/p99), then BENCH_DURATION seconds of BENCH_CONNECTIONS concurrent
 * requests (throughput). Targets: p95 at most 50 ms for the pages, 20 ms for marking.
 *
 * Last, upstream calls per page view: the same person on the live source against the fake movie
 * database (tests/fake-tmdb), which counts what it is asked. Every figure is of this machine at
 * this moment: the machine is shared, compare figures of one run only.
 */
import { createHash, randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { istanbulDay } from "../app/core/clock.server";
import { openDatabase, type DatabaseHandle } from "../app/db/client.server";
import { API_KEY } from "../tests/fake-tmdb/fixtures";
import { startFakeTmdb } from "../tests/fake-tmdb/server";
import { projectRoot, startAppServer, type TestServer } from "../tests/support/app-server";
import { Visitor } from "../tests/support/raw-http";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Which pages to measure, by name ("dashboard,takvim,feed,mark"; all by default). */
const PAGES = process.env.BENCH_PAGES?.split(",").map((name) => name.trim());
/** Which databases and the upstream count to run ("embedded,postgres,upstream"; all by default). */
const PARTS = process.env.BENCH_PARTS?.split(",").map((name) => name.trim());
const runs = (part: string) => !PARTS || PARTS.includes(part);

const SERIES = 150;
const EPISODES_PER_SERIES = 60;
const WATCHED = 8_000;
const FIRST_SERIES_ID = 900_001;
const TARGET_PAGE_MS = 50;
const TARGET_MARK_MS = 20;

interface Person {
  visitor: Visitor;
  feedToken: string;
}

/** The follower's rows, as the job and the person's own marks would have left them. */
async function seedFollower(handle: DatabaseHandle, userId: string, feedToken: string) {
  const today = istanbulDay(Date.now());
  const run = (text: string, values?: unknown[]) => handle.executeSql(text, values);
  await run(
    `insert into tracked_series (series_id, name, status, refreshed_at)
     select $1::int + i - 1, 'Ölçüm Dizisi ' || i,
            case when i % 3 = 0 then 'Ended' else 'Returning Series' end, now()
       from generate_series(1, $2::int) as i`,
    [FIRST_SERIES_ID, SERIES],
  );
  // Seasons of ten weekly episodes; each series' last one airs between 10 days ago and 39 days
  // ahead, so the calendar's 37 days hold about 150 episodes and the feed's 97 about 330.
  await run(
    `insert into tracked_episodes (series_id, season_number, episode_number, name, air_date, runtime)
     select $1::int + i - 1, (e - 1) / 10 + 1, (e - 1) % 10 + 1, 'Bölüm ' || e,
            $3::date + (i % 50 - 10) - ($2::int - e) * 7, 45
       from generate_series(1, $4::int) as i, generate_series(1, $2::int) as e`,
    [FIRST_SERIES_ID, EPISODES_PER_SERIES, today, SERIES],
  );
  await run(
    `insert into watchlist (user_id, item_type, item_id, status, created_at)
     select $1, 'tv', $2::int + i - 1,
            case when i % 3 = 0 then 'plan_to_watch' else 'watching' end,
            now() - i * interval '1 hour'
       from generate_series(1, $3::int) as i`,
    [userId, FIRST_SERIES_ID, SERIES],
  );
  // The first 53 episodes of every series (7,950), and the 54th of the first 50 series.
  const perSeries = Math.floor(WATCHED / SERIES);
  const extra = WATCHED - perSeries * SERIES;
  await run(
    `insert into episode_watches (user_id, series_id, season_number, episode_number, watched_at)
     select $1, $2::int + i - 1, (e - 1) / 10 + 1, (e - 1) % 10 + 1, now() - (100 - e) * interval '1 day'
       from generate_series(1, $3::int) as i, generate_series(1, $4::int + 1) as e
      where e <= $4::int or i <= $5::int`,
    [userId, FIRST_SERIES_ID, SERIES, perSeries, extra],
  );
  await run(`insert into calendar_feeds (user_id, token_hash) values ($1, $2)`, [
    userId,
    createHash("sha256").update(feedToken).digest("hex"),
  ]);
  const counted = await run(
    `select (select count(*) from episode_watches where user_id = $1)::int as watched,
            (select count(*) from tracked_episodes)::int as episodes`,
    [userId],
  );
  const row = counted.rows[0] as { watched: number; episodes: number };
  if (row.watched !== WATCHED) throw new Error(`seeded ${row.watched} watches`);
  return row;
}

/**
 * Starts the server once to sign the follower up (and migrate an empty database), stops it,
 * writes the follower's rows, and starts it again: the embedded database has one writer.
 */
async function serverWithFollower(
  env: Record<string, string>,
  open: () => Promise<DatabaseHandle>,
): Promise<{ server: TestServer; person: Person }> {
  let server = await startAppServer(env, { seedDataDir: "" });
  const email = `takip-${Date.now()}@example.com`;
  const visitor = new Visitor(server.url);
  await visitor.signIn(email, "gizli123", "Ölçüm Kişisi");
  await server.stop();

  const feedToken = randomBytes(32).toString("base64url");
  const handle = await open();
  try {
    const users = await handle.executeSql(`select id from "user" where email = $1`, [email]);
    const userId = (users.rows[0] as { id: string }).id;
    const counts = await seedFollower(handle, userId, feedToken);
    console.log(
      `  seeded: ${SERIES} followed series, ${counts.episodes} tracked episodes, ${counts.watched} watched`,
    );
  } finally {
    await handle.close();
  }

  server = await startAppServer(env, { seedDataDir: "" });
  const again = new Visitor(server.url);
  for (const part of visitor.cookieHeader.split("; ")) {
    const at = part.indexOf("=");
    again.setCookie(part.slice(0, at), part.slice(at + 1));
  }
  return { server, person: { visitor: again, feedToken } };
}

interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  /** A request body for POST targets (a form). */
  body?: () => string;
  target: number;
}

let marks = 0;
/** The episode-mark form as the page's fetcher sends it (js=1: answered with data, not a redirect). */
const markForm = (intent: "mark" | "unmark") =>
  new URLSearchParams({
    intent,
    seriesId: String(FIRST_SERIES_ID + 100),
    season: "6",
    episode: "5",
    js: "1",
  }).toString();

function targetsFor(person: Person): Target[] {
  const all: Target[] = [
    { name: "dashboard", path: "/dashboard", target: TARGET_PAGE_MS },
    { name: "takvim", path: "/takvim", target: TARGET_PAGE_MS },
    {
      name: "feed (.ics)",
      path: `/takvim/abonelik/${person.feedToken}.ics`,
      target: TARGET_PAGE_MS,
    },
    {
      // An aired episode the person has not watched (series 101's 55th, season 6 episode 5),
      // marked and unmarked in turn so that every request writes.
      name: "mark episode",
      path: "/bolum-izle",
      method: "POST",
      body: () => markForm((marks++ % 2 === 0 ? "mark" : "unmark") as "mark" | "unmark"),
      target: TARGET_MARK_MS,
    },
  ];
  return all.filter((target) => !PAGES || PAGES.some((name) => target.name.startsWith(name)));
}

/**
 * CPU time (ms) the server process has used so far, user and system, from /proc: unlike the
 * wall-clock times it hardly depends on what else the shared machine runs. On PostgreSQL the
 * database's own work is in its processes, not in this figure.
 */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime: fields 14 and 15 of the line, 11 and 12 counted from the state (field 3).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout.toString().trim()) || 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeOne(base: string, cookie: string, target: Target): Promise<number> {
  const started = performance.now();
  const response = await fetch(base + target.path, {
    method: target.method ?? "GET",
    redirect: "manual",
    headers: {
      Cookie: cookie,
      Origin: base,
      ...(target.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: target.body?.(),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status >= 400) throw new Error(`${target.name}: ${response.status}`);
  return elapsed;
}

async function measureAll(server: TestServer, person: Person, label: string) {
  const cookie = person.visitor.cookieHeader;
  const rows: string[] = [];
  for (const target of targetsFor(person)) {
    for (let i = 0; i < 20; i++) await timeOne(server.url, cookie, target);
    const times: number[] = [];
    const cpuBefore = await cpuMs(server.process.pid!);
    for (let i = 0; i < REQUESTS; i++) times.push(await timeOne(server.url, cookie, target));
    const cpuPerRequest = ((await cpuMs(server.process.pid!)) - cpuBefore) / REQUESTS;
    times.sort((a, b) => a - b);
    const load = await autocannon({
      url: server.url + target.path,
      connections: CONNECTIONS,
      duration: DURATION,
      method: target.method ?? "GET",
      // Under load the same mark is sent again and again: each is still a full action.
      body: target.body ? markForm("mark") : undefined,
      headers: {
        cookie,
        origin: server.url,
        ...(target.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    const p95 = percentile(times, 95);
    const row = [
      label.padEnd(10),
      target.name.padEnd(14),
      percentile(times, 50).toFixed(1).padStart(7),
      p95.toFixed(1).padStart(7),
      percentile(times, 99).toFixed(1).padStart(7),
      cpuPerRequest.toFixed(1).padStart(7),
      Math.round(load.requests.average).toString().padStart(7),
      String(load.non2xx + load.errors).padStart(6),
      `${p95 <= target.target ? "ok" : "OVER"} (≤ ${target.target} ms)`,
    ].join("  ");
    console.log(`  ${row}`);
    rows.push(row);
  }
  return rows;
}

async function embedded(): Promise<string[]> {
  console.log("Embedded database (PGlite)…");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "perde-bench-tracking-"));
  try {
    const { server, person } = await serverWithFollower(
      { CATALOGUE: "local", DATA_DIR: dataDir },
      () => openDatabase({ dataDir }),
    );
    try {
      return await measureAll(server, person, "embedded");
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL at ${PG_URL} does not answer (${String(error)}): skipped.`);
    return [];
  }
  const name = `bench_tracking_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  console.log(`PostgreSQL (throwaway database ${name})…`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "perde-bench-tracking-pg-"));
  try {
    const { server, person } = await serverWithFollower(
      {
        CATALOGUE: "local",
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        AUTH_SECRET: randomBytes(32).toString("hex"),
      },
      () => openDatabase({ databaseUrl: url.toString() }),
    );
    try {
      return await measureAll(server, person, "postgres");
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Calls to the movie database per page view, on the live source (the fake counts them). */
async function upstreamCalls(): Promise<string[]> {
  console.log("Upstream calls (live source on the fake movie database)…");
  const fake = await startFakeTmdb();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "perde-bench-tracking-tmdb-"));
  try {
    const { server, person } = await serverWithFollower(
      {
        CATALOGUE: "tmdb",
        TMDB_API_BASE_URL: fake.url,
        TMDB_API_KEY: API_KEY,
        DATA_DIR: dataDir,
      },
      () => openDatabase({ dataDir }),
    );
    const rows: string[] = [];
    try {
      const cookie = person.visitor.cookieHeader;
      for (const target of targetsFor(person)) {
        const before = fake.requests.length;
        await timeOne(server.url, cookie, target);
        const first = fake.requests.length - before;
        const later = fake.requests.length;
        for (let i = 0; i < 10; i++) await timeOne(server.url, cookie, target);
        const perView = (fake.requests.length - later) / 10;
        rows.push(
          `${target.name.padEnd(14)}  first view: ${String(first).padStart(3)} calls, later views: ${perView} per view`,
        );
      }
    } finally {
      await server.stop();
    }
    return rows;
  } finally {
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log("Building if needed…");
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(1);

  const rows = [
    ...(runs("embedded") ? await embedded() : []),
    ...(runs("postgres") ? await postgres() : []),
  ];
  const upstream = runs("upstream") ? await upstreamCalls() : [];

  console.log(
    `\nOne follower: ${SERIES} series, ${WATCHED} watched episodes. ${REQUESTS} requests one at a time (ms), then ${DURATION} s × ${CONNECTIONS} connections (rps); cpu: the server's CPU ms per request.`,
  );
  console.log(
    [
      "database  ",
      "page          ",
      "    p50",
      "    p95",
      "    p99",
      "    cpu",
      "    rps",
      "errors",
      "target",
    ].join("  "),
  );
  for (const row of rows) console.log(row);
  console.log("\nUpstream calls per page view:");
  for (const row of upstream) console.log(`  ${row}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
