import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, expect, inject, it } from "vitest";
import { API_KEY } from "../fake-tmdb/fixtures";
import { newAccount } from "../support/form-posts";
import { importFixture, traktZip, tvTimeZip, zipOf } from "../support/import-files";
import { sharedServer } from "../support/shared-servers";
import { describeInBrowser, openTab, PHONE, useBrowser } from "./browser";

/*
 * Issue #37, moving in, as a person does it on /hesap/ice-aktar: TV Time's GDPR ZIP (phone) and
 * a Netflix archive shared by two profiles (phone, without JavaScript) on the shared server of
 * the fake movie database (it finds series by TheTVDB's ids), Trakt's export ZIP (desktop) on
 * the shared server of the embedded catalogue. Each walk uploads, follows the page to its
 * report, and looks where the rows landed: the series page's progress, the diary, the ratings,
 * the lists. The rows' details are the db tests' (episodes.db.test.ts, moving-imports.test.ts).
 */

const DESKTOP = { width: 1280, height: 800 };
const fakeTmdbURL = inject("fakeTmdbURL");
let liveURL = "";
let localURL = "";

beforeAll(async () => {
  const [live, local] = await Promise.all([
    sharedServer({ CATALOGUE: "tmdb", TMDB_API_BASE_URL: fakeTmdbURL, TMDB_API_KEY: API_KEY }),
    sharedServer(),
  ]);
  liveURL = live.url;
  localURL = local.url;
});

async function signIn(page: Page, site: string, cookie: string) {
  const [name, value] = cookie.split("=");
  await page.context().addCookies([{ name: name!, value: value!, url: site }]);
  return page;
}

const FILE_INPUT = "Dışa aktarım dosyası (ZIP, CSV ya da JSON)";

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.goto("/hesap/ice-aktar");
  await page.getByLabel(FILE_INPUT).setInputFiles({ name, mimeType: "application/zip", buffer });
  await page.getByRole("button", { name: "Yükle ve içe aktar" }).click();
  await page.waitForURL(/\/hesap\/ice-aktar\/\d+$/);
}

const reviewRow = (page: Page, title: string) =>
  page
    .getByRole("listitem")
    .filter({ hasText: title })
    .filter({ has: page.getByRole("button") });
const mainText = async (page: Page) => (await page.locator("main").textContent()) ?? "";
/**
 * The series page's progress bar: "Dizi ilerlemesi: {izlenen}/{toplam} bölüm" ("bilinen bölüm"
 * when the movie database lists the episodes of some seasons only).
 */
const seriesProgress = (page: Page, watched: number) =>
  page.getByRole("progressbar", {
    name: new RegExp(`^Dizi ilerlemesi: ${watched}/\\d+ (bilinen )?bölüm$`),
  });

describeInBrowser("Taşınma: TV Time, Trakt ve Netflix'ten içe aktarma", () => {
  const browser = useBrowser();

  it("TV Time (phone): the ZIP's episodes by TheTVDB's ids, one question per series, the report", async () => {
    const cookie = await newAccount(liveURL, "Deniz Aksoy", "tasinma");
    const page = await signIn(await browser.newPage(PHONE, liveURL), liveURL, cookie);
    await page.goto("/hesap/ice-aktar");
    // Each service tells where its export is asked for.
    await page.locator("details#tv-time summary").click();
    expect(await page.locator("details#tv-time li").count()).toBeGreaterThan(0);

    await upload(page, "export (1).zip", await tvTimeZip());
    // The series whose TVDB id nothing knows is asked once, by its name.
    await page.getByRole("heading", { name: "Emin olamadığımız satırlar (1)" }).waitFor();
    const unknown = reviewRow(page, 'Kırmızı Oda, "Özel" 🎬');
    await unknown.getByRole("button", { name: "Atla" }).click();
    await page.getByRole("heading", { name: "Özet" }).waitFor();
    const report = await mainText(page);
    expect(report).toContain("İzlendi olarak işaretlenen bölüm: 4");
    expect(report).toContain("Günlük kaydı (tarihli film izlemesi): 1");
    expect(report).toContain("Yazılamayan satırlar (1)");
    // Episode votes: skipped, with the reason; a bad row with its file and line.
    expect(report).toMatch(/ratings-3-prod-episode_votes\.csv: .*vote_key/);
    expect(await page.getByRole("table").textContent()).toContain(
      "tracking-prod-records-v2.csv9Sezon numarası geçersiz.",
    );
    // Favourites are offered with links, never set; the link leads to the marked series.
    const favourites = page.locator("div", {
      has: page.getByRole("heading", { name: "Favorileriniz" }),
    });
    await favourites.getByRole("link", { name: "Breaking Bad" }).click();
    await page.waitForURL(/\/dizi\//);
    await seriesProgress(page, 3).waitFor();

    // Fight Club's dated watch is in the diary, on its Istanbul day.
    await page.goto("/dashboard/gunluk");
    expect(await mainText(page)).toContain("14 Temmuz 2018");
    // The fake movie database's posters name a host that does not exist: nothing else failed.
    expect(browser.errors.filter((error) => !error.includes("ERR_NAME_NOT_RESOLVED"))).toEqual([]);
  });

  it("Trakt (desktop): history, ratings, the watchlist and a list with notes", async () => {
    const cookie = await newAccount(localURL, "Ece Tunç", "tasinma");
    const page = await signIn(await browser.newPage(DESKTOP, localURL), localURL, cookie);
    await upload(page, "trakt-export-ece.zip", await traktZip());
    await page.getByRole("heading", { name: "Emin olamadığımız satırlar (2)" }).waitFor();
    // Bad rows are listed with their files, lines and Turkish reasons.
    const bad = (await page.getByRole("table").textContent()) ?? "";
    expect(bad).toContain("ratings-movies.json3Puan 1 ile 10 arasında olmalı.");
    expect(bad).toContain("lists-watchlist.json2Film ya da dizi değil");
    await page.getByRole("button", { name: "Kalan 2 satırı atla" }).click();
    await page.getByRole("heading", { name: "Özet" }).waitFor();
    const report = await mainText(page);
    expect(report).toContain("Tarihli film izlemesi (watched-history.json): 3");
    expect(report).toContain("İzlendi olarak işaretlenen bölüm: 1");
    expect(report).toContain("Atlanan: 2");

    // The episode of the history: Breaking Bad's progress.
    await page.goto("/dizi/breaking-bad-2008-1396");
    await seriesProgress(page, 1).waitFor();
    // Ratings on the dashboard, the dated watches in the diary, the list kept private.
    await page.goto("/dashboard");
    const ratings = page.locator("section", {
      has: page.getByRole("heading", { name: "Son Puanlarım" }),
    });
    expect(await ratings.textContent()).toContain("Breaking Bad");
    await page.goto("/dashboard/gunluk");
    const diary = await mainText(page);
    // Alien (Yaratık) twice, the second a rewatch; Metropolis on its Istanbul day.
    expect(diary).toMatch(/Yaratık.*1 Haziran 2024.*Tekrar izleme/);
    expect(diary).toContain("Metropolis");
    await page.goto("/dashboard/listeler");
    const list = page.getByRole("link", { name: /Gece "klasikleri" 🌙/ }).first();
    await page.goto((await list.getAttribute("href"))!);
    await page.getByRole("heading", { level: 1, name: /Gece "klasikleri" 🌙/ }).waitFor();
    const listPage = await page.locator("main").innerHTML();
    expect(listPage).toContain("Uykusuz geceler için, sırayla.");
    expect(browser.errors).toEqual([]);
  });

  it("Netflix without JavaScript (phone): an archive of two profiles asks which is the person's", async () => {
    const cookie = await newAccount(liveURL, "Ayşe Kara", "tasinma");
    const archive = await zipOf(
      Object.fromEntries(
        ["ViewingActivity.csv", "MyList.csv", "Ratings.csv"].map((name) => [
          `netflix-report/${name}`,
          importFixture(`netflix/${name}`),
        ]),
      ),
    );
    const first = await browser.newPage(PHONE, liveURL);
    const contexts: BrowserContext[] = [];
    try {
      const page = await openTab(first.context().browser()!, liveURL, PHONE, contexts, {
        cookie,
        javaScriptEnabled: false,
      });
      await upload(page, "netflix-report.zip", archive);
      // The page refreshes itself while the file is read, then asks; nothing is written yet.
      const question = page.getByRole("heading", { name: "Hangi Netflix profili sizin?" });
      await question.waitFor();
      expect(await page.getByRole("status").first().textContent()).toContain("Seçiminizi bekliyor");
      expect(await page.getByRole("radio").count()).toBe(2);
      // Without a choice the browser's own check keeps the form from being sent.
      await page.getByLabel("Ayşe").check();
      await page.getByRole("button", { name: "Bu profili içe aktar" }).click();
      await page.getByRole("heading", { name: "Özet" }).waitFor();
      const report = await mainText(page);
      expect(report).toContain("İzlendi olarak işaretlenen bölüm: 1");
      expect(report).toContain("İzleyeceğim listesine eklenen: 1");
      expect(report).toMatch(/ratings\.csv: .*başparmak/);
      // Only Ayşe's episode (the seventh), not Mehmet's Pilot: one episode of Breaking Bad.
      await page.goto("/dizi/breaking-bad-2008-1396");
      await seriesProgress(page, 1).waitFor();
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});
