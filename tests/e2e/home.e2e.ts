import { describe, expect, it } from "vitest";
import { API_KEY } from "../fake-tmdb/fixtures";
import { startAppServer } from "../support/app-server";
import { useLiveSite } from "../support/live-site";
import { describeInBrowser, PHONE, useBrowser } from "./browser";

const GRIDS = ["Popüler Filmler", "Günün Trendleri", "Popüler Diziler"];

describeInBrowser("home on the embedded catalogue", () => {
  const browser = useBrowser();

  it("shows the hero and three grids of 12 cards linking to detail pages", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/");
    expect(response?.headers()["cache-control"]).toContain("public");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Türkiye'nin en kapsamlı film ve dizi veritabanı",
    );
    expect(await page.getByRole("link", { name: "Keşfet" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Daha Fazla" }).getAttribute("href")).toBe(
      "/filmler",
    );
    for (const heading of GRIDS) {
      const grid = page.locator("section", { has: page.getByRole("heading", { name: heading }) });
      expect(await grid.getByRole("listitem").count(), heading).toBe(12);
    }
    const firstFilm = page
      .locator("section", { has: page.getByRole("heading", { name: "Popüler Filmler" }) })
      .getByRole("link")
      .first();
    expect(await firstFilm.getAttribute("href")).toMatch(/^\/film\/[a-z0-9-]+-\d{4}-\d+$/);
    const firstSeries = page
      .locator("section", { has: page.getByRole("heading", { name: "Popüler Diziler" }) })
      .getByRole("link")
      .first();
    expect(await firstSeries.getAttribute("href")).toMatch(/^\/dizi\/[a-z0-9-]+-\d+$/);
    // Card: rating with one decimal and a year.
    expect(await firstFilm.textContent()).toMatch(/\d\.\d.*\d{4}$/);
    // Posters are drawn by the app: no image fails to load.
    const broken = await page.$$eval("img", (images) =>
      images
        .filter((image) => image.complete && image.naturalWidth === 0)
        .map((image) => image.src),
    );
    expect(broken).toEqual([]);
    expect(browser.errors).toEqual([]);
  });

  it("fits a phone screen without sideways scrolling", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe("home on the live source (fake movie database)", () => {
  const live = useLiveSite({ TMDB_IMAGE_BASE_URL: "http://127.0.0.1:9/t/p" });

  it("renders the grids from the movie database on the server, then from the cache", async () => {
    const html = await (await fetch(live.server.url)).text();
    expect(html).toContain("Dövüş Kulübü");
    expect(html).toContain("Breaking Bad");
    expect(html).toContain('src="http://127.0.0.1:9/t/p/w200/fightclub.jpg"');
    const paths = live.fake.requests.map((request) => request.path).sort();
    expect(paths).toEqual(["/movie/popular", "/trending/movie/day", "/tv/popular"]);
    expect(live.fake.requests.every((request) => request.query.language === "tr-TR")).toBe(true);

    await (await fetch(live.server.url)).text();
    expect(live.fake.requests).toHaveLength(3);
  });

  it("shows the spec's error in a grid whose data fails, and never a 500", async () => {
    const fresh = await startAppServer({
      CATALOGUE: "tmdb",
      TMDB_API_BASE_URL: live.fake.url,
      TMDB_API_KEY: API_KEY,
    });
    try {
      live.fake.reset();
      live.fake.down = true;
      const response = await fetch(fresh.url);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html.match(/Veriler yüklenirken bir hata oluştu\./g)).toHaveLength(3);
      for (const heading of GRIDS) expect(html).toContain(heading);
      // A page that shows a failure is kept by no cache, shared or not.
      expect(response.headers.get("cache-control")).toBe("no-store");

      // A detail page whose data fails is a "try again", never "not found" and never cached.
      const film = await fetch(`${fresh.url}/film/fight-club-550`);
      expect(film.status).toBe(503);
      expect(film.headers.get("cache-control")).toBe("no-store");
      const filmHtml = await film.text();
      expect(filmHtml).toContain("Lütfen biraz sonra yeniden deneyin.");
      expect(filmHtml).not.toContain("Film bulunamadı.");
    } finally {
      live.fake.down = false;
      await fresh.stop();
    }
  });
});
