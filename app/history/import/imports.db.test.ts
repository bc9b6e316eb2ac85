import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFixture, letterboxdZip, zipOf } from "../../../tests/support/import-files";
import { createTestDatabase, createTestUser } from "../../../tests/support/test-database";
import { importServices } from "../../../tests/support/import-services";
import type { ItemChanges } from "~/core/item-changes.server";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { ensureLocalCatalogue } from "~/catalogue/local/load.server";
import { localId } from "~/catalogue/local/content.server";
import { createLocalSource } from "~/catalogue/local/local-source.server";
import { today } from "~/core/clock.server";
import { createLogger } from "~/core/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import type { JobDefinition, JobQueue } from "~/db/jobs.server";
import { user } from "~/db/auth-schema";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { importRows, importUploads, imports } from "~/db/import-schema";
import { reviews, watchlist } from "~/db/schema";
import {
  cancelImport,
  createImport,
  defineImportJobs,
  exportImports,
  importOf,
  IMPORTS_PER_DAY,
  queueOrphanedImports,
  resolveRow,
  runImport,
  skipRemaining,
  type ImportServices,
} from "./imports.server";
import { checkUpload } from "./read-upload.server";

/*
 * Imports against the real database and the embedded catalogue: what a Letterboxd export and
 * an IMDb file write, the review screen's choices, importing twice, resuming a stopped job, one
 * import at a time, and two people who cannot reach each other's imports.
 */

const logger = createLogger("silent");
let handle: DatabaseHandle;
let services: ImportServices;
const queued: number[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  await ensureLocalCatalogue(handle.db, logger);
  const catalogue: Catalogue = createLocalSource(handle.db, logger);
  // Letterboxd's five main files put nothing on lists (tests/db/moving-imports.test.ts does).
  services = importServices(handle, catalogue, logger, { queued });
  for (const id of ["ayse", "mehmet", "zeynep", "can"]) await createTestUser(handle, id);
}, 120_000);
afterAll(() => handle?.close());

/** An upload as the request takes it: glanced at, then kept for the job. */
async function create(userId: string, fileName: string, bytes: Uint8Array) {
  const checked = await checkUpload(fileName, bytes, { today: today() });
  if (!checked.ok) throw new Error(checked.message);
  return createImport(services, userId, { fileName, source: checked.source, bytes });
}

async function upload(userId: string, fileName: string, bytes: Uint8Array) {
  const created = await create(userId, fileName, bytes);
  if (!created.ok) throw new Error(created.message);
  return created.importId;
}

const movieId = async (title: string) => {
  const page = await services.catalogue.search(title, 1, { typos: false });
  const found = page!.results.find(
    (result) =>
      result.mediaType === "movie" && (result.title === title || result.originalTitle === title),
  );
  return found!.id;
};

async function libraryOf(userId: string) {
  const list = await handle.db
    .select({ type: watchlist.itemType, id: watchlist.itemId, status: watchlist.status })
    .from(watchlist)
    .where(eq(watchlist.userId, userId));
  const ratings = await handle.db
    .select({
      id: reviews.itemId,
      rating: reviews.rating,
      comment: reviews.comment,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  const diary = await handle.db
    .select()
    .from(diaryEntries)
    .where(eq(diaryEntries.userId, userId))
    .orderBy(diaryEntries.watchedOn);
  return { list, ratings, diary };
}

describe("importing a Letterboxd export", () => {
  let importId: number;

  it("writes the sure rows and keeps the rest for the person's choice", async () => {
    importId = await upload("ayse", "letterboxd-ayse.zip", await letterboxdZip());
    expect(queued).toContain(importId);
    await runImport(services, importId);

    const view = (await importOf(handle.db, "ayse", importId))!;
    expect(view.status).toBe("review");
    expect(view.processedRows).toBe(view.totalRows);
    // Frankenstein (1994: the catalogue has 1931), a film nothing matches, Nosferatu (2024).
    expect(view.review.map((row) => [row.file, row.line, row.title, row.year])).toEqual([
      ["diary.csv", 5, "Frankenstein", 1994],
      ["diary.csv", 6, "Bilinmeyen Bir Film", 2001],
      ["watchlist.csv", 5, "Nosferatu", 2024],
    ]);
    expect(view.review[0]!.candidates[0]).toMatchObject({ title: "Frankenstein", year: 1931 });

    const { list, ratings, diary } = await libraryOf("ayse");
    const status = async (title: string) => {
      const id = await movieId(title);
      return list.find((row) => row.type === "movie" && row.id === id)?.status;
    };
    expect(await status("Stagecoach")).toBe("plan_to_watch");
    expect(await status("Metropolis")).toBe("watched");
    expect(await status("Alien")).toBe("watched");
    // Nosferatu is watched (watched.csv, 1922), never put back on the list by watchlist.csv.
    expect(await status("Nosferatu")).toBe("watched");
    const ratingOf = (id: number) => ratings.find((row) => row.id === id);
    expect(ratingOf(await movieId("Alien"))?.rating).toBe(7);
    expect(ratingOf(await movieId("Vertigo"))?.rating).toBe(1);
    expect(ratingOf(await movieId("Metropolis"))).toMatchObject({
      rating: 10,
      comment: expect.stringContaining("Maschinenmensch"),
    });
    // A formula-like review is stored as the text it is.
    expect(ratingOf(await movieId("The Shining"))?.comment).toBe(
      '=HYPERLINK("http://example.com") korkutucu, ama güzel',
    );
    // "Harika" is too short for a review: the rating alone.
    expect(ratingOf(await movieId("City Lights"))).toMatchObject({ rating: 8, comment: null });

    // The diary: Metropolis twice (2023 and the 2024 rewatch, with its review), Şehir Işıkları,
    // The Shining; the bad rows (Psycho's 9 stars, Jaws' date) are not written.
    expect(diary.map((entry) => [entry.watchedOn, entry.rating, entry.rewatch])).toEqual([
      ["2023-03-09", 9, false],
      ["2024-05-01", 10, true],
      ["2024-06-01", 8, false],
      ["2024-07-05", 8, false],
    ]);
    expect(diary[1]!.review).toContain("İkinci izleyişte");
    expect(diary[0]!.tags).toEqual(["sessiz", "klasik"]);
    expect(view.report.badRows).toEqual(
      expect.arrayContaining([
        { file: "diary.csv", line: 7, reason: "Puan 0,5 ile 5 yıldız arasında olmalı." },
        { file: "diary.csv", line: 8, reason: "İzleme tarihi geçerli bir tarih olmalıdır" },
        { file: "ratings.csv", line: 6, reason: "Puan boş." },
      ]),
    );

    const facts = await handle.db
      .select()
      .from(titleFacts)
      .where(
        and(eq(titleFacts.itemType, "movie"), eq(titleFacts.itemId, await movieId("Metropolis"))),
      );
    expect(facts[0]).toMatchObject({ title: "Metropolis", runtime: expect.any(Number) });
    expect(facts[0]!.directors.length).toBeGreaterThan(0);
  });

  it("writes a candidate the person picks, skips what they skip, then keeps only the report", async () => {
    const view = (await importOf(handle.db, "ayse", importId))!;
    const [frankenstein, unknown, nosferatu] = view.review;
    const pick = frankenstein!.candidates[0]!;
    // A title not offered for the row must be one the catalogue knows (found by the review
    // screen's search), and of a kind the row may be: a Letterboxd row is a film.
    expect(
      await resolveRow(services, "ayse", importId, {
        rowId: frankenstein!.id,
        choice: "pick",
        mediaType: "movie",
        id: 1_999_999,
      }),
    ).toBe(false);
    expect(
      await resolveRow(services, "ayse", importId, {
        rowId: frankenstein!.id,
        choice: "pick",
        mediaType: "tv",
        id: localId("tv", "sahsiyet-2018"),
      }),
    ).toBe(false);
    expect(
      await resolveRow(services, "ayse", importId, {
        rowId: frankenstein!.id,
        choice: "pick",
        mediaType: pick.mediaType,
        id: pick.id,
      }),
    ).toBe(true);
    expect(
      await resolveRow(services, "ayse", importId, { rowId: unknown!.id, choice: "skip" }),
    ).toBe(true);
    // The choice is recorded for the job, which the watchdog queues again should it be lost.
    expect(await importOf(handle.db, "ayse", importId)).toMatchObject({
      status: "review",
      writing: 1,
    });
    queued.length = 0;
    await queueOrphanedImports(services);
    expect(queued).toContain(importId);
    await runImport(services, importId);
    expect(await importOf(handle.db, "ayse", importId)).toMatchObject({ writing: 0 });
    const { diary } = await libraryOf("ayse");
    expect(
      diary.some((entry) => entry.itemId === pick.id && entry.watchedOn === "2024-06-30"),
    ).toBe(true);

    expect(await skipRemaining(handle.db, "ayse", importId)).toBe(true);
    const done = (await importOf(handle.db, "ayse", importId))!;
    expect(done.status).toBe("done");
    expect(done.report.skipped).toBe(2);
    expect(done.report.written).toMatchObject({
      diary: 5,
      watchlist: 3,
      watched: 3,
      rating: 4,
      review: 3,
    });
    expect(done.report.notes).toEqual([
      {
        file: "reviews.csv",
        line: 5,
        note: "Yorum 10 karakterden kısa: yalnızca puan ve tarih kaydedildi.",
      },
    ]);
    void nosferatu;
    // The raw rows (personal data) are gone once nothing waits for a choice.
    expect(
      await handle.db.select().from(importRows).where(eq(importRows.importId, importId)),
    ).toEqual([]);
  });

  it("changes nothing when the same file is imported again, and a newer file updates", async () => {
    const before = await libraryOf("ayse");
    const again = await upload("ayse", "letterboxd-ayse.zip", await letterboxdZip());
    await runImport(services, again);
    await skipRemaining(handle.db, "ayse", again);
    const after = await libraryOf("ayse");
    expect(after.list).toEqual(before.list);
    expect(after.ratings).toEqual(before.ratings);
    // Frankenstein's entry was written by the person's choice; the skipped rows wrote nothing.
    expect(after.diary.map(({ updatedAt, ...entry }) => (void updatedAt, entry))).toEqual(
      before.diary.map(({ updatedAt, ...entry }) => (void updatedAt, entry)),
    );

    const newer = importFixture("letterboxd/ratings.csv")
      .toString()
      .replace("Alien,1979,https://boxd.it/f003,3.5", "Alien,1979,https://boxd.it/f003,4.5");
    const third = await upload("ayse", "ratings.csv", new TextEncoder().encode(newer));
    await runImport(services, third);
    const updated = await libraryOf("ayse");
    const alien = updated.ratings.find((row) => row.rating === 9);
    expect(alien?.id).toBe(await movieId("Alien"));
    expect(updated.ratings).toHaveLength(before.ratings.length);
  });
});

describe("importing an IMDb file", () => {
  it("matches by IMDb id where the catalogue knows it, by title otherwise; episodes are reported", async () => {
    const id = await upload("zeynep", "ratings.csv", importFixture("imdb/ratings.csv"));
    await runImport(services, id);
    const view = (await importOf(handle.db, "zeynep", id))!;
    expect(view.report.badRows).toEqual([
      {
        file: "ratings.csv",
        line: 4,
        reason: "Dizi bölümü: bölümler içe aktarılmıyor, yalnızca filmler ve diziler.",
      },
    ]);
    expect(view.review.map((row) => row.title)).toEqual(["Hiç Olmayan Film"]);
    const { list, ratings } = await libraryOf("zeynep");
    expect(list.filter((row) => row.type === "tv")).toHaveLength(2); // Breaking Bad, The Office
    expect(ratings.map((row) => row.rating).sort()).toEqual([10, 7, 8, 9].sort());
  });
});

describe("a job stopped halfway", () => {
  it("resumes where it stopped and writes nothing twice", async () => {
    const id = await upload("can", "letterboxd-can.zip", await letterboxdZip());
    await runImport(services, id, { batchSize: 5, maxBatches: 2 });
    const halfway = (await importOf(handle.db, "can", id))!;
    expect(halfway.status).toBe("running");
    expect(halfway.processedRows).toBeGreaterThan(halfway.report.badRows.length);
    expect(halfway.processedRows).toBeLessThan(halfway.totalRows);
    // Two workers at once (a job taken back after a restart, and the new one) are safe too.
    await Promise.all([
      runImport(services, id, { batchSize: 5 }),
      runImport(services, id, { batchSize: 5 }),
    ]);
    const done = (await importOf(handle.db, "can", id))!;
    expect(done.status).toBe("review");
    expect(done.processedRows).toBe(done.totalRows);
    const { diary, ratings, list } = await libraryOf("can");
    const ayse = await libraryOf("ayse");
    expect(diary).toHaveLength(4);
    expect(new Set(diary.map((entry) => entry.importKey)).size).toBe(4);
    expect(ratings).toHaveLength(5);
    expect(list.length).toBe(ayse.list.length - 1); // ayse also picked Frankenstein
  });
});

describe("stopping an import", () => {
  it("skips what was not worked yet, keeps what was written, and frees the next upload", async () => {
    await createTestUser(handle, "deniz");
    const id = await upload("deniz", "letterboxd-deniz.zip", await letterboxdZip());
    await runImport(services, id, { batchSize: 5, maxBatches: 1 });
    expect(await cancelImport(handle.db, "mehmet", id)).toBe(false);
    expect(await cancelImport(handle.db, "deniz", id)).toBe(true);
    const stopped = (await importOf(handle.db, "deniz", id))!;
    expect(stopped.processedRows).toBe(stopped.totalRows);
    expect(stopped.status).not.toBe("running");
    // The job, if still running, finds nothing left to do.
    await runImport(services, id);
    const { list } = await libraryOf("deniz");
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(5);
    expect(
      (await upload("deniz", "watched.csv", importFixture("letterboxd/watched.csv"))) > id,
    ).toBe(true);
  });
});

describe("one import at a time, each person's own", () => {
  it("refuses a second upload while one runs", async () => {
    const first = await upload("mehmet", "watched.csv", importFixture("letterboxd/watched.csv"));
    const ratings = importFixture("letterboxd/ratings.csv");
    expect(await create("mehmet", "ratings.csv", ratings)).toEqual({
      ok: false,
      message: "Süren bir içe aktarımınız var. O bitince yeni bir dosya yükleyebilirsiniz.",
    });
    // Another person may import meanwhile.
    const other = await create("zeynep", "ratings.csv", ratings);
    expect(other.ok).toBe(true);
    await runImport(services, first);
    expect((await importOf(handle.db, "mehmet", first))!.status).toBe("done");
    expect((await create("mehmet", "ratings.csv", ratings)).ok).toBe(true);
  });

  it("never shows or resolves another person's import", async () => {
    const [ayses] = await handle.db.select().from(imports).where(eq(imports.userId, "can"));
    expect(await importOf(handle.db, "mehmet", ayses!.id)).toBeNull();
    const view = (await importOf(handle.db, "can", ayses!.id))!;
    const row = view.review[0]!;
    expect(await resolveRow(services, "mehmet", ayses!.id, { rowId: row.id, choice: "skip" })).toBe(
      false,
    );
    // Mehmet's own import id with Can's row: still nothing.
    const [mehmets] = await handle.db.select().from(imports).where(eq(imports.userId, "mehmet"));
    expect(
      await resolveRow(services, "mehmet", mehmets!.id, { rowId: row.id, choice: "skip" }),
    ).toBe(false);
    expect(await skipRemaining(handle.db, "mehmet", ayses!.id)).toBe(false);
    expect((await importOf(handle.db, "can", ayses!.id))!.reviewCount).toBe(3);
    // The data export holds one's own imports only, with the rows still kept.
    const exported = await exportImports(handle.db, "can");
    expect(exported).toHaveLength(1);
    expect(exported[0]!.rows.length).toBeGreaterThan(0);
    expect(
      (await exportImports(handle.db, "mehmet")).every(
        (row) => row.fileName !== "letterboxd-can.zip",
      ),
    ).toBe(true);
  });

  it("goes with the account: deleting a person deletes their imports and rows", async () => {
    const [cans] = await handle.db.select().from(imports).where(eq(imports.userId, "can"));
    await handle.db.delete(user).where(eq(user.id, "can"));
    expect(await handle.db.select().from(imports).where(eq(imports.userId, "can"))).toEqual([]);
    expect(
      await handle.db.select().from(importRows).where(eq(importRows.importId, cans!.id)),
    ).toEqual([]);
  });
});

describe("writing through the site's own rules", () => {
  it("lets a rated diary entry set Puanım, a ratings file have the last word, and says once per batch what changed", async () => {
    await createTestUser(handle, "elif");
    const announced: { type: string; id: number }[][] = [];
    const recording = {
      ...services,
      changes: {
        changed: async (items: { type: string; id: number }[]) => void announced.push(items),
      } as unknown as ItemChanges,
    };
    // ratings.csv stands first in the ZIP: Metropolis is a 3 now, though its last log says 5.
    const zip = await zipOf({
      "ratings.csv":
        "Date,Name,Year,Letterboxd URI,Rating\n2024-06-01,Metropolis,1927,https://boxd.it/f001,3\n",
      "diary.csv": importFixture("letterboxd/diary.csv"),
    });
    const id = await upload("elif", "letterboxd-elif.zip", zip);
    await runImport(recording, id);
    const [metropolis, cityLights] = [await movieId("Metropolis"), await movieId("City Lights")];
    const { ratings } = await libraryOf("elif");
    const ratingOf = (movie: number) => ratings.find((row) => row.id === movie)?.rating;
    expect(ratingOf(metropolis)).toBe(6);
    // No ratings.csv row for City Lights: its rated diary entry (4 stars) is Puanım.
    expect(ratingOf(cityLights)).toBe(8);
    // One batch, one announcement, naming each title once.
    expect(announced).toHaveLength(1);
    expect(announced[0]).toEqual(
      expect.arrayContaining([
        { type: "movie", id: metropolis },
        { type: "movie", id: cityLights },
      ]),
    );
    expect(new Set(announced[0]!.map((item) => item.id)).size).toBe(announced[0]!.length);
  });
});

describe("the diary's rules for imported rows (issue #32.6)", () => {
  it("stores no watch in the future and no tag the diary's form would refuse; reports each row", async () => {
    await createTestUser(handle, "selin");
    const diary = [
      "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date",
      "2024-01-01,Jaws,1975,https://boxd.it/s1,4,,,2099-12-31",
      `2024-01-01,Psycho,1960,https://boxd.it/s2,4,,"${"uzun".repeat(25)}",2024-01-01`,
      "2024-01-01,Alien,1979,https://boxd.it/s3,4,,bilimkurgu,2024-01-02",
    ].join("\n");
    const id = await upload("selin", "diary.csv", new TextEncoder().encode(diary));
    await runImport(services, id);
    const view = (await importOf(handle.db, "selin", id))!;
    expect(view.status).toBe("done");
    expect(view.report.badRows).toEqual([
      { file: "diary.csv", line: 2, reason: "İzleme tarihi gelecekte olamaz" },
      { file: "diary.csv", line: 3, reason: "Her etiket 1 ile 30 karakter arasında olmalıdır" },
    ]);
    const { diary: stored } = await libraryOf("selin");
    expect(stored.map((entry) => [entry.watchedOn, entry.tags])).toEqual([
      ["2024-01-02", ["bilimkurgu"]],
    ]);
  });
});

describe("reading the file in the job (issue #32.4)", () => {
  it("keeps the upload until its rows are read, then deletes it", async () => {
    await createTestUser(handle, "baran");
    const id = await upload("baran", "watched.csv", importFixture("letterboxd/watched.csv"));
    const before = (await importOf(handle.db, "baran", id))!;
    expect(before).toMatchObject({ status: "running", reading: true, totalRows: 0 });
    await runImport(services, id, { maxBatches: 0 });
    const read = (await importOf(handle.db, "baran", id))!;
    expect(read).toMatchObject({ status: "running", reading: false });
    expect(read.totalRows).toBeGreaterThan(0);
    expect(
      await handle.db.select().from(importUploads).where(eq(importUploads.importId, id)),
    ).toEqual([]);
    await runImport(services, id);
    expect((await importOf(handle.db, "baran", id))!.status).toBe("done");
  });

  it("reads nothing of a file stopped before its job came", async () => {
    await createTestUser(handle, "sena");
    const id = await upload("sena", "watched.csv", importFixture("letterboxd/watched.csv"));
    expect(await cancelImport(handle.db, "sena", id)).toBe(true);
    await runImport(services, id);
    expect((await importOf(handle.db, "sena", id))!).toMatchObject({
      status: "done",
      reading: false,
      totalRows: 0,
    });
    expect(
      await handle.db.select().from(importUploads).where(eq(importUploads.importId, id)),
    ).toEqual([]);
    expect((await libraryOf("sena")).list).toEqual([]);
  });

  it("ends an import whose file the job refuses, with the reason and nothing written", async () => {
    await createTestUser(handle, "cem");
    const good = "2024-01-01,Jaws,1975,https://boxd.it/c\n".repeat(3_000);
    const broken = `Date,Name,Year,Letterboxd URI\n${good}2024-01-01,"Jaws,1975,u\n`;
    // The request's glance sees a good header; the broken line is far down.
    const id = await upload("cem", "watched.csv", new TextEncoder().encode(broken));
    await runImport(services, id);
    const view = (await importOf(handle.db, "cem", id))!;
    expect(view.status).toBe("done");
    expect(view.report.refusal).toMatch(/^watched\.csv bozuk: 3002\. satırda tırnak işaretleri/);
    expect((await libraryOf("cem")).list).toEqual([]);
    expect(await handle.db.select().from(importRows).where(eq(importRows.importId, id))).toEqual(
      [],
    );
    expect(
      await handle.db.select().from(importUploads).where(eq(importUploads.importId, id)),
    ).toEqual([]);
    // A refused file does not count as one of the day's imports.
    expect((await create("cem", "watched.csv", importFixture("letterboxd/watched.csv"))).ok).toBe(
      true,
    );
  });

  it(`allows ${IMPORTS_PER_DAY} imports a day per person`, async () => {
    await createTestUser(handle, "umut");
    const file = importFixture("letterboxd/watched.csv");
    for (let made = 0; made < IMPORTS_PER_DAY; made++) {
      const id = await upload("umut", "watched.csv", file);
      await runImport(services, id);
    }
    expect(await create("umut", "watched.csv", file)).toEqual({
      ok: false,
      message: `Bir günde en fazla ${IMPORTS_PER_DAY} içe aktarım yapabilirsiniz. Lütfen yarın yeniden deneyin.`,
    });
    // A day later, again.
    await handle.db
      .update(imports)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(imports.userId, "umut"));
    expect((await create("umut", "watched.csv", file)).ok).toBe(true);
  });
});

describe("an import whose worker is gone (issue #32.9)", () => {
  it("is queued again once its lease lapses; a live job's import is left to it", async () => {
    await createTestUser(handle, "ece");
    const id = await upload("ece", "letterboxd-ece.zip", await letterboxdZip());
    // A worker took it and was killed: its lease is fresh for a few more seconds.
    await handle.db
      .update(imports)
      .set({ workedAt: sql`now()` })
      .where(eq(imports.id, id));
    queued.length = 0;
    await queueOrphanedImports(services);
    expect(queued).not.toContain(id);
    // Another job for it now does nothing: the lease says a worker has it.
    await runImport(services, id);
    expect((await importOf(handle.db, "ece", id))!).toMatchObject({
      reading: true,
      status: "running",
    });

    await handle.db
      .update(imports)
      .set({ workedAt: sql`now() - interval '1 minute'` })
      .where(eq(imports.id, id));
    await queueOrphanedImports(services);
    expect(queued).toContain(id);
    await runImport(services, id);
    const done = (await importOf(handle.db, "ece", id))!;
    expect(done.status).not.toBe("running");
    expect(done.processedRows).toBe(done.totalRows);
    // The job gives its lease back when it ends: a finished import is never queued again.
    queued.length = 0;
    await queueOrphanedImports(services);
    expect(queued).not.toContain(id);
  });
});

describe("the review screen's races (issue #37)", () => {
  /** The import job as the queue runs it: `runImport`, then its last look at its own import. */
  async function importJob() {
    let job: JobDefinition<{ importId: number }> | undefined;
    const jobs = {
      ...services.jobs,
      define: async (_name: string, definition: JobDefinition<{ importId: number }>) => {
        job = definition;
      },
    } as unknown as JobQueue;
    await defineImportJobs({ ...services, jobs });
    return (importId: number) => job!.run({ importId }, { id: "job" });
  }

  /** An import of the Letterboxd fixture on the review screen, and its three waiting rows. */
  async function onReview(userId: string) {
    await createTestUser(handle, userId);
    const id = await upload(userId, `letterboxd-${userId}.zip`, await letterboxdZip());
    await runImport(services, id);
    const view = (await importOf(handle.db, userId, id))!;
    expect(view.review).toHaveLength(3);
    return { id, rows: view.review };
  }

  it("writes an answer given while the job lets go of the import, once", async () => {
    const job = await importJob();
    const { id, rows } = await onReview("damla");
    const pick = rows[0]!.candidates[0]!;
    // The job that brought the import to the review screen still holds it, about to let go.
    await handle.db
      .update(imports)
      .set({ workedAt: sql`now()` })
      .where(eq(imports.id, id));
    queued.length = 0;
    const answer = {
      rowId: rows[0]!.id,
      choice: "pick" as const,
      mediaType: pick.mediaType,
      id: pick.id,
    };
    expect(await resolveRow(services, "damla", id, answer)).toBe(true);
    expect(queued).toEqual([id]);
    // The job the answer queued finds the import taken and ends, queuing nothing more.
    queued.length = 0;
    await job(id);
    expect(queued).toEqual([]);
    expect(await importOf(handle.db, "damla", id)).toMatchObject({ status: "review", writing: 1 });
    // The first job gives its lease back and looks at its import once more (the end of its
    // run): the answer left waiting is queued, and that job writes it.
    await handle.db.update(imports).set({ workedAt: null }).where(eq(imports.id, id));
    await queueOrphanedImports(services, id);
    expect(queued).toEqual([id]);
    await job(id);
    expect(await importOf(handle.db, "damla", id)).toMatchObject({ status: "review", writing: 0 });
    const { diary } = await libraryOf("damla");
    expect(
      diary.filter((entry) => entry.itemId === pick.id && entry.watchedOn === "2024-06-30"),
    ).toHaveLength(1);
  });

  it("finishes once, with the whole report, when the last answers or a job's last look come together", async () => {
    const job = await importJob();
    const reportOf = async (userId: string, id: number) => {
      const view = (await importOf(handle.db, userId, id))!;
      expect(view.status).toBe("done");
      return view.report;
    };
    // One answer after another: the report to expect.
    const one = await onReview("defne");
    for (const row of one.rows)
      expect(await resolveRow(services, "defne", one.id, { rowId: row.id, choice: "skip" })).toBe(
        true,
      );
    const expected = await reportOf("defne", one.id);
    expect(expected.skipped).toBe(3);
    expect(Object.keys(expected.written).length).toBeGreaterThan(0);

    // The last two answers at once: either may be the one that finishes the import.
    const two = await onReview("derya");
    await resolveRow(services, "derya", two.id, { rowId: two.rows[0]!.id, choice: "skip" });
    expect(
      await Promise.all(
        two.rows
          .slice(1)
          .map((row) => resolveRow(services, "derya", two.id, { rowId: row.id, choice: "skip" })),
      ),
    ).toEqual([true, true]);
    expect(await reportOf("derya", two.id)).toEqual(expected);

    // The last answer and a job's last look at once.
    const three = await onReview("doruk");
    for (const row of three.rows.slice(0, 2))
      await resolveRow(services, "doruk", three.id, { rowId: row.id, choice: "skip" });
    const last = { rowId: three.rows[2]!.id, choice: "skip" } as const;
    await Promise.all([resolveRow(services, "doruk", three.id, last), job(three.id)]);
    expect(await reportOf("doruk", three.id)).toEqual(expected);
    // Nothing of the three is left to work: no job is queued for them again.
    queued.length = 0;
    await queueOrphanedImports(services);
    expect(queued.filter((id) => [one.id, two.id, three.id].includes(id))).toEqual([]);
  });
});
