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
 * the claim per notification and channel).
 */

export interface NotificationServices {
  database: { db: Database };
  catalogue: Catalogue;
  mailer: Mailer;
  jobs: JobQueue;
  logger: Logger;
  env: { publicSiteUrl: string; authSecret: string };
}

const NOTIFICATION_QUEUES = {
  episodes: "notify-episodes",
  providers: "notify-providers",
  cinema: "notify-cinema",
  invites: "notify-invites",
  digestDue: "notify-digest-due",
  digest: "notify-digest",
  push: "notify-push",
} as const;

/** People per digest job: a job is a few seconds of work, spread over the instances. */
const DIGEST_JOB_SIZE = 50;
/**
 * The least time between two catalogue reads of the provider job on one instance (as the series
 * refresh spaces its reads): the movie database's limiter caps bursts on top.
 */
const PROVIDER_SPACING_MS = 250;

export async function defineNotificationJobs(services: NotificationServices): Promise<void> {
  const { jobs, logger } = services;
  const { db } = services.database;
  const log = logger.child({ component: "notifications" });

  await jobs.define(NOTIFICATION_QUEUES.episodes, {
    policy: "singleton",
    retryLimit: 2,
    async run() {
      // Yesterday too: a night the site was down still notifies (the key keeps it to once).
      const day = today();
      let made = 0;
      for (const which of [dayBefore(day), day]) {
        const found = await detectAiredEpisodes(db, which);
        made += found.notifications;
        if (found.notifications) log.info({ day: which, ...found }, "episode notifications");
      }
      // People whose digest time has passed today hear now, not at the next check.
      if (made) await jobs.send(NOTIFICATION_QUEUES.digestDue, {});
    },
  });
  await jobs.schedule(NOTIFICATION_QUEUES.episodes, "10 * * * *");

  let lastRead = 0;
  await jobs.define(NOTIFICATION_QUEUES.providers, {
    policy: "singleton",
    retryLimit: 3,
    expireInSeconds: 30 * 60,
    async run() {
      const found = await detectNewProviders(db, async (type, id) => {
        const wait = lastRead + PROVIDER_SPACING_MS - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        lastRead = Date.now();
        return readProviders(services.catalogue, type, id);
      });
      if (found.notifications) log.info(found, "streaming notifications");
      // More titles are due today: the next batch is its own job (a restart loses no work).
      if (found.more) await jobs.send(NOTIFICATION_QUEUES.providers, {});
    },
  });
  await jobs.schedule(NOTIFICATION_QUEUES.providers, "30 6 * * *");

  await jobs.define(NOTIFICATION_QUEUES.cinema, {
    policy: "singleton",
    retryLimit: 3,
    async run() {
      const found = await detectCinemaOpenings(db, services.catalogue);
      if (found.notifications) log.info(found, "cinema notifications");
      if (found.notifications) await jobs.send(NOTIFICATION_QUEUES.digestDue, {});
    },
  });
  // Films open on Fridays: the week's openings are known by Thursday evening.
  await jobs.schedule(NOTIFICATION_QUEUES.cinema, "0 7 * * 5");

  await jobs.define(NOTIFICATION_QUEUES.invites, {
    policy: "singleton",
    retryLimit: 2,
    async run() {
      await detectAcceptedInvites(db);
    },
  });
  await jobs.schedule(NOTIFICATION_QUEUES.invites, "*/5 * * * *");

  await jobs.define(NOTIFICATION_QUEUES.digestDue, {
    policy: "singleton",
    retryLimit: 0,
    async run() {
      const due = await dueDigestPeople(db);
      for (let start = 0; start < due.length; start += DIGEST_JOB_SIZE)
        await jobs.send(NOTIFICATION_QUEUES.digest, {
          userIds: due.slice(start, start + DIGEST_JOB_SIZE),
        });
      if (due.length) log.info({ people: due.length }, "digests queued");
    },
  });
  await jobs.schedule(NOTIFICATION_QUEUES.digestDue, "*/5 * * * *");

  await jobs.define<{ userIds: string[] }>(NOTIFICATION_QUEUES.digest, {
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

  await jobs.define(NOTIFICATION_QUEUES.push, {
    policy: "singleton",
    retryLimit: 0,
    async run() {
      const result = await deliverPushes(db);
      if (result.sent || result.failed) log.info(result, "pushes delivered");
    },
  });
  await jobs.schedule(NOTIFICATION_QUEUES.push, "* * * * *");
}

/**
 * At start-up, once the queue runs: the episode detection runs at once (a site that was down at
 * ten past the hour catches up now rather than an hour later).
 */
export async function catchUpNotifications(services: Pick<NotificationServices, "jobs">) {
  await services.jobs.send(NOTIFICATION_QUEUES.episodes, {});
}
