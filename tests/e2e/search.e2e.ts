import { beforeEach, describe, expect, inject, it } from "vitest";
import { fakeTmdbControl } from "../fake-tmdb/server";
import { describeInBrowser, PHONE, SEARCH_CONTROL, useBrowser } from "./browser";

const tmdbBaseURL = inject("tmdbBaseURL");
const fake = fakeTmdbControl(inject("fakeTmdbURL"));

describeInBrowser("search dialog", () => {
  const browser = useBrowser();
  let upstream: Awaited<ReturnType<typeof fake.window>>;
  beforeEach(async () => {
    await fake.reset();
    upstream = await fake.window();
  });

  it("waits for typing to pause: one request for a quickly typed word", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/");
    await page.locator(SEARCH_CONTROL).click();
    const input = page.getByRole("dialog").getByPlaceholder("Film, dizi veya oyuncu ara...");
    await page.getByText("En az 3 karakter girin").waitFor();
    await input.pressSequentially("dövüş", { delay: 60 });
    await page.getByRole("option", { name: /Dövüş Kulübü/ }).waitFor();
    // Searches for what was typed so far ("d", "dö"…): other files search for other words.
    const searches = (await upstream()).filter(
      (request) => request.path === "/search/multi" && "dövüş".startsWith(request.query.query!),
    );
    expect(searches.map((request) => request.query.query)).toEqual(["dövüş"]);
  });

  it("groups results, at most five each, and opens the chosen one with the keyboard", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/");
    await page.keyboard.press("Control+k");
    const input = page.getByRole("dialog").getByPlaceholder("Film, dizi veya oyuncu ara...");
    await input.fill("örnek");
    await page.getByRole("group", { name: "Filmler" }).waitFor();
    await page.getByRole("group", { name: "Oyuncular" }).waitFor();
    // A native modal dialog: the page behind it is inert.
    expect(await page.getByRole("dialog").evaluate((dialog) => dialog.matches(":modal"))).toBe(
      true,
    );
    for (const group of ["Filmler", "Diziler", "Oyuncular"]) {
      const options = page.getByRole("group", { name: group }).getByRole("option");
      const count = await options.count();
      expect(count, group).toBeGreaterThanOrEqual(1);
      expect(count, group).toBeLessThanOrEqual(5);
    }
    expect(await page.getByRole("group", { name: "Filmler" }).getByRole("option").count()).toBe(5);
    expect(
      await page.getByRole("listbox").evaluate((element) => getComputedStyle(element).maxHeight),
    ).toBe("300px");
    await input.press("ArrowDown");
    const chosen = await page.getByRole("option", { selected: true }).textContent();
    await input.press("Enter");
    await page.waitForURL(/\/film\//);
    // The dialog closes with the navigation: waited for, not read at the moment the URL changes.
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(chosen).toContain("Örnek Film");
    // The search is cleared for next time.
    await page.locator(SEARCH_CONTROL).click();
    expect(
      await page.getByRole("dialog").getByPlaceholder("Film, dizi veya oyuncu ara...").inputValue(),
    ).toBe("");
  });

  it("says when nothing matches, and closes with Escape", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    await page.locator(SEARCH_CONTROL).click();
    const input = page.getByRole("dialog").getByPlaceholder("Film, dizi veya oyuncu ara...");
    await input.fill("ab");
    await page.getByText("En az 3 karakter girin").waitFor();
    await input.fill("zzqqxx");
    await page.getByText("Sonuç bulunamadı").waitFor();
    await input.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  });

  it("finds Turkish titles typed without Turkish letters", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await page.locator(SEARCH_CONTROL).click();
    await page.getByRole("dialog").getByPlaceholder("Film, dizi veya oyuncu ara...").fill("eskiya");
    await page.getByRole("option", { name: /Eşkıya/ }).click();
    await page.waitForURL(/\/film\/eskiya-1996-\d+$/);
  });
});

describe("search results page", () => {
  it("renders every result on the server, shareable by URL", async () => {
    const html = await (
      await fetch(`${inject("baseURL")}/ara?q=${encodeURIComponent("şener şen")}`)
    ).text();
    expect(html).toContain("Şener Şen");
    expect(html).toContain("Oyuncu");
    const short = await (await fetch(`${inject("baseURL")}/ara?q=ab`)).text();
    expect(short).toContain("En az 3 karakter girin");
  });
});
