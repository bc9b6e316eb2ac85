import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedDataDir, startAppServer, type TestServer } from "../support/app-server";
import { newAccount } from "../support/form-posts";
import { importFixture, zipOf } from "../support/import-files";

/*
 * Issue #32 (2, 3, 4, 6, 9): hostile and heavy history files against the built server. Each
 * hostile file must get a Turkish answer, never a 500; nothing of it may be stored, and no line
 * of the server's log may carry its rows. A large upload answers at once (its rows are read by
 * the job), a person has three imports a day, and an import left by a killed server goes on
 * within a minute of the restart, writing nothing twice. This file runs its own server on a data
 * directory it kills and starts again.
 */

let server: TestServer;
let dataDir = "";

beforeAll(async () => {
  dataDir = await preparedDataDir();
  server = await startAppServer({ CATALOGUE: "local", DATA_DIR: dataDir });
});
afterAll(() => server?.end());

/** Text no log line may hold: it stands in every hostile file's rows. */
const SECRET = "GizliBirFilmAdi";
const DIARY_HEADER = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date";
const diaryRow = (index: number, title = `${SECRET} ${index}`) =>
  `2024-01-01,"${title}",1975,https://boxd.it/h${index},4,,,2024-01-0${(index % 9) + 1}`;
const diary = (rows: number) =>
  [DIARY_HEADER, ...Array.from({ length: rows }, (_, index) => diaryRow(index))].join("\n") + "\n";

async function uploadFile(cookie: string, name: string, bytes: Buffer, type = "text/csv") {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const started = performance.now();
  const response = await fetch(`${server.url}/hesap/ice-aktar`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: cookie },
    body: form,
  });
  const ms = performance.now() - started;
  return { response, ms, html: response.status === 302 ? "" : await response.text() };
}

interface Progress {
  html: string;
  done: number;
  total: number;
  reading: boolean;
  finished: boolean;
}

async function progressOf(cookie: string, statusPath: string): Promise<Progress> {
  const html = await (
    await fetch(`${server.url}${statusPath}`, { headers: { Cookie: cookie } })
  ).text();
  const counted = /(\d[\d.]*) \/ (\d[\d.]*) satır/.exec(html);
  const number = (text: string | undefined) => Number((text ?? "0").replace(/\./g, ""));
  return {
    html,
    done: number(counted?.[1]),
    total: number(counted?.[2]),
    reading: html.includes("dosya okunuyor"),
    finished: !html.includes("Sürüyor"),
  };
}

/** Asks for the status page until `until` holds (the page itself refreshes every 2 s too). */
async function waitFor(
  cookie: string,
  statusPath: string,
  until: (progress: Progress) => boolean,
): Promise<Progress> {
  for (;;) {
    const progress = await progressOf(cookie, statusPath);
    if (until(progress)) return progress;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The person's data export: what was stored for them. */
async function exported(cookie: string) {
  return (await (
    await fetch(`${server.url}/hesap/verilerim`, { headers: { Cookie: cookie } })
  ).json()) as {
    watchlist: { itemId: number; status: string }[];
    diary: { watchedOn: string; tags: string[] }[];
    imports: { report: { written: Record<string, number>; refusal?: string } }[];
  };
}

const unescape = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("hostile files (issue #32.2, #32.3)", () => {
  it("answers each in Turkish, stores nothing of it and logs none of its rows", async () => {
    const cookie = await newAccount(server.url, "Deniz Aksoy", "hostile");
    const mark = server.output().length;
    const many = diary(3_000);
    // Each file, and the Turkish words its answer must hold (on the form, or on the import's
    // page once its job has read it).
    const files: [string, string, Buffer, RegExp][] = [
      [
        "two diaries (a folder)",
        "letterboxd.zip",
        await zipOf({ "diary.csv": many, "letterboxd-export/diary.csv": many }),
        /ZIP dosyasında iki diary\.csv var \(diary\.csv ve letterboxd-export\/diary\.csv\)/,
      ],
      [
        "two diaries (upper case)",
        "letterboxd.zip",
        await zipOf({ "diary.csv": many, "DIARY.CSV": many }),
        /ZIP dosyasında iki diary\.csv var \(diary\.csv ve DIARY\.CSV\)/,
      ],
      [
        "NUL in a zipped CSV's first rows",
        "letterboxd.zip",
        await zipOf({ "diary.csv": `${DIARY_HEADER}\n${diaryRow(1, `${SECRET}\u0000`)}\n` }),
        /diary\.csv bir metin \(CSV\) dosyası değil: içinde NUL karakteri var/,
      ],
      [
        "NUL in a zipped CSV far down",
        "letterboxd.zip",
        await zipOf({ "diary.csv": `${many}${diaryRow(9_999, `${SECRET}\u0000`)}\n` }),
        /diary\.csv bir metin \(CSV\) dosyası değil: içinde NUL karakteri var/,
      ],
      ["NUL in the file's name", "diary\u0000.csv", Buffer.from(many), /Dosyanın adı okunamadı/],
      [
        "NUL in a zipped file's name",
        "letterboxd.zip",
        await zipOf({ "diary.csv": many, "a\u0000/diary.csv": many }),
        /ZIP dosyasında iki diary\.csv var/,
      ],
    ];
    let gotThrough = 0;
    for (const [what, name, bytes, answer] of files) {
      const { response, html } = await uploadFile(cookie, name, bytes, "application/zip");
      expect(response.status, what).not.toBe(500);
      let text = html;
      if (response.status === 302) {
        // Found only by the job: the import's page says why, and that nothing was written.
        const done = await waitFor(cookie, response.headers.get("location")!, (p) => p.finished);
        expect(done.html, what).toContain("Dosyanız içe aktarılmadı; hiçbir şey yazılmadı.");
        text = done.html;
      } else expect(response.status, what).toBe(400);
      if (!answer.test(unescape(text))) gotThrough++;
      expect(unescape(text), what).toMatch(answer);
    }
    expect(gotThrough).toBe(0);
    const stored = await exported(cookie);
    expect(stored.diary).toEqual([]);
    expect(stored.watchlist).toEqual([]);
    expect(JSON.stringify(stored)).not.toContain(SECRET);

    const log = (await server.settledOutput()).slice(mark);
    expect(log).not.toContain(SECRET);
    expect(log).not.toMatch(/unhandled request error|"status":500/);
    for (const line of log.split("\n")) expect(line.length).toBeLessThan(8_000);
  });

  it("stores no diary row the diary's form would refuse (issue #32.6)", async () => {
    const cookie = await newAccount(server.url, "Ece Tan", "hostile");
    const file = [
      DIARY_HEADER,
      "2024-01-01,Jaws,1975,https://boxd.it/r1,4,,,2099-12-31",
      `2024-01-01,Psycho,1960,https://boxd.it/r2,4,,"${"etiket".repeat(16)}",2024-01-01`,
      "2024-01-01,Alien,1979,https://boxd.it/r3,4,,bilimkurgu,2024-01-02",
    ].join("\n");
    const { response } = await uploadFile(cookie, "diary.csv", Buffer.from(file));
    expect(response.status).toBe(302);
    const done = await waitFor(cookie, response.headers.get("location")!, (p) => p.finished);
    expect(done.html).toContain("İzleme tarihi gelecekte olamaz");
    expect(done.html).toContain("Her etiket 1 ile 30 karakter arasında olmalıdır");
    const stored = await exported(cookie);
    expect(stored.diary.map((entry) => [entry.watchedOn, entry.tags])).toEqual([
      ["2024-01-02", ["bilimkurgu"]],
    ]);
  });
});

describe("a large import (issue #32.4)", () => {
  it("answers the upload at once, and allows three imports a day", async () => {
    const cookie = await newAccount(server.url, "Kaan Demir", "heavy");
    // 50,000 rows, the most a file may have: the job reads them, not the request.
    const rows = Array.from(
      { length: 50_000 },
      (_, index) => `2024-01-01,Metropolis,1927,https://boxd.it/b${index}`,
    );
    const big = await zipOf({ "watched.csv": `Date,Name,Year,Letterboxd URI\n${rows.join("\n")}` });
    const { response, ms } = await uploadFile(cookie, "buyuk.zip", big, "application/zip");
    expect(response.status).toBe(302);
    expect(ms).toBeLessThan(2_000);
    const statusPath = response.headers.get("location")!;
    // Stopped by the person: its rows are skipped (and the machine is spared the work).
    await waitFor(cookie, statusPath, (p) => p.finished || p.total > 0 || p.reading);
    const cancel = new URLSearchParams({ intent: "cancel" });
    await fetch(`${server.url}${statusPath}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.url,
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: cancel,
    });
    await waitFor(cookie, statusPath, (p) => p.finished);

    // Two more imports today are fine; the fourth is refused in Turkish.
    for (let made = 1; made < 3; made++) {
      const small = await uploadFile(
        cookie,
        "watched.csv",
        importFixture("letterboxd/watched.csv"),
      );
      expect(small.response.status).toBe(302);
      await waitFor(cookie, small.response.headers.get("location")!, (p) => p.finished);
    }
    const made = (await exported(cookie)).imports;
    expect(made.map((one) => one.report.refusal ?? null)).toEqual([null, null, null]);
    const fourth = await uploadFile(cookie, "watched.csv", importFixture("letterboxd/watched.csv"));
    expect(fourth.response.status).toBe(400);
    expect(unescape(fourth.html)).toContain(
      "Bir günde en fazla 3 içe aktarım yapabilirsiniz. Lütfen yarın yeniden deneyin.",
    );
  });
});

describe("a server killed mid-import (issue #32.9)", () => {
  it("goes on within a minute of the restart and writes nothing twice", async () => {
    const cookie = await newAccount(server.url, "Zeynep Kaya", "killed");
    const films = [
      ["Metropolis", 1927],
      ["Jaws", 1975],
      ["Alien", 1979],
      ["Psycho", 1960],
      ["Vertigo", 1958],
      ["Chinatown", 1974],
    ] as const;
    const ROWS = 300;
    const rows = (prefix: string) =>
      "Date,Name,Year,Letterboxd URI\n" +
      Array.from({ length: ROWS }, (_, index) => {
        const [title, year] = films[index % films.length]!;
        return `2024-01-01,${title},${year},https://boxd.it/${prefix}${index}`;
      }).join("\n");
    const zip = await zipOf({ "watched.csv": rows("w"), "watchlist.csv": rows("l") });
    const { response } = await uploadFile(cookie, "buyuk.zip", zip, "application/zip");
    expect(response.status).toBe(302);
    const statusPath = response.headers.get("location")!;
    const halfway = await waitFor(cookie, statusPath, (p) => p.done > 0 || p.finished);
    expect(halfway.finished).toBe(false);

    // No goodbye: the process is killed, its job left active in the queue, its lease fresh.
    const exited = new Promise((resolve) => server.process.once("close", resolve));
    server.process.kill("SIGKILL");
    await exited;
    server = await startAppServer({ CATALOGUE: "local", DATA_DIR: dataDir });
    const restarted = performance.now();
    const left = await progressOf(cookie, statusPath);
    expect(left.done).toBeLessThan(2 * ROWS);
    // It goes on by itself (before the fix: only when pg-boss expired the job, 10 minutes on).
    await waitFor(cookie, statusPath, (p) => p.done > left.done);
    expect(performance.now() - restarted).toBeLessThan(60_000);
    const finished = await waitFor(cookie, statusPath, (p) => p.finished);
    expect(finished.done).toBe(2 * ROWS);

    // Six films, each once in the list (İzledim: watched wins over the watchlist).
    const stored = await exported(cookie);
    expect(stored.watchlist).toHaveLength(6);
    expect(stored.watchlist.every((row) => row.status === "watched")).toBe(true);
    expect(stored.imports.at(-1)!.report.written).toEqual({ watched: ROWS, watchlist: ROWS });
  }, 300_000);
});
