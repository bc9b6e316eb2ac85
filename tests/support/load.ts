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
