import { describe, expect, it } from "vitest";
import { importFixture, letterboxdZip, zipOf } from "../../../tests/support/import-files";
import { checkUpload, readUpload } from "./read-upload.server";

const csv = (text: string) => new TextEncoder().encode(text);

const TODAY = "2026-11-27";

async function read(name: string, bytes: Uint8Array, choice?: "watched" | "watchlist") {
  const result = await readUpload(name, bytes, { choice, today: TODAY });
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

describe("reading an upload", () => {
  it("reads Letterboxd's export ZIP: every file by its name, bad rows with their line numbers", async () => {
    const result = await read("letterboxd-perde-2024.zip", await letterboxdZip());
    expect(result.source).toBe("letterboxd");
    const kinds = (kind: string) => result.rows.filter((row) => row.kind === kind);
    expect(kinds("watchlist").map((row) => row.fields.title)).toEqual([
      "Stagecoach",
      "Chinatown",
      "Taxi Driver",
      "Nosferatu",
    ]);
    expect(kinds("watched")).toHaveLength(3);
    // Stars doubled to 1-10; an empty rating is a bad row of ratings.csv.
    expect(kinds("rating").map((row) => row.fields.rating)).toEqual([10, 8, 7, 1]);
    expect(result.badRows).toContainEqual({ file: "ratings.csv", line: 6, reason: "Puan boş." });

    // diary.csv: BOM, CRLF, an empty line; the same film logged in two years.
    const diary = kinds("diary");
    expect(diary.map((row) => [row.line, row.fields.title, row.fields.watchedOn])).toEqual([
      [2, "Metropolis", "2023-03-09"],
      [3, "Metropolis", "2024-05-01"],
      [4, "Şehir Işıkları", "2024-06-01"],
      [5, "Frankenstein", "2024-06-30"],
      [6, "Bilinmeyen Bir Film", "2024-07-02"],
      [10, "The Shining", "2024-07-05"],
    ]);
    expect(diary[0]!.fields).toMatchObject({
      rating: 9,
      rewatch: false,
      tags: ["sessiz", "klasik"],
    });
    expect(diary[1]!.fields).toMatchObject({
      rewatch: true,
      diaryKey: "lb-diary:https://boxd.it/pd02:2024-05-01:1",
    });
    expect(result.badRows).toContainEqual({
      file: "diary.csv",
      line: 7,
      reason: "Puan 0,5 ile 5 yıldız arasında olmalı.",
    });
    expect(result.badRows).toContainEqual({
      file: "diary.csv",
      line: 8,
      // The diary's own rules and words (app/history/schemas.ts), as on its form.
      reason: "İzleme tarihi geçerli bir tarih olmalıdır",
    });

    // reviews.csv: quotes, commas and a line break inside a review; the next row's line number
    // counts that break; a formula-like text stays text.
    const reviews = kinds("review");
    expect(reviews.map((row) => row.line)).toEqual([2, 4, 5]);
    expect(reviews[0]!.fields.review).toBe(
      'Fritz Lang\'ın şaheseri; "Maschinenmensch" sahnesi, hâlâ ürpertici.\r\nİkinci izleyişte daha da güzel.',
    );
    expect(reviews[0]!.fields.diaryKey).toBe(diary[1]!.fields.diaryKey);
    expect(reviews[1]!.fields.review).toBe('=HYPERLINK("http://example.com") korkutucu, ama güzel');
  });

  it("reads IMDb ratings and lists in both spellings of Title Type; episodes are reported", async () => {
    const ratings = await read("ratings.csv", importFixture("imdb/ratings.csv"));
    expect(ratings.source).toBe("imdb");
    expect(
      ratings.rows.map((row) => [row.fields.imdbId, row.fields.mediaType, row.fields.rating]),
    ).toEqual([
      ["tt0033467", "movie", 10],
      ["tt0903747", "tv", 9],
      ["tt0047396", "movie", 8],
      ["tt9999991", "movie", 6],
      ["tt0386676", "tv", 7],
    ]);
    expect(ratings.rows[0]!.fields).toMatchObject({
      title: "Yurttaş Kane",
      originalTitle: "Citizen Kane",
      year: 1941,
    });
    expect(ratings.badRows).toEqual([
      {
        file: "ratings.csv",
        line: 4,
        reason: "Dizi bölümü: bölümler içe aktarılmıyor, yalnızca filmler ve diziler.",
      },
    ]);

    // An older ratings file: no Original Title, Title Type as "TV Series".
    const older = await read(
      "ratings.csv",
      csv(
        "Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n" +
          "tt0108778,8,2023-05-01,Friends,https://www.imdb.com/title/tt0108778/,TV Series,8.9,22,1994,Comedy,1100000,1994-09-22,\n",
      ),
    );
    expect(older.rows[0]!.fields).toEqual({
      title: "Friends",
      year: 1994,
      imdbId: "tt0108778",
      mediaType: "tv",
      rating: 8,
    });

    const list = await read("WATCHLIST.csv", importFixture("imdb/watchlist.csv"));
    expect(list.rows.map((row) => [row.kind, row.fields.title, row.fields.mediaType])).toEqual([
      ["imdb-list", "Stagecoach", "movie"],
      ["imdb-list", "Friends", "tv"],
      ["imdb-list", "Pulp Fiction", "movie"],
    ]);
  });

  it("never takes a lone Letterboxd list for watched: the name says, or the person chooses", async () => {
    const header = "Date,Name,Year,Letterboxd URI\n2024-01-01,Jaws,1975,https://boxd.it/x1\n";
    const byName = await read("watchlist.csv", csv(header));
    expect(byName.rows[0]!.kind).toBe("watchlist");
    const unnamed = await readUpload("liste.csv", csv(header), { today: TODAY });
    expect(unnamed).toMatchObject({ ok: false, askListKind: true });
    expect((await read("liste.csv", csv(header), "watched")).rows[0]!.kind).toBe("watched");
    expect((await read("liste.csv", csv(header), "watchlist")).rows[0]!.kind).toBe("watchlist");
    // Inside a ZIP only the file name decides.
    const zipped = await readUpload("x.zip", await zipOf({ "watchlist.csv": header }), {
      choice: "watched",
      today: TODAY,
    });
    expect(zipped).toMatchObject({ ok: true, rows: [{ kind: "watchlist" }] });
  });

  it("refuses bad files as a whole, with a Turkish message", async () => {
    const refusal = async (name: string, bytes: Uint8Array) => {
      const result = await readUpload(name, bytes, { today: TODAY });
      expect(result.ok).toBe(false);
      return result.ok ? "" : result.message;
    };
    expect(await refusal("x.csv", new Uint8Array())).toBe("Dosya boş.");
    expect(await refusal("resim.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))).toMatch(
      /CSV ya da ZIP dosyası değil/,
    );
    expect(await refusal("x.csv", csv("a,b,c\n1,2,3\n"))).toMatch(/x\.csv tanınmadı/);
    expect(await refusal("ratings.csv", csv("Const,Your Rating,Title\ntt0000001,5,X\n"))).toBe(
      "ratings.csv dosyasında şu sütunlar eksik: Title Type, Year.",
    );
    expect(
      await refusal(
        "diary.csv",
        csv(
          'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-01-01,"Jaws,1975,u,4,,,2024-01-01\n',
        ),
      ),
    ).toMatch(/diary\.csv bozuk: .*tırnak/);
    expect(await refusal("big.csv", new Uint8Array(10 * 1024 * 1024 + 1).fill(65))).toMatch(
      /10 MB/,
    );
    const many =
      "Date,Name,Year,Letterboxd URI\n" + "2024-01-01,Jaws,1975,https://boxd.it/x\n".repeat(50_001);
    expect(await refusal("watched.csv", csv(many))).toMatch(/50\.000/);
    expect(await refusal("x.zip", csv("PK\u0003\u0004 not really a zip"))).toMatch(
      /ZIP dosyası açılamadı/,
    );
    expect(await refusal("x.zip", await zipOf({ "notes.txt": "hi" }))).toMatch(
      /içe aktarılacak bir dosya bulunamadı: Letterboxd/,
    );
  });

  it("stops a zip bomb while it unpacks, whatever its headers say", async () => {
    // 60 MB of one letter packs into about 60 KB: over both the ratio and the size limit.
    const bomb = await zipOf({
      "watched.csv": "Date,Name,Year,Letterboxd URI\n" + "x".repeat(60 * 1024 * 1024),
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const result = await readUpload("bomb.zip", bomb, { today: TODAY });
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringMatching(/şüphe uyandıracak/),
    });
  });

  it("stops a zip bomb whose headers lie about its size", async () => {
    const bomb = await zipOf({
      "watched.csv":
        "Date,Name,Year,Letterboxd URI\n" +
        "2024-01-01,Jaws,1975,https://boxd.it/x\n".repeat(40_000),
    });
    // Both copies of the entry's unpacked size (local header, central directory) say 100 KB.
    for (const [signature, offset] of [
      [0x04034b50, 22],
      [0x02014b50, 24],
    ] as const) {
      for (
        let at = bomb.indexOf(Buffer.from([0x50, 0x4b]));
        at >= 0;
        at = bomb.indexOf(Buffer.from([0x50, 0x4b]), at + 1)
      )
        if (bomb.readUInt32LE(at) === signature) bomb.writeUInt32LE(100 * 1024, at + offset);
    }
    const result = await readUpload("bomb.zip", bomb, { today: TODAY });
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/ZIP/) });
  });

  it("skips Letterboxd's deleted and orphaned entries inside the ZIP", async () => {
    const header = "Date,Name,Year,Letterboxd URI\n2024-01-01,Jaws,1975,https://boxd.it/x1\n";
    const result = await read(
      "x.zip",
      await zipOf({
        "watched.csv": header,
        "deleted/watched.csv": header,
        "orphaned/watched.csv": header,
      }),
    );
    expect(result.rows).toHaveLength(1);
  });

  const DIARY_HEADER = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date";

  it("reads a diary row by the diary's own rules: no future day, tags of at most 30 characters", async () => {
    const result = await read(
      "diary.csv",
      csv(
        [
          DIARY_HEADER,
          "2024-01-01,Jaws,1975,https://boxd.it/a,4,,,2099-12-31",
          `2024-01-01,Jaws,1975,https://boxd.it/b,4,,"${"x".repeat(31)}",2024-01-01`,
          `2024-01-01,Jaws,1975,https://boxd.it/c,4,,"${Array.from({ length: 21 }, (_, i) => `e${i}`).join(",")}",2024-01-01`,
          `2024-01-01,Jaws,1975,https://boxd.it/d,4,Yes," yaz ,  Yaz,${"y".repeat(30)}",${TODAY}`,
        ].join("\n"),
      ),
    );
    expect(result.badRows).toEqual([
      { file: "diary.csv", line: 2, reason: "İzleme tarihi gelecekte olamaz" },
      { file: "diary.csv", line: 3, reason: "Her etiket 1 ile 30 karakter arasında olmalıdır" },
      { file: "diary.csv", line: 4, reason: "En fazla 20 etiket eklenebilir" },
    ]);
    // Today is allowed; tags are trimmed and the same tag twice is one, as on the form.
    expect(result.rows.map((row) => [row.line, row.fields.watchedOn, row.fields.tags])).toEqual([
      [5, TODAY, ["Yaz", "y".repeat(30)]],
    ]);
  });

  it("refuses a ZIP with two files of one name, naming both", async () => {
    const header = DIARY_HEADER + "\n2024-01-01,Jaws,1975,https://boxd.it/a,4,,,2024-01-01\n";
    for (const [first, second] of [
      ["diary.csv", "letterboxd-export/diary.csv"],
      ["diary.csv", "DIARY.CSV"],
      ["a/diary.csv", "b/Diary.csv"],
    ] as const) {
      const zip = await zipOf({ [first]: header, [second]: header });
      for (const look of [readUpload, checkUpload]) {
        const result = await look("x.zip", zip, { today: TODAY });
        expect(result).toEqual({
          ok: false,
          message: `ZIP dosyasında iki diary.csv var (${first} ve ${second}); hangisinin içe aktarılacağı anlaşılamadı. Lütfen birini çıkarıp yeniden yükleyin. Hiçbir şey içe aktarılmadı.`,
        });
      }
    }
  });

  it("refuses NUL bytes inside a zipped CSV and in the file's name", async () => {
    const zip = await zipOf({
      "watched.csv":
        "Date,Name,Year,Letterboxd URI\n2024-01-01,Ja\u0000ws,1975,https://boxd.it/a\n",
    });
    expect(await readUpload("x.zip", zip, { today: TODAY })).toEqual({
      ok: false,
      message:
        "ZIP içindeki watched.csv bir metin (CSV) dosyası değil: içinde NUL karakteri var. Hiçbir şey içe aktarılmadı.",
    });
    const plain = csv("Date,Name,Year,Letterboxd URI\n2024-01-01,Jaws,1975,https://boxd.it/a\n");
    for (const name of ["watched\u0000.csv", "watched.csv\u0000.zip", "a\nb.csv", "x".repeat(201)])
      for (const look of [readUpload, checkUpload])
        expect(await look(name, plain, { today: TODAY })).toMatchObject({
          ok: false,
          message: expect.stringMatching(/^Dosyanın adı okunamadı/),
        });
  });

  it("glances at an upload quickly: its files and headers, not its rows", async () => {
    const rows = "2024-01-01,Jaws,1975,https://boxd.it/x\n".repeat(50_001);
    // More rows than allowed, or a broken line far down, are the job's to find.
    const checked = await checkUpload(
      "watched.csv",
      csv(`Date,Name,Year,Letterboxd URI\n${rows}`),
      { today: TODAY },
    );
    expect(checked).toMatchObject({ ok: true, source: "letterboxd", rows: [] });
    // A header that is not an export's is refused at once, and a lone list is asked about.
    expect(await checkUpload("x.csv", csv("a,b\n1,2\n"), { today: TODAY })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/tanınmadı/),
    });
    expect(
      await checkUpload("liste.csv", csv("Date,Name,Year,Letterboxd URI\n"), { today: TODAY }),
    ).toMatchObject({ ok: false, askListKind: true });
  });

  it("lets what its caller's progress call throws (a stopped job) out as it is, never as a refusal", async () => {
    // Rows that differ, so the ZIP's packing ratio looks like an export's, not a bomb's.
    const rows = Array.from(
      { length: 2_000 },
      (_, index) =>
        `2024-01-01,Film ${(index * 7919) % 10007},1975,https://boxd.it/${index * 31}\n`,
    ).join("");
    const stopped = new Error("stopped by the person");
    const onProgress = () => Promise.reject(stopped);
    const text = `Date,Name,Year,Letterboxd URI\n${rows}`;
    const zip = await zipOf({ "watched.csv": text });
    // A refusal would end the import as "refused" and leave it out of the day's three.
    await expect(readUpload("x.zip", zip, { today: TODAY, onProgress })).rejects.toBe(stopped);
    await expect(readUpload("watched.csv", csv(text), { today: TODAY, onProgress })).rejects.toBe(
      stopped,
    );
  });
});
