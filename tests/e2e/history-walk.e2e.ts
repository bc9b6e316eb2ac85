import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import * as ical from "node-ical";
import { projectRoot } from "../support/app-server";
import { sharedServer, type SharedServer } from "../support/shared-servers";
import { describeInBrowser, hydrated, openTab, PHONE } from "./browser";
import { launchChromium } from "./chromium";

/*
 * Issues 23 and 24 as ONE visitor walks through them, in one browser context with JavaScript:
 * what carries over between pages (the session, the back button, a page seen before, the page
 * cache, optimistic state) is what this file tests; each feature's own file tests its details.
 * The server is a shared one on the embedded catalogue (its public address its own, for the
 * calendar feed); this file's requests to it are on 26 December 2025 in Istanbul (PERDE_NOW,
 * decision 032):
 * Stranger Things (66732) has aired the first four episodes of its fifth season on 26 November
 * and the fifth to seventh yesterday; the eighth airs on Wednesday 31 December.
 */

const NOW = "2025-12-26T09:00:00Z";
const TODAY = "2025-12-26";
const SERIES_ID = 66732;
const SERIES = "/dizi/stranger-things-2016-66732";
const SEASON = `/dizi/${SERIES_ID}/sezon/5`;
const episodePath = (episode: number) => `${SEASON}/bolum/${episode}`;
const DESKTOP = { width: 1280, height: 800 };
/** Each walk rates a film of its own: the anonymous visitor sees exactly that walk's vote. */
interface Film {
  path: string;
  id: number;
  title: string;
}

/** The series as the embedded catalogue holds it: episodes aired by today, per season. */
function airedFromContent() {
  const folder = path.join(projectRoot, "content", "catalogue", "series");
  for (const file of readdirSync(folder)) {
    const items = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as {
      id: number;
      seasons: { seasonNumber: number; episodes: { airDate: string | null }[] }[];
    }[];
    const series = items.find((item) => item.id === SERIES_ID);
    if (!series) continue;
    const aired = (season: { episodes: { airDate: string | null }[] }) =>
      season.episodes.filter((episode) => episode.airDate && episode.airDate <= TODAY).length;
    const seasons = series.seasons.filter((season) => season.seasonNumber >= 1);
    return {
      total: seasons.reduce((sum, season) => sum + aired(season), 0),
      fifth: aired(seasons.find((season) => season.seasonNumber === 5)!),
    };
  }
  throw new Error(`series ${SERIES_ID} is not in the embedded catalogue`);
}

let server: SharedServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Console and page errors of every tab (a hydration mismatch, a failed fetch, a CSP violation). */
const errors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // The calendar feed's address is the public site's: this server's own.
    sharedServer({
      CATALOGUE: "local",
      PERDE_NOW: NOW,
      PUBLIC_SITE_URL: "http://127.0.0.1:{port}",
    }),
    launchChromium(),
  ]);
});
afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** A tab in a new context (a browser of its own), whose `goto` waits for hydration. */
async function newTab(viewport: { width: number; height: number }): Promise<Page> {
  const page = await openTab(browser, server.url, viewport, contexts);
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();
const row = (page: Page, episode: number) =>
  page.locator("li", { has: page.locator(`a[href="${episodePath(episode)}"]`) });
/** A progress bar, named by what it measures and its "{izlenen}/{toplam} bölüm". */
const progress = (page: Page, label: string, text: string) =>
  page.getByRole("progressbar", { name: `${label}: ${text}`, exact: true });
const upNext = (page: Page) => page.getByRole("list", { name: "İzlemeye Devam Et" });
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
/** Goes one page back and waits until the page at `url` shows its main heading. */
async function back(page: Page, url: string | RegExp, title: string | RegExp) {
  await page.goBack();
  await page.waitForURL(typeof url === "string" ? `**${url}` : url);
  await heading(page).filter({ hasText: title }).waitFor();
}

async function walk(viewport: { width: number; height: number }, film: Film) {
  const page = await newTab(viewport);
  const { total, fifth } = airedFromContent();

  // 1. Anonymous: the home page, the series, its season without progress, and back.
  await page.goto("/");
  await page.goto(SERIES);
  await heading(page).filter({ hasText: "Stranger Things" }).waitFor();
  await page.goto(SEASON);
  await row(page, 1).waitFor();
  expect(await page.getByRole("progressbar").count()).toBe(0);
  await back(page, SERIES, "Stranger Things");
  expect(await page.getByRole("progressbar").count()).toBe(0);

  // 2. Sign up and in, then back to the same series by a link: the mark buttons now work.
  const email = `yuruyus${Date.now()}@example.com`;
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Kayıt Ol" }).click();
  let form = page.getByRole("tabpanel");
  await form.getByLabel("Ad Soyad").fill("Yürüyüşçü Gözde");
  await form.getByLabel("E-posta").fill(email);
  await form.getByLabel("Şifre").fill("gizli123");
  await form.getByRole("button", { name: "Kayıt Ol" }).click();
  await toast(page, "Kayıt başarılı! Giriş yapabilirsiniz.");
  form = page.getByRole("tabpanel");
  await form.getByLabel("E-posta").fill(email);
  await form.getByLabel("Şifre").fill("gizli123");
  await form.getByRole("button", { name: "Giriş Yap" }).click();
  await page.waitForURL("**/dashboard");
  await page.goto(SERIES);

  // 3. Into the list, an episode and "Buraya kadar izledim" on the season page.
  await page.getByRole("button", { name: "İzleme listeme ekle", exact: true }).click();
  await toast(page, "Listenize eklendi");
  await page.locator(`a[href="${SEASON}"]`).first().click();
  await page.waitForURL(`**${SEASON}`);
  await progress(page, "5. Sezon", `0/${fifth} bölüm`).waitFor();
  await row(page, 1).getByRole("button", { name: "Bölümü İzledim" }).click();
  await row(page, 1).getByRole("button", { name: "İzlendi" }).waitFor();
  await toast(page, "Bölüm izlendi olarak işaretlendi · Durum: İzliyorum");
  // A bulk mark asks when: "Şimdi" is chosen already.
  await row(page, 3).locator("summary", { hasText: "Buraya kadar izledim" }).click();
  await row(page, 3).getByRole("button", { name: "İşaretle" }).click();
  await progress(page, "5. Sezon", `3/${fifth} bölüm`).waitFor();
  // Every aired episode from the very first up to this one: the four seasons before, and two.
  await toast(page, `5. Sezon 3. Bölüme kadar ${total - fifth + 2} bölüm işaretlendi`);
  expect(await row(page, 2).getByRole("button", { name: "İzlendi" }).isVisible()).toBe(true);
  expect(await row(page, 8).getByText("Henüz yayınlanmadı").isVisible()).toBe(true);
  await back(page, SERIES, "Stranger Things");
  await progress(page, "Dizi ilerlemesi", `${total - fifth + 3}/${total} bölüm`).waitFor();
  expect(await page.getByRole("button", { name: /^Listemde/ }).textContent()).toContain(
    "İzliyorum",
  );

  // 4. The dashboard's İzlemeye Devam Et: the fourth episode, and on to the last one aired.
  await page.goto("/dashboard");
  const list = upNext(page);
  const done = page.getByText("Bölüm izlendi olarak işaretlendi").first();
  for (const episode of [4, 5, 6, 7]) {
    await list.getByText(`5. Sezon ${episode}. Bölüm`).waitFor();
    // Each answer is a toast of its own: the last one's is waited for after the others went.
    if (episode === 7) await done.waitFor({ state: "hidden" });
    await list
      .getByRole("button", { name: `İzledim: Stranger Things, 5. Sezon ${episode}. Bölüm` })
      .click();
    if (episode === 4) await done.waitFor();
  }
  // The eighth has not aired: the row says when, with no button, and the server's word came.
  await list.getByText("31 Aralık 2025 tarihinde yayınlanacak").waitFor();
  await done.waitFor();
  expect(await list.getByRole("button").count()).toBe(0);

  // 5. Takvim: yesterday's episodes, all marked now, and the one still to come; its feed, read
  // as a calendar app reads it (no session), holds the episodes around today.
  await page.goto("/takvim");
  const dayGroup = (name: string) =>
    page.locator("li", { has: page.getByRole("heading", { level: 3, name, exact: true }) });
  const recent = page.getByRole("region", { name: "Son 7 gün" });
  expect(await recent.getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Dün"]);
  expect(await dayGroup("Dün").getByRole("link").count()).toBe(3);
  expect(await dayGroup("Dün").getByText("İzlendi", { exact: true }).count()).toBe(3);
  const upcoming = page.getByRole("region", { name: "Bugün ve yaklaşan" });
  expect(await upcoming.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
    "Çarşamba, 31 Aralık",
  ]);
  expect(await dayGroup("Çarşamba, 31 Aralık").getByRole("link").textContent()).toContain(
    "5. Sezon 8. Bölüm",
  );
  expect(await dayGroup("Çarşamba, 31 Aralık").getByText("İzlendi", { exact: true }).count()).toBe(
    0,
  );
  await page.getByRole("button", { name: "Takvim bağlantısı oluştur" }).click();
  const feedUrl = await page.getByLabel("Abonelik bağlantınız").inputValue();
  const feed = await fetch(feedUrl);
  expect(feed.status).toBe(200);
  const events = Object.values(ical.sync.parseICS(await feed.text())).filter(
    (entry): entry is ical.VEvent => entry?.type === "VEVENT",
  );
  const uid = (episode: number) => `perde-${SERIES_ID}-s5-e${episode}@127.0.0.1`;
  expect(events.map((event) => event.uid).sort()).toEqual([5, 6, 7, 8].map(uid));
  const last = events.find((event) => event.uid === uid(8))!;
  expect(last.summary).toContain("Stranger Things · 5. Sezon 8. Bölüm");
  const start = last.start as Date;
  expect([start.getFullYear(), start.getMonth() + 1, start.getDate()]).toEqual([2025, 12, 31]);

  // 6. Puanım in one tap; it stays after a reload; another, anonymous browser that saw the
  // film page before sees Perde puanı count the vote (the cached copy went).
  const visitor = await newTab(viewport);
  await visitor.goto(film.path);
  await heading(visitor).waitFor();
  expect(await visitor.getByRole("group", { name: "Perde puanı" }).count()).toBe(0);
  await page.goto(film.path);
  await page
    .getByRole("group", { name: /^Puanım/ })
    .getByRole("radio", { name: "Puan: 8/10" })
    .check({ force: true });
  await toast(page, "Puanınız: 8/10");
  await page.reload();
  await hydrated(page);
  await page.getByRole("group", { name: "Puanım: 8/10", exact: true }).waitFor();
  await visitor.reload();
  await hydrated(visitor);
  await visitor
    .getByRole("group", { name: "Perde puanı" })
    .locator("p")
    .filter({ hasText: "· 1 oy" })
    .waitFor();

  // 7. A diary entry for the film from İzledim (Puanım already in it), the diary and the summary.
  await page.locator("details[data-log-sheet] > summary").click();
  const diaryForm = page.getByRole("form", { name: "İzlediğinizi kaydedin" });
  expect(await diaryForm.getByRole("radio", { name: "Puan: 8/10" }).isChecked()).toBe(true);
  await diaryForm.getByLabel("İzleme tarihi").fill("2025-12-20");
  await diaryForm.getByLabel("Yorum (isteğe bağlı)").fill("Noel öncesi yeniden izledim.");
  await diaryForm.getByRole("button", { name: "Kaydet" }).click();
  await toast(page, "Günlüğe eklendi");
  await page.getByText("Günlüğünüzde 1 kez").waitFor();
  await page.goto("/dashboard/gunluk");
  await page.getByRole("heading", { level: 2, name: "Aralık 2025" }).waitFor();
  expect(await page.getByRole("link", { name: film.title, exact: true }).isVisible()).toBe(true);
  await page.goto("/dashboard/ozet/2025");
  await heading(page).filter({ hasText: "2025 Özetim" }).waitFor();
  const stats = page.locator("dl").first();
  await expect.poll(() => stats.textContent()).toContain("İzlenen film1");
  expect(await stats.textContent()).toContain(`İzlenen bölüm${total}`);

  // 8. A Letterboxd diary imported, the status page followed to its end, the film in the diary.
  await page.goto("/hesap/ice-aktar");
  await page.getByLabel("Dışa aktarım dosyası (ZIP, CSV ya da JSON)").setInputFiles({
    name: "diary.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n" +
        "2025-06-02,Metropolis,1927,https://boxd.it/yy01,4.5,,sessiz,2025-06-01\n",
    ),
  });
  await page.getByRole("button", { name: "Yükle ve içe aktar" }).click();
  await page.waitForURL(/\/hesap\/ice-aktar\/\d+$/);
  const statusPath = new URL(page.url()).pathname;
  await page.getByRole("heading", { name: "Özet" }).waitFor({ timeout: 90_000 });
  expect(await page.getByText("Günlük kaydı (diary.csv): 1").isVisible()).toBe(true);
  await page.goto("/dashboard/gunluk");
  await page.getByRole("heading", { level: 2, name: "Haziran 2025" }).waitFor();
  expect(await page.getByRole("link", { name: "Metropolis", exact: true }).isVisible()).toBe(true);

  // 9. The back button through the pages of the walk: each page whole, nothing lost.
  await back(page, statusPath, "diary.csv");
  await page.getByRole("heading", { name: "Özet" }).waitFor();
  await back(page, "/hesap/ice-aktar", "İçe aktar");
  await back(page, "/dashboard/ozet/2025", "2025 Özetim");
  await expect.poll(() => stats.textContent()).toContain("İzlenen film2");
  await back(page, "/dashboard/gunluk", "Günlüğüm");
  await page.getByRole("link", { name: "Metropolis", exact: true }).waitFor();
  await back(page, film.path, film.title);
  await page.getByRole("group", { name: "Puanım: 8/10", exact: true }).waitFor();
  await page.getByText("Günlüğünüzde 1 kez").waitFor();

  // 10. Verilerim, downloaded in the same browser: the marks, the rating, the diary, the import.
  await page.goto("/hesap");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Verilerimi İndir" }).click(),
  ]);
  // Read from the stream: `download.path()` is not offered on a connection to a shared Chromium.
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const exported = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
    episodeWatches: { seriesId: number; seasonNumber: number; episodeNumber: number }[];
    watchlist: { itemId: number; status: string }[];
    reviews: { itemId: number; rating: number | null }[];
    diary: { itemType: string; itemId: number; watchedOn: string; review: string | null }[];
    imports: { report: { written: Record<string, number> } }[];
  };
  // Every aired episode: up to the third of the fifth season, then the rest on the dashboard.
  expect(exported.episodeWatches).toHaveLength(total);
  expect(exported.episodeWatches.every((mark) => mark.seriesId === SERIES_ID)).toBe(true);
  expect(exported.episodeWatches.at(-1)).toMatchObject({ seasonNumber: 5, episodeNumber: 7 });
  expect(exported.watchlist).toContainEqual(
    expect.objectContaining({ itemId: SERIES_ID, status: "watching" }),
  );
  expect(exported.reviews).toContainEqual(expect.objectContaining({ itemId: film.id, rating: 8 }));
  expect(exported.diary).toContainEqual(
    expect.objectContaining({
      itemType: "movie",
      itemId: film.id,
      watchedOn: "2025-12-20",
      review: "Noel öncesi yeniden izledim.",
    }),
  );
  expect(exported.diary.map((entry) => entry.watchedOn)).toContain("2025-06-01");
  expect(exported.imports).toHaveLength(1);
}

describeInBrowser("one visitor's walk", () => {
  it("on a phone: tracks a series, rates, keeps a diary, imports and downloads it all in one browser", async () => {
    await walk(PHONE, { path: "/film/baba-1972-238", id: 238, title: "Baba" });
  }, 300_000);

  it("on a desktop: the same walk, another person, another film", async () => {
    await walk(DESKTOP, {
      path: "/film/esaretin-bedeli-1994-278",
      id: 278,
      title: "Esaretin Bedeli",
    });
  }, 300_000);
});
