import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { sharedServer } from "../support/shared-servers";
import { newAccount, postForm } from "../support/form-posts";
import { describeInBrowser, PHONE, siteWithTabs } from "./browser";

/*
 * Issue #25 parts 4-5: a username, Favori 4 and a public profile chosen on /hesap, and the
 * profile at /u/{name} as an anonymous visitor sees it (the page cache's copy included). On a
 * desktop with JavaScript and on a phone without it. On the shared server of the embedded
 * catalogue: every person and username is the test's own.
 */

const DESKTOP = { width: 1280, height: 800 };

const app = siteWithTabs(() => sharedServer());

let names = 0;
/** A username no other test of this run has: `{prefix}.{stamp}`. */
const uniqueName = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(names++).toString(36)}`;

/** A tab at the given width, signed in when a cookie is given, with or without JavaScript. */
const newPage = (
  viewport: { width: number; height: number },
  options?: { cookie?: string; javaScriptEnabled?: boolean },
) => app.tab(viewport, options);

/** An anonymous request for a page, as a crawler or a link preview makes it. */
const anonymous = (path: string) => fetch(`${app.site}${path}`, { redirect: "manual" });

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();
const usernameField = (page: Page) => page.getByRole("textbox", { name: "Kullanıcı adınız" });
const saveUsername = (page: Page) =>
  page.getByRole("button", { name: "Kullanıcı Adını Kaydet" }).click();
const publicSwitch = (page: Page) =>
  page.getByRole("switch", { name: "Profilimi herkese açık yap" });
const favorites = (page: Page) => page.getByRole("list", { name: "Favori 4 filmleriniz" });

/** Picks a film with JavaScript: typed, offered as you type, added. */
async function pickWithSearch(page: Page, query: string, choice: string) {
  await page.getByLabel("Film ara").fill(query);
  await page.getByRole("button", { name: `${choice} ekle` }).click();
  await toast(page, "Favori 4'ünüze eklendi");
  await favorites(page)
    .getByText(choice.replace(/ \(\d{4}\)$/, ""), { exact: true })
    .waitFor();
}

describeInBrowser("profile", () => {
  it("chooses a username and Favori 4, goes public and private again (desktop)", async () => {
    const cookie = await newAccount(app.site, "Ayşe Işık", "profil");
    const page = await newPage(DESKTOP, { cookie });
    await page.goto("/hesap");
    expect(await publicSwitch(page).getAttribute("aria-checked")).toBe("false");
    expect(await publicSwitch(page).isDisabled()).toBe(true);

    // The rules, checked in the browser with the server's schema.
    await usernameField(page).fill("ab");
    await saveUsername(page);
    await toast(page, "Kullanıcı adı en az 3 karakter olmalıdır");
    await usernameField(page).fill("ADMİN");
    await saveUsername(page);
    await toast(page, "Bu kullanıcı adı kullanılamaz, lütfen başka bir ad seçin");
    expect(await usernameField(page).inputValue()).toBe("ADMİN");

    const username = uniqueName("Ayşe");
    await usernameField(page).fill(username);
    await saveUsername(page);
    await toast(page, "Kullanıcı adınız kaydedildi");
    expect(await usernameField(page).inputValue()).toBe(username);

    await pickWithSearch(page, "Dövüş Kulübü", "Dövüş Kulübü (1999)");
    await pickWithSearch(page, "Esaretin Bedeli", "Esaretin Bedeli (1994)");
    await pickWithSearch(page, "Titanik", "Titanik (1997)");
    await pickWithSearch(page, "Baba", "Baba (1972)");
    // Four: the picker gives way to a note.
    await page.getByText("Dört film seçtiniz.").waitFor();
    await page.getByRole("button", { name: "Titanik: yukarı taşı" }).click();
    await toast(page, "Sıralama güncellendi");
    await favorites(page).getByRole("listitem").nth(1).getByText("Titanik").waitFor();

    // Still private: an anonymous visitor gets the plain 404.
    const path = `/u/${encodeURIComponent(username)}`;
    expect((await anonymous(path)).status).toBe(404);

    await publicSwitch(page).click();
    await toast(page, "Profiliniz artık herkese açık");
    expect(await publicSwitch(page).getAttribute("aria-checked")).toBe("true");

    // A second browser, signed out: the profile, its Favori 4 in order, linked.
    const visitor = await newPage(DESKTOP);
    await visitor.goto(path);
    await visitor.getByRole("heading", { level: 1, name: "Ayşe Işık" }).waitFor();
    expect(await visitor.getByText(`@${username}`).isVisible()).toBe(true);
    const posters = visitor.getByRole("list", { name: "Favori 4" }).getByRole("link");
    expect(await posters.allTextContents()).toEqual([
      "Dövüş Kulübü",
      "Titanik",
      "Esaretin Bedeli",
      "Baba",
    ]);
    expect(await posters.first().getAttribute("href")).toBe("/film/dovus-kulubu-1999-550");

    // Link previews: a title, a description and one composed picture (decision 028).
    const html = await (await anonymous(path)).text();
    expect(html).toContain(`<meta property="og:title" content="Ayşe Işık (@${username})"/>`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]*Favori 4: Dövüş Kulübü/);
    const images = [...html.matchAll(/<meta property="og:image" content="([^"]+)"\/>/g)];
    expect(images).toHaveLength(1);
    expect(new URL(images[0]![1]!).pathname).toBe(`${path}/onizleme.png`);
    // Another spelling of the name leads to the profile's one address.
    const other = await anonymous(`/u/${encodeURIComponent(username.toLocaleUpperCase("tr-TR"))}`);
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe(path);

    // The page cache keeps the anonymous page...
    const cached = await anonymous(path);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    // ...and turning the profile off drops it at once.
    await publicSwitch(page).click();
    await toast(page, "Profiliniz artık gizli: yalnızca siz görürsünüz");
    const hidden = await anonymous(path);
    expect(hidden.status).toBe(404);
    const hiddenHtml = await hidden.text();
    expect(hiddenHtml).not.toContain(username);
    expect(hiddenHtml).toContain("<title>Sayfa bulunamadı</title>");
    await visitor.goto(path);
    await visitor.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    expect(await visitor.getByText("Ayşe Işık").count()).toBe(0);
  });

  it("keeps the rules and works without JavaScript (phone)", async () => {
    // Someone else holds a name; the phone's owner tries it in another spelling.
    const taken = uniqueName("sinemasever");
    const holder = await newAccount(app.site, "Mehmet Öz", "profil");
    await postForm(app.site, "/hesap", { intent: "username", username: taken }, holder);

    const cookie = await newAccount(app.site, "Zeynep Kaya", "profil");
    const page = await newPage(PHONE, { cookie, javaScriptEnabled: false });
    await page.goto("/hesap");
    await usernameField(page).fill("zeynep kaya");
    await saveUsername(page);
    await page
      .getByRole("alert")
      .getByText("Kullanıcı adında yalnızca harf, rakam, alt çizgi (_) ve nokta (.) olabilir")
      .waitFor();
    expect(await usernameField(page).inputValue()).toBe("zeynep kaya");

    const spelledOtherwise = taken.toLocaleUpperCase("tr-TR");
    await usernameField(page).fill(spelledOtherwise);
    await saveUsername(page);
    await page
      .getByRole("alert")
      .getByText("Bu kullanıcı adı başkası tarafından alınmış")
      .waitFor();
    expect(await usernameField(page).inputValue()).toBe(spelledOtherwise);

    const username = uniqueName("Zeynep");
    await usernameField(page).fill(username);
    await saveUsername(page);
    await page.waitForURL("**/hesap#profil-ayarlari");
    expect(await usernameField(page).inputValue()).toBe(username);

    // The picker without JavaScript: Ara posts the search, the answer offers the films.
    await page.getByLabel("Film ara").fill("Titanik");
    await page
      .locator("#profil-ayarlari")
      .getByRole("button", { name: "Ara", exact: true })
      .click();
    await page.getByRole("button", { name: "Titanik (1997) ekle" }).click();
    await page.waitForURL("**/hesap#profil-ayarlari");
    await favorites(page).getByText("Titanik", { exact: true }).waitFor();

    await publicSwitch(page).click();
    await page.waitForURL("**/hesap#profil-ayarlari");
    expect(await publicSwitch(page).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("link", { name: `/u/${username}` }).click();
    await page.getByRole("heading", { level: 1, name: "Zeynep Kaya" }).waitFor();
    expect(
      await page.getByRole("list", { name: "Favori 4" }).getByRole("link").allTextContents(),
    ).toEqual(["Titanik"]);
    // Nothing fits wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    const visitor = await newPage(PHONE);
    const path = `/u/${encodeURIComponent(username)}`;
    await visitor.goto(path);
    await visitor.getByRole("heading", { level: 1, name: "Zeynep Kaya" }).waitFor();
    expect((await anonymous(path)).headers.get("x-cache")).toBe("HIT");
    // A film rated shows on the profile at once: the cached copy went.
    await postForm(app.site, "/puan", { itemType: "movie", itemId: "550", rating: "7" }, cookie);
    const rated = await anonymous(path);
    expect(rated.headers.get("x-cache")).not.toBe("HIT");
    expect(await rated.text()).toContain("Dövüş Kulübü");

    await page.goto("/hesap");
    await publicSwitch(page).click();
    await page.waitForURL("**/hesap#profil-ayarlari");
    expect((await anonymous(path)).status).toBe(404);
    await visitor.goto(path);
    await visitor.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
  });

  it("answers an unknown name with the site's plain 404, as for a private one", async () => {
    const unknown = await anonymous("/u/kimse.yok.burada");
    expect(unknown.status).toBe(404);
    // The same answer as a private profile's: the address says nothing of who exists.
    const html = await unknown.text();
    expect(html).toContain("<title>Sayfa bulunamadı</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const page = await newPage(PHONE);
    await page.goto("/u/kimse.yok.burada");
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    expect(await page.title()).toBe("Sayfa bulunamadı");
    expect((await anonymous("/u/..%2Fhesap")).status).toBe(404);
  });
});
