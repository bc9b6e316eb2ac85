/*
 * `npm run bench:import`: a generated Letterboxd export of BENCH_IMPORT_ROWS (5,000) rows, a ZIP
 * with diary.csv, ratings.csv, watched.csv and watchlist.csv naming the embedded catalogue's
 * films (1 row in 50 with a year that matches no film, for the review screen), read and
 * imported the way the site does it: the upload read and checked, its rows stored, then the
 * job's body run to the end, on an embedded (PGlite) database in a folder, like `npm start`.
 * Prints the time of each step and the growth of resident memory (sampled every 20 ms).
 * Targets (issue #24): at most 30 s, under 100 MB.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureLocalCatalogue } from "../app/catalogue/local/load.server";
import { createLocalSource } from "../app/catalogue/local/local-source.server";
import { memoizeCatalogue } from "../app/catalogue/local/memo.server";
import type { ItemChanges } from "../app/core/item-changes.server";
import { createLogger } from "../app/core/logger.server";
import { user } from "../app/db/auth-schema";
import { openDatabase } from "../app/db/client.server";
import type { JobQueue } from "../app/db/jobs.server";
import { createImport, importOf, runImport } from "../app/history/import/imports.server";
import { checkUpload } from "../app/history/import/read-upload.server";
import { today } from "../app/core/clock.server";
import { projectRoot } from "../tests/support/app-server";
import { benchHistory, printHistoryBench } from "./bench-history";
import { zipOf } from "../tests/support/import-files";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);

interface Film {
  title: string;
  year: number;
}

async function catalogueFilms(): Promise<Film[]> {
  const folder = path.join(projectRoot, "content", "catalogue", "movies");
  const films: Film[] = [];
  for (const file of await readdir(folder)) {
    const list = JSON.parse(await readFile(path.join(folder, file), "utf8")) as {
      title: string;
      originalTitle: string;
      releaseDate: string;
    }[];
    // Letterboxd names films in English: the original title, as most of its rows would.
    for (const film of list)
      films.push({ title: film.originalTitle, year: Number(film.releaseDate.slice(0, 4)) });
  }
  return films;
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The export's four files, ROWS rows in all: 40% diary, 20% ratings, 25% watched, 15% list. */
function exportFiles(films: Film[]) {
  const counts = {
    diary: Math.round(ROWS * 0.4),
    ratings: Math.round(ROWS * 0.2),
    watched: Math.round(ROWS * 0.25),
  };
  const watchlist = ROWS - counts.diary - counts.ratings - counts.watched;
  const film = (index: number) => {
    const chosen = films[(index * 7) % films.length]!;
    // One row in 50 names a year no film of that title has: it waits for the person's choice.
    return index % 50 === 49 ? { ...chosen, year: chosen.year + 3 } : chosen;
  };
  const day = (index: number) => {
    const date = new Date(Date.UTC(2015, 0, 1) + (index % 3650) * 86_400_000);
    return date.toISOString().slice(0, 10);
  };
  const lines = (header: string, count: number, row: (index: number) => string) =>
    [header, ...Array.from({ length: count }, (_, index) => row(index))].join("\r\n") + "\r\n";
  return {
    "diary.csv":
      "\ufeff" +
      lines(
        "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date",
        counts.diary,
        (index) => {
          const { title, year } = film(index);
          const stars = ((index % 10) + 1) / 2;
          return `${day(index)},${quoted(title)},${year},https://boxd.it/d${index},${stars},${index % 4 === 0 ? "Yes" : ""},"sinema, ${index % 7}",${day(index)}`;
        },
      ),
    "ratings.csv": lines("Date,Name,Year,Letterboxd URI,Rating", counts.ratings, (index) => {
      const { title, year } = film(index + 11);
      return `${day(index)},${quoted(title)},${year},https://boxd.it/r${index},${((index % 10) + 1) / 2}`;
    }),
    "watched.csv": lines("Date,Name,Year,Letterboxd URI", counts.watched, (index) => {
      const { title, year } = film(index + 23);
      return `${day(index)},${quoted(title)},${year},https://boxd.it/w${index}`;
    }),
    "watchlist.csv": lines("Date,Name,Year,Letterboxd URI", watchlist, (index) => {
      const { title, year } = film(index + 37);
      return `${day(index)},${quoted(title)},${year},https://boxd.it/l${index}`;
    }),
  };
}

async function main() {
  const logger = createLogger("warn");
  const dataDir = await mkdtemp(path.join(tmpdir(), "perde-bench-import-"));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await ensureLocalCatalogue(database.db, logger);
    const catalogue = memoizeCatalogue(createLocalSource(database.db, logger));
    await database.db
      .insert(user)
      .values({ id: "bench", name: "Bench", email: "bench@example.com" });
    const zip = await zipOf(exportFiles(await catalogueFilms()));

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const before = process.memoryUsage();
    const startRss = before.rss;
    const started = performance.now();
    const read = await checkUpload("letterboxd-bench.zip", zip, { today: today() });
    if (!read.ok) throw new Error(read.message);
    const readMs = performance.now() - started;
    const afterRead = process.memoryUsage().rss;
    const services = {
      database,
      catalogue,
      logger,
      jobs: { send: async () => "bench" } as unknown as JobQueue,
      changes: { changed: async () => undefined } as unknown as ItemChanges,
    };
    const created = await createImport(services, "bench", {
      fileName: "bench.zip",
      source: read.source,
      bytes: zip,
    });
    if (!created.ok) throw new Error(created.message);
    const storedMs = performance.now() - started;
    const afterStore = process.memoryUsage().rss;
    await runImport(services, created.importId);
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    const result = (await importOf(database.db, "bench", created.importId))!;

    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(`\nbench:import (Node ${process.version}, embedded database in a folder)`);
    console.log(`  file: ZIP of ${ROWS} rows, ${(zip.length / 1024).toFixed(0)} KB`);
    console.log(`  read and checked: ${seconds(readMs)} s `);
    console.log(`  rows stored (import created): ${seconds(storedMs)} s`);
    console.log(
      `  matched and written: ${seconds(totalMs)} s in all, ${result.processedRows} / ${result.totalRows} rows, ` +
        `${result.reviewCount} waiting for a choice, status ${result.status}`,
    );
    console.log(
      `  resident memory: ${mb(startRss)} MB before, ${mb(afterRead)} MB after reading, ` +
        `${mb(afterStore)} MB after storing, peak ${mb(peak)} MB (growth ${mb(peak - startRss)} MB)`,
    );
    const after = process.memoryUsage();
    console.log(
      `  of which the JavaScript heap: ${mb(before.heapUsed)} MB before, ${mb(after.heapUsed)} MB after; ` +
        `the rest is mostly the embedded database's WebAssembly memory (its page cache)`,
    );
    console.log(
      `  targets: ≤ 30 s ${totalMs <= 30_000 ? "met" : "MISSED"}, growth < 100 MB ${peak - startRss < 100 * 1024 * 1024 ? "met" : "MISSED"}`,
    );
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  // The pages of a person with a history this size: the diary and the year summary on the
  // production server, with 5,000 entries of their own (scripts/bench-history.ts).
  printHistoryBench(await benchHistory());
}

await main();
