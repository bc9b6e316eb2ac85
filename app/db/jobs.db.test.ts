import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database";
import { createLogger } from "~/core/logger.server";
import type { DatabaseHandle } from "./client.server";
import { createJobQueue, type StartableJobQueue } from "./jobs.server";

/*
 * The job queue on the real database (decision 018): a job sent on this instance wakes its
 * queue's worker, and a worker that has just done a job asks again at its queue's pace. Here the
 * idle workers look for work only every ten minutes, so a job that runs within the tests' limit
 * was started by a wake, never by the idle look.
 */

const IDLE_LOOK_SECONDS = 600;

let handle: DatabaseHandle;
let queue: StartableJobQueue;
const ran: { name: string; n: number }[] = [];
const waiters: (() => void)[] = [];

/** Resolves once `count` jobs of `name` have run. */
function ranJobs(name: string, count: number) {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (ran.filter((job) => job.name === name).length >= count) resolve();
      else waiters.push(check);
    };
    check();
  });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  queue = createJobQueue(handle, createLogger("silent"), { idleLookSeconds: IDLE_LOOK_SECONDS });
  for (const [name, paceSeconds] of [
    ["one", 2],
    ["backlog", 0.5],
  ] as const)
    await queue.define<{ n: number }>(name, {
      paceSeconds,
      run: async ({ n }) => {
        ran.push({ name, n });
        for (const waiter of waiters.splice(0)) waiter();
      },
    });
  await queue.start();
}, 120_000);
afterAll(async () => {
  await queue?.stop(1_000);
  await handle?.close();
});

describe("the job queue", () => {
  it("starts a job sent here at once, not at the idle workers' next look", async () => {
    const started = Date.now();
    await queue.send("one", { n: 1 });
    await ranJobs("one", 1);
    expect(Date.now() - started).toBeLessThan(IDLE_LOOK_SECONDS * 1000);
  });

  it("works a backlog one job after another at the queue's pace, without waiting for a look", async () => {
    // Three jobs sent by another instance (a queue with no worker here): they wake nobody.
    const other = createJobQueue(handle, createLogger("silent"));
    await other.start();
    try {
      for (const n of [1, 2, 3]) await other.send("backlog", { n });
    } finally {
      await other.stop(1_000);
    }
    // One sent here wakes the worker, which then takes the others at the queue's pace.
    await queue.send("backlog", { n: 4 });
    await ranJobs("backlog", 4);
    expect(
      ran
        .filter((job) => job.name === "backlog")
        .map((job) => job.n)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
  });
});
