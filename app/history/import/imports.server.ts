import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { MediaType } from "~/catalogue/types";
import { today } from "~/core/clock.server";
import { giveWay } from "~/core/give-way.server";
import type { ItemChanges } from "~/core/item-changes.server";
import type { Logger } from "~/core/logger.server";
import { queryRows, type Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import {
  importRows,
  importUploads,
  imports,
  type ImportCandidate,
  type ImportReport,
  type ImportRowFields,
  type ImportRowKind,
  type ImportRowState,
  type ImportSource,
} from "~/db/import-schema";
import type { JobQueue } from "~/db/jobs.server";
import { candidateOf, createMatcher, type ImportMatch, type Matcher } from "./match.server";
import { searchQuery } from "~/catalogue/search";
import type { ListChoice } from "./formats";
import { readUpload, type ReadRow } from "./read-upload.server";
import { recordMissingTitleFacts } from "~/catalogue/title-facts.server";
import { readSeriesOnce, writeEpisodeRows, type EpisodeRow } from "./episodes.server";
import { writeRow, type ImportListWriter, type WrittenItem } from "./write.server";

/** One import's rows in one state, with any further condition: the filter most queries here use. */
const rowsIn = (importId: number, state: ImportRowState, also?: SQL) =>
  and(eq(importRows.importId, importId), eq(importRows.state, state), also);

/*
 * An import's life (decision 019, issue #32): created from an upload the request glanced at (the
 * import and the file as it came, in one transaction), then worked by the `history-import` job.
 * The job first reads the file's rows (a file refused then ends the import with the reason, and
 * nothing written), stores them in pieces, then works them in batches: each batch matches its
 * rows, then in one transaction writes the sure ones and marks every row done, so a job stopped
 * anywhere resumes with the rows still pending and writes nothing twice. Rows that need the
 * person's choice wait for the review screen; once none is left, the raw rows (personal data)
 * are deleted and only the report stays.
 */

const IMPORT_QUEUE = "history-import";
/**
 * Rows matched and written per transaction. On the embedded database a transaction holds its
 * one connection: other people's pages wait for the batch, so batches stay short.
 */
const BATCH_SIZE = 15;
/**
 * Episode rows per batch: they are written in a few statements whatever their number (see
 * episodes.server.ts), so a history of 20,000 episodes is about 80 batches.
 */
const EPISODE_BATCH = 250;
/** Rows worked between two turns given to the rest of the server (see `giveWay`). */
const ROWS_PER_TURN = 5;
/** Rows stored per statement while reading the file. */
const STORE_ROWS = 250;
/**
 * After each batch the job rests as long as the batch took (at least this long), so the import
 * takes at most about half of the database's time and pages never queue behind batch after batch.
 */
const MIN_REST_MS = 5;
/** At most this many bad rows are listed in a report; the count says the rest. */
const REPORT_ROWS = 500;
/**
 * A job keeps its import's lease fresh (`imports.worked_at`) at least every LEASE_REFRESH_MS; a
 * running import whose lease is older than LEASE_SECONDS has lost its worker and is queued again
 * by the watchdog, which looks every WATCHDOG_MS (and at start-up).
 */
const LEASE_SECONDS = 20;
const LEASE_REFRESH_MS = 5_000;
const WATCHDOG_MS = 10_000;
/** Imports a person may start in 24 hours (files refused whole do not count, up to UPLOADS_PER_DAY). */
export const IMPORTS_PER_DAY = 3;
const UPLOADS_PER_DAY = 10;

export interface ImportServices {
  database: { db: Database };
  catalogue: Catalogue;
  logger: Logger;
  jobs: JobQueue;
  changes: ItemChanges;
  /** Puts imported titles on the person's lists (app/lists/imported-lists.server.ts). */
  importLists: ImportListWriter;
}

/**
 * Which titles a row may be: either when the file cannot say (`eitherKind`); a series for episode
 * and series-status rows; else what the file says (IMDb's Title Type, Trakt's item type), else a
 * film (Letterboxd lists films only).
 */
const kindsOf = (
  kind: ImportRowKind,
  mediaType: MediaType | undefined,
  eitherKind?: boolean,
): MediaType[] =>
  eitherKind
    ? ["movie", "tv"]
    : kind === "episode" || kind === "series-status"
      ? ["tv"]
      : [mediaType ?? "movie"];

const RUNNING_MESSAGE =
  "Süren bir içe aktarımınız var. O bitince yeni bir dosya yükleyebilirsiniz.";

export type CreateResult = { ok: true; importId: number } | { ok: false; message: string };

const emptyReport = (): ImportReport => ({
  written: {},
  skipped: 0,
  badRows: [],
  badRowCount: 0,
  notes: [],
});

const DAILY_LIMIT_MESSAGE = `Bir günde en fazla ${IMPORTS_PER_DAY} içe aktarım yapabilirsiniz. Lütfen yarın yeniden deneyin.`;

/**
 * Keeps an upload (already glanced at by `checkUpload`) as a new import and queues its job; one
 * running import per person, IMPORTS_PER_DAY a day.
 */
export async function createImport(
  services: ImportServices,
  userId: string,
  upload: {
    fileName: string;
    source: ImportSource;
    bytes: Uint8Array;
    list?: ListChoice;
  },
): Promise<CreateResult> {
  const db = services.database.db;
  const [recent] = await db
    .select({
      all: count(),
      accepted:
        sql<number>`count(*) filter (where ${imports.report} ->> 'refusal' is null)`.mapWith(
          Number,
        ),
    })
    .from(imports)
    .where(and(eq(imports.userId, userId), gt(imports.createdAt, sql`now() - interval '1 day'`)));
  if (recent && (recent.accepted >= IMPORTS_PER_DAY || recent.all >= UPLOADS_PER_DAY))
    return { ok: false, message: DAILY_LIMIT_MESSAGE };
  const report = emptyReport();
  let importId: number;
  try {
    importId = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(imports)
        .values({
          userId,
          source: upload.source,
          fileName: upload.fileName,
          totalRows: 0,
          report,
        })
        .returning({ id: imports.id });
      await tx
        .insert(importUploads)
        .values({ importId: created!.id, bytes: upload.bytes, list: upload.list ?? null });
      return created!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "imports_one_running_per_user"))
      return { ok: false, message: RUNNING_MESSAGE };
    throw error;
  }
  await queueImport(services.jobs, importId);
  return { ok: true, importId };
}

let stopping = false;
let watchdog: NodeJS.Timeout | undefined;

/**
 * At shutdown: a running import stops after its batch, its job ends and gives its lease back,
 * and its other rows stay pending for the next start (or another instance's watchdog).
 */
export function stopImportJobs() {
  stopping = true;
  clearInterval(watchdog);
}

const queueImport = (jobs: JobQueue, importId: number) =>
  jobs.send(IMPORT_QUEUE, { importId }, { singletonKey: String(importId) });

/** Declares the import job (at start-up, before the queue starts). */
export async function defineImportJobs(services: ImportServices) {
  await services.jobs.define<{ importId: number }>(IMPORT_QUEUE, {
    // One waiting job per import; a second one running at once finds the lease taken and ends.
    policy: "short",
    retryLimit: 5,
    expireInSeconds: 15 * 60,
    pollingIntervalSeconds: 1,
    run: async ({ importId }) => {
      await runImport(services, importId);
      // An answer given on the review screen while this job let go of the import queued a job
      // that found the lease still taken and ended: its rows are queued again now, not when
      // the watchdog next looks.
      if (!stopping) await queueOrphanedImports(services, importId);
    },
  });
}

/** A running import's lease has lapsed: no live job works it. */
const leaseLapsed = or(
  isNull(imports.workedAt),
  lt(imports.workedAt, sql`now() - make_interval(secs => ${LEASE_SECONDS})`),
);

/**
 * Queues again every running import that no job works (its lease is older than LEASE_SECONDS:
 * its server was stopped or killed), at start-up and then every WATCHDOG_MS, so an import left
 * by a killed server goes on within about half a minute. Once the queue has started.
 */
export async function resumeImports(services: ImportServices) {
  await queueOrphanedImports(services);
  if (stopping) return;
  watchdog = setInterval(() => {
    queueOrphanedImports(services).catch((error: unknown) =>
      services.logger.warn({ err: error }, "history import watchdog failed"),
    );
  }, WATCHDOG_MS);
  watchdog.unref();
}

/**
 * An import some job has work for: running, or waiting on the review screen with answers not yet
 * written (rows the person chose for, pending).
 */
const hasWork = or(
  eq(imports.status, "running"),
  and(
    eq(imports.status, "review"),
    sql`exists (select 1 from ${importRows} where ${importRows.importId} = ${imports.id}
      and ${importRows.state} = 'pending')`,
  ),
);

/**
 * One look of the watchdog (or of a job at its end, at its own import): queues the imports with
 * work whose lease has lapsed.
 */
export async function queueOrphanedImports(services: ImportServices, importId?: number) {
  const orphans = await services.database.db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(hasWork, leaseLapsed, importId === undefined ? undefined : eq(imports.id, importId)),
    );
  for (const { id } of orphans) await queueImport(services.jobs, id);
}

/**
 * Takes the import's lease (false when a live job holds it), keeps it fresh, gives it back. The
 * lease is the database's clock, so instances on different machines agree.
 */
/** Running, or on the review screen (where the person's answers are written by the job). */
const notDone = inArray(imports.status, ["running", "review"]);

async function takeLease(db: Database, importId: number): Promise<boolean> {
  const taken = await db
    .update(imports)
    .set({ workedAt: sql`now()` })
    .where(and(eq(imports.id, importId), notDone, leaseLapsed))
    .returning({ id: imports.id });
  return taken.length === 1;
}

/** The import stopped running while its job worked (the person stopped it): the job ends. */
class ImportStopped extends Error {}

async function renewLease(db: Database, importId: number) {
  const renewed = await db
    .update(imports)
    .set({ workedAt: sql`now()` })
    .where(and(eq(imports.id, importId), notDone))
    .returning({ id: imports.id });
  if (renewed.length === 0) throw new ImportStopped();
}

const releaseLease = (db: Database, importId: number) =>
  db.update(imports).set({ workedAt: null }).where(eq(imports.id, importId));

/**
 * The job's body: reads the import's file when it has not been read yet, then matches and
 * writes its pending rows, batch by batch, until none is left (or after `maxBatches`: tests stop
 * it halfway, as a restart would). On the review screen the pending rows are the person's
 * answers (`resolveRow`), written the same way.
 */
export async function runImport(
  services: Omit<ImportServices, "jobs">,
  importId: number,
  options: { maxBatches?: number; batchSize?: number; matcher?: Matcher } = {},
): Promise<void> {
  const db = services.database.db;
  const [current] = await db
    .select({ userId: imports.userId, status: imports.status })
    .from(imports)
    .where(eq(imports.id, importId));
  if (!current || current.status === "done") return;
  // Another job works it (a job queued again while the first still runs): nothing to do.
  if (!(await takeLease(db, importId))) return;
  try {
    let renewed = Date.now();
    const keepLease = async () => {
      if (Date.now() - renewed < LEASE_REFRESH_MS) return;
      renewed = Date.now();
      await renewLease(db, importId);
    };
    // On the review screen the file was read long ago (a Netflix archive waiting for its
    // profile keeps its upload, read once the person answers).
    if (current.status === "running" && !(await readStoredUpload(services, importId, keepLease)))
      return;
    await workRows(services, importId, current.userId, keepLease, options);
  } catch (error) {
    if (!(error instanceof ImportStopped)) throw error;
    // Stopped while its file was read: rows stored since are not worked (nor kept).
    await db.delete(importRows).where(rowsIn(importId, "pending"));
  } finally {
    await releaseLease(db, importId).catch(() => undefined);
  }
}

type PendingRow = typeof importRows.$inferSelect;

/** The title the person chose for a row on the review screen (kept on the row while pending). */
const chosenOf = (row: PendingRow) =>
  row.itemType !== null && row.itemId !== null ? { mediaType: row.itemType, id: row.itemId } : null;

async function workRows(
  services: Omit<ImportServices, "jobs">,
  importId: number,
  userId: string,
  keepLease: () => Promise<void>,
  options: { maxBatches?: number; batchSize?: number; matcher?: Matcher },
) {
  const db = services.database.db;
  const matcher = options.matcher ?? createMatcher(db, services.catalogue);
  for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
    if (stopping) return;
    const next = await db
      .select()
      .from(importRows)
      .where(rowsIn(importId, "pending"))
      .orderBy(asc(importRows.id))
      .limit(options.batchSize ?? EPISODE_BATCH);
    if (next.length === 0) {
      // The person may have answered meanwhile: their rows are this job's to write too.
      if (await finishIfResolved(db, importId)) continue;
      return;
    }
    // A batch is episode rows only (many, written together) or other rows only (a few): those
    // of the first row's sort among the next rows, so a file that mixes them (Trakt's history:
    // two episodes, a film, ...) is not worked one or two rows at a time.
    const episodes = next[0]!.kind === "episode";
    const rows = next
      .filter((row) => (row.kind === "episode") === episodes)
      .slice(0, options.batchSize ?? (episodes ? EPISODE_BATCH : BATCH_SIZE));
    if (episodes) {
      await workEpisodes(services, importId, userId, rows, matcher, keepLease);
      continue;
    }
    const matches: ImportMatch[] = [];
    for (const [index, row] of rows.entries()) {
      if (index % ROWS_PER_TURN === 0) {
        await giveWay();
        await keepLease();
      }
      const chosen = chosenOf(row);
      matches.push(
        chosen
          ? { state: "sure", item: chosen }
          : await matcher.match(
              row.fields,
              kindsOf(row.kind, row.fields.mediaType, row.fields.eitherKind),
            ),
      );
    }
    const written: WrittenItem[] = [];
    const started = performance.now();
    await db.transaction(async (tx) => {
      // One worker at a time per import: a second job for it waits here, then finds the rows
      // of this batch no longer pending.
      await tx.execute(sql`select 1 from ${imports} where ${imports.id} = ${importId} for update`);
      // The batch's rows claimed in one statement: each written (with its title) or waiting for
      // the person (with its candidates), if still pending.
      const outcomes = rows.map((row, index) => {
        const match = matches[index]!;
        return match.state === "sure"
          ? sql`(${row.id}::bigint, 'written', ${match.item.mediaType}, ${match.item.id}::int, null::jsonb)`
          : sql`(${row.id}::bigint, 'review', null, null::int, ${JSON.stringify(match.candidates)}::jsonb)`;
      });
      const claimed = new Set(
        (
          await queryRows<{ id: string | number }>(
            tx,
            sql`update ${importRows} set state = v.state, item_type = v.item_type,
              item_id = v.item_id, candidates = coalesce(v.candidates, ${importRows.candidates})
            from (values ${sql.join(outcomes, sql`, `)})
              as v(id, state, item_type, item_id, candidates)
            where ${importRows.id} = v.id and ${importRows.importId} = ${importId}
              and ${importRows.state} = 'pending'
            returning ${importRows.id} as id`,
          )
        ).map((row) => Number(row.id)),
      );
      for (const [index, row] of rows.entries()) {
        if (index % ROWS_PER_TURN === 0) await giveWay();
        const match = matches[index]!;
        if (!claimed.has(row.id) || match.state !== "sure") continue;
        const note = await writeRow(tx, userId, row.kind, row.fields, match.item, {
          importId,
          lists: services.importLists,
          // A list item chosen on the review screen takes its place among those written.
          before: chosenOf(row)
            ? await writtenBefore(tx, importId, row.kind, row.fields)
            : undefined,
        });
        if (note)
          await tx.update(importRows).set({ reason: note }).where(eq(importRows.id, row.id));
        written.push(match.item);
      }
      await updateProgress(tx, importId);
    });
    await afterWrites(services, written);
    await rest(performance.now() - started);
  }
}

/**
 * One batch of episode rows: their series matched (once per series), read from the catalogue
 * when the site never has, then in one transaction the rows claimed and their marks written.
 */
async function workEpisodes(
  services: Omit<ImportServices, "jobs">,
  importId: number,
  userId: string,
  rows: PendingRow[],
  matcher: Matcher,
  keepLease: () => Promise<void>,
) {
  const db = services.database.db;
  const matches = new Map<string, ImportMatch>();
  const keyOf = (row: PendingRow) => row.fields.seriesKey ?? `row:${row.id}`;
  for (const row of rows) {
    // A row the person answered for on the review screen has its series already.
    if (chosenOf(row) || matches.has(keyOf(row))) continue;
    await giveWay();
    await keepLease();
    matches.set(keyOf(row), await matcher.match(row.fields, ["tv"]));
  }
  const sure = rows.flatMap((row) => {
    const chosen = chosenOf(row);
    if (chosen) return [{ id: row.id, fields: row.fields, seriesId: chosen.id }];
    const match = matches.get(keyOf(row))!;
    return match.state === "sure"
      ? [{ id: row.id, fields: row.fields, seriesId: match.item.id }]
      : [];
  });
  await readSeriesOnce(
    services,
    sure.map((row) => row.seriesId),
  );
  const started = performance.now();
  const series = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${imports} where ${imports.id} = ${importId} for update`);
    for (const [key, match] of matches) {
      if (match.state !== "review") continue;
      // The series' question is the same for every row of it: all its pending rows wait for the
      // answer at once, in one statement, rather than batch after batch.
      const seriesKey = rows.find((row) => keyOf(row) === key)!.fields.seriesKey;
      await tx
        .update(importRows)
        .set({ state: "review", candidates: match.candidates })
        .where(
          rowsIn(
            importId,
            "pending",
            and(
              eq(importRows.kind, "episode"),
              isNull(importRows.itemId),
              seriesKey === undefined
                ? inArray(
                    importRows.id,
                    rows.filter((row) => keyOf(row) === key).map((row) => row.id),
                  )
                : sql`${importRows.fields} ->> 'seriesKey' = ${seriesKey}`,
            ),
          ),
        );
    }
    const written = await writeClaimedEpisodes(tx, userId, importId, sure);
    await updateProgress(tx, importId);
    return written;
  });
  await afterWrites(
    services,
    series.map((id) => ({ mediaType: "tv" as const, id })),
  );
  await rest(performance.now() - started);
}

/**
 * Claims episode rows still pending and writes their marks; each row becomes written or bad with
 * its reason. The series that got marks.
 */
async function writeClaimedEpisodes(
  tx: Database,
  userId: string,
  importId: number,
  rows: EpisodeRow[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const claimed = new Set(
    (
      await tx
        .update(importRows)
        .set({ state: "written" })
        .where(
          and(
            eq(importRows.importId, importId),
            inArray(
              importRows.id,
              rows.map((row) => row.id),
            ),
            eq(importRows.state, "pending"),
          ),
        )
        .returning({ id: importRows.id })
    ).map((row) => row.id),
  );
  const mine = rows.filter((row) => claimed.has(row.id));
  const outcome = await writeEpisodeRows(tx, userId, mine, today());
  const bySeries = new Map<number, number[]>();
  for (const row of mine)
    bySeries.set(row.seriesId, [...(bySeries.get(row.seriesId) ?? []), row.id]);
  for (const [seriesId, ids] of bySeries)
    await tx
      .update(importRows)
      .set({ itemType: "tv", itemId: seriesId })
      .where(inArray(importRows.id, ids));
  if (outcome.bad.length > 0) {
    const values = outcome.bad.map((bad) => sql`(${bad.id}::bigint, ${bad.reason}::text)`);
    await tx.execute(sql`
      update ${importRows} set state = 'bad', reason = v.reason
      from (values ${sql.join(values, sql`, `)}) as v(id, reason)
      where ${importRows.id} = v.id and ${importRows.importId} = ${importId}`);
  }
  return outcome.series;
}

const rest = (busyMs: number) =>
  new Promise<void>((resolve) =>
    setTimeout(resolve, Math.max(MIN_REST_MS, Math.min(busyMs, 1_000))),
  );

/**
 * The import's first step: reads the file kept by the request into pending rows. True when the
 * rows are there (now or from an earlier run); false when the file was refused, which ends the
 * import with the reason and nothing written. A run stopped halfway starts the rows over.
 */
async function readStoredUpload(
  services: Omit<ImportServices, "jobs">,
  importId: number,
  keepLease: () => Promise<void>,
): Promise<boolean> {
  const db = services.database.db;
  const [upload] = await db
    .select({
      bytes: importUploads.bytes,
      list: importUploads.list,
      profile: importUploads.profile,
      fileName: imports.fileName,
    })
    .from(importUploads)
    .innerJoin(imports, eq(imports.id, importUploads.importId))
    .where(eq(importUploads.importId, importId));
  if (!upload) return true;
  const read = await readUpload(upload.fileName, upload.bytes, {
    choice: upload.list ?? undefined,
    profile: upload.profile ?? undefined,
    today: today(),
    onProgress: keepLease,
  });
  if (!read.ok && read.askProfile) {
    // A Netflix archive of several profiles: the import waits for the person's answer on its
    // page, the upload kept, nothing read into rows yet (chooseProfile queues it again).
    await db
      .update(imports)
      .set({ status: "review", report: { ...emptyReport(), askProfile: read.askProfile } })
      .where(and(eq(imports.id, importId), eq(imports.status, "running")));
    services.logger.info({ importId }, "history import asks for a profile");
    return false;
  }
  const report = emptyReport();
  if (read.ok) {
    report.badRows = read.badRows.slice(0, REPORT_ROWS);
    report.badRowCount = read.badRows.length;
    if (read.skippedFiles.length > 0) report.skippedFiles = read.skippedFiles;
  }
  const refusal = !read.ok
    ? read.message
    : read.rows.length === 0
      ? "Dosyada içe aktarılacak geçerli satır bulunamadı. Hiçbir şey yazılmadı."
      : null;
  if (!read.ok || refusal) {
    await db.transaction(async (tx) => {
      await tx
        .update(imports)
        .set({ status: "done", report: { ...report, refusal: refusal! }, finishedAt: sql`now()` })
        .where(eq(imports.id, importId));
      await tx.delete(importRows).where(eq(importRows.importId, importId));
      await tx.delete(importUploads).where(eq(importUploads.importId, importId));
    });
    services.logger.info({ importId }, "history import refused");
    return false;
  }
  // A rated diary entry sets the title's Puanım (the latest one wins), as on the site; a
  // ratings file says the person's rating as it is now, so its rows are written after the rest.
  const rows: ReadRow[] = [
    ...read.rows.filter((row) => row.kind !== "rating"),
    ...read.rows.filter((row) => row.kind === "rating"),
  ];
  // Rows of a run stopped halfway through this step are stored again from the start.
  await db.delete(importRows).where(eq(importRows.importId, importId));
  for (let start = 0; start < rows.length; start += STORE_ROWS) {
    if (stopping) return false;
    await keepLease();
    const started = performance.now();
    await db.insert(importRows).values(
      rows.slice(start, start + STORE_ROWS).map((row) => ({
        importId,
        file: row.file,
        line: row.line,
        kind: row.kind,
        fields: row.fields,
      })),
    );
    await rest(performance.now() - started);
  }
  const stillRunning = await db.transaction(async (tx) => {
    const updated = await tx
      .update(imports)
      .set({
        totalRows: rows.length + read.badRows.length,
        processedRows: read.badRows.length,
        report,
      })
      .where(and(eq(imports.id, importId), eq(imports.status, "running")))
      .returning({ id: imports.id });
    await tx.delete(importUploads).where(eq(importUploads.importId, importId));
    // Stopped by the person while the file was read: its rows go too.
    if (updated.length === 0) await tx.delete(importRows).where(eq(importRows.importId, importId));
    return updated.length === 1;
  });
  if (!stillRunning) return false;
  services.logger.info(
    { importId, rows: rows.length, bad: read.badRows.length },
    "history import read",
  );
  return true;
}

/**
 * After a batch (or a review choice) is written: news for every instance that the titles'
 * ratings changed (once per batch, so cached pages' Perde puanı follows), then the facts the
 * diary and the year summary need of titles that have none yet.
 */
async function afterWrites(services: Omit<ImportServices, "jobs">, written: WrittenItem[]) {
  if (written.length === 0) return;
  const unique = new Map(
    written.map((item) => [`${item.mediaType}:${item.id}`, { type: item.mediaType, id: item.id }]),
  );
  const items = [...unique.values()];
  await services.changes.changed(items);
  await recordMissingTitleFacts(services, items);
}

/** `db` may be a transaction. Renews the job's lease too. */
async function updateProgress(db: Database, importId: number) {
  await db
    .update(imports)
    .set({
      workedAt: sql`now()`,
      processedRows: sql`${imports.totalRows} - (select count(*) from ${importRows}
        where ${importRows.importId} = ${importId} and ${importRows.state} = 'pending')`,
    })
    .where(eq(imports.id, importId));
}

/**
 * Once no row is pending: `review` while some wait for the person's choice, else `done` with
 * the report filled in and the raw rows deleted. True when rows are pending (the person's
 * answers given meanwhile, for the job to write).
 */
async function finishIfResolved(db: Database, importId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ status: string }>(
      tx,
      sql`select status from ${imports} where ${imports.id} = ${importId} for update`,
    );
    // Finished already (the request's last answer and the job's last look both ask): its rows
    // are gone, and a second report would say nothing was written.
    if (locked?.status !== "running" && locked?.status !== "review") return false;
    const states = await tx
      .select({ state: importRows.state, kind: importRows.kind, rows: count() })
      .from(importRows)
      .where(eq(importRows.importId, importId))
      .groupBy(importRows.state, importRows.kind);
    if (states.some((row) => row.state === "pending")) return true;
    const waiting = states.some((row) => row.state === "review");
    const [current] = await tx
      .select({ report: imports.report })
      .from(imports)
      .where(eq(imports.id, importId));
    if (!current) return false;
    const report: ImportReport = { ...current.report, written: {}, skipped: 0 };
    for (const row of states) {
      if (row.state === "written") report.written[row.kind] = row.rows;
      if (row.state === "skipped") report.skipped += row.rows;
    }
    const noted = await tx
      .select({ file: importRows.file, line: importRows.line, note: importRows.reason })
      .from(importRows)
      .where(rowsIn(importId, "written", sql`${importRows.reason} is not null`))
      .orderBy(asc(importRows.id))
      .limit(REPORT_ROWS);
    report.notes = noted.map((row) => ({ file: row.file, line: row.line, note: row.note! }));
    // Favourites of the file (TV Time's): offered as Favori 4 candidates on the report.
    const favourites = await tx
      .select({ type: importRows.itemType, id: importRows.itemId, fields: importRows.fields })
      .from(importRows)
      .where(
        rowsIn(importId, "written", sql`(${importRows.fields} ->> 'favourite')::boolean is true`),
      )
      .orderBy(asc(importRows.id))
      .limit(50);
    if (favourites.length > 0)
      report.favourites = favourites.map((row) => ({
        mediaType: row.type ?? "tv",
        id: row.id!,
        title: row.fields.title,
      }));
    const unwritten = await tx
      .select({ file: importRows.file, line: importRows.line, reason: importRows.reason })
      .from(importRows)
      .where(rowsIn(importId, "bad"))
      .orderBy(asc(importRows.id))
      .limit(REPORT_ROWS);
    const unwrittenCount = states
      .filter((row) => row.state === "bad")
      .reduce((sum, row) => sum + row.rows, 0);
    if (unwrittenCount > 0) {
      report.unwritten = unwritten.map((row) => ({
        file: row.file,
        line: row.line,
        reason: row.reason ?? "",
      }));
      report.unwrittenCount = unwrittenCount;
    }
    await tx
      .update(imports)
      .set(
        waiting ? { status: "review", report } : { status: "done", report, finishedAt: sql`now()` },
      )
      .where(eq(imports.id, importId));
    // The raw rows hold personal data: kept only while the review screen needs them.
    if (!waiting) await tx.delete(importRows).where(eq(importRows.importId, importId));
    return false;
  });
}

export interface ImportView {
  id: number;
  status: "running" | "review" | "done";
  source: ImportSource;
  fileName: string;
  totalRows: number;
  processedRows: number;
  report: ImportReport;
  createdAt: Date;
  /** Rows waiting for the person's choice (review status), in file order. */
  review: {
    id: number;
    file: string;
    line: number;
    title: string;
    year: number | null;
    candidates: ImportCandidate[];
  }[];
  reviewCount: number;
  /** On the review screen: rows the person answered for that the job has not written yet. */
  writing: number;
  /** The file is still being read (its rows are not counted yet). */
  reading: boolean;
}

const REVIEW_PAGE = 50;

/** The person's import, or null when it is not theirs (or does not exist). */
export async function importOf(
  db: Database,
  userId: string,
  importId: number,
): Promise<ImportView | null> {
  const [found] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, importId), eq(imports.userId, userId)));
  if (!found) return null;
  // The rows the screen asks about: one per series for episode rows (one choice answers all),
  // found in one grouping (a `min(id) in (...)` filter made the page take seconds per thousand
  // rows waiting).
  const asked =
    found.status === "review"
      ? await db
          .select({ id: sql<number>`min(${importRows.id})`.mapWith(Number) })
          .from(importRows)
          .where(rowsIn(importId, "review"))
          .groupBy(
            sql`case when ${importRows.kind} = 'episode'
              then 's:' || coalesce(${importRows.fields} ->> 'seriesKey', ${importRows.id}::text)
              else ${importRows.id}::text end`,
          )
          .orderBy(sql`min(${importRows.id})`)
      : [];
  const shown = asked.slice(0, REVIEW_PAGE).map((row) => row.id);
  const waiting =
    shown.length > 0
      ? await db
          .select({
            id: importRows.id,
            file: importRows.file,
            line: importRows.line,
            fields: importRows.fields,
            candidates: importRows.candidates,
          })
          .from(importRows)
          .where(and(eq(importRows.importId, importId), inArray(importRows.id, shown)))
          .orderBy(asc(importRows.id))
      : [];
  const waitingCount = { rows: asked.length };
  const [writing] =
    found.status === "review"
      ? await db.select({ rows: count() }).from(importRows).where(rowsIn(importId, "pending"))
      : [{ rows: 0 }];
  const reading =
    found.status === "running" &&
    (
      await db
        .select({ id: importUploads.importId })
        .from(importUploads)
        .where(eq(importUploads.importId, importId))
    ).length > 0;
  return {
    id: found.id,
    reading,
    status: found.status,
    source: found.source,
    fileName: found.fileName,
    totalRows: found.totalRows,
    processedRows: found.processedRows,
    report: found.report,
    createdAt: found.createdAt,
    review: waiting.map((row) => ({
      id: row.id,
      file: row.file,
      line: row.line,
      title: row.fields.title,
      year: row.fields.year,
      candidates: row.candidates ?? [],
    })),
    reviewCount: waitingCount?.rows ?? 0,
    writing: writing?.rows ?? 0,
  };
}

/** The person's imports, newest first, for the upload page. */
export async function importsOf(db: Database, userId: string, limit = 10) {
  return db
    .select({
      id: imports.id,
      status: imports.status,
      fileName: imports.fileName,
      totalRows: imports.totalRows,
      processedRows: imports.processedRows,
      createdAt: imports.createdAt,
    })
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(limit);
}

export type Resolution = { rowId: number } & (
  { choice: "skip" } | { choice: "pick"; mediaType: MediaType; id: number }
);

/** Titles a hand search on the review screen offers for one row. */
const SEARCH_CANDIDATES = 8;

/**
 * The review screen's search box (decision 031): titles of the kind the row may be whose names
 * contain `query` (other names included), for the person to pick by hand. Null when the row is
 * not theirs or no longer waiting, or the query is too short.
 */
export async function searchForRow(
  services: { database: { db: Database }; catalogue: Catalogue },
  userId: string,
  importId: number,
  rowId: number,
  rawQuery: string,
): Promise<ImportCandidate[] | null> {
  const query = searchQuery(rawQuery);
  if (query.length < 3) return null;
  const [row] = await services.database.db
    .select({ kind: importRows.kind, fields: importRows.fields })
    .from(importRows)
    .innerJoin(imports, eq(imports.id, importRows.importId))
    .where(
      and(
        eq(importRows.id, rowId),
        eq(importRows.importId, importId),
        eq(imports.userId, userId),
        eq(importRows.state, "review"),
      ),
    );
  if (!row) return null;
  const kinds = kindsOf(row.kind, row.fields.mediaType, row.fields.eitherKind);
  const page = await services.catalogue.search(query, 1);
  return (page?.results ?? [])
    .filter((result) => result.mediaType !== "person")
    .map(candidateOf)
    .filter((candidate) => kinds.includes(candidate.mediaType))
    .slice(0, SEARCH_CANDIDATES)
    .map(({ names, ...candidate }) => {
      void names;
      return candidate;
    });
}

/** Whether the catalogue knows the title (a hand-picked one must exist). */
async function titleExists(catalogue: Catalogue, mediaType: MediaType, id: number) {
  return (mediaType === "movie" ? await catalogue.movie(id) : await catalogue.series(id)) !== null;
}

/**
 * The person's choice for a row in review: a candidate offered for it, or a title of a kind the
 * row may be that they found with the review screen's search (the catalogue must know it); or
 * the row is skipped. An episode row stands for every row of its series: one choice answers them
 * all. Only the answer is recorded here (issue #37): the chosen rows become pending with their
 * title and the import's job writes them in its batches, so a series of hundreds of episodes
 * never holds the database in the request. A skip is written at once (nothing to write). False
 * when the row is not theirs or no longer waiting (two answers at once: the first one counts).
 */
export async function resolveRow(
  services: ImportServices,
  userId: string,
  importId: number,
  resolution: Resolution,
): Promise<boolean> {
  const db = services.database.db;
  const [row] = await db
    .select({
      kind: importRows.kind,
      fields: importRows.fields,
      candidates: importRows.candidates,
    })
    .from(importRows)
    .innerJoin(imports, eq(imports.id, importRows.importId))
    .where(
      and(
        eq(importRows.id, resolution.rowId),
        eq(importRows.importId, importId),
        eq(imports.userId, userId),
        eq(imports.status, "review"),
        eq(importRows.state, "review"),
      ),
    );
  if (!row) return false;
  let answer: { state: "skipped" } | { state: "pending"; itemType: MediaType; itemId: number };
  if (resolution.choice === "skip") answer = { state: "skipped" };
  else {
    const offered = (row.candidates ?? []).some(
      (candidate) => candidate.mediaType === resolution.mediaType && candidate.id === resolution.id,
    );
    const searched =
      !offered &&
      kindsOf(row.kind, row.fields.mediaType, row.fields.eitherKind).includes(
        resolution.mediaType,
      ) &&
      (await titleExists(services.catalogue, resolution.mediaType, resolution.id));
    if (!offered && !searched) return false;
    answer = { state: "pending", itemType: resolution.mediaType, itemId: resolution.id };
  }
  // The row and, for an episode, its series' other rows still waiting: claimed in one statement
  // that checks the owner, so a second answer for the same series finds none of them waiting.
  const group =
    row.kind === "episode" && row.fields.seriesKey
      ? or(
          eq(importRows.id, resolution.rowId),
          and(
            eq(importRows.kind, "episode"),
            sql`${importRows.fields} ->> 'seriesKey' = ${row.fields.seriesKey}`,
          ),
        )
      : eq(importRows.id, resolution.rowId);
  const claimed = await db
    .update(importRows)
    .set(answer)
    .where(
      rowsIn(
        importId,
        "review",
        and(
          group,
          sql`exists (select 1 from ${imports} where ${imports.id} = ${importId}
            and ${imports.userId} = ${userId} and ${imports.status} = 'review')`,
        ),
      ),
    )
    .returning({ id: importRows.id });
  if (!claimed.some((member) => member.id === resolution.rowId)) return false;
  if (answer.state === "pending") await queueImport(services.jobs, importId);
  else await finishIfResolved(db, importId);
  return true;
}

/**
 * For a list item chosen on the review screen: how many items of its list this import wrote that
 * come before it in the file, so it takes its place among them rather than the end.
 */
async function writtenBefore(
  db: Database,
  importId: number,
  kind: ImportRowKind,
  fields: ImportRowFields,
): Promise<number | undefined> {
  if (kind !== "list-item" || !fields.list || fields.position === undefined) return undefined;
  const [row] = await db
    .select({ n: count() })
    .from(importRows)
    .where(
      and(
        eq(importRows.importId, importId),
        eq(importRows.kind, "list-item"),
        eq(importRows.state, "written"),
        sql`${importRows.fields} -> 'list' ->> 'key' = ${fields.list.key}`,
        sql`(${importRows.fields} ->> 'position')::int < ${fields.position}`,
      ),
    );
  return row?.n ?? 0;
}

/** Skips every row still waiting, so the import finishes (the review screen's "skip the rest"). */
export async function skipRemaining(db: Database, userId: string, importId: number) {
  const owned = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.id, importId), eq(imports.userId, userId), eq(imports.status, "review")));
  if (owned.length === 0) return false;
  await db.update(importRows).set({ state: "skipped" }).where(rowsIn(importId, "review"));
  // A Netflix archive whose profile was not chosen: its file is not read at all.
  await db.delete(importUploads).where(eq(importUploads.importId, importId));
  await db
    .update(imports)
    .set({ report: sql`${imports.report} - 'askProfile'` })
    .where(eq(imports.id, importId));
  await finishIfResolved(db, importId);
  return true;
}

/**
 * Stops a running import at the person's request: the rows not yet worked are skipped (a batch
 * being written now finds none of them pending), and what was written stays. Also the way out
 * of an import whose job keeps failing, which would otherwise block the next upload.
 */
export async function cancelImport(db: Database, userId: string, importId: number) {
  const owned = await db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(eq(imports.id, importId), eq(imports.userId, userId), eq(imports.status, "running")),
    );
  if (owned.length === 0) return false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${imports} where ${imports.id} = ${importId} for update`);
    await tx.update(importRows).set({ state: "skipped" }).where(rowsIn(importId, "pending"));
    // A file not read yet is not read at all.
    await tx.delete(importUploads).where(eq(importUploads.importId, importId));
    await updateProgress(tx, importId);
  });
  await finishIfResolved(db, importId);
  return true;
}

/** For the data export: the person's imports and any raw rows still kept. */
export async function exportImports(db: Database, userId: string) {
  const own = await db
    .select()
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(asc(imports.id));
  const ids = own.map((row) => row.id);
  const rows = ids.length
    ? await db
        .select({
          importId: importRows.importId,
          file: importRows.file,
          line: importRows.line,
          kind: importRows.kind,
          fields: importRows.fields,
          state: importRows.state,
        })
        .from(importRows)
        .where(inArray(importRows.importId, ids))
        .orderBy(asc(importRows.id))
    : [];
  return own.map((row) => ({
    id: row.id,
    status: row.status,
    source: row.source,
    fileName: row.fileName,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    report: row.report,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    rows: rows
      .filter((kept) => kept.importId === row.id)
      .map(({ importId, ...kept }) => {
        void importId;
        return kept;
      }),
  }));
}

/**
 * The person's answer to the Favori 4 question of an import (Letterboxd's profile.csv, decision
 * 038): "accept" sets Favori 4 to the offered films through `setFavorites` (the profiles' own
 * code, given by the caller: the layers keep history below profiles); "decline" keeps Favori 4.
 * Asked once: false when the import is not theirs, has no question, or was answered already.
 */
export async function answerFavorites(
  db: Database,
  userId: string,
  importId: number,
  answer: "accept" | "decline",
  setFavorites: (userId: string, movieIds: number[]) => Promise<void>,
): Promise<boolean> {
  const [claimed] = await db
    .update(imports)
    .set({ report: sql`jsonb_set(${imports.report}, '{favorites,answered}', 'true'::jsonb)` })
    .where(
      and(
        eq(imports.id, importId),
        eq(imports.userId, userId),
        sql`${imports.report} -> 'favorites' is not null`,
        sql`coalesce((${imports.report} -> 'favorites' ->> 'answered')::boolean, false) = false`,
      ),
    )
    .returning({ report: imports.report });
  if (!claimed) return false;
  if (answer === "accept") {
    const candidates = [...(claimed.report.favorites?.candidates ?? [])].sort(
      (a, b) => a.position - b.position,
    );
    await setFavorites(
      userId,
      candidates.map((candidate) => candidate.movieId),
    );
  }
  return true;
}

export type ProfileAnswer = "chosen" | "running" | "not-asked";

/**
 * The person's answer to a Netflix archive's profile question: the upload, kept while the import
 * waited, is read again for that profile's rows alone. "running" when another import of theirs
 * runs now (one at a time), "not-asked" when the import no longer waits for it or the name is
 * not one it offered.
 */
export async function chooseProfile(
  services: ImportServices,
  userId: string,
  importId: number,
  profile: string,
): Promise<ProfileAnswer> {
  const db = services.database.db;
  let answer: ProfileAnswer;
  try {
    answer = await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ report: imports.report })
        .from(imports)
        .where(
          and(eq(imports.id, importId), eq(imports.userId, userId), eq(imports.status, "review")),
        )
        .for("update");
      if (!found?.report.askProfile?.includes(profile)) return "not-asked";
      const kept = await tx
        .update(importUploads)
        .set({ profile })
        .where(eq(importUploads.importId, importId))
        .returning({ id: importUploads.importId });
      if (kept.length === 0) return "not-asked";
      const { askProfile: _asked, ...report } = found.report;
      await tx
        .update(imports)
        .set({ status: "running", report, workedAt: null })
        .where(eq(imports.id, importId));
      return "chosen";
    });
  } catch (error) {
    if (isUniqueViolation(error, "imports_one_running_per_user")) return "running";
    throw error;
  }
  if (answer === "chosen") await queueImport(services.jobs, importId);
  return answer;
}
