/*
 * `npm run bench:notify`: notifications at scale (issue #36, decision 035), on PostgreSQL (a
 * throwaway database on BENCH_PG_URL, postgres://postgres@127.0.0.1:5432/postgres by default,
 * created and dropped here).
 *
 * BENCH_PEOPLE people (default 100,000) follow BENCH_FOLLOWS series each (default 150) out of
 * BENCH_SERIES (default 3,000); BENCH_AIRING of them (default 300) air an episode today. Printed:
 *   - detection and fan-out: the episode job's work for the day (one notification per person and
 *     series), its time and rows;
 *   - the digests: every due person's digest claimed, composed (HTML and text) and sent over SMTP
 *     to a local sink in a process of its own (scripts/delivery-sink.mjs, which reads and drops
 *     each mail), BENCH_CONCURRENCY batches at a time (default one job of 50 people at a time, as
 *     one instance runs them), BENCH_DIGESTS of them (default all); the time of each step (claiming,
 *     sending, recording), digests per second, and the time a day's digests for 100,000 people
 *     would take at that rate;
 *   - pushes: the push sweep for BENCH_PUSH_PEOPLE people (default 2,000) with a subscription
 *     each at a local https push endpoint (the sink's process), pushes per second;
 *   - pages unaffected (unless BENCH_PAGES=0): the production server on the same database, three
 *     signed-in people asking their pages one after another, idle and while the digests go; the
 *     p95 during must stay within twice the idle p95.
 * Target: a day's digests for 100,000 people composed within 10 minutes. The machine is shared:
 * compare figures of one run only (the load average is printed beside them).
 *
 * The people's digest is weekly, on tomorrow's weekday, and the bench sends it as of tomorrow
 * noon (Istanbul): the server's own five-minute tick, which asks at the real time, finds nobody
 * due and leaves the digests to the bench.
 */
import { fork, spawnSync } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { Agent } from "node:https";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createMailer } from "../app/accounts/mailer.server";
import { today } from "../app/core/clock.server";
import type { Env } from "../app/core/env.server";
import { createLogger } from "../app/core/logger.server";
import { openDatabase } from "../app/db/client.server";
import { deliverPushes } from "../app/notifications/delivery.server";
import { detectAiredEpisodes } from "../app/notifications/detect.server";
import {
  composeDigest,
  dueDigestPeople,
  istanbulClock,
  sendDigests,
  type DigestTimings,
} from "../app/notifications/digest.server";
import { configurePush } from "../app/notifications/push.server";
import { projectRoot, startAppServer, type TestServer } from "../tests/support/app-server";
import { newAccount } from "../tests/support/form-posts";
import { readPages } from "../tests/support/load";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const FOLLOWS = Number(process.env.BENCH_FOLLOWS ?? 150);
const SERIES = Number(process.env.BENCH_SERIES ?? 3_000);
const AIRING = Number(process.env.BENCH_AIRING ?? 300);
/**
 * Digest jobs at once: one, as one instance runs them (its pg-boss worker takes one job at a
 * time); more stands for several instances sharing the database and the machine.
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const DIGESTS = Number(process.env.BENCH_DIGESTS ?? PEOPLE);
const PAGES = process.env.BENCH_PAGES !== "0";
/** People with a push subscription (one each) for the push sweep. */
const PUSH_PEOPLE = Number(process.env.BENCH_PUSH_PEOPLE ?? 2_000);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_DIGEST_SECONDS = 600;
/** People per digest job, as app/notifications/jobs.server.ts queues them. */
const JOB_SIZE = 50;
/** The pages' readers: idle this long before the digests, each page asked after the last. */
const IDLE_MS = 15_000;
const READERS = 3;
const READER_PAGES = ["/bildirimler", "/dashboard", "/hesap"];

const seconds = (from: number) => (performance.now() - from) / 1000;
const figure = (value: number, digits = 1) => value.toFixed(digits);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], share: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};

/** CPU (user + system, ms) spent so far by each PostgreSQL backend serving `database`, by pid. */
async function backendsCpuMs(database: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu.set(pid, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The SMTP sink and push endpoint in their own process: ports, what they read, their end. */
async function startSink() {
  const child = fork(path.join(projectRoot, "scripts/delivery-sink.mjs"), [], {
    stdio: "inherit",
  });
  const ports = await new Promise<{ smtpPort: number; pushPort: number }>((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`the delivery sink ended (${code})`)));
  });
  return {
    ...ports,
    /** Mails and pushes read so far, and the CPU the sink spent (ms). */
    counts: () =>
      new Promise<{ mails: number; pushes: number; cpuMs: number }>((resolve) => {
        child.once("message", resolve);
        child.send("count");
      }),
    stop: () => {
      if (child.connected) child.disconnect();
    },
  };
}

/**
 * Signed-in people asking their pages of the production server one after another, until
 * `stop`; each answer's time goes to the phase it began in.
 */
async function readers(site: string) {
  const cookies = await Promise.all(
    Array.from({ length: READERS }, (_, index) =>
      newAccount(site, `Okuyan Kişi ${index + 1}`, "bench-notify"),
    ),
  );
  return readPages(site, cookies, READER_PAGES, ["idle", "during"]);
}

/** Until the server's start-up tick (episodes for today and yesterday) has run. */
async function tickSettled(run: (text: string) => Promise<{ rows: unknown[] }>) {
  for (;;) {
    const { rows } = await run(
      `select count(*) filter (where state = 'completed')::int as done,
              count(*) filter (where state in ('created', 'retry', 'active'))::int as waiting
         from pgboss.job where name = 'notify-tick'`,
    );
    const [counts] = rows as { done: number; waiting: number }[];
    if (counts && counts.done > 0 && counts.waiting === 0) return;
    await sleep(500);
  }
}

/**
 * The push sweep (app/notifications/delivery.server.ts) for the first BENCH_PUSH_PEOPLE people,
 * each with one subscription at the local push endpoint (everyone else keeps push on, as by
 * default, with no device): sweeps at noon Istanbul today (outside the default quiet hours) until
 * none is left.
 * Before the server starts: its own sweep, without VAPID keys, would mark them skipped.
 */
async function pushes(
  database: Awaited<ReturnType<typeof openDatabase>>,
  name: string,
  sink: Awaited<ReturnType<typeof startSink>>,
  day: string,
) {
  const subscribed = Math.min(PUSH_PEOPLE, PEOPLE);
  const browser = createECDH("prime256v1");
  browser.generateKeys();
  // Subscribed the day before: a device gets what came after it was added.
  await database.executeSql(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth, device, created_at)
     select 'p' || i, $2 || i, $3, $4, 'Chrome · Linux', now() - interval '1 day'
     from generate_series(1, $1::int) i`,
    [
      subscribed,
      `https://127.0.0.1:${sink.pushPort}/push/`,
      browser.getPublicKey("base64url"),
      randomBytes(16).toString("base64url"),
    ],
  );
  const site = createECDH("prime256v1");
  site.generateKeys();
  configurePush({
    vapid: {
      publicKey: site.getPublicKey("base64url"),
      // All 32 bytes, as app/core/env.server.ts keeps them.
      privateKey: Buffer.concat([Buffer.alloc(32), site.getPrivateKey()])
        .subarray(-32)
        .toString("base64url"),
      subject: "mailto:bildirim@perde.example",
    },
    agent: new Agent({
      ca: await readFile(path.join(projectRoot, "tests/fixtures/push/endpoint-cert.pem")),
      keepAlive: true,
    }),
  });
  const at = Date.parse(`${day}T09:00:00Z`);
  const totals = { sent: 0, skipped: 0, failed: 0 };
  const cpuBefore = process.cpuUsage();
  const sinkBefore = await sink.counts();
  const pgBefore = await backendsCpuMs(name);
  const started = performance.now();
  for (;;) {
    const swept = await deliverPushes(database.db, { at });
    totals.sent += swept.sent;
    totals.skipped += swept.skipped;
    totals.failed += swept.failed;
    if (swept.sent + swept.skipped + swept.failed === 0) break;
  }
  const took = seconds(started);
  const cpu = process.cpuUsage(cpuBefore);
  const sinkAfter = await sink.counts();
  const pgAfter = await backendsCpuMs(name);
  const pgMs = [...pgAfter].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
  const each = (ms: number) => figure(ms / Math.max(1, totals.sent), 2);
  console.log(
    `pushes: ${totals.sent} sent to ${subscribed} subscribed people (${sinkAfter.pushes - sinkBefore.pushes} received by the endpoint, ${totals.skipped} skipped, ${totals.failed} failed) in ${figure(took)} s: ${figure(totals.sent / took)} pushes/s; load average ${load()}`,
  );
  console.log(
    `  CPU per push: sender ${each((cpu.user + cpu.system) / 1000)} ms, endpoint ${each(sinkAfter.cpuMs - sinkBefore.cpuMs)} ms, PostgreSQL ${each(pgMs)} ms`,
  );
}

async function main() {
  if (FOLLOWS > SERIES) throw new Error("BENCH_FOLLOWS must not exceed BENCH_SERIES");
  if (PAGES) {
    // The production server's build, made when missing or older than the code.
    const build = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], {
      cwd: projectRoot,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("the build failed");
  }
  const name = `bench_notify_${randomBytes(4).toString("hex")}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  let sink: Awaited<ReturnType<typeof startSink>> | undefined;
  let mailerToClose: { close?(): void } | undefined;
  let server: TestServer | undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), "perde-bench-notify-"));
  try {
    await database.migrate();
    const run = (text: string, values?: unknown[]) => database.executeSql(text, values);
    const day = today();
    // Tomorrow noon in Istanbul (UTC+3), and the weekday the people chose for their digest.
    const noon = Date.parse(`${day}T09:00:00Z`) + 24 * 60 * 60 * 1000;
    const { weekday } = istanbulClock(noon);
    console.log(
      `bench:notify: ${PEOPLE} people × ${FOLLOWS} followed series (of ${SERIES}), ${AIRING} airing on ${day}; load average ${load()}`,
    );

    let started = performance.now();
    await run(
      `insert into "user" (id, name, email)
       select 'p' || i, 'Kişi ' || i, 'p' || i || '@example.com' from generate_series(1, $1::int) i`,
      [PEOPLE],
    );
    await run(
      `insert into notification_preferences (user_id, digest, digest_weekday)
       select 'p' || i, 'weekly', $2::int from generate_series(1, $1::int) i`,
      [PEOPLE, weekday],
    );
    await run(
      `insert into tracked_series (series_id, name, refreshed_at)
       select i, 'Ölçüm Dizisi ' || i, now() from generate_series(1, $1::int) i`,
      [SERIES],
    );
    // The airing series spread over the universe; two of them air two episodes today.
    await run(
      `insert into tracked_episodes (series_id, season_number, episode_number, name, air_date)
       select s, 1, e, 'Bölüm ' || e, $2::date
         from generate_series(1, $1::int) k, lateral (select (k * 9973) % $3::int + 1 as s) x,
              generate_series(1, case when k <= 2 then 2 else 1 end) e`,
      [AIRING, day, SERIES],
    );
    // Person p follows the FOLLOWS series after an offset of their own (all distinct).
    const chunk = 10_000;
    for (let from = 1; from <= PEOPLE; from += chunk)
      await run(
        `insert into watchlist (user_id, item_type, item_id, status)
         select 'p' || p, 'tv', ((p * 31 + k) % $3::int) + 1,
                case when k % 3 = 0 then 'plan_to_watch' else 'watching' end
           from generate_series($1::int, $2::int) p, generate_series(0, $4::int - 1) k`,
        [from, Math.min(PEOPLE, from + chunk - 1), SERIES, FOLLOWS],
      );
    await run("analyze");
    console.log(`seeded in ${figure(seconds(started))} s`);

    started = performance.now();
    const detected = await detectAiredEpisodes(database.db, day);
    const detection = seconds(started);
    console.log(
      `detection + fan-out: ${detected.series} series, ${detected.notifications} notifications in ${figure(detection)} s (${figure(detected.notifications / detection, 0)} rows/s)`,
    );
    started = performance.now();
    expect(
      (await detectAiredEpisodes(database.db, day)).notifications === 0,
      "a second run inserts nothing",
    );
    console.log(`second detection run (nothing new): ${figure(seconds(started))} s`);
    await run("analyze");

    sink = await startSink();
    const mailer = createMailer(
      {
        databaseUrl: PG_URL,
        smtp: { host: "127.0.0.1", port: sink.smtpPort, from: "Perde <bildirim@perde.example>" },
      } as unknown as Env,
      createLogger("silent"),
    );
    mailerToClose = mailer;
    const env = { publicSiteUrl: "https://perde.example", authSecret: "b".repeat(40) };

    // Composing alone (no database, no SMTP): the mail of a person with three notifications.
    const items = [1, 2, 3].map((id) => ({
      id,
      kind: "episode_aired" as const,
      payload: {
        title: `Ölçüm Dizisi ${id}: yeni bölüm`,
        body: "1. Sezon 1. Bölüm",
        url: `/dizi/${id}/sezon/1`,
      },
    }));
    started = performance.now();
    const composeRuns = 20_000;
    for (let i = 0; i < composeRuns; i++) composeDigest(env, `p${i}`, `p${i}@example.com`, items);
    console.log(`composing only: ${figure(composeRuns / seconds(started), 0)} digests/s`);

    started = performance.now();
    const due = await dueDigestPeople(database.db, noon, PEOPLE);
    console.log(`due people: ${due.length} found in ${figure(seconds(started))} s`);
    const people = due.slice(0, DIGESTS);

    await pushes(database, name, sink, day);

    let pages: Awaited<ReturnType<typeof readers>> | undefined;
    if (PAGES) {
      server = await startAppServer(
        {
          NODE_ENV: "production",
          CATALOGUE: "local",
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
          DATABASE_URL: url.toString(),
          AUTH_SECRET: randomBytes(32).toString("hex"),
        },
        { timeoutMs: 300_000 },
      );
      pages = await readers(server.url);
      started = performance.now();
      await tickSettled((text) => database.executeSql(text));
      console.log(`server started; its start-up tick settled after ${figure(seconds(started))} s`);
      pages.times.idle.length = 0;
      await sleep(IDLE_MS);
      console.log(`pages idle: load average ${load()}`);
      pages.enter("during");
    }

    let next = 0;
    let mailed = 0;
    const timings: DigestTimings = { claimMs: 0, sendMs: 0, recordMs: 0 };
    // The CPU each side spends on the digests: this process (the sender), the sink, the database.
    const cpuBefore = process.cpuUsage();
    const sinkBefore = await sink.counts();
    const pgBefore = await backendsCpuMs(name);
    started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const services = { database, mailer, env };
        // As the digest jobs do: batches of DIGEST_JOB_SIZE people.
        while (next < people.length) {
          const batch = people.slice(next, next + JOB_SIZE);
          next += JOB_SIZE;
          const got = await sendDigests(services, batch, noon, timings);
          mailed += got.size;
        }
      }),
    );
    const digestSeconds = seconds(started);
    const loadDuring = load();
    const cpu = process.cpuUsage(cpuBefore);
    const sinkAfter = await sink.counts();
    const pgAfter = await backendsCpuMs(name);
    await pages?.stop();
    const rate = mailed / digestSeconds;
    const step = (ms: number) => `${figure(ms / 1000)} s`;
    console.log(
      `digests: ${mailed} claimed, composed and sent (${sinkAfter.mails - sinkBefore.mails} received by the sink) in ${figure(digestSeconds)} s: ${figure(rate)} digests/s; load average ${loadDuring}`,
    );
    console.log(
      `  summed over the ${CONCURRENCY} concurrent batches: claiming ${step(timings.claimMs)}, composing and sending ${step(timings.sendMs)}, recording ${step(timings.recordMs)}`,
    );
    const perDigest = (ms: number) => figure(ms / Math.max(1, mailed), 2);
    const senderMs = (cpu.user + cpu.system) / 1000;
    const sinkMs = sinkAfter.cpuMs - sinkBefore.cpuMs;
    // Backends that began during the run count from zero (the pool opens them as it needs).
    const pgMs = [...pgAfter].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
    console.log(
      `  CPU per digest: sender ${perDigest(senderMs)} ms, SMTP sink ${perDigest(sinkMs)} ms, PostgreSQL ${perDigest(pgMs)} ms (${pgAfter.size} backends); all three on this machine's ${availableParallelism()} cores: at most ${figure((availableParallelism() * 1000 * mailed) / (senderMs + sinkMs + pgMs), 0)} digests/s`,
    );
    // The target is for 100,000 people, whatever size this run was.
    const fullDay = 100_000 / rate;
    console.log(
      `a day's digests for 100000 people at this rate: ${figure(fullDay / 60)} min (target ${TARGET_DIGEST_SECONDS / 60} min: ${fullDay <= TARGET_DIGEST_SECONDS ? "met" : "NOT met"})`,
    );
    if (pages) {
      const idleP95 = percentile(pages.times.idle, 0.95);
      const duringP95 = percentile(pages.times.during, 0.95);
      const ms = (value: number) => `${Math.round(value)} ms`;
      console.table(
        (["idle", "during"] as const).map((phase) => ({
          "signed-in pages": phase,
          requests: pages.times[phase].length,
          p50: ms(percentile(pages.times[phase], 0.5)),
          p95: ms(percentile(pages.times[phase], 0.95)),
          max: ms(Math.max(...pages.times[phase])),
        })),
      );
      console.log(
        `pages not 200: ${pages.errors()}; p95 during ≤ 2 × idle p95 (${ms(2 * idleP95)}): ${duringP95 <= 2 * idleP95 ? "met" : "MISSED"}`,
      );
    }
  } catch (error) {
    if (server) console.error(server.output().slice(-4_000));
    throw error;
  } finally {
    await server?.stop();
    mailerToClose?.close?.();
    sink?.stop();
    await database.close();
    await admin(`drop database ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function expect(condition: boolean, what: string) {
  if (!condition) throw new Error(`bench:notify: expected ${what}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
