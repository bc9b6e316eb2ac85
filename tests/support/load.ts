import { readFile } from "node:fs/promises";
import { raw } from "./raw-http";

/** Resident memory of a process, in MB (Linux). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * Sends `total` GET requests, `concurrency` at a time, and returns their statuses; a request
 * without an answer within `timeoutMs` rejects the whole load.
 */
export async function load(
  base: string,
  total: number,
  concurrency: number,
  pathOf: (index: number) => string,
  timeoutMs?: number,
): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        statuses.push((await raw(base, { path: pathOf(index), timeoutMs })).status);
      }
    }),
  );
  return statuses;
}

/**
 * Signed-in people (their session cookies) asking `pages` of `site` one after another, each
 * starting at a page of its own and pausing `thinkMs` between two, until `stop()`. Each answer's
 * time goes to the phase it began in (`enter` moves on); an answer that is not a whole 200 page
 * counts as an error and never ends the reading.
 */
export function readPages<Phase extends string>(
  site: string,
  cookies: readonly string[],
  pages: readonly string[],
  phases: readonly [Phase, ...Phase[]],
  thinkMs = 0,
) {
  const times = Object.fromEntries(phases.map((phase) => [phase, [] as number[]])) as Record<
    Phase,
    number[]
  >;
  let phase: Phase | "done" = phases[0];
  let errors = 0;
  const reading = Promise.all(
    cookies.map(async (cookie, offset) => {
      for (let turn = offset; phase !== "done"; turn++) {
        const at = phase;
        const started = performance.now();
        const response = await fetch(`${site}${pages[turn % pages.length]}`, {
          headers: { Cookie: cookie },
        }).catch(() => null);
        const whole = await response?.arrayBuffer().then(
          () => true,
          () => false,
        );
        if (!whole || response?.status !== 200) errors++;
        if (phase === at) times[at].push(performance.now() - started);
        if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
      }
    }),
  );
  return {
    times,
    errors: () => errors,
    enter: (next: Phase) => {
      phase = next;
    },
    stop: async () => {
      phase = "done";
      await reading;
    },
  };
}
