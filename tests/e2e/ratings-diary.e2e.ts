import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { sharedServer } from "../support/shared-servers";
import { newAccount, postForm } from "../support/form-posts";
import { describeInBrowser, PHONE, siteWithTabs } from "./browser";

/*
 * Issue #24 parts 1-2 and #23 part 6: Puanım (one tap, films, series and episodes) and Günlük.
 * A shared server (a client address per visitor) on the embedded catalogue, with the clock
 * started on 26 November 2026 in Istanbul, so "today" and the month headings are known. Phone
 * and desktop, with and without JavaScript; anonymous copies of the pages (the page cache) must
 * show the new Perde puanı.
 */

const DESKTOP = { width: 1280, height: 800 };
const FILM = "/film/baba-1972-238";
const EPISODE = "/dizi/1396/sezon/1/bolum/1";

const app = siteWithTabs(() => sharedServer({ PERDE_NOW: "2026-11-26T09:00:00Z" }));

const post = (path: string, body: Record<string, string>, cookie?: string) =>
  postForm(app.site, path, body, cookie);

/** A new account, signed in with plain form posts; its session cookie. */
const account = (name: string) => newAccount(app.site, name, "gunluk");

/** A signed-in tab at the given width, with or without JavaScript. */
const signedInPage = (
  cookie: string,
  viewport: { width: number; height: number },
  javaScriptEnabled = true,
) => app.tab(viewport, { cookie, javaScriptEnabled });

/** What an anonymous visitor gets for a page (the page cache's copy, once it has one). */
const anonymous = async (path: string) =>
  // React separates neighbouring text with empty comments ("1<!-- --> oy").
  (await (await fetch(`${app.site}${path}`)).text()).replaceAll("<!-- -->", "");

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();
const myRating = (page: Page) => page.getByRole("group", { name: /^Puanım/ });
const reviewsOf = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Yorumlar" }) });
/** "İzledim", the first control under the title, and the sheet it opens (decision 029). */
const logSheet = (page: Page) => page.locator("details[data-log-sheet] > summary");
const sheet = (page: Page) => page.getByRole("form", { name: "İzlediğinizi kaydedin" });
const siteRating = (page: Page) => page.getByRole("group", { name: "Perde puanı" });
/** Waits until Perde puanı counts this many votes. */
const votes = (page: Page, count: number) =>
  siteRating(page)
    .locator("p")
    .filter({ hasText: `· ${count} oy` })
    .waitFor();

describeInBrowser("Puanım", () => {
  it("rates a film in one tap and Perde puanı follows, on the visitor's and anonymous pages", async () => {
    // An anonymous copy of the page is kept before anyone rates the film.
    expect(await anonymous(FILM)).not.toContain("Perde puanı");
    const cookie = await account("Puan Veren");
    const page = await signedInPage(cookie, DESKTOP);
    await page.goto(FILM);
    // Words half written in the review form survive a tap on Puanım, which the form follows.
    const comment = page.getByLabel("Yorumunuz");
    await comment.fill("Yarım kalmış bir yorum");
    await myRating(page).getByRole("radio", { name: "Puan: 8/10" }).check({ force: true });
    await toast(page, "Puanınız: 8/10");
    // The review shows Puanım; it has no rating control of its own (decision 029).
    await reviewsOf(page).getByText("Puanım: 8/10").waitFor();
    expect(await reviewsOf(page).getByRole("radio").count()).toBe(0);
    expect(await comment.inputValue()).toBe("Yarım kalmış bir yorum");
    await votes(page, 1);
    expect(await siteRating(page).textContent()).toContain("8.0");
    await page.getByRole("group", { name: "Puanım: 8/10", exact: true }).waitFor();
    // A rating without words is no review.
    expect(await page.getByText("Henüz yorum yapılmamış.").isVisible()).toBe(true);
    // Anonymous visitors see it at once: the cached copy went.
    expect(await anonymous(FILM)).toContain("1 oy");

    // Changed, then removed.
    await myRating(page).getByRole("radio", { name: "Puan: 10/10" }).check({ force: true });
    await toast(page, "Puanınız: 10/10");
    await siteRating(page).getByText("10.0").waitFor();
    await page.getByRole("button", { name: "Puanı kaldır" }).click();
    await toast(page, "Puanınız kaldırıldı");
    await siteRating(page).waitFor({ state: "detached" });
    expect(await anonymous(FILM)).not.toContain("Perde puanı");
  });

  it("rates an episode on a phone, and the episode shows its Perde puanı to everyone", async () => {
    expect(await anonymous(EPISODE)).not.toContain("Perde puanı");
    const page = await signedInPage(await account("Bölüm Puanlayan"), PHONE);
    await page.goto(EPISODE);
    // Ten targets on one line (issue #34.3), each at least 28 px wide and 36 px high.
    const targets = myRating(page).locator("label");
    expect(await targets.count()).toBe(10);
    const boxes = await Promise.all((await targets.all()).map((target) => target.boundingBox()));
    expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1);
    for (const box of boxes) {
      expect(box!.width).toBeGreaterThanOrEqual(28);
      expect(box!.height).toBeGreaterThanOrEqual(36);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await myRating(page).getByRole("radio", { name: "Puan: 9/10" }).check({ force: true });
    await toast(page, "Puanınız: 9/10");
    await votes(page, 1);
    expect(await siteRating(page).textContent()).toContain("9.0");
    const other = await signedInPage(await account("İkinci Kişi"), DESKTOP);
    await other.goto(EPISODE);
    await myRating(other).getByRole("radio", { name: "Puan: 6/10" }).check({ force: true });
    await votes(other, 2);
    expect(await siteRating(other).textContent()).toContain("7.5");
    expect(await anonymous(EPISODE)).toContain("2 oy");
  });

  it("rates without JavaScript: radio buttons and a button, a redirect back", async () => {
    const page = await signedInPage(await account("Betiksiz Puan"), DESKTOP, false);
    await page.goto("/film/esaretin-bedeli-1994-278");
    await myRating(page).getByRole("radio", { name: "Puan: 6/10" }).check({ force: true });
    await page.getByRole("button", { name: "Puanı kaydet" }).click();
    await page.waitForURL("**/film/esaretin-bedeli-1994-278");
    await page.getByRole("group", { name: "Puanım: 6/10", exact: true }).waitFor();
    expect(await siteRating(page).textContent()).toContain("6.0");
    await page.getByRole("button", { name: "Puanı kaldır" }).click();
    await page.getByRole("group", { name: "Puanım", exact: true }).waitFor();
  });
});

describeInBrowser("Günlük", () => {
  it("logs from İzledim, then the entry is listed, edited and deleted (phone)", async () => {
    const page = await signedInPage(await account("Günlük Tutan"), PHONE);
    await page.goto("/film/titanik-1997-597");
    await page.getByRole("button", { name: "İzleme listeme ekle", exact: true }).click();
    await toast(page, "Listenize eklendi");
    await page.getByRole("button", { name: "Listemde: İzleyeceğim" }).waitFor();
    await logSheet(page).click();
    expect(await sheet(page).getByLabel("İzleme tarihi").inputValue()).toBe("2026-11-26");
    await sheet(page).getByRole("button", { name: "Kaydet" }).click();
    await toast(page, "Günlüğe eklendi");
    await page.getByText("Günlüğünüzde 1 kez").waitFor();
    await sheet(page).waitFor({ state: "hidden" });
    // Logged, so watched.
    await page.getByRole("button", { name: "Listemde: İzledim" }).waitFor();

    await page.goto("/dashboard/gunluk");
    await page.getByRole("heading", { level: 2, name: "Kasım 2026" }).waitFor();
    expect(await page.getByRole("link", { name: "Titanik", exact: true }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Titanik kaydını düzenle" }).click();
    await page.getByRole("heading", { level: 1, name: "Titanik" }).waitFor();
    await page.getByRole("radio", { name: "Puan: 7/10" }).check({ force: true });
    await page.getByLabel("Etiketler (isteğe bağlı)").fill("sinemada,  ailece");
    await page.getByLabel("Tekrar izleme").check();
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.waitForURL("**/dashboard/gunluk");
    await toast(page, "Günlük kaydı güncellendi");
    const entry = page.getByRole("listitem").filter({ hasText: "Titanik" });
    await entry.getByText("7/10").waitFor();
    expect(await entry.textContent()).toContain("Tekrar izleme");
    expect(await entry.getByRole("list", { name: "Etiketler" }).textContent()).toBe(
      "sinemadaailece",
    );

    // The diary's rating is the title's Puanım too.
    await page.goto("/film/titanik-1997-597");
    await page.getByRole("group", { name: "Puanım: 7/10", exact: true }).waitFor();

    await page.goto("/dashboard/gunluk");
    await page.getByRole("link", { name: "Titanik kaydını düzenle" }).click();
    await page.locator("summary", { hasText: "Kaydı sil" }).click();
    await page.getByRole("button", { name: "Evet, sil" }).click();
    await page.waitForURL("**/dashboard/gunluk");
    await toast(page, "Günlük kaydı silindi");
    await page.getByText("Günlüğünüz henüz boş.").waitFor();
  });

  it("refuses a future date with JavaScript and keeps what was typed (desktop)", async () => {
    const page = await signedInPage(await account("Gelecekten Gelen"), DESKTOP);
    await page.goto("/dizi/breaking-bad-2008-1396");
    await logSheet(page).click();
    const form = sheet(page);
    await form.getByLabel("İzleme tarihi").fill("2026-12-01");
    await form.getByLabel("Yorum (isteğe bağlı)").fill("Yarın izleyeceğim bölümler çok iyi.");
    await form.getByRole("button", { name: "Kaydet" }).click();
    await toast(page, "İzleme tarihi gelecekte olamaz");
    expect(await form.getByLabel("Yorum (isteğe bağlı)").inputValue()).toBe(
      "Yarın izleyeceğim bölümler çok iyi.",
    );
    await form.getByLabel("İzleme tarihi").fill("2026-11-25");
    await form.getByRole("button", { name: "Kaydet" }).click();
    await toast(page, "Günlüğe eklendi");
    await page.getByText("Günlüğünüzde 1 kez").waitFor();
    await page.goto("/dashboard/gunluk?tur=dizi&yil=2026");
    expect(await page.getByRole("link", { name: "Breaking Bad", exact: true }).isVisible()).toBe(
      true,
    );
    await page.goto("/dashboard/gunluk?tur=film");
    await page.getByText("Bu filtrelere uyan bir kayıt yok.").waitFor();
  });

  it("logs, refuses, edits and deletes without JavaScript", async () => {
    const cookie = await account("Betiksiz Günlük");
    const page = await signedInPage(cookie, DESKTOP, false);
    await page.goto("/film/baba-1972-238");
    await logSheet(page).click();
    const form = sheet(page);
    await form.getByLabel("İzleme tarihi").fill("2027-01-01");
    await form.getByLabel("Yorum (isteğe bağlı)").fill("Her izleyişte yeni bir ayrıntı.");
    await form.getByLabel("Etiketler (isteğe bağlı)").fill("klasik");
    await form.getByRole("button", { name: "Kaydet" }).click();
    // The page comes back with the message and everything typed, the form open.
    await page.getByRole("alert").filter({ hasText: "İzleme tarihi gelecekte olamaz" }).waitFor();
    expect(await form.getByLabel("Yorum (isteğe bağlı)").inputValue()).toBe(
      "Her izleyişte yeni bir ayrıntı.",
    );
    expect(await form.getByLabel("Etiketler (isteğe bağlı)").inputValue()).toBe("klasik");
    await form.getByLabel("İzleme tarihi").fill("2026-11-20");
    await form.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Günlüğünüzde 1 kez").waitFor();

    await page.goto("/dashboard/gunluk");
    await page.getByRole("heading", { level: 2, name: "Kasım 2026" }).waitFor();
    expect(await page.getByText("Her izleyişte yeni bir ayrıntı.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Baba kaydını düzenle" }).click();
    await page.getByLabel("Yorum (isteğe bağlı)").fill("kısa");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Yorum en az 10 karakter olmalıdır" })
      .waitFor();
    expect(await page.getByLabel("Yorum (isteğe bağlı)").inputValue()).toBe("kısa");
    await page.locator("summary", { hasText: "Kaydı sil" }).click();
    await page.getByRole("button", { name: "Evet, sil" }).click();
    await page.waitForURL("**/dashboard/gunluk");
    await page.getByText("Günlüğünüz henüz boş.").waitFor();
  });

  it("keeps the diary private: anonymous visitors sign in, another person's entry is not found", async () => {
    const owner = await account("Sahibi");
    const created = await post(
      "/film/baba-1972-238",
      { intent: "create", itemType: "movie", itemId: "238", watchedOn: "2026-11-01" },
      owner,
    );
    expect(created.status).toBe(302);
    const list = await (
      await fetch(`${app.site}/dashboard/gunluk`, { headers: { Cookie: owner } })
    ).text();
    const id = /\/dashboard\/gunluk\/(\d+)/.exec(list)?.[1];
    expect(id).toBeTruthy();
    const anonymousList = await fetch(`${app.site}/dashboard/gunluk`, { redirect: "manual" });
    expect(anonymousList.status).toBe(302);
    expect(anonymousList.headers.get("location")).toBe("/auth");
    const stranger = await account("Yabancı");
    const page = await fetch(`${app.site}/dashboard/gunluk/${id}`, {
      headers: { Cookie: stranger },
    });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Günlük kaydı bulunamadı.");
    const deleted = await post(
      `/dashboard/gunluk/${id}`,
      { intent: "delete", entryId: id! },
      stranger,
    );
    expect(deleted.status).toBe(400);
    expect(
      (await fetch(`${app.site}/dashboard/gunluk/${id}`, { headers: { Cookie: owner } })).status,
    ).toBe(200);
    expect(
      (await fetch(`${app.site}/dashboard/gunluk`, { headers: { Cookie: owner } })).headers.get(
        "cache-control",
      ),
    ).toContain("private");
  });
});

describeInBrowser("İzledim in two taps (decision 029)", () => {
  const FIGHT_CLUB = "/film/dovus-kulubu-1999-550";
  const combos = [
    { name: "phone, with JavaScript", person: "Telefonda Betikli", viewport: PHONE, js: true },
    { name: "desktop, with JavaScript", person: "Masada Betikli", viewport: DESKTOP, js: true },
    { name: "phone, without JavaScript", person: "Telefonda Betiksiz", viewport: PHONE, js: false },
    {
      name: "desktop, without JavaScript",
      person: "Masada Betiksiz",
      viewport: DESKTOP,
      js: false,
    },
  ];

  for (const combo of combos)
    it(`logs a film rated before from the sheet: ${combo.name}`, async () => {
      // Rated 8 once, then put back on İzleme Listem by hand to watch it again.
      const cookie = await account(combo.person);
      const film = { itemType: "movie", itemId: "550", returnTo: "/" };
      await post("/puan", { ...film, intent: "rate", rating: "8" }, cookie);
      await post("/liste", { ...film, intent: "status", status: "plan_to_watch" }, cookie);
      const page = await signedInPage(cookie, combo.viewport, combo.js);
      await page.goto("/dashboard/liste");
      const toWatch = page.getByRole("list", { name: "İzleme listesi" });
      expect(await toWatch.textContent()).toContain("Dövüş Kulübü");

      await page.goto(FIGHT_CLUB);
      // İzledim is the first control under the title, beside the list buttons, in the first
      // screen; their labels cannot be taken for each other.
      const izledim = logSheet(page);
      const title = await page.getByRole("heading", { level: 1 }).boundingBox();
      const first = await izledim.boundingBox();
      expect(first!.y).toBeGreaterThan(title!.y);
      expect(first!.y + first!.height).toBeLessThanOrEqual(combo.viewport.height);
      const toList = page.getByRole(combo.js ? "button" : "link", { name: "Bir listeye ekle…" });
      // Asked again while the button is swapped for the loaded picker's (no box in between).
      await expect
        .poll(async () => (await toList.boundingBox())?.y ?? -1)
        .toBeGreaterThanOrEqual(first!.y);
      expect(await page.getByRole("group", { name: /^Puanım/ }).count()).toBe(1);

      // Tap one: the sheet, with today and Puanım already in it.
      await izledim.click();
      const form = sheet(page);
      expect(await form.getByLabel("İzleme tarihi").inputValue()).toBe("2026-11-26");
      expect(await form.getByRole("radio", { name: "Puan: 8/10" }).isChecked()).toBe(true);
      // One rating control on the page while the sheet is open: the sheet's.
      const ratings = page.getByRole("group", { name: /^Puanım/ });
      expect(await ratings.count()).toBe(1);
      expect(await form.getByRole("group", { name: /^Puanım/ }).count()).toBe(1);
      // Tap two: saved.
      await form.getByRole("button", { name: "Kaydet" }).click();
      // With JavaScript a toast; without, the page comes back (a redirect) with the watch in it.
      if (combo.js) await toast(page, "Günlüğe eklendi");
      await page.getByText("Günlüğünüzde 1 kez").waitFor();
      if (combo.js) await page.getByRole("button", { name: "Listemde: İzledim" }).waitFor();
      else
        expect(await page.locator("summary", { hasText: "Listemde" }).textContent()).toContain(
          "İzledim",
        );
      // The diary, the review and Puanım show one value.
      await page.getByRole("group", { name: "Puanım: 8/10", exact: true }).waitFor();
      expect(await reviewsOf(page).getByText("Puanım: 8/10").isVisible()).toBe(true);

      await page.goto("/dashboard/liste");
      await page.getByText("İzleme listeniz henüz boş.").waitFor();
      await page.getByRole("link", { name: "İzlediklerim" }).click();
      await page.waitForURL("**/dashboard/izlediklerim");
      expect(await page.getByRole("list", { name: "İzlediğim yapımlar" }).textContent()).toContain(
        "Dövüş Kulübü",
      );
      await page.goto("/dashboard/gunluk");
      const entry = page.getByRole("listitem").filter({ hasText: "Dövüş Kulübü" });
      expect(await entry.textContent()).toContain("8/10");
    });

  it("offers İzledim to anonymous visitors as a way to sign in, and no sheet", async () => {
    const page = await app.tab(PHONE, {});
    await page.goto(FIGHT_CLUB);
    const link = page.getByRole("link", { name: "İzledim", exact: true });
    // Signing in comes back to the film (issue #33.8).
    expect(await link.getAttribute("href")).toBe(`/auth?donus=${encodeURIComponent(FIGHT_CLUB)}`);
    expect(await page.locator("details[data-log-sheet]").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Bir listeye ekle…" }).count()).toBe(1);
  });
});
