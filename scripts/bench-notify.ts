/*
 * `npm run bench:notify`: notifications at scale (issue #36, decision 035), in this process on
 * PostgreSQL (a throwaway database on BENCH_PG_URL, postgres://postgres@127.0.0.1:5432/postgres
 * by default, created and dropped here).
 *
 * BENCH_PEOPLE people (default 100,000) follow BENCH_FOLLOWS series each (default 150) out of
 * BENCH_SERIES (default 3,000); BENCH_AIRING of them (default 300) air an episode today. Printed:
 *   - detection and fan-out: the episode job's work for the day (one notification per person and
 *     series), its time and rows;
 *   - the digests: every due person's digest claimed, composed (HTML and text) and sent over SMTP
 *     to a local sink (smtp-server, which reads and drops each mail), BENCH_CONCURRENCY at a
 *     time (default 8 jobs of 50 people, as several digest jobs run at once), BENCH_DIGESTS of them (default all);
 *     digests per second, and the time a day's digests for everyone would take at that rate.
 * Target: a day's digests for 100,000 people composed within 10 minutes. The machine is shared:
 * compare figures of one run only.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { createMailer } from "../app/accounts/mailer.server";
import { today } from "../app/core/clock.server";
import type { Env } from "../app/core/env.server";
import { createLogger } from "../app/core/logger.server";
import { openDatabase } from "../app/db/client.server";
import { detectAiredEpisodes } from "../app/notifications/detect.server";
import { composeDigest, dueDigestPeople, sendDigests } from "../app/notifications/digest.server";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const FOLLOWS = Number(process.env.BENCH_FOLLOWS ?? 150);
const SERIES = Number(process.env.BENCH_SERIES ?? 3_000);
const AIRING = Number(process.env.BENCH_AIRING ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DIGESTS = Number(process.env.BENCH_DIGESTS ?? PEOPLE);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_DIGEST_SECONDS = 600;
/** People per digest job, as app/notifications/jobs.server.ts queues them. */
const JOB_SIZE = 50;

const seconds = (from: number) => (performance.now() - from) / 1000;
const figure = (value: number, digits = 1) => value.toFixed(digits);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  if (FOLLOWS > SERIES) throw new Error("BENCH_FOLLOWS must not exceed BENCH_SERIES");
  const name = `bench_notify_${randomBytes(4).toString("hex")}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  let sink: SMTPServer | undefined;
  let mailerToClose: { close?(): void } | undefined;
  try {
    await database.migrate();
    const run = (text: string, values?: unknown[]) => database.executeSql(text, values);
    const day = today();
    console.log(
      `bench:notify: ${PEOPLE} people × ${FOLLOWS} followed series (of ${SERIES}), ${AIRING} airing on ${day}`,
    );

    let started = performance.now();
    await run(
      `insert into "user" (id, name, email)
       select 'p' || i, 'Kişi ' || i, 'p' || i || '@example.com' from generate_series(1, $1::int) i`,
      [PEOPLE],
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

    // The SMTP sink: reads each mail to its end, keeps nothing.
    let received = 0;
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        stream.on("data", () => {});
        stream.on("end", () => {
          received++;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink!.listen(0, "127.0.0.1", resolve));
    const { port } = sink.server.address() as AddressInfo;
    const mailer = createMailer(
      {
        databaseUrl: PG_URL,
        smtp: { host: "127.0.0.1", port, from: "Perde <bildirim@perde.example>" },
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

    // The due people at 12:00 Istanbul today (after the default 09:00).
    const noon = Date.parse(`${day}T09:00:00Z`);
    started = performance.now();
    const due = await dueDigestPeople(database.db, noon, PEOPLE);
    console.log(`due people: ${due.length} found in ${figure(seconds(started))} s`);
    const people = due.slice(0, DIGESTS);
    let next = 0;
    let mailed = 0;
    started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const services = { database, mailer, env };
        // As the digest jobs do: batches of DIGEST_JOB_SIZE people.
        while (next < people.length) {
          const batch = people.slice(next, next + JOB_SIZE);
          next += JOB_SIZE;
          const got = await sendDigests(services, batch, noon);
          mailed += got.size;
        }
      }),
    );
    const digestSeconds = seconds(started);
    const rate = mailed / digestSeconds;
    console.log(
      `digests: ${mailed} claimed, composed and sent (${received} received by the sink) in ${figure(digestSeconds)} s: ${figure(rate)} digests/s`,
    );
    // The target is for 100,000 people, whatever size this run was.
    const fullDay = 100_000 / rate;
    console.log(
      `a day's digests for 100000 people at this rate: ${figure(fullDay / 60)} min (target ${TARGET_DIGEST_SECONDS / 60} min: ${fullDay <= TARGET_DIGEST_SECONDS ? "met" : "NOT met"})`,
    );
  } finally {
    mailerToClose?.close?.();
    await new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));
    await database.close();
    await admin(`drop database ${name} with (force)`);
  }
}

function expect(condition: boolean, what: string) {
  if (!condition) throw new Error(`bench:notify: expected ${what}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
