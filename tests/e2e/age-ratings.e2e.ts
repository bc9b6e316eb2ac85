import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { fakeTmdbControl } from "../fake-tmdb/server";
import { describeInBrowser, PHONE, useBrowser } from "./browser";

/*
 * Issue #26: "Yaş sınırı" badges beside the runtime (Turkish ratings only) and the "Aile Dostu"
 * filter on genre pages, on the fake movie database (fixtures.ts: Dövüş Kulübü 18+ in Turkey,
 * Baba only American, fillers in turn general audiences / 13+ / American only) and on the
 * embedded catalogue.
 */

const baseURL = inject("baseURL");
const tmdbBaseURL = inject("tmdbBaseURL");
const fake = fakeTmdbControl(inject("fakeTmdbURL"));

const DESKTOP = { width: 1280, height: 800 };

/** The hero's facts row (rating, date, runtime, badge). */
const facts = (page: Page) => page.locator("main section").first().locator("ul").first();
/** The badge: a <details> whose summary the screen reader names with the explanation. */
const badge = (page: Page) => facts(page).locator("details");
const cardTitles = (page: Page) => page.locator("main ul li a h3").allTextContents();

describeInBrowser("Yaş sınırı badges", () => {
  const browser = useBrowser();

  for (const [width, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`shows a film's Turkish rating beside the runtime, explained on a tap (${width})`, async () => {
      const page = await browser.newPage(viewport, tmdbBaseURL);
      await page.goto("/film/dovus-kulubu-1999-550");
      const items = await facts(page).locator(":scope > li").allTextContents();
      // Rating, date, runtime, then the badge (whose sr-only text says what it means).
      expect(items[2]).toContain("2 sa 19 dk");
      expect(items[3]).toContain("18+");
      const summary = badge(page).locator("summary");
      expect(await summary.getAttribute("title")).toBe("18 yaş ve üzeri için uygundur");
      expect(await summary.textContent()).toBe("18+Yaş sınırı 18+: 18 yaş ve üzeri için uygundur");
      const explanation = badge(page).locator("p");
      expect(await explanation.isVisible()).toBe(false);
      await summary.click();
      await explanation.waitFor();
      expect(await explanation.textContent()).toBe("18 yaş ve üzeri için uygundur");
      // Fits the screen.
      const box = (await explanation.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press("Escape");
      await explanation.waitFor({ state: "hidden" });
      await summary.click();
      await explanation.waitFor();
      await page.getByRole("heading", { level: 1 }).click();
      await explanation.waitFor({ state: "hidden" });
    });
  }

  it("shows a series' RTÜK symbol", async () => {
    const page = await browser.newPage(PHONE, tmdbBaseURL);
    await page.goto("/dizi/breaking-bad-2008-1396");
    const summary = badge(page).locator("summary");
    expect(await summary.getAttribute("title")).toBe("18 yaş ve üzeri için uygundur");
    // Opened wherever the pill sits in the row, the explanation stays on the phone's screen.
    await summary.click();
    const box = (await badge(page).locator("p").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.goto("/dizi/yali-capkini-2022-1000201");
    expect(await badge(page).locator("summary [aria-hidden]").textContent()).toBe("7+");
  });

  it("shows no badge without a Turkish rating, even with an American one", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/film/baba-1972-238");
    await facts(page).waitFor();
    expect(await facts(page).textContent()).toContain("2 sa 55 dk");
    expect(await badge(page).count()).toBe(0);
    // Örnek Dizi 3: no rating anywhere.
    await page.goto("/dizi/ornek-dizi-3-1992-20002");
    await facts(page).waitFor();
    expect(await badge(page).count()).toBe(0);
  });

  it("still costs a cold film page one upstream call, which brings the rating", async () => {
    const upstream = await fake.window();
    const page = await browser.newPage(PHONE, tmdbBaseURL);
    // "Örnek Film 31": no other test opens it, so its details are not cached yet.
    await page.goto("/film/ornek-film-31-1990-10030");
    expect(await badge(page).locator("summary").getAttribute("title")).toBe(
      "Genel izleyici kitlesi için uygundur",
    );
    const calls = (await upstream()).filter((request) => request.path.startsWith("/movie/10030"));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.append_to_response!.split(",")).toContain("release_dates");
  });

  it("is in the page without JavaScript, with its explanation for screen readers", async () => {
    const html = await (await fetch(`${tmdbBaseURL}/film/dovus-kulubu-1999-550`)).text();
    expect(html).toMatch(/<summary[^>]*title="18 yaş ve üzeri için uygundur"/);
    expect(html).toContain("Yaş sınırı 18+: 18 yaş ve üzeri için uygundur");
  });
});

describeInBrowser("Aile Dostu on genre pages", () => {
  const browser = useBrowser();

  it("keeps family films of the movie database in the URL, combined with the other filters", async () => {
    const upstream = await fake.window();
    const page = await browser.newPage(PHONE, tmdbBaseURL);
    await page.goto("/filmler/aksiyon-28");
    // On a phone the filters sit behind "Filtrele"; it stays open from one filter to the next.
    await page.locator("summary", { hasText: "Filtrele" }).click();
    await page.getByRole("link", { name: "Aile Dostu" }).click();
    await page.waitForURL("**/filmler/aksiyon-28/aile-dostu");
    await page.locator('a[aria-current="true"]', { hasText: "Aile Dostu" }).waitFor();
    expect(await cardTitles(page)).toEqual([
      "Örnek Film 1",
      "Örnek Film 13",
      "Örnek Film 25",
      "Örnek Film 37",
    ]);
    const family = (await upstream()).filter(
      (request) => request.path === "/discover/movie" && request.query.certification,
    );
    expect(family[0]!.query).toMatchObject({
      with_genres: "28",
      certification_country: "TR",
      certification: "Genel İzleyici Kitlesi|6+|6A|7+|7A",
    });

    // With a select: oldest first, still only family films.
    await page.getByLabel("Sıralama").selectOption("en-eski");
    await page.waitForURL("**/filmler/aksiyon-28/en-eski-aile-dostu");
    await page.getByText("Örnek Film 37").last().waitFor();
    expect(await cardTitles(page)).toEqual([
      "Örnek Film 1",
      "Örnek Film 13",
      "Örnek Film 25",
      "Örnek Film 37",
    ]);
    // With a quick filter, and off again.
    await page.getByRole("link", { name: "Klasikler" }).click();
    await page.waitForURL("**/filmler/aksiyon-28/klasikler-aile-dostu");
    await page.getByRole("link", { name: "Aile Dostu" }).click();
    await page.waitForURL("**/filmler/aksiyon-28/klasikler");
  });

  it("keeps the embedded catalogue's family films and opens one with its badge", async () => {
    const page = await browser.newPage(DESKTOP, baseURL);
    await page.goto("/filmler/animasyon-16/aile-dostu");
    const titles = await cardTitles(page);
    expect(titles).toEqual(expect.arrayContaining(["VAL-İ", "Ters Yüz"]));
    // Rated otherwise or not at all in Turkey: not here.
    expect(titles).not.toContain("Ateş Böceklerinin Mezarı");
    expect(
      await page.getByText("Yalnızca Türkiye'deki yaş sınırı", { exact: false }).isVisible(),
    ).toBe(true);
    await page.getByRole("link", { name: /VAL-İ/ }).first().click();
    await page.getByRole("heading", { level: 1, name: "VAL-İ" }).waitFor();
    expect(await badge(page).locator("summary [aria-hidden]").textContent()).toBe("Genel İzleyici");
  });
});

describe("Aile Dostu without JavaScript", () => {
  it("keeps the family filter when the select form is sent", async () => {
    const response = await fetch(
      `${baseURL}/filmler/animasyon-16/aile-dostu?siralama=en-yeni&yil=tum-yillar&puan=tum-puanlar`,
      { redirect: "manual" },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/filmler/animasyon-16/en-yeni-aile-dostu");
    const html = await (await fetch(`${baseURL}/filmler/animasyon-16/aile-dostu`)).text();
    expect(html).toMatch(/<form[^>]*action="\/filmler\/animasyon-16\/aile-dostu"/);
    expect(html).toContain("<title>Animasyon Filmleri (Aile Dostu) | Perde</title>");
    expect(html).toContain('href="/filmler/animasyon-16"');
  });
});
