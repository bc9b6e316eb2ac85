import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject, it } from "vitest";
import { API_KEY } from "../fake-tmdb/fixtures";
import { sharedServer, type SharedServer } from "../support/shared-servers";
import { newAccount, postForm } from "../support/form-posts";
import { describeInBrowser, openTab, PHONE } from "./browser";
import { launchChromium } from "./chromium";

/*
 * Issue 33, items 3, 4 and 8, walked as one person at a time, on a phone and a desktop, with and
 * without JavaScript:
 * - bulk marks ask when ("Şimdi", "Yayın tarihinde", "Başka bir tarih", "Tarihini
 *   hatırlamıyorum"); the year summary counts the episodes' cast, never an undated mark;
 * - honest progress where the catalogue lists no episodes of a season (Şahsiyet's second season
 *   and every season of Simpsonlar on the embedded catalogue; Breaking Bad's seasons 2-5 on the
 *   fake movie database);
 * - coming back where you were: sign-in returns to the film with the title added, the return
 *   path is checked, episode pages link to their neighbours, a mark without JavaScript comes
 *   back to its row.
 * Both servers are shared (the embedded catalogue's and the live one library.e2e.ts uses); this
 * file's requests to the embedded catalogue's are on 27 November 2026 (PERDE_NOW, decision 032).
 */

const DESKTOP = { width: 1280, height: 800 };
const fakeTmdbURL = inject("fakeTmdbURL");

let local: SharedServer;
let live: SharedServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];
/** Addresses of the embedded catalogue's titles, found through the site's own search. */
const at = { sahsiyet: "", simpsons: "", film: "" };
let sahsiyetId = 0;

/** The first link of a search result page whose address contains `slug`. */
async function findLink(site: string, query: string, prefix: string, slug: string) {
  const html = await (await fetch(`${site}/ara?q=${encodeURIComponent(query)}`)).text();
  const found = new RegExp(`href="(${prefix}/[^"]*${slug}[^"]*)"`).exec(html)?.[1];
  if (!found) throw new Error(`no ${slug} in the search for ${query}`);
  return found;
}

beforeAll(async () => {
  [local, live, browser] = await Promise.all([
    sharedServer({ CATALOGUE: "local", PERDE_NOW: "2026-11-27T09:00:00Z" }),
    sharedServer({ CATALOGUE: "tmdb", TMDB_API_BASE_URL: fakeTmdbURL, TMDB_API_KEY: API_KEY }),
    launchChromium(),
  ]);
  at.sahsiyet = await findLink(local.url, "Şahsiyet", "/dizi", "sahsiyet");
  at.simpsons = await findLink(local.url, "Simpsonlar", "/dizi", "simpson");
  at.film = await findLink(local.url, "Kış Uykusu", "/film", "kis-uykusu");
  sahsiyetId = Number(/(\d+)$/.exec(at.sahsiyet)![1]);
});
afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function tab(
  site: string,
  cookie: string | null,
  { viewport = DESKTOP, javaScript = true } = {},
): Promise<Page> {
  const page = await openTab(browser, site, viewport, contexts, {
    cookie: cookie ?? undefined,
    javaScriptEnabled: javaScript,
  });
  page.on("console", (message) => {
    // The fake movie database's image addresses lead nowhere.
    if (message.type() === "error" && !message.text().includes("ERR_NAME_NOT_RESOLVED"))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return page;
}

const season = (id: number, number: number) => `/dizi/${id}/sezon/${number}`;
const episode = (id: number, s: number, e: number) => `${season(id, s)}/bolum/${e}`;
const row = (page: Page, id: number, s: number, e: number) =>
  page.locator("li", { has: page.locator(`a[href="${episode(id, s, e)}"]`) });
const progress = (page: Page, label: string, text: string) =>
  page.getByRole("progressbar", { name: `${label}: ${text}`, exact: true });
const upNext = (page: Page) => page.getByRole("list", { name: "İzlemeye Devam Et" });
const listButton = (page: Page) => page.getByRole("button", { name: /^Listemde/ });

/** Opens a bulk mark's disclosure, chooses when, and sends it. */
async function bulkMark(scope: Page | Locator, summary: string, when: string, day?: string) {
  const page = "page" in scope ? scope.page() : scope;
  const details = scope.locator("details", { has: page.locator("summary", { hasText: summary }) });
  await details.locator("summary").click();
  await details.getByLabel(when, { exact: true }).check();
  if (day) await details.getByLabel(/^Gün/).fill(day);
  await details.getByRole("button", { name: "İşaretle" }).click();
}

/**
 * The banner a redirect left for a browser without JavaScript (in <noscript>, read from the
 * markup: Chromium with scripts turned off keeps it as text).
 */
const banner = async (page: Page, text: string) =>
  expect((await page.content()).replaceAll("<!-- -->", "")).toContain(text);

/** The "izleme" count the year summary gives a person. */
async function watchesOf(page: Page, list: string, name: string) {
  await page.getByRole("heading", { level: 1 }).waitFor();
  const item = page.getByRole("list", { name: list }).locator("li", { hasText: name });
  if ((await item.count()) === 0) return null;
  return (await item.textContent())?.match(/(\d+) izleme/)?.[1] ?? null;
}

describeInBrowser("issue 33: bulk marks, honest progress, coming back (embedded catalogue)", () => {
  it("counts only listed episodes and says so where a season has none, on a phone without JavaScript", async () => {
    const page = await tab(local.url, null, { viewport: PHONE, javaScript: false });
    await page.goto(at.sahsiyet);
    expect(await page.getByText("2 Sezon, 12 Bölüm").isVisible()).toBe(true);
    const secondCard = page.locator(`a[href="${season(sahsiyetId, 2)}"]`);
    expect(await secondCard.textContent()).toContain("Bölüm bilgisi yok");

    await page.goto(season(sahsiyetId, 2));
    await page.getByText("Bu sezonun bölüm bilgisi henüz yok").waitFor();
    expect(await page.getByText("0 Bölüm").count()).toBe(0);
    expect(await page.locator("summary", { hasText: "Sezonu İzledim" }).count()).toBe(0);

    await page.goto(at.simpsons);
    // No season lists its episodes: the facts say the seasons only, never "768 Bölüm".
    const facts = await page.locator("main").textContent();
    expect(facts).toMatch(/\d+ Sezon/);
    expect(facts).not.toMatch(/\d+ Sezon, \d+ Bölüm/);
  });

  it("with JavaScript on a desktop: 'Yayın tarihinde' dates the season in 2018, progress is partial, nothing is concluded, and 2018's summary counts Haluk Bilginer twelve times", async () => {
    const cookie = await newAccount(local.url, "Deniz Aksoy", "ilerleme");
    const page = await tab(local.url, cookie);
    await page.goto(season(sahsiyetId, 1));
    await bulkMark(page, "Sezonu İzledim", "Yayın tarihinde");
    await page
      .getByText("1. Sezon izlendi olarak işaretlendi (yayın tarihleriyle)")
      .first()
      .waitFor();
    await progress(page, "1. Sezon", "12/12 bölüm").waitFor();

    await page.goto(at.sahsiyet);
    // Over the known episodes only, said so, and the series stays İzliyorum.
    await progress(page, "Dizi ilerlemesi", "12/12 bilinen bölüm").waitFor();
    expect(
      await page.getByText(/^Kısmi: bazı sezonların bölüm bilgisi henüz yok/).isVisible(),
    ).toBe(true);
    expect(await page.getByText("%100").count()).toBe(0);
    expect(await listButton(page).textContent()).toContain("İzliyorum");

    await page.goto("/dashboard");
    const list = upNext(page);
    await list.getByText("Sıradaki bölümlerin bilgisi henüz yok").waitFor();
    expect(await list.getByText("Yayınlanan bütün bölümleri izledin").count()).toBe(0);

    await page.goto("/dashboard/ozet/2018");
    expect(await watchesOf(page, "En çok izlenen oyuncular", "Haluk Bilginer")).toBe("12");
    await page.goto("/dashboard/ozet/2026");
    expect(await watchesOf(page, "En çok izlenen oyuncular", "Haluk Bilginer")).toBeNull();
  });

  it("without JavaScript on a phone: 'Tarihini hatırlamıyorum' and 'Başka bir tarih' come back to the row, count in progress and only dated ones in a year", async () => {
    const cookie = await newAccount(local.url, "Ece Korkmaz", "ilerleme");
    const page = await tab(local.url, cookie, { viewport: PHONE, javaScript: false });
    await page.goto(season(sahsiyetId, 1));
    await bulkMark(row(page, sahsiyetId, 1, 6), "Buraya kadar izledim", "Tarihini hatırlamıyorum");
    await page.waitForURL(`**${season(sahsiyetId, 1)}#bolum-6`);
    await banner(page, "1. Sezon 6. Bölüme kadar 6 bölüm işaretlendi (tarihsiz)");
    await progress(page, "1. Sezon", "6/12 bölüm").waitFor();

    // A named day with none given is refused, and nothing is stored.
    await bulkMark(row(page, sahsiyetId, 1, 8), "Buraya kadar izledim", "Başka bir tarih");
    await page.waitForURL(`**${season(sahsiyetId, 1)}#bolum-8`);
    await banner(page, "Lütfen izlediğiniz tarihi seçin");
    await progress(page, "1. Sezon", "6/12 bölüm").waitFor();
    await bulkMark(
      row(page, sahsiyetId, 1, 8),
      "Buraya kadar izledim",
      "Başka bir tarih",
      "2019-05-04",
    );
    await page.waitForURL(`**${season(sahsiyetId, 1)}#bolum-8`);
    await progress(page, "1. Sezon", "8/12 bölüm").waitFor();

    // A single episode's mark also comes back to its row.
    await row(page, sahsiyetId, 1, 9).getByRole("button", { name: "Bölümü İzledim" }).click();
    await page.waitForURL(`**${season(sahsiyetId, 1)}#bolum-9`);
    await progress(page, "1. Sezon", "9/12 bölüm").waitFor();

    // 2019 holds the two dated on 4 May; 2026 only the one marked now; the undated six none.
    await page.goto("/dashboard/ozet/2019");
    expect(await watchesOf(page, "En çok izlenen oyuncular", "Haluk Bilginer")).toBe("2");
    await page.goto("/dashboard/ozet/2026");
    expect(await watchesOf(page, "En çok izlenen oyuncular", "Haluk Bilginer")).toBe("1");
  });

  it("links each episode to the one before and after it, across seasons, never to one not listed", async () => {
    const page = await tab(local.url, null, { viewport: PHONE });
    await page.goto(episode(sahsiyetId, 1, 1));
    const nav = page.getByRole("navigation", { name: "Bölümler arasında" });
    expect(await nav.getByText("Önceki bölüm").count()).toBe(0);
    await nav.getByRole("link", { name: /Sonraki bölüm/ }).click();
    await page.waitForURL(`**${episode(sahsiyetId, 1, 2)}`);
    await nav.getByRole("link", { name: /Önceki bölüm/ }).waitFor();
    // The last listed episode: season 2 lists none, so nothing comes next.
    await page.goto(episode(sahsiyetId, 1, 12));
    expect(await nav.getByText("Sonraki bölüm").count()).toBe(0);
    expect(await nav.getByRole("link", { name: /1\. Sezon 11\. Bölüm/ }).isVisible()).toBe(true);
    // Breaking Bad lists every season: the last of the first leads to the second's first.
    await page.goto(episode(1396, 1, 7));
    expect(
      await nav.getByRole("link", { name: /Sonraki bölüm.*2\. Sezon 1\. Bölüm/ }).isVisible(),
    ).toBe(true);
    await page.goto(episode(1396, 2, 1));
    expect(
      await nav.getByRole("link", { name: /Önceki bölüm.*1\. Sezon 7\. Bölüm/ }).isVisible(),
    ).toBe(true);
  });

  it("with JavaScript on a desktop: an anonymous 'add to my list' signs up, signs in and lands back on the film with it added", async () => {
    const page = await tab(local.url, null);
    await page.goto(at.film);
    await page.getByRole("button", { name: /^(Listeye Ekle|İzleme listeme ekle)$/ }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    const query = new URL(page.url()).searchParams;
    expect(query.get("donus")).toBe(at.film);
    expect(query.get("istek")).toMatch(/^izleme-listesi:movie:\d+$/);

    // Sign up first: the tab keeps where to come back to.
    await page.getByRole("tab", { name: "Kayıt Ol" }).click();
    const email = `donus${Date.now()}@example.com`;
    let form = page.getByRole("tabpanel");
    await form.getByLabel("Ad Soyad").fill("Selin Acar");
    await form.getByLabel("E-posta").fill(email);
    await form.getByLabel("Şifre").fill("gizli123");
    await form.getByRole("button", { name: "Kayıt Ol" }).click();
    // The success stays on the page (not only a toast), and the sign-in form has the e-mail.
    const message = page.locator("main").getByText("Kayıt başarılı! Giriş yapabilirsiniz.");
    await message.first().waitFor();
    form = page.getByRole("tabpanel");
    expect(await form.getByLabel("E-posta").inputValue()).toBe(email);
    expect(await message.first().isVisible()).toBe(true);
    await form.getByLabel("Şifre").fill("gizli123");
    await form.getByRole("button", { name: "Giriş Yap" }).click();

    await page.waitForURL(`**${at.film}`);
    await page.getByText("Giriş başarılı! Listenize eklendi").first().waitFor();
    expect(await listButton(page).textContent()).toContain("İzleyeceğim");
  });

  it("without JavaScript on a phone: the same, and a return path off the site ends on the dashboard", async () => {
    const email = `donus-nojs${Date.now()}@example.com`;
    await postForm(local.url, "/auth", {
      intent: "signup",
      fullName: "Kaan Yurt",
      email,
      password: "gizli123",
    });
    const page = await tab(local.url, null, { viewport: PHONE, javaScript: false });
    await page.goto(at.film);
    await page.getByRole("button", { name: /^(Listeye Ekle|İzleme listeme ekle)$/ }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("donus")).toBe(at.film);
    expect(new URL(page.url()).searchParams.get("istek")).toMatch(/^izleme-listesi:movie:\d+$/);
    // Without JavaScript the tabs are radio buttons and the panels plain blocks (issue #34.1).
    const form = page.locator("#auth-panel-signin");
    await form.getByLabel("E-posta").fill(email);
    await form.getByLabel("Şifre").fill("gizli123");
    await form.getByRole("button", { name: "Giriş Yap" }).click();
    await page.waitForURL(`**${at.film}`);
    await banner(page, "Giriş başarılı! Listenize eklendi");
    // Without JavaScript the list menu is a disclosure.
    expect(await page.locator("summary", { hasText: "Listemde" }).textContent()).toContain(
      "İzleyeceğim",
    );

    // An anonymous post naming another site is sent to the plain sign-in page.
    for (const donus of ["//evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const query = new URLSearchParams({ donus, istek: "izleme-listesi:movie:1" });
      const anonymous = await postForm(local.url, `/liste?${query}`, {
        intent: "add",
        itemType: "movie",
        itemId: "1",
      });
      expect(anonymous.headers.get("location"), donus).toBe("/auth");
    }
    // Forged return paths: signing in works and lands on the dashboard, never elsewhere.
    for (const donus of ["//evil.example/", "/\\evil.example", "https://evil.example", "/auth"]) {
      const answer = await postForm(local.url, "/auth", {
        intent: "signin",
        email,
        password: "gizli123",
        donus,
        istek: "izleme-listesi:movie:1",
      });
      expect(answer.status, donus).toBe(302);
      expect(answer.headers.get("location"), donus).toBe("/dashboard");
    }
  });
});

describeInBrowser("issue 33: honest progress (fake movie database)", () => {
  it("marks Breaking Bad's first season, whose later seasons list no episodes, and concludes nothing", async () => {
    const cookie = await newAccount(live.url, "Mert Aydın", "canli");
    const page = await tab(live.url, cookie, { viewport: PHONE });
    await page.goto(season(1396, 2));
    await page.getByText("Bu sezonun bölüm bilgisi henüz yok").waitFor();
    expect(await page.locator("summary", { hasText: "Sezonu İzledim" }).count()).toBe(0);

    await page.goto(season(1396, 1));
    await bulkMark(page, "Sezonu İzledim", "Şimdi");
    await page.getByText("1. Sezon izlendi olarak işaretlendi").first().waitFor();
    await progress(page, "1. Sezon", "7/7 bölüm").waitFor();

    await page.goto("/dizi/1396");
    await progress(page, "Dizi ilerlemesi", "7/7 bilinen bölüm").waitFor();
    // An ended series whose every known episode is watched is still İzliyorum.
    expect(await listButton(page).textContent()).toContain("İzliyorum");
    await page.goto("/dashboard");
    await upNext(page).getByText("Sıradaki bölümlerin bilgisi henüz yok").waitFor();
  });
});
