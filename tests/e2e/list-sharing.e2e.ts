import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { projectRoot } from "../support/app-server";
import { sharedServer } from "../support/shared-servers";
import { newAccount, postForm } from "../support/form-posts";
import { describeInBrowser, hydrated, PHONE, siteWithTabs } from "./browser";

/*
 * Issue #25, "Listeye ekle…" and "Birlikte düzenle": a film goes on a list from its page and
 * from search results, with and without JavaScript, at phone and desktop widths; the owner
 * makes a single-use invite link, another person (another browser) accepts it and edits the
 * list; a third gets nothing. Attacks with the right ids get nothing through, and the invite's
 * token is never printed. On the shared server of the embedded catalogue, which logs every
 * request.
 */

const DESKTOP = { width: 1280, height: 800 };
const FILM = "/film/baba-1972-238";
const SERIES_SEARCH = "/ara?q=Taht";
const SHOTS = path.join(projectRoot, "screenshots", "list-sharing");

const app = siteWithTabs(() => sharedServer());
const tokens: string[] = [];

const account = (name: string) => newAccount(app.site, name, "paylas");

/** A signed-in tab at the given width, with or without JavaScript. */
const signedInPage = (
  cookie: string,
  viewport: { width: number; height: number },
  javaScriptEnabled = true,
) => app.tab(viewport, { cookie, javaScriptEnabled });

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();
/**
 * The banner a redirect left for a browser without JavaScript (in <noscript>: Chromium with
 * scripts turned off by the test still parses it as text, so it is read from the markup).
 */
const banner = async (page: Page, text: string) =>
  expect((await page.content()).replaceAll("<!-- -->", "")).toContain(text);
const picker = (page: Page) => page.getByRole("dialog", { name: "Listeye ekle" });
const choice = (page: Page, name: string) =>
  picker(page).getByRole("menuitemcheckbox", { name: new RegExp(name) });

/** The person's lists for a title as the choices page shows them: name → holds it. */
async function choices(cookie: string, type: "movie" | "tv", id: number) {
  const response = await fetch(`${app.site}/listeye-ekle?tur=${type}&id=${id}`, {
    headers: { Cookie: cookie },
  });
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const found: Record<string, boolean> = {};
  for (const match of html.matchAll(
    /name="listId" value="(\d+)".*?aria-pressed="(true|false)".*?font-medium">([^<]+)</g,
  ))
    found[`${match[3]}#${match[1]}`] = match[2] === "true";
  return found;
}

/** A new list with Baba on it, made the way the choices page's form does it. */
async function newListWithBaba(cookie: string, name: string) {
  const response = await postForm(
    app.site,
    "/listeye-ekle",
    { intent: "create", name, itemType: "movie", itemId: "238" },
    cookie,
  );
  // Made (the form's redirect back), not refused: a refusal would show only as a missing choice.
  expect(response.status, await response.text()).toBe(302);
}

/** The id of the person's list with this name (from the choices page). */
async function listIdOf(cookie: string, name: string) {
  const key = Object.keys(await choices(cookie, "movie", 238)).find((entry) =>
    entry.startsWith(`${name}#`),
  );
  if (!key) throw new Error(`no list ${name}`);
  return Number(key.split("#")[1]);
}

describeInBrowser("Listeye ekle…", () => {
  it("adds a film from its page with the picker, and every tap counts", async () => {
    const cookie = await account("Liste Yapan");
    const page = await signedInPage(cookie, DESKTOP);
    await page.goto(FILM);
    await page.getByRole("button", { name: "Bir listeye ekle…" }).click();
    await picker(page).getByText("Henüz bir listeniz yok").waitFor();
    // A name too short is refused and stays typed.
    const name = picker(page).getByPlaceholder("Liste adı");
    await name.fill("ab");
    await picker(page).getByRole("button", { name: "Oluştur" }).click();
    await picker(page).getByRole("alert").getByText("en az 3 karakter").waitFor();
    expect(await name.inputValue()).toBe("ab");
    await name.fill("Yağmurlu pazar filmleri");
    await picker(page).getByRole("button", { name: "Oluştur" }).click();
    await toast(page, "“Baba” listeye eklendi: Yağmurlu pazar filmleri");
    await choice(page, "Yağmurlu pazar filmleri")
      .and(page.locator("[aria-checked=true]"))
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, "picker-film-desktop.png") });

    // Off, then three quick taps: the list ends as the mark shows (on), whatever the timing.
    await choice(page, "Yağmurlu").click();
    await toast(page, "“Baba” listeden çıkarıldı: Yağmurlu pazar filmleri");
    await picker(page).getByRole("button", { name: "Oluştur" }).waitFor();
    await name.fill("İkinci liste");
    await picker(page).getByRole("button", { name: "Oluştur" }).click();
    await toast(page, "“Baba” listeye eklendi: İkinci liste");
    const first = choice(page, "Yağmurlu");
    await first.click();
    await first.click();
    await first.click();
    expect(await first.getAttribute("aria-checked")).toBe("true");
    await toast(page, "“Baba” listeye eklendi: Yağmurlu pazar filmleri");
    await expect
      .poll(async () => Object.values(await choices(cookie, "movie", 238)))
      .toEqual([true, true]);
  });

  it("adds from search results on a phone, and the picker fits the screen", async () => {
    const cookie = await account("Arayan Kişi");
    await newListWithBaba(cookie, "Dizi gecesi");
    const page = await signedInPage(cookie, PHONE);
    await page.goto(SERIES_SEARCH);
    const row = page.getByRole("listitem").filter({ hasText: "Taht Oyunları" }).first();
    await row.getByRole("button", { name: "Bir listeye ekle…" }).click();
    const box = await picker(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: path.join(SHOTS, "picker-search-phone.png") });
    await choice(page, "Dizi gecesi").click();
    await toast(page, "“Taht Oyunları” listeye eklendi: Dizi gecesi");
    const seriesId = Number(
      /(\d+)$/.exec((await row.getByRole("link").first().getAttribute("href"))!)![1],
    );
    expect(Object.values(await choices(cookie, "tv", seriesId))).toEqual([true]);
  });

  it("works without JavaScript, from a film page and from search results", async () => {
    const cookie = await account("Betiksiz Kişi");
    const page = await signedInPage(cookie, PHONE, false);
    await page.goto(FILM);
    await page.getByRole("link", { name: "Bir listeye ekle…" }).click();
    await page.waitForURL(/\/listeye-ekle\?tur=movie&id=238$/);
    await page.getByRole("heading", { name: "“Baba” listeye ekle" }).waitFor();
    const name = page.getByLabel("Yeni liste");
    await name.fill("xy");
    await page.getByRole("button", { name: "Oluştur ve ekle" }).click();
    await page.getByRole("alert").getByText("en az 3 karakter").waitFor();
    expect(await page.getByLabel("Yeni liste").inputValue()).toBe("xy");
    await page.getByLabel("Yeni liste").fill("Betiksiz liste");
    await page.getByRole("button", { name: "Oluştur ve ekle" }).click();
    await page.getByRole("button", { name: /Betiksiz liste/ }).waitFor();
    await banner(page, "“Baba” listeye eklendi: Betiksiz liste");
    const entry = page.getByRole("button", { name: /Betiksiz liste/ });
    expect(await entry.getAttribute("aria-pressed")).toBe("true");
    await entry.click();
    await page
      .getByRole("button", { name: /Betiksiz liste/ })
      .and(page.locator("[aria-pressed=false]"))
      .waitFor();
    await banner(page, "“Baba” listeden çıkarıldı: Betiksiz liste");
    expect(
      await page.getByRole("button", { name: /Betiksiz liste/ }).getAttribute("aria-pressed"),
    ).toBe("false");

    await page.goto(SERIES_SEARCH);
    const row = page.getByRole("listitem").filter({ hasText: "Taht Oyunları" }).first();
    await row.getByRole("link", { name: "Bir listeye ekle…" }).click();
    await page.getByRole("heading", { name: "“Taht Oyunları” listeye ekle" }).waitFor();
    await page.getByRole("button", { name: /Betiksiz liste/ }).click();
    await page
      .getByRole("button", { name: /Betiksiz liste/ })
      .and(page.locator("[aria-pressed=true]"))
      .waitFor();
    await banner(page, "“Taht Oyunları” listeye eklendi: Betiksiz liste");
  });

  it("sends an anonymous visitor to sign in, and keeps the pages the same for everyone", async () => {
    const film = await (await fetch(`${app.site}${FILM}`)).text();
    // Signing in comes back to the film (issue #33.8).
    expect(film).toContain(`href="/auth?donus=${encodeURIComponent(FILM)}"`);
    expect(film).not.toContain("/listeye-ekle?");
    const answer = await postForm(app.site, "/listeye-ekle", { intent: "add", listId: "1" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/auth");
  });
});

describeInBrowser("Birlikte düzenle", () => {
  it("invites an editor who accepts and edits; nobody else gets in", async () => {
    const owner = await account("Liste Sahibi");
    const friend = await account("Davetli Arkadaş");
    const stranger = await account("Yabancı Kişi");
    await newListWithBaba(owner, "Ortak film gecesi");
    const listId = await listIdOf(owner, "Ortak film gecesi");
    const sharingPath = `/dashboard/listeler/${listId}/paylasim`;

    // The owner makes a link (shown once, with a copy button).
    const ownerPage = await signedInPage(owner, DESKTOP);
    await ownerPage.goto(sharingPath);
    await ownerPage.getByRole("button", { name: "Davet bağlantısı oluştur" }).click();
    await toast(ownerPage, "Davet bağlantısı oluşturuldu");
    const inviteUrl = await ownerPage.getByLabel("Davet bağlantısı").inputValue();
    const token = inviteUrl.split("/").at(-1)!;
    tokens.push(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await ownerPage.getByRole("button", { name: "Kopyala" }).waitFor();
    await ownerPage.getByText("Son geçerlilik:").waitFor();
    await ownerPage.screenshot({ path: path.join(SHOTS, "sharing-desktop.png"), fullPage: true });
    // Reloaded, the link is gone from the page; the pending invite stays.
    await ownerPage.reload();
    await hydrated(ownerPage);
    expect(await ownerPage.getByLabel("Davet bağlantısı").count()).toBe(0);
    await ownerPage.getByText("Son geçerlilik:").waitFor();

    // A stranger can see or change nothing of it.
    const strangerView = await fetch(`${app.site}${sharingPath}`, {
      headers: { Cookie: stranger },
    });
    expect(strangerView.status).toBe(404);

    // The friend, on a phone in a browser of their own, accepts.
    const invitePath = new URL(inviteUrl).pathname;
    const friendPage = await signedInPage(friend, PHONE);
    await friendPage.goto(invitePath);
    await friendPage.getByText("“Ortak film gecesi” listesini birlikte düzenlemeye").waitFor();
    await friendPage.getByRole("button", { name: "Daveti kabul et" }).click();
    await friendPage.waitForURL(`**/dashboard/listeler/${listId}`);
    await toast(friendPage, "Davet kabul edildi");
    // The friend now adds to the shared list from a film page, where it says it is shared.
    await friendPage.goto(FILM);
    await friendPage.getByRole("button", { name: "Bir listeye ekle…" }).click();
    await choice(friendPage, "Ortak film gecesi").getByText("birlikte düzenliyorsunuz").waitFor();
    await choice(friendPage, "Ortak film gecesi").click();
    await toast(friendPage, "“Baba” listeden çıkarıldı: Ortak film gecesi");
    await choice(friendPage, "Ortak film gecesi").click();
    await toast(friendPage, "“Baba” listeye eklendi: Ortak film gecesi");

    // The link is used up: nobody else gets in with it.
    const strangerPage = await signedInPage(stranger, DESKTOP);
    await strangerPage.goto(invitePath);
    await strangerPage.getByText("Bu davet bağlantısı geçersiz ya da süresi dolmuş").waitFor();
    const reuse = await postForm(app.site, invitePath, {}, stranger);
    expect(reuse.status).toBe(400);
    expect(Object.keys(await choices(stranger, "movie", 238))).toEqual([]);

    // The owner sees the editor, and the sharing section at phone width.
    await ownerPage.reload();
    await hydrated(ownerPage);
    await ownerPage.getByText("Davetli Arkadaş").waitFor();
    await ownerPage.getByText("Kullanılmayı bekleyen davet yok.").waitFor();
    await ownerPage.setViewportSize(PHONE);
    await ownerPage.screenshot({ path: path.join(SHOTS, "sharing-phone.png"), fullPage: true });
    await ownerPage.setViewportSize(DESKTOP);

    // Attacks with the right ids, from the stranger: nothing gets through.
    const attacks: [string, Record<string, string>][] = [
      ["/listeye-ekle", { intent: "add", listId: String(listId), itemType: "tv", itemId: "1399" }],
      [
        "/listeye-ekle",
        { intent: "remove", listId: String(listId), itemType: "movie", itemId: "238" },
      ],
      [sharingPath, { intent: "invite" }],
      [sharingPath, { intent: "remove-editor", editorId: "x" }],
      [sharingPath, { intent: "invite", js: "1" }],
    ];
    let through = 0;
    for (const [target, fields] of attacks) {
      const response = await postForm(app.site, target, { ...fields, returnTo: "/" }, stranger);
      const body = await response.text();
      if (response.status === 200 && /inviteUrl|liste-davet/.test(body)) through++;
    }
    expect(through).toBe(0);
    expect(await choices(owner, "movie", 238)).toEqual({ [`Ortak film gecesi#${listId}`]: true });
    await ownerPage.reload();
    await hydrated(ownerPage);
    await ownerPage.getByText("Davetli Arkadaş").waitFor();
    await ownerPage.getByText("Kullanılmayı bekleyen davet yok.").waitFor();

    // The owner removes the editor: the list leaves the friend's choices.
    await ownerPage
      .getByRole("listitem")
      .filter({ hasText: "Davetli Arkadaş" })
      .getByRole("button", { name: "Çıkar" })
      .click();
    await toast(ownerPage, "Düzenleyici listeden çıkarıldı");
    expect(await choices(friend, "movie", 238)).toEqual({});

    // A private list's page is a plain 404 for the stranger.
    const listPage = await fetch(`${app.site}/liste/${listId}`, { headers: { Cookie: stranger } });
    expect(listPage.status).toBe(404);

    // Verilerim lists the owner's invite, without its token.
    const exported = await (
      await fetch(`${app.site}/hesap/verilerim`, { headers: { Cookie: owner } })
    ).text();
    expect(JSON.parse(exported)).toMatchObject({
      listInvites: [{ listId, usedAt: expect.any(String) }],
    });
    expect(exported).not.toContain(token);
  });

  it("asks an anonymous visitor to sign in first, and uses nothing up", async () => {
    const owner = await account("İkinci Sahip");
    await newListWithBaba(owner, "Anonim deneme");
    const listId = await listIdOf(owner, "Anonim deneme");
    const made = await postForm(
      app.site,
      `/dashboard/listeler/${listId}/paylasim`,
      { intent: "invite" },
      owner,
    );
    const token = /\/liste-davet\/([A-Za-z0-9_-]{43})/.exec(await made.text())![1]!;
    tokens.push(token);
    const context = await app.browser.newContext({
      viewport: PHONE,
      locale: "tr-TR",
      baseURL: app.site,
    });
    app.contexts.push(context);
    const page = await context.newPage();
    await page.goto(`/liste-davet/${token}`);
    await page.getByText("önce giriş yapın").waitFor();
    expect(
      await page.getByRole("link", { name: "Giriş yap", exact: true }).getAttribute("href"),
    ).toBe("/auth");
    // Still unused: someone signed in accepts it afterwards.
    const friend = await account("Sonra Gelen");
    const accepted = await postForm(app.site, `/liste-davet/${token}`, {}, friend);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/dashboard/listeler/${listId}`);
  });

  it("never prints an invite's token, not even for a forged accept", async () => {
    // A post from another site is refused before the route, with a warning naming the path.
    const [token] = tokens;
    const forged = await fetch(`${app.site}/liste-davet/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://baska-site.example" },
    });
    expect(forged.status).toBe(403);
    const output = await app.server.settledOutput();
    expect(output).toContain("/liste-davet/[gizli]");
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(output).not.toContain(token);
  });
});
