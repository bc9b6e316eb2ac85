import type { Page } from "playwright-core";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { fakeTmdbControl } from "../fake-tmdb/server";
import { describeInBrowser, hydrated, PHONE, useBrowser } from "./browser";

const tmdbBaseURL = inject("tmdbBaseURL");
const fake = fakeTmdbControl(inject("fakeTmdbURL"));

/** Waits until the results of the last navigation are on the page (no skeletons). */
async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.getByText(/^Sayfa \d+ \/ \d+$/).waitFor();
}

const cardYears = (page: Page) => page.locator("main ul li a p").allTextContents();

describeInBrowser("film and series categories", () => {
  const browser = useBrowser();

  it("lists the 19 film genres with links to their pages", async () => {
    const page = await browser.newPage();
    await page.goto("/filmler");
    const crumbs = page.getByRole("navigation", { name: "Sayfa yolu" });
    expect(await crumbs.textContent()).toBe("Ana SayfaFilmler");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Film Kategorileri");
    const links = page.locator("main ul a");
    expect(await links.count()).toBe(19);
    expect(await page.getByRole("link", { name: "Bilim-Kurgu" }).getAttribute("href")).toBe(
      "/filmler/bilim-kurgu-878",
    );
    await page.getByRole("link", { name: "Vahşi Batı" }).click();
    await page.waitForURL("**/filmler/vahsi-bati-37");
    await page.getByRole("heading", { level: 1, name: "Vahşi Batı Filmleri" }).waitFor();
  });

  it("lists the 16 series genres", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/diziler");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dizi Kategorileri");
    expect(await page.locator("main ul a").count()).toBe(16);
    expect(
      await page.getByRole("link", { name: "Bilim Kurgu & Fantazi" }).getAttribute("href"),
    ).toBe("/diziler/bilim-kurgu-fantazi-10765");
  });
});

describeInBrowser("genre pages", () => {
  const browser = useBrowser();

  it("shows breadcrumb, heading, quick filters, the three selects and a pager", async () => {
    const page = await browser.newPage();
    await page.goto("/filmler/dram-18");
    await hydrated(page);
    expect(await page.getByRole("navigation", { name: "Sayfa yolu" }).textContent()).toBe(
      "Ana SayfaFilmlerDram",
    );
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dram Filmleri");
    expect(await page.getByRole("heading", { name: "Hızlı Filtreler" }).isVisible()).toBe(true);
    for (const label of [
      "En Popüler",
      "IMDB Top (8+ Puan)",
      "Yüksek Puanlı (7+)",
      "Son 5 Yıl",
      "Klasikler",
    ]) {
      expect(await page.getByRole("link", { name: label }).isVisible(), label).toBe(true);
    }
    for (const label of ["Sıralama", "Yıl Aralığı", "Minimum IMDB Puanı"]) {
      expect(await page.getByLabel(label).isVisible(), label).toBe(true);
    }
    expect(await page.locator("main ul li").count()).toBe(20);
    expect(await page.getByText(/^Sayfa 1 \/ \d+$/).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Önceki" }).isDisabled()).toBe(true);
    // No-JavaScript fallback button disappears once hydrated.
    expect(await page.getByRole("button", { name: "Uygula" }).count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it("adds a history entry for each select change, back on page 1", async () => {
    const page = await browser.newPage();
    await page.goto("/filmler/dram-18?sayfa=2");
    await hydrated(page);
    const historyLength = await page.evaluate(() => history.length);
    await page.getByLabel("Sıralama").selectOption("en-yeni");
    await page.waitForURL(
      (url) => url.pathname === "/filmler/dram-18/en-yeni" && url.search === "",
    );
    await settled(page);
    await page.getByLabel("Yıl Aralığı").selectOption("2000-oncesi");
    await page.waitForURL("**/filmler/dram-18/en-yeni-2000-oncesi");
    await settled(page);
    // Each change is a step Back undoes (issue #34.6; phone.e2e.ts walks Back and Forward).
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 2);
    expect(await page.getByLabel("Sıralama").inputValue()).toBe("en-yeni");
    const years = (await cardYears(page)).map(Number);
    expect(years.length).toBeGreaterThan(0);
    expect(years.every((year) => year < 2000)).toBe(true);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });

  it("toggles a quick filter, which hides the selects", async () => {
    const page = await browser.newPage();
    await page.goto("/filmler/dram-18/en-yeni");
    await page.getByRole("link", { name: "Klasikler" }).click();
    await page.waitForURL("**/filmler/dram-18/klasikler");
    await page.locator('a[aria-current="true"]', { hasText: "Klasikler" }).waitFor();
    expect(await page.getByLabel("Sıralama").count()).toBe(0);
    const years = (await cardYears(page)).map(Number);
    expect(years.every((year) => year <= 2000)).toBe(true);
    await page.getByRole("link", { name: "Klasikler" }).click();
    await page.waitForURL((url) => url.pathname === "/filmler/dram-18");
    await page.getByLabel("Sıralama").waitFor();
    expect(await page.getByLabel("Sıralama").inputValue()).toBe("populerlik");
  });

  it("pages with 'Sonraki' and 'Önceki'", async () => {
    const page = await browser.newPage();
    await page.goto("/diziler/dram-18");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dram Dizileri");
    const total = (await page.getByText(/^Sayfa 1 \/ \d+$/).textContent())!.split(" / ")[1];
    await page.getByRole("link", { name: "Sonraki" }).click();
    await page.waitForURL("**/diziler/dram-18?sayfa=2");
    await page.getByText(`Sayfa 2 / ${total}`).waitFor();
    await page.getByRole("link", { name: "Önceki" }).click();
    await page.waitForURL((url) => url.pathname === "/diziler/dram-18" && url.search === "");
  });

  it("shows the unfiltered genre for an unknown filter, and the fallbacks for an unknown genre", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/filmler/dram-18/boyle-bir-filtre-yok");
    expect(response?.status()).toBe(200);
    expect(await page.getByLabel("Sıralama").inputValue()).toBe("populerlik");
    expect(await page.locator("main ul li").count()).toBe(20);

    await page.goto("/filmler/bilinmeyen-99999");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Film Kategorisi");
    expect(await page.getByRole("navigation", { name: "Sayfa yolu" }).textContent()).toContain(
      "Kategori",
    );
    expect(await page.getByText("Bu filtrelere uygun film bulunamadı.").isVisible()).toBe(true);

    await page.goto("/diziler/bilinmeyen-99999");
    expect(await page.getByText("Bu filtrelere uygun dizi bulunamadı.").isVisible()).toBe(true);

    const notFound = await page.goto("/filmler/sayisiz");
    expect(notFound?.status()).toBe(404);
  });
});

describe("genre pages without JavaScript", () => {
  it("turn the select form into the canonical filter URL", async () => {
    const response = await fetch(
      `${inject("baseURL")}/filmler/dram-18?siralama=yuksek-puan&yil=2010-2020-arasi&puan=tum-puanlar`,
      { redirect: "manual" },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/filmler/dram-18/yuksek-puan-2010-2020-arasi");
  });
});

describeInBrowser("quick filters against the movie database", () => {
  const browser = useBrowser();
  let upstream: Awaited<ReturnType<typeof fake.window>>;
  beforeEach(async () => {
    await fake.reset();
    upstream = await fake.window();
  });

  const cases: [string, Record<string, string>][] = [
    ["en-populer", { sort_by: "popularity.desc" }],
    [
      "imdb-8-puan-ustu",
      { sort_by: "vote_average.desc", "vote_average.gte": "8", "vote_count.gte": "1000" },
    ],
    [
      "imdb-7-puan-ustu",
      { sort_by: "popularity.desc", "vote_average.gte": "7", "vote_count.gte": "500" },
    ],
    [
      "son-5-yil",
      {
        sort_by: "popularity.desc",
        "primary_release_date.gte": `${new Date().getFullYear() - 5}-01-01`,
      },
    ],
    [
      "klasikler",
      {
        sort_by: "vote_average.desc",
        "primary_release_date.lte": "2000-12-31",
        "vote_count.gte": "1000",
      },
    ],
  ];

  // Horror is this file's own genre on the shared server: a page another file opened first
  // (age-ratings.e2e.ts opens Action's) would come from the server's cache, asking nothing.
  it.each(cases)("%s sends exactly the spec's criteria", async (slug, expected) => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto(`/filmler/korku-27/${slug}`);
    const discover = (await upstream()).filter(
      (request) => request.path === "/discover/movie" && request.query.with_genres === "27",
    );
    expect(discover).toHaveLength(1);
    const { api_key: _key, ...query } = discover[0]!.query;
    expect(query).toEqual({ language: "tr-TR", with_genres: "27", page: "1", ...expected });
  });

  it("sends series filters with first-air dates", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/diziler/dram-18/en-eski-2010-2020-arasi-imdb-7-ustu?sayfa=2");
    const [discover] = (await upstream()).filter(
      (request) => request.path === "/discover/tv" && request.query.with_genres === "18",
    );
    const { api_key: _key, ...query } = discover!.query;
    expect(query).toEqual({
      language: "tr-TR",
      with_genres: "18",
      page: "2",
      sort_by: "first_air_date.asc",
      "first_air_date.gte": "2010-01-01",
      "first_air_date.lte": "2020-12-31",
      "vote_average.gte": "7",
    });
  });
});

describeInBrowser("popular people", () => {
  const browser = useBrowser();

  it("shows a paged grid of people with their department", async () => {
    const page = await browser.newPage();
    await page.goto("/oyuncular");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Popüler Oyuncular");
    expect(await page.getByRole("navigation", { name: "Sayfa yolu" }).textContent()).toBe(
      "Ana SayfaOyuncular",
    );
    const cards = page.locator("main ul li a");
    expect(await cards.count()).toBe(20);
    expect(await cards.first().getAttribute("href")).toMatch(/^\/oyuncu\/[a-z0-9-]+-\d+$/);
    expect(
      await page.locator("main ul li").getByText("Oyuncu", { exact: true }).count(),
    ).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Sonraki" }).click();
    await page.waitForURL("**/oyuncular?sayfa=2");
    await page.getByText(/^Sayfa 2 \/ \d+$/).waitFor();
  });
});
