import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeInBrowser, hydrated, PHONE, useBrowser } from "./browser";

/*
 * The phone-first pass (issue #34.3 and #34.6), measured as a person on a 390 px phone sees it:
 * rows that open with their first card whole, a genre page whose results are in the first screen,
 * a season that is not nine screens long, a rating on one line, and Back that undoes a filter.
 */

const SMALL_PHONE = { width: 360, height: 740 };

/** The first link on the page whose address matches. */
async function hrefOn(page: Page, pattern: RegExp) {
  const hrefs = await page.$$eval("main a[href]", (links) =>
    links.map((link) => link.getAttribute("href")!),
  );
  const found = hrefs.find((href) => pattern.test(href));
  expect(found, String(pattern)).toBeDefined();
  return found!;
}

/** Where a row's first card starts, against the row's own left padding edge, and its scroll. */
const rowStart = (page: Page, label: string) =>
  page.getByRole("list", { name: label, exact: true }).evaluate((row) => {
    const first = row.querySelector("li")!.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    const padding = parseFloat(getComputedStyle(row).paddingLeft);
    return {
      cardLeft: first.left,
      contentLeft: box.left + padding,
      padding,
      scrollLeft: row.scrollLeft,
    };
  });

describeInBrowser("the site on a phone", () => {
  const browser = useBrowser();

  it("opens every horizontal row with its first card whole, flush with the page's padding", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/film/baba-1972-238");
    for (const label of ["Oyuncular", "Benzer Filmler"]) {
      await page.getByRole("list", { name: label, exact: true }).scrollIntoViewIfNeeded();
      const start = await rowStart(page, label);
      expect(start.scrollLeft, label).toBe(0);
      expect(start.padding, label).toBe(16);
      // The row runs to the screen's edge; its first card starts where the page's text does.
      expect(start.cardLeft, label).toBe(16);
      expect(start.cardLeft, label).toBe(start.contentLeft);
    }
  });

  it("keeps a genre page's filters behind one Filtrele control, with results in the first screen", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/filmler/dram-18");
    const control = page.locator("summary", { hasText: "Filtrele" });
    expect(await control.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Klasikler" }).isVisible()).toBe(false);
    expect(await page.getByLabel("Sıralama").isVisible()).toBe(false);
    const firstCard = await page.locator("main ul li").first().boundingBox();
    expect(firstCard!.y + 100).toBeLessThan(PHONE.height);

    await control.click();
    await page.getByRole("link", { name: "Klasikler" }).waitFor();
    expect(await page.getByLabel("Sıralama").isVisible()).toBe(true);

    // How many filters are on, without opening it.
    await page.goto("/filmler/dram-18/en-yeni-aile-dostu");
    expect(await page.locator("summary", { hasText: "Filtrele" }).textContent()).toBe(
      "Filtrele2 filtre açık",
    );
    expect(await page.getByLabel("Sıralama").isVisible()).toBe(false);
  });

  it("opens the Filtrele control before any script runs", async () => {
    const page = await browser.newPage(PHONE, undefined, { untouched: true });
    await page.goto("/filmler/dram-18");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await page.locator("summary", { hasText: "Filtrele" }).click();
    await page.getByRole("link", { name: "Klasikler" }).waitFor();
    expect(await page.locator("details.filters-panel").getAttribute("open")).toBe("");
  });

  it("shows the filters at once on a wide screen, without the control", async () => {
    const page = await browser.newPage();
    await page.goto("/filmler/dram-18");
    expect(await page.locator("summary", { hasText: "Filtrele" }).isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Klasikler" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Sıralama").isVisible()).toBe(true);
  });

  it("lists a 12-episode season in compact rows: about a screen and a half, not nine", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/ara?q=Şahsiyet");
    const series = await hrefOn(page, /^\/dizi\/sahsiyet-/);
    await page.goto(series);
    await page.goto(await hrefOn(page, /\/sezon\/1$/));
    const rows = page.getByRole("region", { name: "Bölümler" }).getByRole("listitem");
    expect(await rows.count()).toBe(12);
    const heights = await rows.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().height),
    );
    for (const height of heights) expect(height).toBeLessThanOrEqual(110);
    const list = await page.getByRole("region", { name: "Bölümler" }).locator("ol").boundingBox();
    expect(list!.height).toBeLessThan(PHONE.height * 1.6);
    // Each row still has its title (said once), its date and its mark button.
    const first = rows.first();
    expect(await first.getByRole("heading").textContent()).toBe("1. Bölüm");
    expect(await first.textContent()).toContain("2018");
    expect(await first.getByRole("button", { name: "Bölümü İzledim" }).isVisible()).toBe(true);
  });

  it("shows a toast below the header, its close button inside it", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/film/baba-1972-238");
    await hydrated(page);
    await page.getByRole("button", { name: "İzleme listeme ekle", exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/auth");
    const toast = page.locator("[data-sonner-toast]", { hasText: "Lütfen giriş yapın" });
    await toast.waitFor();
    // Measured once it has slid into place (its entry transition over).
    await page.waitForFunction(() => {
      const shown = document.querySelector("[data-sonner-toast]");
      return shown?.getAttribute("data-mounted") === "true" && shown.getAnimations().length === 0;
    });
    const header = (await page.locator("body > header, header").first().boundingBox())!;
    const box = (await toast.boundingBox())!;
    const close = (await toast.locator("[data-close-button]").boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(close.x).toBeGreaterThanOrEqual(box.x);
    expect(close.y).toBeGreaterThanOrEqual(box.y);
    expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width);
    expect(close.y + close.height).toBeLessThanOrEqual(box.y + box.height);
  });

  it("keeps the 1-10 rating on one line on a 360 px screen", async () => {
    const page = await browser.newPage(SMALL_PHONE);
    await page.goto("/ara?q=Şahsiyet");
    await page.goto(await hrefOn(page, /^\/dizi\/sahsiyet-/));
    const scores = page.getByRole("radio", { name: /^Puan: \d+\/10$/ });
    expect(await scores.count()).toBe(10);
    const boxes = await page
      .locator('input[type="radio"][aria-label^="Puan: "] + span')
      .evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect()));
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(SMALL_PHONE.width - 16);
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(36);
  });
});

describeInBrowser("genre filters and the browser's history", () => {
  const browser = useBrowser();

  it("Back undoes two filter changes one at a time, and Forward redoes them, scroll restored", async () => {
    const page = await browser.newPage();
    await page.goto("/filmler/dram-18");
    await hydrated(page);
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    const scrollTo = async (y: number) => {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await page.waitForFunction((to) => Math.round(window.scrollY) === to, y);
    };
    const family = page.getByRole("link", { name: "Aile Dostu" });
    // Scrolled a little, the chips still clear of the sticky header (a tap does not scroll).
    await scrollTo(120);

    await page.getByLabel("Sıralama").selectOption("en-yeni");
    await page.waitForURL((url) => url.pathname === "/filmler/dram-18/en-yeni");
    await family.click();
    await page.waitForURL((url) => url.pathname === "/filmler/dram-18/en-yeni-aile-dostu");
    await page.locator('a[aria-current="true"]', { hasText: "Aile Dostu" }).waitFor();
    await scrollTo(0);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/filmler/dram-18/en-yeni");
    await page.waitForFunction(() => !document.querySelector('a[aria-current="true"]'));
    expect(await page.getByLabel("Sıralama").inputValue()).toBe("en-yeni");
    await page.waitForFunction(() => Math.round(window.scrollY) === 120);
    await scrollTo(50);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/filmler/dram-18");
    await page.waitForFunction(
      () =>
        (document.querySelector('select[name="siralama"]') as HTMLSelectElement).value ===
        "populerlik",
    );
    expect(await page.getByLabel("Sıralama").inputValue()).toBe("populerlik");
    await page.waitForFunction(() => Math.round(window.scrollY) === 120);

    await page.goForward();
    await page.waitForURL((url) => url.pathname === "/filmler/dram-18/en-yeni");
    await page.waitForFunction(
      () =>
        (document.querySelector('select[name="siralama"]') as HTMLSelectElement).value ===
        "en-yeni",
    );
    await page.waitForFunction(() => Math.round(window.scrollY) === 50);
    expect(await scrollY()).toBe(50);
    expect(browser.errors).toEqual([]);
  });
});
