import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { localId } from "~/catalogue/local/content.server";
import { paths } from "~/core/paths";
import { newAccount, postForm } from "../support/form-posts";
import { zipOf } from "../support/import-files";
import { describeInBrowser, PHONE, useBrowser } from "./browser";

/*
 * Issue #33.5-7 (decision 031) as one person sees them, on the embedded catalogue: search and a
 * Letterboxd import find Kış Uykusu by its English title, the import's review screen finds a
 * title by hand without JavaScript, the dashboard's picks say why, and a person page says where
 * the visitor has seen the person.
 */

const baseURL = inject("baseURL");
const tmdbBaseURL = inject("tmdbBaseURL");

const KIS_UYKUSU = localId("movie", "kis-uykusu-2014");
const SAHSIYET = localId("tv", "sahsiyet-2018");
const HALUK = localId("person", "haluk-bilginer");
const kisUykusuPath = paths.title("movie", { id: KIS_UYKUSU, name: "Kış Uykusu", date: "2014" });
const halukPath = paths.person({ id: HALUK, name: "Haluk Bilginer" });

const post = (path: string, body: Record<string, string>, cookie: string) =>
  postForm(baseURL, path, body, cookie);

async function signIn(page: Page, cookie: string) {
  const [name, value] = cookie.split("=");
  await page.context().addCookies([{ name: name!, value: value!, url: baseURL }]);
  return page;
}

describeInBrowser("other names, picks of one's own, Nereden tanıyorum?", () => {
  const browser = useBrowser();

  it("finds Kış Uykusu and Parazit by their English titles in site search", async () => {
    const page = await browser.newPage(PHONE, baseURL);
    await page.goto(`${paths.search("winter sleep")}`);
    await page
      .getByRole("link", { name: /Kış Uykusu/ })
      .first()
      .waitFor();
    await page.goto(`${paths.search("PARASITE")}`);
    await page
      .getByRole("link", { name: /Parazit/ })
      .first()
      .waitFor();
  });

  it("finds a film by a name from the movie database's alternative titles (live source)", async () => {
    const page = await browser.newPage(PHONE, tmdbBaseURL);
    await page.goto(paths.search("the bandit"));
    await page
      .getByRole("link", { name: /Eşkıya/ })
      .first()
      .waitFor();
  });

  it("matches Letterboxd's English titles, and picks a title by hand without JavaScript", async () => {
    const cookie = await newAccount(baseURL, "Deniz Aksoy", "eslesme");
    const context = await (
      await browser.newPage(PHONE, baseURL)
    )
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, baseURL, viewport: PHONE });
    try {
      const page = await signIn(await context.newPage(), cookie);
      const zip = await zipOf({
        "watched.csv": [
          "Date,Name,Year,Letterboxd URI",
          "2024-01-01,Once Upon a Time in Anatolia,2011,https://boxd.it/e1",
          "2024-01-02,Parasite,2019,https://boxd.it/e2",
          // Nothing is called this: the person finds it by hand.
          "2024-01-03,Kis Uykusu (Director's Cut),2014,https://boxd.it/e3",
        ].join("\n"),
      });
      await page.goto("/hesap/ice-aktar");
      await page.getByLabel("Dışa aktarım dosyası (ZIP, CSV ya da JSON)").setInputFiles({
        name: "letterboxd.zip",
        mimeType: "application/zip",
        buffer: zip,
      });
      await page.getByRole("button", { name: "Yükle ve içe aktar" }).click();
      // Without JavaScript the page refreshes itself until the row waits for a choice.
      await page.getByRole("heading", { name: /Emin olamadığımız satırlar \(1\)/ }).waitFor();
      const row = page.getByRole("listitem").filter({ hasText: "Director's Cut" });
      expect(await row.getByText("Katalogda eşleşen bir yapım bulunamadı.").isVisible()).toBe(true);

      // The search box: a GET form that comes back with what it found.
      await row.getByLabel("Yapımı adıyla arayın").fill("winter sleep");
      await row.getByRole("button", { name: "Ara" }).click();
      await page.waitForURL(/\?satir=\d+&ara=winter\+sleep/);
      const found = page.getByRole("listitem").filter({ hasText: "Director's Cut" });
      const choice = found.getByRole("radio", { name: /Kış Uykusu \(2014\)/ });
      expect(await choice.getAttribute("value")).toBe(`movie:${KIS_UYKUSU}`);
      await choice.check();
      await found.getByRole("button", { name: "Bunu seç" }).click();
      await page.getByRole("heading", { name: "Özet" }).waitFor();
      expect(await page.getByText("İzledim olarak işaretlenen (watched.csv): 3").isVisible()).toBe(
        true,
      );

      // Watched, so on İzlediklerim (decision 029).
      await page.goto(paths.watched);
      const list = await page.locator("main").textContent();
      for (const title of ["Bir Zamanlar Anadolu'da", "Parazit", "Kış Uykusu"])
        expect(list).toContain(title);
    } finally {
      await context.close();
    }
  });

  it("picks for the dashboard from the person's best-rated title, each with its reason", async () => {
    const cookie = await newAccount(baseURL, "Elif Yıldız", "oneri");
    const rated = await post(
      "/puan",
      { intent: "rate", itemType: "movie", itemId: String(KIS_UYKUSU), rating: "10" },
      cookie,
    );
    expect(rated.status).toBeLessThan(400);
    const page = await signIn(await browser.newPage(PHONE, baseURL), cookie);
    const section = page.locator("section", {
      has: page.getByRole("heading", { name: "Öneriler" }),
    });
    // The first visit asks for a choice (a job); until it is done the page says "Popüler içerikler".
    await page.goto("/dashboard");
    await section.waitFor();
    for (;;) {
      if (await page.getByText("Son puanlarınıza göre seçtiklerimiz").count()) break;
      expect(await section.getByText("Popüler içerikler").isVisible()).toBe(true);
      await page.reload();
      await section.waitFor();
    }
    const picks = page.getByTestId("recommendations");
    expect(await picks.getByText("Kış Uykusu'nu beğendiğiniz için").count()).toBeGreaterThan(0);
    // Never the title itself.
    expect(await picks.getByRole("link", { name: /^Kış Uykusu/ }).count()).toBe(0);
  });

  it("tells a signed-in visitor where they saw a person, and marks the cast; anonymous pages unchanged", async () => {
    const cookie = await newAccount(baseURL, "Kerem Şahin", "taniyorum");
    const logged = await post(
      kisUykusuPath,
      {
        intent: "create",
        itemType: "movie",
        itemId: String(KIS_UYKUSU),
        watchedOn: "2024-02-01",
        review: "",
        tags: "",
      },
      cookie,
    );
    expect(logged.status).toBeLessThan(400);
    const page = await signIn(await browser.newPage(PHONE, baseURL), cookie);
    await page.goto(halukPath);
    const seen = page.getByTestId("seen-in");
    await seen.waitFor();
    expect(await seen.textContent()).toContain("Bu oyuncuyu izlediğiniz 1 yapımda gördünüz");
    await seen.getByRole("link", { name: "Kış Uykusu (2014)" }).click();
    await page.waitForURL((url) => url.pathname === kisUykusuPath);
    // On the film he is seen in, nobody is marked: she knows him from this one only.
    expect(await page.getByTestId("seen-before").count()).toBe(0);

    // An episode of Şahsiyet marked: on Kış Uykusu's cast, Haluk Bilginer is known from it.
    const marked = await post(
      "/bolum-izle",
      { intent: "mark", seriesId: String(SAHSIYET), season: "1", episode: "1" },
      cookie,
    );
    expect(marked.status).toBeLessThan(400);
    await page.goto(kisUykusuPath);
    const cast = page.getByRole("list", { name: "Oyuncular" });
    await cast.waitFor();
    const haluk = cast.getByRole("listitem").filter({ hasText: "Haluk Bilginer" });
    expect(await haluk.getByTestId("seen-before").isVisible()).toBe(true);

    // The anonymous page has no line (it is cached for everyone).
    const anonymous = await browser.newPage(PHONE, baseURL);
    await anonymous.goto(halukPath);
    await anonymous.getByRole("heading", { name: "Biyografi" }).waitFor();
    expect(await anonymous.getByTestId("seen-in").count()).toBe(0);
  });
});
