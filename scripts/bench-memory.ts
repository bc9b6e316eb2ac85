/*
 * `npm run bench:memory`: resident memory of the production server (as `npm start` runs it, on
 * the embedded defaults) before and after floods of junk addresses: 8 KB of junk in the query of
 * the search API (the audit's attack) and of a film page. Two floods of BENCH_JUNK (20,000)
 * addresses each, 20 at a time; the second shows whether memory keeps growing.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { projectRoot, startAppServer } from "../tests/support/app-server";
import { load, residentMb } from "../tests/support/load";
import { raw } from "../tests/support/raw-http";

const JUNK = Number(process.env.BENCH_JUNK ?? 20_000);
const FILM = "/film/baba-1972-238";

/** One flood: half the junk in the search API's query, half beside a film page. */
async function flood(base: string, round: number): Promise<{ answered: number; failed: number }> {
  const junk = "x".repeat(8 * 1024);
  const statuses = await load(base, JUNK, 20, (index) =>
    index % 2 === 0
      ? `/api/arama?q=${junk}${round}-${index}`
      : `${FILM}?utm_source=${junk}${round}-${index}`,
  );
  const answered = statuses.filter((status) => status === 200).length;
  return { answered, failed: statuses.length - answered };
}

async function main() {
  if (spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" }).status !== 0)
    process.exit(1);
  const dataDir = path.join(projectRoot, "data", "bench");
  await mkdir(dataDir, { recursive: true });
  const server = await startAppServer(
    { NODE_ENV: "production", CATALOGUE: "local", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    { timeoutMs: 300_000 },
  );
  try {
    const pid = server.process.pid!;
    for (const page of ["/", FILM, "/api/arama?q=baba"]) await raw(server.url, { path: page });
    const rows: string[] = [`start (pages warmed): ${(await residentMb(pid)).toFixed(0)} MB`];
    for (const round of [1, 2]) {
      const started = Date.now();
      const { answered, failed } = await flood(server.url, round);
      const seconds = (Date.now() - started) / 1000;
      rows.push(
        `after flood ${round} (${JUNK} addresses of 8 KB junk, ${answered} answered 200, ` +
          `${failed} other, ${seconds.toFixed(1)} s): ${(await residentMb(pid)).toFixed(0)} MB`,
      );
    }
    console.log(`\nResident memory of the server (Node ${process.version})`);
    for (const row of rows) console.log(`  ${row}`);
  } finally {
    await server.stop();
  }
}

await main();
