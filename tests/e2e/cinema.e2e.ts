import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { CINEMA_SNAPSHOT_DAY } from "../fake-tmdb/fixtures";
import { useLiveSite } from "../support/live-site";
import { sharedServer } from "../support/shared-servers";
import { describeInBrowser, MENU_CONTROL, PHONE, useBrowser } from "./browser";

/*
 * Vizyonda (issue #26, item 1), with the site's clock set (PERDE_NOW):
 * - on the shared server of the embedded catalogue, each test's requests on a day of their own
 *   (decision 032): Tuesday 25 July 2023, when Barbie and Oppenheimer had opened
 *   on Friday, Spider-Man: Örümcek-Evrenine Geçiş was in its eighth week and Kuru Otlar Üstüne
 *   was to open on 29 September; and in January 2021, with the cinemas closed;
 * - on the fake movie database's snapshot of Tuesday 11 March 2025 (fixtures.ts), whose region
 *   TR lists differ from the world's.
 */

const DESKTOP = { width: 1280, height: 800 };
const SECTIONS = ["Bu Hafta Vizyonda", "Vizyondakiler", "Yakında"] as const;

/** The cards of a section, in order: title and the day on the card. */
async function cards(page: Page, heading: (typeof SECTIONS)[number]) {
  const section = page.locator("section", {
    has: page.getByRole("heading", { level: 2, name: heading, exact: true }),
  });
  return section
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector("h3")?.textContent ?? "",
        item.querySelector("time")?.textContent ?? "",
      ]),
    );
}

async function allCards(page: Page) {
  return Object.fromEntries(
    await Promise.all(SECTIONS.map(async (heading) => [heading, await cards(page, heading)])),
  );
}

/** Waits for the page of /vizyonda (or of its family filter) to be on screen after a click. */
async function shown(page: Page, path: "/vizyonda" | "/vizyonda/aile-dostu") {
  await page.waitForURL((url) => url.pathname === path);
  await page
    .getByRole("navigation", { name: "Vizyon filtresi" })
    .locator('a[aria-current="true"]', {
      hasText: path === "/vizyonda" ? "Tüm filmler" : "Aile dostu",
    })
    .waitFor();
}

/** Errors besides posters: on the live source they come from an image host tests cannot reach. */
const pageErrors = (errors: string[]) =>
  errors.filter((error) => !error.startsWith("Failed to load resource"));

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describeInBrowser("Vizyonda on the embedded catalogue", () => {
  const browser = useBrowser();
  /** The embedded catalogue's shared server, this file's requests to it from now on that day. */
  const onDay = async (instant: string) =>
    (await sharedServer({ CATALOGUE: "local", PERDE_NOW: instant })).url;
  const summer = () => onDay("2023-07-25T12:00:00+03:00");
  const lockdown = () => onDay("2021-01-15T12:00:00+03:00");

  it("shows this week's openings, what else is on and what is coming, with Turkish dates", async () => {
    const page = await browser.newPage(DESKTOP, await summer());
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Ana menü" })
      .getByRole("link", { name: "Vizyonda" })
      .click();
    await shown(page, "/vizyonda");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Vizyonda");
    expect(await allCards(page)).toEqual({
      // Both opened on Friday 21 July: the more popular first.
      "Bu Hafta Vizyonda": [
        ["Oppenheimer", "21 Temmuz 2023"],
        ["Barbie", "21 Temmuz 2023"],
      ],
      Vizyondakiler: [["Spider-Man: Örümcek-Evrenine Geçiş", "2 Haziran 2023"]],
      Yakında: [["Kuru Otlar Üstüne", "29 Eylül 2023"]],
    });
    expect(await page.getByText("Bu vizyon haftası:").textContent()).toBe(
      "Bu vizyon haftası: 21 Temmuz 2023 Cuma – 27 Temmuz 2023 Perşembe",
    );
    // A card leads to the film's page.
    await page.getByRole("link", { name: /Kuru Otlar Üstüne/ }).click();
    await page.waitForURL(/\/film\/kuru-otlar-ustune-2023-\d+$/);
    expect(browser.errors).toEqual([]);
  });

  it("fits a phone, is in the phone menu, and keeps the family filter in the URL", async () => {
    const page = await browser.newPage(PHONE, await summer());
    await page.goto("/");
    await page.locator(MENU_CONTROL).click();
    await page
      .getByRole("navigation", { name: "Mobil menü" })
      .getByRole("link", { name: "Vizyonda" })
      .click();
    await shown(page, "/vizyonda");
    expect((await cards(page, "Bu Hafta Vizyonda")).map(([title]) => title)).toEqual([
      "Oppenheimer",
      "Barbie",
    ]);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

    const filter = page.getByRole("navigation", { name: "Vizyon filtresi" });
    expect(
      await filter.getByRole("link", { name: "Tüm filmler" }).getAttribute("aria-current"),
    ).toBe("true");
    await filter.getByRole("link", { name: "Aile dostu" }).click();
    await shown(page, "/vizyonda/aile-dostu");
    expect(
      await filter.getByRole("link", { name: "Aile dostu" }).getAttribute("aria-current"),
    ).toBe("true");
    await filter.getByRole("link", { name: "Tüm filmler" }).click();
    await shown(page, "/vizyonda");
    expect(await cards(page, "Vizyondakiler")).toHaveLength(1);
    expect(browser.errors).toEqual([]);
  });

  it("says plainly that nothing is on, instead of empty grids", async () => {
    const page = await browser.newPage(PHONE, await lockdown());
    await page.goto("/vizyonda");
    expect(await page.getByRole("status").textContent()).toBe("Şu anda vizyonda film yok.");
    expect(await page.getByRole("heading", { name: "Bu Hafta Vizyonda" }).count()).toBe(0);
    expect(
      await page
        .getByRole("listitem")
        .filter({ has: page.locator("time") })
        .count(),
    ).toBe(0);
    expect(
      await page.getByText("Önümüzdeki haftalarda vizyona girecek film henüz açıklanmadı.").count(),
    ).toBe(1);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  it("is a public, cached page with its description and preview tags; other segments are 404", async () => {
    const site = await summer();
    const response = await fetch(`${site}/vizyonda`);
    expect(response.headers.get("cache-control")).toContain("public");
    const html = await response.text();
    expect(html).toContain("<title>Vizyonda | Perde</title>");
    expect(html).toMatch(/<meta name="description" content="Türkiye sinemalarında bu hafta/);
    expect(html).toContain('<meta property="og:title" content="Vizyonda"/>');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/vizyonda"\/>/);
    expect((await fetch(`${site}/vizyonda/bilinmeyen`)).status).toBe(404);
    const sitemap = await (await fetch(`${site}/sitemap/static.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/vizyonda<\/loc>/);
  });
});

describeInBrowser("Vizyonda on the live source (fake movie database)", () => {
  const browser = useBrowser();
  const live = useLiveSite({ PERDE_NOW: `${CINEMA_SNAPSHOT_DAY}T12:00:00+03:00` });

  it("shows Türkiye's lists with Turkish dates, never the world's", async () => {
    const page = await browser.newPage(DESKTOP, live.server.url);
    await page.goto("/vizyonda");
    expect(await allCards(page)).toEqual({
      "Bu Hafta Vizyonda": [
        // Opened in America on 14 February: the card shows the Turkish day.
        ["Gökyüzü Bekçileri", "7 Mart 2025"],
        ["Bizim Mahalle", "7 Mart 2025"],
      ],
      Vizyondakiler: [
        ["Son Gece", "28 Şubat 2025"],
        ["Kayıp Fener", "21 Şubat 2025"],
        ["Sessiz Liman", "7 Şubat 2025"],
      ],
      Yakında: [
        ["Karanlık Oda", "14 Mart 2025"],
        ["Yıldız Tozu", "21 Mart 2025"],
        ["Deniz Kızı Masalı", "4 Nisan 2025"],
      ],
    });
    const text = await page.locator("main").textContent();
    expect(text).not.toContain("Yalnızca Yurt Dışında");
    expect(text).not.toContain("Uzak Kıyılar");
    const lists = live.fake.requests.filter((request) =>
      ["/movie/now_playing", "/movie/upcoming"].includes(request.path),
    );
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists.every((request) => request.query.region === "TR")).toBe(true);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(pageErrors(browser.errors)).toEqual([]);
  });

  it("shows only family films under Aile dostu, in the three sections", async () => {
    const page = await browser.newPage(PHONE, live.server.url);
    await page.goto("/vizyonda");
    await page
      .getByRole("navigation", { name: "Vizyon filtresi" })
      .getByRole("link", { name: "Aile dostu" })
      .click();
    await shown(page, "/vizyonda/aile-dostu");
    expect(await allCards(page)).toEqual({
      "Bu Hafta Vizyonda": [["Bizim Mahalle", "7 Mart 2025"]],
      Vizyondakiler: [["Kayıp Fener", "21 Şubat 2025"]],
      Yakında: [["Deniz Kızı Masalı", "4 Nisan 2025"]],
    });
    expect(await page.title()).toBe("Vizyonda: Aile Dostu Filmler | Perde");
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(pageErrors(browser.errors)).toEqual([]);
  });
});
