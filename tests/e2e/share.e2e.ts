import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newAccount, postForm } from "../support/form-posts";
import { sharedServer } from "../support/shared-servers";
import { describeInBrowser, PHONE, siteWithTabs } from "./browser";

/*
 * Issue 34.5, pages worth sharing (decision 028): lists, public profiles and year summaries
 * preview as composed 1200×630 PNGs that a link preview can fetch, kept by the page cache and
 * dropped with their page; "Paylaş" works without JavaScript (the address in a field) and with
 * it (the share sheet, else a copy); the calendar feed opens in a calendar app or Google's.
 */

const DESKTOP = { width: 1280, height: 800 };
const FIGHT_CLUB = "/film/dovus-kulubu-1999-550";

// The shared server of the embedded catalogue: every list, profile and picture here is this
// file's own people's.
const app = siteWithTabs(() => sharedServer());

const post = (path: string, body: Record<string, string>, cookie: string) =>
  postForm(app.site, path, body, cookie);

/** An anonymous request, as a link preview's crawler makes it. */
const anonymous = (url: string) => fetch(url, { redirect: "manual" });

/**
 * The page's og:image, as a path: it is absolute on the public site's origin (PUBLIC_SITE_URL,
 * `localhost` here), which the test reaches at its own address.
 */
async function ogImage(page: Page) {
  const url = await page
    .locator('meta[property="og:image"]')
    .getAttribute("content", { timeout: 5_000 });
  expect(url).toMatch(/^https?:\/\//);
  return new URL(url!).pathname;
}

/** What a shared address is for a path: the public site's origin and the path. */
const publicUrl = (page: Page, path: string) =>
  page.evaluate(
    (p) =>
      `${document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href.replace(/^(https?:\/\/[^/]+).*$/, "$1")}${p}`,
    path,
  );

/** Fetches a preview picture anonymously and checks it is a 1200×630 PNG; its response. */
async function expectPng(path: string) {
  const url = `${app.site}${path}`;
  const response = await anonymous(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  const png = Buffer.from(await response.arrayBuffer());
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(png.toString("latin1", 12, 16)).toBe("IHDR");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  return response;
}

let names = 0;
const uniqueName = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(names++).toString(36)}`;

describeInBrowser("share", () => {
  it("previews a list, a profile and a year summary as PNGs, dropped with their page", async () => {
    const cookie = await newAccount(app.site, "Ayşe Işık", "paylas");
    const username = uniqueName("Ayşe");
    expect((await post("/hesap", { intent: "username", username }, cookie)).status).toBe(302);
    await post("/hesap", { intent: "favorite-add", movieId: "550" }, cookie);
    await post("/hesap", { intent: "favorite-add", movieId: "238" }, cookie);
    expect(
      (await post("/hesap", { intent: "visibility", visibility: "public" }, cookie)).status,
    ).toBe(302);
    // A watch logged this year, for the summary (yesterday: never a future day in Istanbul).
    const watchedOn = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const year = Number(watchedOn.slice(0, 4));
    await post(
      FIGHT_CLUB,
      { intent: "create", itemType: "movie", itemId: "550", watchedOn },
      cookie,
    );
    // A list made from a title's picker, then made public.
    const made = await post(
      "/listeye-ekle",
      { intent: "create", itemType: "movie", itemId: "550", name: "Şöyle Güzel Filmler" },
      cookie,
    );
    expect(made.status).toBe(302);
    const lists = await (
      await fetch(`${app.site}/dashboard/listeler`, { headers: { cookie } })
    ).text();
    const listId = /\/dashboard\/listeler\/(\d+)"/.exec(lists)?.[1];
    expect(listId).toBeDefined();
    await post(
      `/dashboard/listeler/${listId}`,
      { intent: "update", name: "Şöyle Güzel Filmler", description: "", visibility: "public" },
      cookie,
    );

    // The list page, as anyone sees it: its preview is a PNG the page cache keeps.
    const visitor = await app.tab(DESKTOP);
    await visitor.goto(`/liste/${listId}`);
    await visitor.getByRole("heading", { level: 1, name: "Şöyle Güzel Filmler" }).waitFor();
    const listImage = (await ogImage(visitor))!;
    expect(listImage).toBe(`/liste/${listId}-soyle-guzel-filmler/onizleme.png`);
    await expectPng(listImage);
    expect((await anonymous(`${app.site}${listImage}`)).headers.get("x-cache")).toBe("HIT");
    // A title added to the list drops the picture with the page.
    await post(
      "/listeye-ekle",
      { intent: "add", listId: listId!, itemType: "movie", itemId: "238" },
      cookie,
    );
    expect((await expectPng(listImage)).headers.get("x-cache")).toBe("MISS");
    // Made private: no picture for anyone.
    await post(
      `/dashboard/listeler/${listId}`,
      { intent: "update", name: "Şöyle Güzel Filmler", description: "", visibility: "private" },
      cookie,
    );
    expect((await anonymous(`${app.site}${listImage}`)).status).toBe(404);

    // The profile: one composed picture instead of the four posters.
    await visitor.goto(`/u/${encodeURIComponent(username)}`);
    await visitor.getByRole("heading", { level: 1, name: "Ayşe Işık" }).waitFor();
    const profileImage = (await ogImage(visitor))!;
    expect(profileImage).toBe(`/u/${encodeURIComponent(username)}/onizleme.png`);
    expect(await visitor.locator('meta[property="og:image"]').count()).toBe(1);
    await expectPng(profileImage);

    // The year summary is the person's own page; its picture is public with the profile.
    const owner = await app.tab(DESKTOP, { cookie });
    await owner.goto(`/dashboard/ozet/${year}`);
    await owner.getByRole("heading", { name: "Özetinizi paylaşın" }).waitFor();
    const summaryImage = (await ogImage(owner))!;
    expect(summaryImage).toBe(`/u/${encodeURIComponent(username)}/ozet/${year}.png`);
    await expectPng(summaryImage);
    expect(
      await owner
        .getByRole("img", { name: `${year} özetinizin paylaşım görseli` })
        .evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth)),
    ).toBe(1200);

    // A private profile shows no picture of either kind.
    await post("/hesap", { intent: "visibility", visibility: "private" }, cookie);
    expect((await anonymous(`${app.site}${profileImage}`)).status).toBe(404);
    expect((await anonymous(`${app.site}${summaryImage}`)).status).toBe(404);
    await owner.goto(`/dashboard/ozet/${year}`);
    await owner.getByText("Özetinizi paylaşmak için").waitFor();
    expect(await owner.locator('meta[property="og:image"]').count()).toBe(0);
  });

  it("shares a film's address without JavaScript", async () => {
    const page = await app.tab(PHONE, { javaScriptEnabled: false });
    await page.goto(FIGHT_CLUB);
    const field = page.getByRole("textbox", { name: "Sayfanın bağlantısı" });
    expect(await field.isVisible()).toBe(false);
    await page.getByText("Paylaş", { exact: true }).click();
    await field.waitFor();
    const address = await publicUrl(page, FIGHT_CLUB);
    expect(address).toMatch(/^http:\/\/[^/]+\/film\/dovus-kulubu-1999-550$/);
    expect(await field.inputValue()).toBe(address);
    const whatsapp = await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href");
    expect(whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(address)}`);
  });

  it("opens the share sheet, or copies the address where there is none", async () => {
    const withSheet = await app.tab(PHONE);
    await withSheet.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, "share", {
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await withSheet.goto(FIGHT_CLUB);
    await withSheet.getByText("Paylaş", { exact: true }).click();
    const shared = await withSheet.waitForFunction(
      () => (window as unknown as { shared: ShareData[] }).shared[0],
    );
    expect(await shared.jsonValue()).toEqual({
      title: "Dövüş Kulübü",
      url: await publicUrl(withSheet, FIGHT_CLUB),
    });
    // The sheet answered: the panel stays shut.
    expect(await withSheet.getByRole("textbox", { name: "Sayfanın bağlantısı" }).isVisible()).toBe(
      false,
    );

    const desktop = await app.tab(DESKTOP);
    await desktop.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: app.site,
    });
    await desktop.goto(FIGHT_CLUB);
    expect(await desktop.evaluate(() => typeof navigator.share)).toBe("undefined");
    await desktop.getByText("Paylaş", { exact: true }).click();
    await desktop.getByRole("status").filter({ hasText: "Bağlantı kopyalandı" }).waitFor();
    expect(await desktop.evaluate(() => navigator.clipboard.readText())).toBe(
      await publicUrl(desktop, FIGHT_CLUB),
    );
  });

  it("offers the calendar feed to calendar apps and Google Calendar", async () => {
    const cookie = await newAccount(app.site, "Can Öztürk", "paylas");
    const page = await app.tab(DESKTOP, { cookie });
    await page.goto("/takvim");
    await page.getByRole("button", { name: "Takvim bağlantısı oluştur" }).click();
    const field = page.getByRole("textbox", { name: /Abonelik bağlantın/ });
    await field.waitFor();
    const feedUrl = await field.inputValue();
    const webcal = feedUrl.replace(/^https?:\/\//, "webcal://");
    expect(
      await page.getByRole("link", { name: "Takvim uygulamasında aç" }).getAttribute("href"),
    ).toBe(webcal);
    expect(
      await page.getByRole("link", { name: "Google Takvim'e ekle" }).getAttribute("href"),
    ).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);
  });
});
