import { expect, it } from "vitest";
import { describeInBrowser, MENU_CONTROL, PHONE, SEARCH_CONTROL, useBrowser } from "./browser";

describeInBrowser("the shell on every page", () => {
  const browser = useBrowser();

  it("renders the Turkish shell with nav, footer and attribution, hydrated without CSP errors", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("tr");

    const nav = page.getByRole("navigation", { name: "Ana menü" });
    for (const [label, href] of [
      ["Filmler", "/filmler"],
      ["Diziler", "/diziler"],
      ["Vizyonda", "/vizyonda"],
      ["Oyuncular", "/oyuncular"],
      ["Ödüller", "/oduller"],
    ]) {
      expect(await nav.getByRole("link", { name: label }).getAttribute("href")).toBe(href);
    }
    expect(await page.locator(SEARCH_CONTROL).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Giriş Yap" }).getAttribute("href")).toBe("/auth");

    const footer = page.locator("footer");
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Perde`);
    expect(await footer.textContent()).toContain(
      "Bu ürün TMDB API'sini kullanır ancak TMDB tarafından onaylanmamış veya sertifikalandırılmamıştır.",
    );

    // Client-side navigation works only once React has hydrated under the CSP.
    await nav.getByRole("link", { name: "Filmler" }).click();
    await page.waitForURL("**/filmler");
    await page.getByRole("heading", { level: 1, name: "Film Kategorileri" }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it("answers an unknown path with 404 and the spec's page, linking home", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/bu/yol/yok");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Oops! Page not found",
    );
    await page.getByRole("link", { name: "Ana Sayfaya Dön" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("offers a side menu on phones", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    expect(await page.getByRole("navigation", { name: "Ana menü" }).isVisible()).toBe(false);
    await page.locator(MENU_CONTROL).click();
    const menu = page.getByRole("navigation", { name: "Mobil menü" });
    await menu.getByRole("link", { name: "Oyuncular" }).click();
    await page.waitForURL("**/oyuncular");
    // The menu closes with the navigation.
    await menu.waitFor({ state: "hidden" });
    expect(browser.errors).toEqual([]);
  });
});
