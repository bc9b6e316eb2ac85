import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY } from "../../../tests/fake-tmdb/fixtures";
import { startFakeTmdb, type FakeTmdb } from "../../../tests/fake-tmdb/server";
import { createTestDatabase, createTestUser } from "../../../tests/support/test-database";
import { importServices } from "../../../tests/support/import-services";
import { createCache, memoryStore } from "~/catalogue/cache.server";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { createTmdbSource } from "~/catalogue/tmdb/tmdb-source.server";
import { createLogger } from "~/core/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import { importRows, imports, type ImportRowFields, type ImportRowKind } from "~/db/import-schema";
import { watchlist } from "~/db/schema";
import { episodeWatches } from "~/db/tracking-schema";
import { diaryEntries } from "~/db/history-schema";
import { today } from "~/core/clock.server";
import { importFixture, tvTimeZip, zipOf } from "../../../tests/support/import-files";
import {
  chooseProfile,
  createImport,
  importOf,
  resolveRow,
  runImport,
  skipRemaining,
  type ImportServices,
} from "./imports.server";
import { checkUpload, readUpload } from "./read-upload.server";

/*
 * Episode rows (the groundwork of TV Time, Netflix and Trakt imports) against the fake movie
 * database: a series found by its TVDB id, by name and year when the id is unknown, or chosen on
 * the review screen once for all its episodes; marks dated or undated, a rewatch counted on the
 * one mark, specials and unknown episodes reported, and a second run changing nothing.
 */

const logger = createLogger("silent");
let handle: DatabaseHandle;
let fake: FakeTmdb;
let services: ImportServices;

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakeTmdb();
  const catalogue: Catalogue = createTmdbSource({
    apiBaseUrl: fake.url,
    apiKey: API_KEY,
    imageBaseUrl: "https://image.example/t/p",
    logger,
    cached: createCache(memoryStore(), logger),
  });
  services = importServices(handle, catalogue, logger);
  for (const id of [
    "deniz",
    "elif",
    "ikiz",
    "tvtime",
    "netflix1",
    "netflix2",
    "netflix3",
    "netflix4",
  ])
    await createTestUser(handle, id);
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await handle?.close();
});

type Row = { kind: ImportRowKind; fields: ImportRowFields };

/** An import whose file was already read into these rows (as the job's first step leaves it). */
async function importWith(userId: string, rows: Row[]) {
  const [created] = await handle.db
    .insert(imports)
    .values({
      userId,
      source: "tvtime",
      fileName: "tvtime.zip",
      totalRows: rows.length,
      report: { written: {}, skipped: 0, badRows: [], badRowCount: 0, notes: [] },
    })
    .returning({ id: imports.id });
  await handle.db.insert(importRows).values(
    rows.map((row, index) => ({
      importId: created!.id,
      file: "tracking-prod-records-v2.csv",
      line: index + 2,
      kind: row.kind,
      fields: row.fields,
    })),
  );
  return created!.id;
}

const episode = (
  series: { title: string; year?: number | null; tvdb?: number },
  season: number,
  number: number,
  when: { watchedAt?: string; watchedOn?: string; rewatches?: number } = {},
): Row => ({
  kind: "episode",
  fields: {
    title: series.title,
    year: series.year ?? null,
    ...(series.tvdb ? { ids: { tvdb: series.tvdb } } : {}),
    seriesKey: `${series.tvdb ?? ""}|${series.title}|${series.year ?? ""}`,
    season,
    episode: number,
    ...when,
  },
});

const marksOf = (userId: string) =>
  handle.db
    .select({
      seriesId: episodeWatches.seriesId,
      season: episodeWatches.seasonNumber,
      episode: episodeWatches.episodeNumber,
      watchedAt: episodeWatches.watchedAt,
      rewatches: episodeWatches.rewatches,
    })
    .from(episodeWatches)
    .where(eq(episodeWatches.userId, userId))
    .orderBy(episodeWatches.seasonNumber, episodeWatches.episodeNumber);

describe("importing episode rows", () => {
  const bb = { title: "Breaking Bad", tvdb: 81189 };
  const rows: Row[] = [
    episode(bb, 1, 1, { watchedAt: "2019-03-04T21:13:44.000Z" }),
    episode(bb, 1, 2),
    // The same episode again later: a rewatch, kept on the one mark.
    episode(bb, 1, 1, { watchedAt: "2020-06-01T20:00:00.000Z", rewatches: 1 }),
    episode(bb, 1, 3, { watchedOn: "2019-03-05" }),
    episode(bb, 0, 1, { watchedAt: "2019-04-01T20:00:00.000Z" }),
    episode(bb, 1, 99),
    // An id the movie database does not know: the name and year find the series.
    episode({ title: "Breaking Bad", year: 2008, tvdb: 999999 }, 1, 4),
    // Neither id nor name: the person chooses, once for both episodes.
    episode({ title: "Kırmızı Oda Değil", tvdb: 999998 }, 1, 5),
    episode({ title: "Kırmızı Oda Değil", tvdb: 999998 }, 1, 6),
    {
      kind: "series-status",
      fields: { title: "Yalı Çapkını", year: null, ids: { tvdb: 418364 }, status: "watching" },
    },
  ];

  it("marks the known episodes, counts a rewatch, reports the rest and asks once per series", async () => {
    const importId = await importWith("deniz", rows);
    await runImport(services, importId);
    const view = (await importOf(handle.db, "deniz", importId))!;
    expect(view.status).toBe("review");
    expect(view.reviewCount).toBe(1);
    expect(view.review.map((row) => row.title)).toEqual(["Kırmızı Oda Değil"]);

    expect(await marksOf("deniz")).toEqual([
      {
        seriesId: 1396,
        season: 1,
        episode: 1,
        watchedAt: new Date("2019-03-04T21:13:44Z"),
        rewatches: 1,
      },
      { seriesId: 1396, season: 1, episode: 2, watchedAt: null, rewatches: 0 },
      // A day alone is noon in Istanbul.
      {
        seriesId: 1396,
        season: 1,
        episode: 3,
        watchedAt: new Date("2019-03-05T09:00:00Z"),
        rewatches: 0,
      },
      { seriesId: 1396, season: 1, episode: 4, watchedAt: null, rewatches: 0 },
    ]);

    const queued: number[] = [];
    const answering = importServices(handle, services.catalogue, logger, { queued });
    const pick = { rowId: view.review[0]!.id, choice: "pick", mediaType: "tv", id: 1396 } as const;
    // Someone else cannot answer for the person.
    expect(await resolveRow(answering, "elif", importId, pick)).toBe(false);
    // The answer is recorded and the job queued; the rows are written by the job, not here.
    expect(await resolveRow(answering, "deniz", importId, pick)).toBe(true);
    expect(queued).toEqual([importId]);
    expect(await marksOf("deniz")).toHaveLength(4);
    expect(await importOf(handle.db, "deniz", importId)).toMatchObject({
      status: "review",
      reviewCount: 0,
      writing: 2,
    });
    // Answered once: the same answer again finds nothing waiting.
    expect(await resolveRow(answering, "deniz", importId, pick)).toBe(false);
    await runImport(services, importId);
    const done = (await importOf(handle.db, "deniz", importId))!;
    expect(done.status).toBe("done");
    expect(done.report.written).toEqual({ episode: 7, "series-status": 1 });
    expect(done.report.unwrittenCount).toBe(2);
    expect(done.report.unwritten).toEqual([
      {
        file: "tracking-prod-records-v2.csv",
        line: 6,
        reason: expect.stringContaining("Özel bölüm"),
      },
      {
        file: "tracking-prod-records-v2.csv",
        line: 7,
        reason: expect.stringContaining("bulunamadı"),
      },
    ]);
    expect((await marksOf("deniz")).map((mark) => mark.episode)).toEqual([1, 2, 3, 4, 5, 6]);
    const list = await handle.db
      .select({ id: watchlist.itemId, status: watchlist.status })
      .from(watchlist)
      .where(and(eq(watchlist.userId, "deniz"), eq(watchlist.itemType, "tv")))
      .orderBy(watchlist.itemId);
    expect(list).toEqual([
      { id: 1396, status: "watching" },
      { id: 1_000_201, status: "watching" },
    ]);
  });

  it("writes a series' answer once when it is given twice at once, and only for its owner", async () => {
    const many: Row[] = Array.from({ length: 300 }, (_, index) =>
      episode({ title: "Kırmızı Oda Değil", tvdb: 999_997 }, 1, 1 + (index % 7), {
        rewatches: Math.floor(index / 7),
      }),
    );
    const importId = await importWith("ikiz", many);
    await runImport(services, importId);
    const view = (await importOf(handle.db, "ikiz", importId))!;
    expect(view).toMatchObject({ status: "review", reviewCount: 1, writing: 0 });
    const queued: number[] = [];
    const answering = importServices(handle, services.catalogue, logger, { queued });
    const answer = {
      rowId: view.review[0]!.id,
      choice: "pick",
      mediaType: "tv",
      id: 1396,
    } as const;
    // Two tabs answer at once (and a third person tries): one answer counts.
    const answers = await Promise.all([
      resolveRow(answering, "ikiz", importId, answer),
      resolveRow(answering, "ikiz", importId, answer),
      resolveRow(answering, "deniz", importId, answer),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(answers[2]).toBe(false);
    expect(queued).toEqual([importId]);
    const chosen = await handle.db
      .selectDistinct({ state: importRows.state, itemId: importRows.itemId })
      .from(importRows)
      .where(eq(importRows.importId, importId));
    expect(chosen).toHaveLength(1);
    expect(chosen[0]!.state).toBe("pending");
    // Two jobs for it at once: each row is written once.
    await Promise.all([runImport(services, importId), runImport(services, importId)]);
    const done = (await importOf(handle.db, "ikiz", importId))!;
    expect(done.status).toBe("done");
    expect(done.report.written).toEqual({ episode: 300 });
    const marks = await handle.db
      .select({ seriesId: episodeWatches.seriesId, rewatches: episodeWatches.rewatches })
      .from(episodeWatches)
      .where(eq(episodeWatches.userId, "ikiz"));
    expect(marks).toHaveLength(7);
    expect(new Set(marks.map((mark) => mark.seriesId))).toEqual(new Set([chosen[0]!.itemId]));
    expect(await marksOf("deniz")).toHaveLength(6);
  }, 120_000);

  it("changes nothing when the same rows are imported again", async () => {
    const before = await marksOf("deniz");
    const importId = await importWith("deniz", rows);
    await runImport(services, importId);
    expect(await marksOf("deniz")).toEqual(before);
    // The marks of another person are their own.
    expect(await marksOf("elif")).toEqual([]);
  });

  it("writes 1,000 episode rows in batches of hundreds", async () => {
    const many: Row[] = Array.from({ length: 1_000 }, (_, index) =>
      episode(bb, 1, 1 + (index % 7), {
        watchedAt: new Date(Date.UTC(2019, 0, 1) + index * 3_600_000).toISOString(),
        rewatches: Math.floor(index / 7),
      }),
    );
    const importId = await importWith("elif", many);
    await runImport(services, importId);
    const view = (await importOf(handle.db, "elif", importId))!;
    expect(view.status).toBe("done");
    expect(view.report.written).toEqual({ episode: 1_000 });
    const marks = await marksOf("elif");
    expect(marks).toHaveLength(7);
    expect(marks[0]).toMatchObject({ watchedAt: new Date("2019-01-01T00:00:00Z"), rewatches: 142 });
  }, 120_000);
});

describe("importing TV Time's export", () => {
  it("reads every file by its header, dates episodes from watched_on_episode.csv and reports the votes as skipped", async () => {
    const bytes = await tvTimeZip();
    const checked = await checkUpload("export (1).zip", bytes, { today: today() });
    expect(checked).toMatchObject({ ok: true, source: "tvtime" });
    const created = await createImport(services, "tvtime", {
      fileName: "export (1).zip",
      source: "tvtime",
      bytes,
    });
    if (!created.ok) throw new Error(created.message);
    await runImport(services, created.importId);
    const view = (await importOf(handle.db, "tvtime", created.importId))!;
    // The series TV Time's id does not find: asked once, by its name.
    expect(view.status).toBe("review");
    expect(view.review.map((row) => row.title)).toEqual(['Kırmızı Oda, "Özel" 🎬']);
    expect(view.report.skippedFiles).toEqual([
      { file: "ratings-3-prod-episode_votes.csv", reason: expect.stringContaining("vote_key") },
    ]);
    expect(view.report.badRows).toEqual([
      { file: "tracking-prod-records-v2.csv", line: 9, reason: "Sezon numarası geçersiz." },
    ]);
    expect(await marksOf("tvtime")).toEqual([
      {
        seriesId: 1396,
        season: 1,
        episode: 1,
        watchedAt: new Date("2019-03-04T21:13:44Z"),
        rewatches: 1,
      },
      {
        seriesId: 1396,
        season: 1,
        episode: 2,
        watchedAt: new Date("2019-03-05T20:00:00Z"),
        rewatches: 0,
      },
      {
        seriesId: 1396,
        season: 1,
        episode: 3,
        watchedAt: new Date("2019-03-06T22:00:00Z"),
        rewatches: 0,
      },
    ]);
    await skipRemaining(handle.db, "tvtime", created.importId);
    const done = (await importOf(handle.db, "tvtime", created.importId))!;
    expect(done.report.written).toEqual({
      episode: 4,
      "series-status": 2,
      diary: 1,
      watched: 1,
      watchlist: 1,
    });
    expect(done.report.unwrittenCount).toBe(1);
    // Favourites are offered, never set: Yalı Çapkını is not even added to the list.
    expect(done.report.favourites).toEqual([
      { mediaType: "tv", id: 1396, title: "Breaking Bad" },
      { mediaType: "tv", id: 1_000_201, title: "Yalı Çapkını" },
    ]);
    const list = await handle.db
      .select({ type: watchlist.itemType, id: watchlist.itemId, status: watchlist.status })
      .from(watchlist)
      .where(eq(watchlist.userId, "tvtime"))
      .orderBy(watchlist.itemType, watchlist.itemId);
    expect(list).toEqual([
      { type: "movie", id: 238, status: "watched" },
      { type: "movie", id: 550, status: "watched" },
      { type: "movie", id: expect.any(Number), status: "plan_to_watch" },
      { type: "tv", id: 1396, status: "watching" },
    ]);
    const diary = await handle.db
      .select({ id: diaryEntries.itemId, watchedOn: diaryEntries.watchedOn })
      .from(diaryEntries)
      .where(eq(diaryEntries.userId, "tvtime"));
    // 20:30 UTC on 14 July is 23:30 in Istanbul: the same day.
    expect(diary).toEqual([{ id: 550, watchedOn: "2018-07-14" }]);
  });

  it("refuses a file whose header is no known one, naming its columns", async () => {
    const checked = await checkUpload(
      "tracking-prod-records-v2.csv",
      Buffer.from("s_id,season_number,episode_number,series_name_x\n1,1,1,X\n"),
      { today: today() },
    );
    expect(checked).toEqual({
      ok: false,
      message: expect.stringMatching(/tanınmadı.*series_name_x.*TV Time/),
    });
  });

  it("reads the older export's episode file (tv_show_name, episode_season_number)", async () => {
    const read = await readUpload(
      "older-tracking.csv",
      importFixture("tvtime/older-tracking.csv"),
      {
        today: today(),
      },
    );
    expect(read).toMatchObject({
      ok: true,
      source: "tvtime",
      rows: [
        {
          kind: "episode",
          fields: {
            title: "Breaking Bad",
            season: 1,
            episode: 5,
            watchedAt: "2017-10-10T21:00:00.000Z",
          },
        },
      ],
    });
  });
});

describe("importing Netflix's viewing activity", () => {
  async function imported(userId: string, name: string) {
    const bytes = importFixture(`netflix/${name}`);
    const checked = await checkUpload(name, bytes, { today: today() });
    expect(checked).toMatchObject({ ok: true, source: "netflix" });
    const created = await createImport(services, userId, {
      fileName: name,
      source: "netflix",
      bytes,
    });
    if (!created.ok) throw new Error(created.message);
    await runImport(services, created.importId);
    return created.importId;
  }

  it("reads English lines with month-first dates: episodes by number or title, films by name", async () => {
    const importId = await imported("netflix1", "NetflixViewingHistory-en.csv");
    const view = (await importOf(handle.db, "netflix1", importId))!;
    expect(view.review.map((row) => row.title)).toEqual(["Bilinmeyen Şov 🎉"]);
    expect(await marksOf("netflix1")).toEqual([
      {
        seriesId: 1396,
        season: 1,
        episode: 1,
        watchedAt: new Date("2021-05-14T09:00:00Z"),
        rewatches: 0,
      },
      {
        seriesId: 1396,
        season: 1,
        episode: 2,
        watchedAt: new Date("2021-05-14T09:00:00Z"),
        rewatches: 0,
      },
      {
        seriesId: 1396,
        season: 1,
        episode: 4,
        watchedAt: new Date("2021-05-15T09:00:00Z"),
        rewatches: 0,
      },
    ]);
    const diary = await handle.db
      .select({ id: diaryEntries.itemId, watchedOn: diaryEntries.watchedOn })
      .from(diaryEntries)
      .where(eq(diaryEntries.userId, "netflix1"));
    expect(diary).toEqual([{ id: 550, watchedOn: "2021-04-02" }]);
  });

  it("reads Turkish lines with day-first dates, a rewatch, and refuses a day that does not exist", async () => {
    const importId = await imported("netflix2", "NetflixViewingHistory-tr.csv");
    const view = (await importOf(handle.db, "netflix2", importId))!;
    expect(view.status).toBe("done");
    expect(view.report.badRows).toEqual([
      { file: "NetflixViewingHistory-tr.csv", line: 5, reason: "Tarih okunamadı: “31.02.2021”." },
    ]);
    expect(await marksOf("netflix2")).toEqual([
      {
        seriesId: 1396,
        season: 1,
        episode: 3,
        watchedAt: new Date("2021-05-16T09:00:00Z"),
        rewatches: 1,
      },
      {
        seriesId: 1396,
        season: 1,
        episode: 5,
        watchedAt: new Date("2021-05-17T09:00:00Z"),
        rewatches: 0,
      },
    ]);
  });

  it("refuses a file whose dates could be day-first or month-first", async () => {
    const read = await readUpload(
      "NetflixViewingHistory.csv",
      importFixture("netflix/NetflixViewingHistory-ambiguous.csv"),
      { today: today() },
    );
    expect(read).toEqual({
      ok: false,
      message: expect.stringContaining("gün/ay mı yoksa ay/gün mü"),
    });
  });

  it("asks which profile of a full archive, then reads its viewing and My List; thumbs are skipped", async () => {
    const archive = await zipOf(
      Object.fromEntries(
        ["ViewingActivity.csv", "MyList.csv", "Ratings.csv"].map((name) => [
          `netflix-report/${name}`,
          importFixture(`netflix/${name}`),
        ]),
      ),
    );
    const asked = await readUpload("netflix-report.zip", archive, { today: today() });
    expect(asked).toMatchObject({ ok: false, askProfile: ["Ayşe", "Mehmet"] });
    const read = await readUpload("netflix-report.zip", archive, {
      today: today(),
      profile: "Ayşe",
    });
    expect(read).toMatchObject({
      ok: true,
      source: "netflix",
      rows: [
        {
          kind: "episode",
          fields: {
            title: "Breaking Bad",
            season: 1,
            episodeTitle: "A No-Rough-Stuff-Type Deal",
            watchedAt: "2021-05-15T20:13:44.000Z",
          },
        },
        { kind: "watchlist", fields: { title: "Eşkıya", eitherKind: true } },
      ],
      skippedFiles: [{ file: "ratings.csv", reason: expect.stringContaining("başparmak") }],
    });
    if (read.ok) expect(read.rows).toHaveLength(2);
  });
  it("keeps an archive of several profiles waiting for the person's answer, then imports that profile alone", async () => {
    const archive = await zipOf(
      Object.fromEntries(
        ["ViewingActivity.csv", "MyList.csv"].map((name) => [
          `netflix-report/${name}`,
          importFixture(`netflix/${name}`),
        ]),
      ),
    );
    const upload = { fileName: "netflix-report.zip", source: "netflix" as const, bytes: archive };
    const created = await createImport(services, "netflix3", upload);
    if (!created.ok) throw new Error(created.message);
    await runImport(services, created.importId);
    const asked = (await importOf(handle.db, "netflix3", created.importId))!;
    expect(asked).toMatchObject({ status: "review", totalRows: 0, review: [] });
    expect(asked.report.askProfile).toEqual(["Ayşe", "Mehmet"]);
    expect(asked.report.refusal).toBeUndefined();
    // Only a name it offered, only by its owner.
    expect(await chooseProfile(services, "netflix3", created.importId, "Zeynep")).toBe("not-asked");
    expect(await chooseProfile(services, "netflix2", created.importId, "Ayşe")).toBe("not-asked");
    expect(await chooseProfile(services, "netflix3", created.importId, "Ayşe")).toBe("chosen");
    expect(await chooseProfile(services, "netflix3", created.importId, "Ayşe")).toBe("not-asked");
    await runImport(services, created.importId);
    const done = (await importOf(handle.db, "netflix3", created.importId))!;
    expect(done.report.askProfile).toBeUndefined();
    expect(done.totalRows).toBe(2);
    // Ayşe's one episode (Mehmet's Pilot is not hers) and her My List; nothing of Mehmet's.
    const marks = await handle.db
      .select({ season: episodeWatches.seasonNumber, episode: episodeWatches.episodeNumber })
      .from(episodeWatches)
      .where(eq(episodeWatches.userId, "netflix3"));
    expect({ written: done.report.written, marks }).toEqual({
      written: { episode: 1, watchlist: 1 },
      marks: [{ season: 1, episode: 7 }],
    });

    // "Hiçbirini içe aktarma": the file is dropped unread and the import ends.
    const second = await createImport(services, "netflix4", upload);
    if (!second.ok) throw new Error(second.message);
    await runImport(services, second.importId);
    expect(await skipRemaining(handle.db, "netflix4", second.importId)).toBe(true);
    const ended = (await importOf(handle.db, "netflix4", second.importId))!;
    expect(ended).toMatchObject({ status: "done", totalRows: 0 });
    expect(ended.report.askProfile).toBeUndefined();
    expect(await chooseProfile(services, "netflix4", second.importId, "Ayşe")).toBe("not-asked");
  });
});
