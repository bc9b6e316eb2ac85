import { describe, expect, inject, it } from "vitest";
import { describeInBrowser, PHONE, useBrowser } from "./browser";

describeInBrowser("awards", () => {
  const browser = useBrowser();

  it("lists film and TV awards, each linking to its page", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/oduller");
    const film = page.locator("section", {
      has: page.getByRole("heading", { name: "Film Ödülleri" }),
    });
    const tv = page.locator("section", {
      has: page.getByRole("heading", { name: "Televizyon Ödülleri" }),
    });
    expect(await film.getByRole("link").count()).toBe(7); // film or both
    expect(await tv.getByRole("link").count()).toBe(3); // tv or both
    expect(await tv.getByRole("link", { name: /Emmy/ }).first().getAttribute("href")).toBe(
      "/oduller/emmy",
    );
  });

  it("shows the newest year, writes it into the URL, and changes years by replacing the URL", async () => {
    const page = await browser.newPage();
    await page.goto("/oduller/oscars");
    await page.waitForURL("**/oduller/oscars/2024");
    const header = await page.locator("header").last().textContent();
    expect(header).toContain("Akademi Ödülleri (Oscar)");
    expect(header).toContain("1929 - Günümüz");
    expect(header).toContain("Film");
    const years = await page
      .getByRole("navigation", { name: "Yıllar" })
      .getByRole("link")
      .allTextContents();
    expect(years.slice(0, 3)).toEqual(["2024", "2023", "2022"]);

    const winner = page.locator("article", {
      has: page.getByRole("heading", { name: "En İyi Film", exact: true }),
    });
    expect(
      await winner.getByRole("link", { name: "Oppenheimer" }).first().getAttribute("href"),
    ).toBe("/film/oppenheimer-2023-872585");

    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole("link", { name: "1995", exact: true }).click();
    await page.waitForURL("**/oduller/oscars/1995");
    await page.getByRole("heading", { name: "1995 Kazananları" }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await page.getByRole("link", { name: "Forrest Gump" }).first().click();
    await page.waitForURL(/\/film\/forrest-gump-1994-13$/);
  });

  it("says when a year has no data yet, and when an award does not exist", async () => {
    const page = await browser.newPage();
    await page.goto("/oduller/cannes/1985");
    expect(await page.getByText("1985 yılı için henüz veri bulunmuyor.").isVisible()).toBe(true);
    const response = await page.goto("/oduller/grammy");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Ödül bulunamadı." }).isVisible()).toBe(true);
  });
});

describe("award slugs", () => {
  it("accepts the '{year}-{name}-kazananlari' form", async () => {
    const html = await (await fetch(`${inject("baseURL")}/oduller/2020-emmy-kazananlari`)).text();
    expect(html).toContain("2020 Kazananları");
    expect(html).toContain("Succession");
  });
});
