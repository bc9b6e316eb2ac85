import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { describeInBrowser, PHONE, useBrowser } from "./browser";

const tmdbBaseURL = inject("tmdbBaseURL");
const baseURL = inject("baseURL");

const sectionOf = (page: Page, heading: string) =>
  page.locator("section", {
    has: page.getByRole("heading", { level: 2, name: heading, exact: true }),
  });

describeInBrowser("film page (movie database)", () => {
  const browser = useBrowser();

  it("shows the hero with Turkish formats, genres, trailer and watchlist", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    const response = await page.goto("/film/dovus-kulubu-1999-550");
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dövüş Kulübü");
    expect(await page.getByRole("link", { name: "Ana Sayfaya Dön" }).getAttribute("href")).toBe(
      "/",
    );
    const hero = page.locator("section").first();
    const text = await hero.textContent();
    expect(text).toContain("8.4/10");
    expect(text).toContain("(30.123 oy)");
    expect(text).toContain("15 Ekim 1999");
    expect(text).toContain("2 sa 19 dk");
    expect(await hero.getByRole("link", { name: "Dram" }).getAttribute("href")).toBe(
      "/filmler/dram-18",
    );
    expect(await hero.getByRole("link", { name: "Gerilim" }).getAttribute("href")).toBe(
      "/filmler/gerilim-53",
    );
    expect(
      await page.getByRole("button", { name: "İzleme listeme ekle", exact: true }).isVisible(),
    ).toBe(true);

    // The trailer is the first YouTube video of type Trailer, not the teaser or the Vimeo one.
    await page.getByRole("button", { name: "Fragmanı İzle" }).click();
    const frame = page.getByRole("dialog").locator("iframe");
    expect(await frame.getAttribute("src")).toBe(
      "https://www.youtube-nocookie.com/embed/SUXWAEX2jlg?autoplay=1",
    );
  });

  it("keeps to the spec's limits: 12 cast, crew jobs, 12 images per tab", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/film/dovus-kulubu-1999-550");
    expect(await sectionOf(page, "Hikaye").textContent()).toContain("sigorta çalışanı");
    expect(await sectionOf(page, "Oyuncular").getByRole("listitem").count()).toBe(12);
    const crew = sectionOf(page, "Yapım Ekibi");
    expect(await crew.getByRole("listitem").count()).toBe(6);
    const crewText = await crew.textContent();
    expect(crewText).toContain("David Fincher");
    expect(crewText).not.toContain("Chuck Palahniuk"); // Novel is not among the jobs shown
    expect(crewText).not.toContain("James Haygood"); // nor Editor
    // Native disclosures standing in for tabs (decision 026), one open at a time.
    const tab = (name: string) =>
      page.locator("details", { has: page.getByText(name, { exact: true }) });
    for (const name of ["Arka Planlar (12)", "Afişler (12)", "Videolar (3)"]) {
      expect(await page.getByText(name, { exact: true }).isVisible(), name).toBe(true);
    }
    await page.getByText("Afişler (12)", { exact: true }).click();
    expect(await tab("Afişler (12)").locator("img").count()).toBe(12);
    expect(await tab("Afişler (12)").locator("img").first().isVisible()).toBe(true);
    expect(await tab("Arka Planlar (12)").locator("img").first().isVisible()).toBe(false);
  });

  it("fills an empty Turkish overview in English, and has no media or trailer when there are none", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/film/eskiya-1996-1000001");
    expect(await sectionOf(page, "Hikaye").textContent()).toContain(
      "A bandit released after 35 years",
    );
    // No trailer, no button: never a disabled dead one (decision 029).
    expect(await page.getByRole("button", { name: /Fragman/ }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Medya" }).count()).toBe(0);
    expect(await sectionOf(page, "Yorumlar").textContent()).toContain(
      "Henüz yorum yapılmamış. İlk yorumu siz yapın!",
    );
  });

  it("sends anonymous visitors who want to add to their list to sign in", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/film/baba-1972-238");
    await page.getByRole("button", { name: "İzleme listeme ekle", exact: true }).click();
    // Sign-in comes back to the film with the title added (issue #33.8).
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("donus")).toBe("/film/baba-1972-238");
    await page.getByText("Lütfen giriş yapın").waitFor();
  });

  it("is complete for link previews and crawlers", async () => {
    const html = await (
      await fetch(`${tmdbBaseURL}/film/dovus-kulubu-1999-550`, {
        headers: { "User-Agent": "Twitterbot/1.0" },
      })
    ).text();
    expect(html).toContain("<title>Dövüş Kulübü | Perde</title>");
    expect(html).toContain(
      '<link rel="canonical" href="https://perde.example/film/dovus-kulubu-1999-550"/>',
    );
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toMatch(
      /<meta property="og:image" content="[^"]*\/original\/fightclub-bg\.jpg"\/>/,
    );
    expect(html).toContain("sigorta çalışanı"); // the overview is in the server's HTML
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!,
    );
    expect(jsonLd).toMatchObject({
      "@type": "Movie",
      name: "Dövüş Kulübü",
      datePublished: "1999-10-15",
    });
    // The head is derived from the page's data: the router context does not carry it twice.
    expect(html.match(/"@type":"Movie"|\\"@type\\":\\"Movie\\"/g)).toHaveLength(1);
    expect(html).not.toContain('"jsonLd"');
  });
});

describeInBrowser("series, season and episode pages (movie database)", () => {
  const browser = useBrowser();

  it("shows a finished series with its seasons and creators", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/dizi/breaking-bad-2008-1396");
    const hero = await page.locator("section").first().textContent();
    expect(hero).toContain("2008");
    expect(hero).not.toContain("Devam Ediyor");
    expect(hero).toContain("5 Sezon, 62 Bölüm");
    const seasons = sectionOf(page, "Sezonlar").getByRole("link");
    expect(await seasons.count()).toBe(5); // season 0 (specials) is left out
    expect(await seasons.first().getAttribute("href")).toBe("/dizi/1396/sezon/1");
    expect(await seasons.first().textContent()).toContain("7 Bölüm");
    expect(await sectionOf(page, "Yaratıcılar").textContent()).toBe(
      "YaratıcılarVince GilliganYaratıcı",
    );
  });

  it("says a running series is still on", async () => {
    const page = await browser.newPage(PHONE, tmdbBaseURL);
    await page.goto("/dizi/yali-capkini-2022-1000201");
    expect(await page.locator("section").first().textContent()).toContain("2022 - Devam Ediyor");
  });

  it("lists a season's episodes with dates, ratings above zero and runtimes", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/dizi/1396/sezon/1");
    expect(
      await page.getByRole("link", { name: "Breaking Bad" }).first().getAttribute("href"),
    ).toBe("/dizi/breaking-bad-2008-1396");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("1. Sezon");
    expect(await sectionOf(page, "Sezon Hakkında").textContent()).toContain("dönüşümü");
    const episodes = sectionOf(page, "Bölümler").getByRole("listitem");
    expect(await episodes.count()).toBe(7);
    const first = await episodes.first().textContent();
    expect(first).toContain("1. Pilot");
    expect(first).toContain("20 Ocak 2008");
    expect(first).toContain("Süre: 58 dakika");
    expect(await episodes.nth(3).textContent()).not.toContain("★"); // rating 0 is not shown
    expect(await episodes.first().getByRole("link").getAttribute("href")).toBe(
      "/dizi/1396/sezon/1/bolum/1",
    );
  });

  it("shows an episode with guest stars, its crew limited to director, writer and producer, and the main cast", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/dizi/breaking-bad-1396/sezon/1/bolum/1");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("1. Bölüm: Pilot");
    expect(
      await page
        .getByRole("link", { name: /1\. Sezon/ })
        .first()
        .getAttribute("href"),
    ).toBe("/dizi/1396/sezon/1");
    expect(await sectionOf(page, "Bölüm Özeti").textContent()).toContain("Walter White");
    expect(await sectionOf(page, "Konuk Oyuncular").textContent()).toContain("Misafir Oyuncu");
    const crew = await sectionOf(page, "Ekip").textContent();
    expect(crew).toContain("Yönetmen");
    expect(crew).toContain("Senarist");
    expect(crew).toContain("Yapımcı Kişi");
    expect(crew).not.toContain("Ses Teknisyeni");
    expect(await sectionOf(page, "Ana Kadro").textContent()).toContain("Bryan Cranston");
  });
});

describeInBrowser("person page (movie database)", () => {
  const browser = useBrowser();

  it("shows the person with filmography tabs grouped by year", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/oyuncu/brad-pitt-287");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Brad Pitt");
    const hero = await page.locator("section").first().textContent();
    expect(hero).toContain("Oyuncu");
    expect(hero).toContain("18 Aralık 1963");
    expect(hero).toContain("Shawnee, Oklahoma, USA");
    expect(await sectionOf(page, "Biyografi").textContent()).toContain("Amerikalı oyuncu");
    const tab = (name: string) =>
      page.locator("details", { has: page.getByText(name, { exact: true }) });
    expect(await tab("Filmler (3)").evaluate((details: HTMLDetailsElement) => details.open)).toBe(
      true,
    );
    const years = await tab("Filmler (3)").locator("h3").allTextContents();
    expect(years).toEqual([...years].sort((a, b) => Number(b) - Number(a)));
    await page.getByText("Diziler (1)", { exact: true }).click();
    expect(await tab("Diziler (1)").getByText("Örnek Dizi 1").isVisible()).toBe(true);
    const html = await (await fetch(`${tmdbBaseURL}/oyuncu/brad-pitt-287`)).text();
    expect(html).toContain('<meta property="og:type" content="profile"/>');
  });

  it("falls back to an English biography and says when there are no series", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/oyuncu/sener-sen-2000001");
    expect(await sectionOf(page, "Biyografi").textContent()).toContain("Turkish actor");
    await page.getByText("Diziler (0)", { exact: true }).click();
    const series = page.locator("details", { has: page.getByText("Diziler (0)", { exact: true }) });
    expect(await series.getByText("Dizi bulunamadı.").isVisible()).toBe(true);
  });
});

describe("not found", () => {
  it.each([
    ["/film/yok-99999999", "Film bulunamadı."],
    ["/film/sayi-degil", "Film bulunamadı."],
    ["/dizi/yok-99999999", "Dizi bulunamadı."],
    ["/dizi/1396/sezon/42", "Sezon bulunamadı."],
    ["/dizi/1396/sezon/1/bolum/99", "Bölüm bulunamadı."],
    ["/dizi/abc/sezon/x/bolum/1", "Bölüm bulunamadı."],
    ["/oyuncu/kimse-99999999", "Oyuncu bulunamadı."],
  ])("%s answers 404 with '%s'", async (path, message) => {
    const response = await fetch(`${tmdbBaseURL}${path}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(message);
    // Its own head: the not-found title, kept out of search engines.
    expect(html).toContain(`<title>${message} | Perde</title>`);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });
});

describeInBrowser("the embedded catalogue's detail pages", () => {
  const browser = useBrowser();

  it("has a Turkish series down to every episode", async () => {
    const page = await browser.newPage(PHONE, baseURL);
    await page.goto("/ara?q=bir%20baskadir");
    await page
      .getByRole("link", { name: /Bir Başkadır/ })
      .first()
      .click();
    await page.waitForURL(/\/dizi\/bir-baskadir-2020-\d+$/);
    await sectionOf(page, "Sezonlar").getByRole("link").first().click();
    await page.waitForURL(/\/sezon\/1$/);
    await sectionOf(page, "Bölümler").waitFor();
    expect(await sectionOf(page, "Bölümler").getByRole("listitem").count()).toBe(8);
    await sectionOf(page, "Bölümler").getByRole("link").first().click();
    await page.waitForURL(/\/bolum\/1$/);
    await sectionOf(page, "Bölüm Özeti").waitFor();
    // An episode without a name of its own ("Bölüm 1" in the catalogue) is "1. Bölüm" once.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("1. Bölüm");
    const broken = await page.$$eval(
      "img",
      (images) => images.filter((image) => image.complete && image.naturalWidth === 0).length,
    );
    expect(broken).toBe(0);
  });

  it("shows an actor's filmography grouped by year", async () => {
    const page = await browser.newPage(undefined, baseURL);
    await page.goto("/ara?q=sener%20sen");
    await page
      .getByRole("link", { name: /Şener Şen/ })
      .first()
      .click();
    await page.waitForURL(/\/oyuncu\/sener-sen-\d+$/);
    await sectionOf(page, "Filmografi").waitFor();
    // The open disclosure (decision 026): the films.
    const open = page.locator("details[open]", { has: page.getByText(/^Filmler \(/) });
    const years = await open.locator("h3").allTextContents();
    expect(years.length).toBeGreaterThan(3);
    expect(years.filter((year) => year !== "Bilinmiyor")).toEqual(
      years.filter((year) => year !== "Bilinmiyor").sort((a, b) => Number(b) - Number(a)),
    );
    expect(await open.textContent()).toContain("Eşkıya");
  });
});

describe("sitemap and robots", () => {
  it("answers a sitemap index whose documents list the catalogue's pages", async () => {
    const index = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(index).toContain("<sitemapindex");
    const documents = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(documents.some((url) => url.endsWith("/sitemap/movies-1.xml"))).toBe(true);
    const movies = await fetch(
      documents
        .find((url) => url.endsWith("/sitemap/movies-1.xml"))!
        .replace(/^https?:\/\/[^/]+/, baseURL),
    );
    expect(movies.headers.get("content-type")).toContain("application/xml");
    expect(await movies.text()).toMatch(/<loc>[^<]*\/film\/baba-1972-238<\/loc>/);
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/m);
    expect((await fetch(`${baseURL}/sitemap/yok.xml`)).status).toBe(404);
  });
});
