import PgBoss from "pg-boss";
import { currentClockOffset, SITE_TIME_ZONE, withClockOffset } from "~/core/clock.server";
import type { Logger } from "~/core/logger.server";
import type { DatabaseHandle } from "./client.server";

/*
 * The background job queue (decision 018): pg-boss, on the site's own database. Jobs are rows in
 * PostgreSQL (schema `pgboss`), so they survive a restart, and any instance that is free takes
 * the next one (SELECT … FOR UPDATE SKIP LOCKED). On the embedded database the one process is
 * the only worker. Domains declare their queues at start-up (`define`) and add jobs with `send`.
 */

/** Where a job sent on a test's clock carries its offset (decision 032); not seen by `run`. */
const CLOCK_FIELD = "__perdeClockOffset";

export type JobPolicy = "standard" | "short" | "singleton" | "stately";

export interface JobDefinition<Data extends object> {
  /**
   * pg-boss's queue policies: `stately` keeps at most one job waiting and one running per
   * singleton key (a refresh asked twice runs once); `standard` keeps every job.
   */
  policy?: JobPolicy;
  /** Tries after the first failure (default 2), with a growing pause. */
  retryLimit?: number;
  /** How long one try may run before pg-boss takes it back (default 15 minutes). */
  expireInSeconds?: number;
  /** How often an idle worker asks for work (default 2 s). */
  pollingIntervalSeconds?: number;
  /** Does the work; throwing fails this try (retried within `retryLimit`). */
  run(data: Data, job: { id: string }): Promise<void>;
}

export interface SendOptions {
  /** With the `stately` or `short` policy, jobs of one key are not queued twice. */
  singletonKey?: string;
  /** Not before this moment. */
  startAfter?: Date;
}

export interface JobQueue {
  /**
   * Declares a queue and the function that works it. Declarations are made at start-up, before
   * `start`, which creates the queues and begins the work.
   */
  define<Data extends object>(name: string, definition: JobDefinition<Data>): Promise<void>;
  /** Runs `name` on a cron schedule (Europe/Istanbul), once across all instances; at start-up. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Queues a job; null when an equal job (same singleton key) is already waiting. */
  send<Data extends object>(
    name: string,
    data: Data,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Stops taking work and waits up to `timeoutMs` for the jobs running now. */
  stop(timeoutMs?: number): Promise<void>;
}

/** The queue as the server holds it: declared, then started once everything is declared. */
export interface StartableJobQueue extends JobQueue {
  start(): Promise<void>;
}

/**
 * pg-boss talks to PGlite through this: statements with parameters go to `query`, and the
 * parameterless scripts pg-boss runs (its migrations, several statements in one string) to
 * `exec`, which answers with the last statement's rows.
 */
function executeSqlOn(database: DatabaseHandle): PgBoss.Db {
  return {
    executeSql: (text, values) => database.executeSql(text, values),
  };
}

export function createJobQueue(database: DatabaseHandle, logger: Logger): StartableJobQueue {
  const boss = new PgBoss({
    db: executeSqlOn(database),
    schema: "pgboss",
    // Finished jobs are kept a week for operators, then deleted by pg-boss's own maintenance.
    deleteAfterDays: 7,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  const log = logger.child({ component: "jobs" });
  const definitions = new Map<string, JobDefinition<object>>();
  const schedules: { name: string; cron: string; data: object }[] = [];

  const work = (name: string, definition: JobDefinition<object>) =>
    boss.work<object>(
      name,
      { pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) {
          const started = Date.now();
          const { [CLOCK_FIELD]: clockOffset, ...data } = job.data as Record<string, unknown>;
          try {
            if (typeof clockOffset === "number")
              await withClockOffset(clockOffset, () => definition.run(data, { id: job.id }));
            else await definition.run(data, { id: job.id });
            log.debug({ job: name, id: job.id, ms: Date.now() - started }, "job done");
          } catch (error) {
            log.warn({ job: name, id: job.id, err: error }, "job failed");
            throw error;
          }
        }
      },
    );

  return {
    async define(name, definition) {
      definitions.set(name, definition as JobDefinition<object>);
    },
    async schedule(name, cron, data = {}) {
      schedules.push({ name, cron, data });
    },
    async start() {
      // pg-boss's schema, its queues (each a partition of one table) and schedules are created
      // on start, which is not safe when several instances start on an empty database at once
      // (a duplicate schema, deadlocks between partitions): one instance at a time.
      await database.exclusively(async () => {
        await boss.start();
        for (const [name, definition] of definitions) {
          const options = {
            name,
            policy: definition.policy ?? "standard",
            retryLimit: definition.retryLimit ?? 2,
            retryBackoff: true,
            expireInSeconds: definition.expireInSeconds ?? 15 * 60,
          };
          // createQueue leaves a queue that exists as it was: a definition that changed (its
          // policy, expiry, retries) is applied to it, for the jobs sent from now on.
          await boss.createQueue(name, options);
          await boss.updateQueue(name, options);
        }
        for (const { name, cron, data } of schedules)
          await boss.schedule(name, cron, data, { tz: SITE_TIME_ZONE });
      });
      for (const [name, definition] of definitions) await work(name, definition);
    },
    send: (name, data, options = {}) => {
      // A job sent on a test's clock (PERDE_TEST_CLOCK=1 servers only) runs on it too.
      const clockOffset = currentClockOffset();
      return boss.send(
        name,
        clockOffset === undefined ? data : { ...data, [CLOCK_FIELD]: clockOffset },
        {
          singletonKey: options.singletonKey,
          startAfter: options.startAfter,
        },
      );
    },
    stop: (timeoutMs = 10_000) =>
      boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs }),
  };
}
