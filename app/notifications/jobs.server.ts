import type { Mailer } from "~/accounts/mailer.server";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { nowMs, today } from "~/core/clock.server";
import type { Logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import type { JobQueue } from "~/db/jobs.server";
import { deliverPushes } from "./delivery.server";
import {
  dayBefore,
  detectAcceptedInvites,
  detectAiredEpisodes,
  detectCinemaOpenings,
  detectNewProviders,
  readProviders,
} from "./detect.server";
import { dueDigestPeople, sendDigests } from "./digest.server";

/*
 * The notification jobs on the pg-boss queue (decision 018, decision 035). Detection writes rows
 * (idempotent: the unique key per person, kind and subject); delivery sends them (idempotent:
 * the claim per notification and channel). Three queues (each is a table partition that every
 * start creates or checks, so they are few):
 *   - `notify-tick`, every five minutes: new episodes (in the first tick of each hour, and when
 *     asked at start), accepted list invites, the digests due (queued as `notify-digest` jobs of
 *     50 people) and the push sweep;
 *   - `notify-daily`, at 06:30: the streaming services (in batches: the job queues itself again
 *     while titles are due) and, on Fridays, the week's cinema openings;
 *   - `notify-digest`: one batch of digests, retried with a growing pause when a send fails.
 */

export interface NotificationServices {
  database: { db: Database };
  catalogue: Catalogue;
  mailer: Mailer;
  jobs: JobQueue;
  logger: Logger;
  env: { publicSiteUrl: string; authSecret: string };
}

const QUEUES = {
  tick: "notify-tick",
  daily: "notify-daily",
  digest: "notify-digest",
} as const;

/** People per digest job: a job is a few seconds of work, spread over the instances. */
const DIGEST_JOB_SIZE = 50;
/**
 * The least time between two catalogue reads of the provider job on one instance (as the series
 * refresh spaces its reads): the movie database's limiter caps bursts on top.
 */
const PROVIDER_SPACING_MS = 250;

interface TickData {
  /** Look for aired episodes now (the first tick of each hour does anyway). */
  episodes?: boolean;
}

interface DailyData {
  /** A later batch of the provider comparison: the cinema part has run already. */
  providersOnly?: boolean;
}

export async function defineNotificationJobs(services: NotificationServices): Promise<void> {
  const { jobs, logger } = services;
  const { db } = services.database;
  const log = logger.child({ component: "notifications" });

  async function queueDueDigests() {
    const due = await dueDigestPeople(db);
    for (let start = 0; start < due.length; start += DIGEST_JOB_SIZE)
      await jobs.send(QUEUES.digest, { userIds: due.slice(start, start + DIGEST_JOB_SIZE) });
    if (due.length) log.info({ people: due.length }, "digests queued");
  }

  await jobs.define<TickData>(QUEUES.tick, {
    policy: "singleton",
    retryLimit: 1,
    async run({ episodes }) {
      if (episodes || new Date(nowMs()).getUTCMinutes() < 5) {
        // Yesterday too: a night the site was down still notifies (the key keeps it to once).
        const day = today();
        for (const which of [dayBefore(day), day]) {
          const found = await detectAiredEpisodes(db, which);
          if (found.notifications) log.info({ day: which, ...found }, "episode notifications");
        }
      }
      await detectAcceptedInvites(db);
      await queueDueDigests();
      const pushed = await deliverPushes(db);
      if (pushed.sent || pushed.failed) log.info(pushed, "pushes delivered");
    },
  });
  await jobs.schedule(QUEUES.tick, "*/5 * * * *");

  let lastRead = 0;
  await jobs.define<DailyData>(QUEUES.daily, {
    policy: "singleton",
    retryLimit: 3,
    expireInSeconds: 30 * 60,
    async run({ providersOnly }) {
      // Films open on Fridays: the week's openings are known by Friday morning.
      if (!providersOnly && new Date(`${today()}T00:00:00Z`).getUTCDay() === 5) {
        const found = await detectCinemaOpenings(db, services.catalogue);
        if (found.notifications) log.info(found, "cinema notifications");
      }
      const found = await detectNewProviders(db, async (type, id) => {
        const wait = lastRead + PROVIDER_SPACING_MS - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        lastRead = Date.now();
        return readProviders(services.catalogue, type, id);
      });
      if (found.notifications) log.info(found, "streaming notifications");
      // More titles are due today: the next batch is its own job (a restart loses no work).
      if (found.more) await jobs.send(QUEUES.daily, { providersOnly: true });
    },
  });
  await jobs.schedule(QUEUES.daily, "30 6 * * *");

  await jobs.define<{ userIds: string[] }>(QUEUES.digest, {
    // A failed send is retried with a growing pause (pg-boss's backoff): 5 tries.
    retryLimit: 5,
    async run({ userIds }) {
      try {
        await sendDigests(services, userIds, nowMs());
      } catch (error) {
        // The others got theirs; the failed people's claims were given back for the retry.
        log.warn({ err: String(error) }, "digest not sent");
        throw error;
      }
    },
  });
}

/**
 * At start-up, once the queue runs: a tick that looks for aired episodes at once (a site that
 * was down on the hour catches up now rather than an hour later).
 */
export async function catchUpNotifications(services: Pick<NotificationServices, "jobs">) {
  await services.jobs.send(QUEUES.tick, { episodes: true } satisfies TickData);
}
