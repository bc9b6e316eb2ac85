import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { startAppServer } from "../support/app-server";
import { newAccount, postForm } from "../support/form-posts";
import { describeInBrowser, PHONE, siteWithTabs } from "./browser";

/*
 * Issue #24 parts 1-2 and #23 part 6: Puanım (one tap, films, series and episodes) and Günlük.
 * Its own server on the embedded catalogue, with the clock started on 26 November 2026 in
 * Istanbul, so "today" and the month headings are known. Phone and desktop, with and without
 * JavaScript; anonymous copies of the pages (the page cache) must show the new Perde puanı.
 */

const DESKTOP = { width: 1280, height: 800 };
const FILM = "/film/baba-1972-238";
const EPISODE = "/dizi/1396/sezon/1/bolum/1";

const app = siteWithTabs(() => startAppServer({ PERDE_NOW: "2026-11-26T09:00:00Z" }));

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
    await page.getByRole("group", { name: "Puanınız" }).getByText("8/10").waitFor();
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
  it("offers to log after İzledim, then the entry is listed, edited and deleted (phone)", async () => {
    const page = await signedInPage(await account("Günlük Tutan"), PHONE);
    await page.goto("/film/titanik-1997-597");
    await page.getByRole("button", { name: "Listeye Ekle", exact: true }).click();
    await toast(page, "Listenize eklendi");
    await page.getByRole("button", { name: /^Listemde/ }).click();
    await page.getByRole("menuitemradio", { name: "İzledim" }).click();
    const offer = page.getByRole("region", { name: "Günlüğe ekleme önerisi" });
    await offer.getByText("İzlediniz! Günlüğe ekleyelim mi?").waitFor();
    expect(await offer.getByLabel("Tarih").inputValue()).toBe("2026-11-26");
    await offer.getByRole("button", { name: "Evet, günlüğe ekle" }).click();
    await toast(page, "Günlüğe eklendi");
    await page.getByText("Günlüğünde 1 kez").waitFor();
    await offer.waitFor({ state: "detached" });

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
    await page.getByText("Günlüğe ekle", { exact: true }).first().click();
    const form = page.locator("details form");
    await form.getByLabel("İzleme tarihi").fill("2026-12-01");
    await form.getByLabel("Yorum (isteğe bağlı)").fill("Yarın izleyeceğim bölümler çok iyi.");
    await form.getByRole("button", { name: "Günlüğe ekle" }).click();
    await toast(page, "İzleme tarihi gelecekte olamaz");
    expect(await form.getByLabel("Yorum (isteğe bağlı)").inputValue()).toBe(
      "Yarın izleyeceğim bölümler çok iyi.",
    );
    await form.getByLabel("İzleme tarihi").fill("2026-11-25");
    await form.getByRole("button", { name: "Günlüğe ekle" }).click();
    await toast(page, "Günlüğe eklendi");
    await page.getByText("Günlüğünde 1 kez").waitFor();
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
    await page.locator("summary", { hasText: "Günlüğe ekle" }).click();
    const form = page.locator("details form");
    await form.getByLabel("İzleme tarihi").fill("2027-01-01");
    await form.getByLabel("Yorum (isteğe bağlı)").fill("Her izleyişte yeni bir ayrıntı.");
    await form.getByLabel("Etiketler (isteğe bağlı)").fill("klasik");
    await form.getByRole("button", { name: "Günlüğe ekle" }).click();
    // The page comes back with the message and everything typed, the form open.
    await page.getByRole("alert").filter({ hasText: "İzleme tarihi gelecekte olamaz" }).waitFor();
    expect(await form.getByLabel("Yorum (isteğe bağlı)").inputValue()).toBe(
      "Her izleyişte yeni bir ayrıntı.",
    );
    expect(await form.getByLabel("Etiketler (isteğe bağlı)").inputValue()).toBe("klasik");
    await form.getByLabel("İzleme tarihi").fill("2026-11-20");
    await form.getByRole("button", { name: "Günlüğe ekle" }).click();
    await page.getByText("Günlüğünde 1 kez").waitFor();

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

    // İzledim offers to log, as a plain form too.
    await post(
      "/liste",
      { intent: "status", status: "watched", itemType: "movie", itemId: "597", returnTo: "/" },
      cookie,
    );
    await page.goto("/film/titanik-1997-597");
    const offer = page.getByRole("region", { name: "Günlüğe ekleme önerisi" });
    await offer.getByRole("button", { name: "Evet, günlüğe ekle" }).click();
    await page.getByText("Günlüğünde 1 kez").waitFor();
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
