/*
 * `npm run bench:import`: a history import as people live it, on the production server (issue
 * #32.4). A generated Letterboxd export of BENCH_IMPORT_ROWS (50,000, the most a file may have)
 * rows, a ZIP with diary.csv, ratings.csv, watched.csv and watchlist.csv naming the embedded
 * catalogue's films (1 row in 50 with a year that matches no film, for the review screen), is
 * uploaded by one person while three others keep using their signed-in pages (Panelim, the
 * list, Hesabım; one request after another, a quarter of a second apart each).
 *
 * Prints: the upload's response time; the others' page times (p50, p95, max) while idle, during
 * the import and in the 10 s after it; the import's total time (upload to last row written);
 * the server's peak resident memory. Targets: the upload answers within 2 s; during the import
 * the others' p95 stays within twice the idle p95.
 *
 * On the embedded database (PGlite in a folder, like `npm start`), and on PostgreSQL too when
 * BENCH_DATABASE_URL names a server's admin URL (e.g. postgres://postgres@127.0.0.1:5432/postgres;
 * a throwaway database is made and dropped). Then the history pages' bench (bench-history.ts).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot, startAppServer, type TestServer } from "../tests/support/app-server";
import { newAccount, postForm } from "../tests/support/form-posts";
import { zipOf } from "../tests/support/import-files";
import { readPages } from "../tests/support/load";
import { benchHistory, printHistoryBench, throwawayDatabase } from "./bench-history";

/**
 * Which export is generated: Letterboxd's (the default), TV Time's GDPR ZIP, Trakt's ZIP or
 * Netflix's viewing activity.
 */
const FORMAT = (process.env.BENCH_IMPORT_FORMAT ?? "letterboxd") as
  "letterboxd" | "tvtime" | "trakt" | "netflix";
if (!["letterboxd", "tvtime", "trakt", "netflix"].includes(FORMAT))
  throw new Error("BENCH_IMPORT_FORMAT: letterboxd, tvtime, trakt or netflix");
const DEFAULT_ROWS = { letterboxd: 50_000, tvtime: 20_000, trakt: 5_000, netflix: 5_000 };
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? DEFAULT_ROWS[FORMAT]);
const IDLE_MS = Number(process.env.BENCH_IMPORT_IDLE_MS ?? 15_000);
const AFTER_MS = 10_000;
const OTHERS = 3;
const THINK_MS = 250;
const OTHER_PAGES = ["/dashboard", "/dashboard/liste", "/hesap"];

interface NamedFilm {
  title: string;
  year: number;
}

async function catalogueFilms(): Promise<NamedFilm[]> {
  const folder = path.join(projectRoot, "content", "catalogue", "movies");
  const films: NamedFilm[] = [];
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
function exportFiles(films: NamedFilm[]) {
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

interface Film {
  id: number;
  imdbId: string | null;
  title: string;
  /** The Turkish title (the site's). */
  turkish: string;
  year: number;
}

interface Series {
  id: number;
  imdbId: string | null;
  name: string;
  /** The Turkish name (the site's). */
  turkish: string;
  year: number;
  /** Aired seasons (1 and up) and their episode counts. */
  seasons: { season: number; episodes: number }[];
}

async function catalogueItems<Item>(kind: "movies" | "series", read: (item: never) => Item) {
  const folder = path.join(projectRoot, "content", "catalogue", kind);
  const items: Item[] = [];
  for (const file of (await readdir(folder)).sort())
    for (const item of JSON.parse(await readFile(path.join(folder, file), "utf8")) as never[])
      items.push(read(item));
  return items;
}

const catalogueSeries = () =>
  catalogueItems(
    "series",
    (item: {
      id: number;
      imdbId?: string | null;
      name: string;
      originalName: string;
      firstAirDate: string;
      seasons: { seasonNumber: number; episodeCount: number; airDate: string | null }[];
    }) => ({
      id: item.id,
      imdbId: item.imdbId ?? null,
      name: item.originalName,
      turkish: item.name,
      year: Number(item.firstAirDate.slice(0, 4)),
      seasons: item.seasons
        .filter(
          (season) => season.seasonNumber >= 1 && season.airDate && season.airDate < "2026-01-01",
        )
        .map((season) => ({ season: season.seasonNumber, episodes: season.episodeCount })),
    }),
  );

const catalogueFilmIds = () =>
  catalogueItems(
    "movies",
    (item: {
      id: number;
      imdbId?: string | null;
      title: string;
      originalTitle: string;
      releaseDate: string;
    }) => ({
      id: item.id,
      imdbId: item.imdbId ?? null,
      title: item.originalTitle,
      turkish: item.title,
      year: Number(item.releaseDate.slice(0, 4)),
    }),
  );

/** Every aired episode of the catalogue's series, in order: the rows' episodes, round and round. */
function episodesOf(series: Series[]) {
  return series.flatMap((show) =>
    show.seasons.flatMap(({ season, episodes }) =>
      Array.from({ length: episodes }, (_, index) => ({ show, season, episode: index + 1 })),
    ),
  );
}

/** An instant a few hours apart per row, from 2016 on. */
const instant = (index: number) => new Date(Date.UTC(2016, 0, 1) + index * 4 * 3_600_000);

/**
 * TV Time's GDPR export: ROWS episode rows in tracking-prod-records-v2.csv over the catalogue's
 * series (more rows than episodes: later rounds are rewatches), by TheTVDB ids the embedded
 * catalogue does not know, so each series is asked once on the review screen (by its name, as
 * TV Time gives no year) and answered by the bench, as a person would.
 */
function tvTimeFiles(series: Series[]) {
  const episodes = episodesOf(series);
  const lines = Array.from({ length: ROWS }, (_, index) => {
    const { show, season, episode } = episodes[index % episodes.length]!;
    const at = instant(index).toISOString().slice(0, 19).replace("T", " ");
    const epId = 5_000_000 + index;
    return `tracking,${900_000 + show.id},${epId},${season},k${index},7,${at},${epId},${quoted(show.name)},${episode}`;
  });
  return {
    "tracking-prod-records-v2.csv":
      "\ufeffgsi,s_id,ep_id,season_number,key,user_id,created_at,episode_id,series_name,episode_number\r\n" +
      lines.join("\r\n") +
      "\r\n",
  };
}

/**
 * Trakt's export: watched-history-1.json of ROWS watches, two episodes for each film, named by
 * the catalogue's ids (its ids are the movie database's), so every row matches without a question.
 */
function traktFiles(films: Film[], series: Series[]) {
  const episodes = episodesOf(series);
  const history = Array.from({ length: ROWS }, (_, index) => {
    const watchedAt = instant(index).toISOString();
    if (index % 3 === 2) {
      const film = films[(index * 7) % films.length]!;
      return {
        id: index + 1,
        watched_at: watchedAt,
        action: "watch",
        type: "movie",
        movie: {
          title: film.title,
          year: film.year,
          ids: { trakt: index + 1, imdb: film.imdbId, tmdb: film.id },
        },
      };
    }
    const { show, season, episode } = episodes[index % episodes.length]!;
    return {
      id: index + 1,
      watched_at: watchedAt,
      action: "scrobble",
      type: "episode",
      episode: { season, number: episode, title: `Bölüm ${episode}`, ids: { trakt: index + 1 } },
      show: {
        title: show.name,
        year: show.year,
        ids: { trakt: show.id, imdb: show.imdbId, tmdb: show.id },
      },
    };
  });
  return { "watched-history-1.json": JSON.stringify(history, null, 2) };
}

/**
 * Netflix's viewing activity (NetflixViewingHistory.csv: Title, Date, days first as a Turkish
 * account writes them): ROWS lines, two episodes for each film, newest first as Netflix lists
 * them. Half the lines name the title in Turkish ("Dizi: 1. Sezon: 3. Bölüm"), half in English
 * ("Series: Season 1: Episode 3"), by the embedded catalogue's names; Netflix gives no year, so a
 * name that several titles bear is asked on the review screen.
 */
function netflixFiles(films: Film[], series: Series[]) {
  const episodes = episodesOf(series);
  const lines = Array.from({ length: ROWS }, (_, index) => {
    const date = instant(ROWS - index);
    const day = `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
    const turkish = index % 2 === 0;
    if (index % 3 === 2) {
      const film = films[(index * 7) % films.length]!;
      return `${quoted(turkish ? film.turkish : film.title)},${day}`;
    }
    const { show, season, episode } = episodes[index % episodes.length]!;
    const title = turkish
      ? `${show.turkish}: ${season}. Sezon: ${episode}. Bölüm`
      : `${show.name}: Season ${season}: Episode ${episode}`;
    return `${quoted(title)},${day}`;
  });
  return { "NetflixViewingHistory.csv": ["Title,Date", ...lines].join("\r\n") + "\r\n" };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The review screen's questions on an import's page: each row's id and its first candidate. */
function questionsOf(html: string) {
  return html
    .split('name="rowId"')
    .slice(1)
    .map((part) => ({
      rowId: /value="(\d+)"/.exec(part)?.[1] ?? "",
      choice: /name="choice" value="((?:movie|tv):\d+)"/.exec(part.split('name="rowId"')[0]!)?.[1],
    }))
    .filter((question) => question.rowId !== "");
}

type Phase = "idle" | "during" | "after";

const percentile = (values: number[], share: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};

/** The server's resident memory, in MB (Linux). */
function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ImportBench {
  database: string;
  uploadMs: number;
  uploadStatus: number;
  importMs: number;
  rows: string;
  pages: Record<Phase, number[]>;
  errors: number;
  peakRssMb: number;
  /** Resident memory at the end of the idle phase: the growth is the peak's excess over it. */
  idleRssMb: number;
  /** Upload to the review screen, and each of the bench's answers there (TV Time's series). */
  reviewMs: number;
  choiceMs: number[];
}

async function benchOn(database: "pglite" | "postgres", zip: Buffer): Promise<ImportBench> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "perde-bench-import-"));
  const postgres =
    database === "postgres"
      ? await throwawayDatabase(process.env.BENCH_DATABASE_URL!, "bench_import")
      : undefined;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    CATALOGUE: "local",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(postgres
      ? { DATABASE_URL: postgres.url, AUTH_SECRET: randomBytes(32).toString("hex") }
      : {}),
  };
  let server: TestServer | undefined;
  try {
    server = await startAppServer(env, { timeoutMs: 300_000 });
    const site = server.url;
    const importer = await newAccount(site, "Aktaran Kişi", "bench-import");
    const others = await Promise.all(
      Array.from({ length: OTHERS }, (_, index) =>
        newAccount(site, `Başka Kişi ${index + 1}`, "bench-other"),
      ),
    );
    let peakRssMb = rssMb(server.process.pid);
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, rssMb(server?.process.pid));
    }, 250);
    const reading = readPages(site, others, OTHER_PAGES, ["idle", "during", "after"], THINK_MS);
    await sleep(IDLE_MS);
    const rssIdle = rssMb(server.process.pid);

    reading.enter("during");
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(zip)], { type: "application/zip" }), "bench.zip");
    const started = performance.now();
    const uploaded = await fetch(`${site}/hesap/ice-aktar`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site, Cookie: importer },
      body: form,
    });
    const uploadMs = performance.now() - started;
    const statusPath = uploaded.headers.get("location");
    let rows = "";
    let reviewMs = NaN;
    const choiceMs: number[] = [];
    if (uploaded.status === 302 && statusPath) {
      for (;;) {
        const html = await (
          await fetch(`${site}${statusPath}`, { headers: { Cookie: importer } })
        ).text();
        rows = /(\d[\d.]*) \/ (\d[\d.]*) satır/.exec(html)?.[0] ?? rows;
        if (html.includes('data-status="done"')) break;
        // The review screen: the bench answers each question with its first candidate (or
        // skips a row with none), a person's choices one after another. Running, or answered
        // and being written: it looks again in a second.
        const questions = questionsOf(html);
        if (questions.length === 0) {
          await sleep(1_000);
          continue;
        }
        if (Number.isNaN(reviewMs)) reviewMs = performance.now() - started;
        for (const { rowId, choice } of questions) {
          const asked = performance.now();
          await postForm(
            site,
            statusPath,
            choice ? { intent: "pick", rowId, choice } : { intent: "skip", rowId },
            importer,
          );
          choiceMs.push(performance.now() - asked);
        }
      }
    }
    const importMs = performance.now() - started;
    reading.enter("after");
    await sleep(AFTER_MS);
    await reading.stop();
    clearInterval(sampler);
    return {
      database,
      uploadMs,
      uploadStatus: uploaded.status,
      importMs,
      rows,
      pages: reading.times,
      errors: reading.errors(),
      peakRssMb,
      idleRssMb: rssIdle,
      reviewMs,
      choiceMs,
    };
  } catch (error) {
    // What the server said last, when it went away under the bench.
    console.error(server?.output().slice(-4_000));
    throw error;
  } finally {
    await server?.stop();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printImportBench(result: ImportBench) {
  const ms = (value: number) => (Number.isNaN(value) ? "-" : `${Math.round(value)} ms`);
  const idleP95 = percentile(result.pages.idle, 0.95);
  const duringP95 = percentile(result.pages.during, 0.95);
  console.log(
    `\nbench:import on ${result.database} (Node ${process.version}, ${FORMAT}, ${ROWS} rows)`,
  );
  console.log(
    `  upload answered: ${ms(result.uploadMs)} (status ${result.uploadStatus}); import done after ${(result.importMs / 1000).toFixed(1)} s (${result.rows})`,
  );
  console.table(
    (["idle", "during", "after"] as const).map((phase) => ({
      "others' pages": phase,
      requests: result.pages[phase].length,
      p50: ms(percentile(result.pages[phase], 0.5)),
      p95: ms(percentile(result.pages[phase], 0.95)),
      max: ms(Math.max(...result.pages[phase])),
    })),
  );
  if (result.choiceMs.length > 0)
    console.log(
      `  review screen after ${(result.reviewMs / 1000).toFixed(1)} s; ${result.choiceMs.length} choices answered: p50 ${ms(percentile(result.choiceMs, 0.5))}, max ${ms(Math.max(...result.choiceMs))}`,
    );
  console.log(
    `  server peak resident memory: ${Math.round(result.peakRssMb)} MB (+${Math.round(result.peakRssMb - result.idleRssMb)} MB over idle); pages not 200: ${result.errors}`,
  );
  console.log(
    `  targets: upload ≤ 2 s ${result.uploadMs <= 2_000 ? "met" : "MISSED"}, ` +
      `p95 during ≤ 2 × idle p95 (${ms(2 * idleP95)}) ${duringP95 <= 2 * idleP95 ? "met" : "MISSED"}`,
  );
}

async function main() {
  const build = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the build failed");
  const files =
    FORMAT === "tvtime"
      ? tvTimeFiles(await catalogueSeries())
      : FORMAT === "trakt"
        ? traktFiles(await catalogueFilmIds(), await catalogueSeries())
        : FORMAT === "netflix"
          ? netflixFiles(await catalogueFilmIds(), await catalogueSeries())
          : exportFiles(await catalogueFilms());
  const zip = await zipOf(files);
  console.log(`file: ${FORMAT} ZIP of ${ROWS} rows, ${(zip.length / 1024).toFixed(0)} KB`);
  printImportBench(await benchOn("pglite", zip));
  if (process.env.BENCH_DATABASE_URL) printImportBench(await benchOn("postgres", zip));
  else console.log("\n(PostgreSQL: set BENCH_DATABASE_URL to an admin URL to measure it too)");
  if (process.env.BENCH_IMPORT_HISTORY !== "0") {
    // The pages of a person with a history this size: the diary and the year summary on the
    // production server, with 5,000 entries of their own (scripts/bench-history.ts).
    printHistoryBench(await benchHistory());
  }
}

await main();
