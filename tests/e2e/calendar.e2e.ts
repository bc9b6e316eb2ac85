import * as ical from "node-ical";
import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { sharedServer, type SharedServer } from "../support/shared-servers";
import { describeInBrowser, PHONE, useBrowser } from "./browser";
import { newAccount, postForm } from "../support/form-posts";

/*
 * Issue 23, parts 4 and 5: /takvim and its iCalendar feed, on a shared server of the embedded
 * catalogue (its public address its own, for the feed's links); this file's requests to it are on
 * Saturday 17 March 2018 (PERDE_NOW, decision 032), when Şahsiyet's first episodes aired and
 * Çukur was on its first season, every Monday. Following a series reads its episodes from the
 * catalogue at once (tracked_series, tracked_episodes), as the background job would.
 */

const NOW = "2018-03-17T09:00:00Z";
const DESKTOP = { width: 1280, height: 800 };
let server: SharedServer;
let site = "";
const ids = { cukur: 0, sahsiyet: 0 };

/** A series' id, from the first link of the site's own search whose address holds `slug`. */
async function seriesId(query: string, slug: string) {
  const html = await (await fetch(`${site}/ara?q=${encodeURIComponent(query)}`)).text();
  const found = new RegExp(`href="/dizi/${slug}-\\d{4}-(\\d+)"`).exec(html)?.[1];
  if (!found) throw new Error(`no ${slug} in the search for ${query}`);
  return Number(found);
}

beforeAll(async () => {
  server = await sharedServer({
    CATALOGUE: "local",
    PERDE_NOW: NOW,
    PUBLIC_SITE_URL: "http://127.0.0.1:{port}",
  });
  site = server.url;
  ids.cukur = await seriesId("Çukur", "cukur");
  ids.sahsiyet = await seriesId("Şahsiyet", "sahsiyet");
});

/** Posts a form as a page without JavaScript does. */
const post = (path: string, body: Record<string, string>, cookie?: string) =>
  postForm(site, path, body, cookie);

/** A new account, signed in with plain form posts; its session cookie. */
const account = (name: string) => newAccount(site, name, "takvim");

async function follow(cookie: string, seriesId: number, status: string) {
  const item = { itemType: "tv", itemId: String(seriesId), returnTo: "/" };
  expect((await post("/liste", { ...item, intent: "add" }, cookie)).status).toBe(302);
  expect((await post("/liste", { ...item, intent: "status", status }, cookie)).status).toBe(302);
}

async function signedIn(page: Page, cookie: string) {
  const [name, value] = cookie.split("=");
  await page.context().addCookies([{ name: name!, value: value!, url: site }]);
  return page;
}

const dayGroup = (page: Page, heading: string) =>
  page.locator("li", { has: page.getByRole("heading", { level: 3, name: heading, exact: true }) });

async function feedEvents(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
  expect(response.headers.get("x-cache")).toBeNull();
  const parsed = ical.sync.parseICS(await response.text());
  const calendar = Object.values(parsed).find((entry) => entry?.type === "VCALENDAR");
  expect(calendar).toMatchObject({ "WR-CALNAME": "Perde takvimi" });
  return Object.values(parsed).filter(isEvent);
}

const isEvent = (entry: ical.CalendarComponent | undefined): entry is ical.VEvent =>
  entry?.type === "VEVENT";

// node-ical keeps a property's parameters (URL;VALUE=URI) beside its value, whatever its types say.
const valueOf = (field: unknown) =>
  typeof field === "object" && field !== null && "val" in field ? field.val : field;

describeInBrowser("Takvim", () => {
  const browser = useBrowser();
  let ayse = "";
  const tokens: string[] = [];

  beforeAll(async () => {
    ayse = await account("Ayşe");
    await follow(ayse, ids.cukur, "watching");
    await follow(ayse, ids.sahsiyet, "plan_to_watch");
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await fetch(`${site}/takvim`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth");
  });

  it("shows the followed series' episodes by day, today first, and filters by status", async () => {
    const page = await signedIn(await browser.newPage(DESKTOP, site), ayse);
    const response = await page.goto("/takvim");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.title()).toBe("Takvim | Perde");
    // The footer's year is the site's clock's, not a year written in the code.
    expect(await page.locator("footer").textContent()).toContain("© 2018 Perde");

    const upcoming = page.getByRole("region", { name: "Bugün ve yaklaşan" });
    const headings = await upcoming.getByRole("heading", { level: 3 }).allTextContents();
    expect(headings.slice(0, 4)).toEqual([
      "Bugün",
      "Pazartesi, 19 Mart",
      "Cumartesi, 24 Mart",
      "Pazartesi, 26 Mart",
    ]);
    // Şahsiyet's first three episodes aired together today; Çukur airs on Mondays.
    const today = dayGroup(page, "Bugün");
    await expect
      .poll(() => today.getByRole("link").allTextContents())
      .toEqual([1, 2, 3].map((n) => `Şahsiyet1. Sezon ${n}. Bölüm`));
    const monday = dayGroup(page, "Pazartesi, 19 Mart").getByRole("link");
    expect(await monday.getAttribute("href")).toBe(`/dizi/${ids.cukur}/sezon/1/bolum/22`);
    expect(await monday.textContent()).toBe("Çukur1. Sezon 22. Bölüm");
    // Thirty days ahead at most: 16 April is the last day shown.
    expect(headings.at(-1)).toBe("Pazartesi, 16 Nisan");

    const recent = page.getByRole("region", { name: "Son 7 gün" });
    expect(await recent.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Pazartesi, 12 Mart",
    ]);
    // Nothing watched yet (marking episodes is another part of the issue).
    expect(await page.getByText("İzlendi", { exact: true }).count()).toBe(0);

    await page.getByRole("link", { name: "İzliyorum", exact: true }).click();
    await page.waitForURL("**/takvim?durum=izliyorum");
    await expect.poll(() => page.getByText("Şahsiyet").count()).toBe(0);
    expect(await dayGroup(page, "Pazartesi, 19 Mart").count()).toBe(1);

    await page.goto("/takvim?durum=izleyecegim");
    expect(await page.getByText("Çukur").count()).toBe(0);
    expect(await dayGroup(page, "Bugün").getByRole("link").count()).toBe(3);
    expect(
      await page
        .getByRole("link", { name: "İzleyeceğim", exact: true })
        .getAttribute("aria-current"),
    ).toBe("true");
  });

  it("says which episodes the person watched", async () => {
    const marked = await post(
      "/bolum-izle",
      { intent: "mark", seriesId: String(ids.cukur), season: "1", episode: "21", returnTo: "/" },
      ayse,
    );
    expect(marked.status).toBe(302);
    const page = await signedIn(await browser.newPage(DESKTOP, site), ayse);
    await page.goto("/takvim");
    const watched = dayGroup(page, "Pazartesi, 12 Mart").getByText("İzlendi", { exact: true });
    await watched.waitFor();
    expect(await page.getByText("İzlendi", { exact: true }).count()).toBe(1);
  });

  it("fits a phone's width", async () => {
    const page = await signedIn(await browser.newPage(PHONE, site), ayse);
    await page.goto("/takvim");
    await expect.poll(() => dayGroup(page, "Bugün").isVisible()).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("makes a private feed whose events a calendar app reads, and a new one kills the old", async () => {
    const page = await signedIn(await browser.newPage(DESKTOP, site), ayse);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site });
    await page.goto("/takvim");
    await page.getByRole("button", { name: "Takvim bağlantısı oluştur" }).click();
    const input = page.getByLabel("Abonelik bağlantınız");
    await input.waitFor();
    const first = await input.inputValue();
    expect(first).toMatch(new RegExp(`^${site}/takvim/abonelik/[A-Za-z0-9_-]{43}\\.ics$`));
    tokens.push(first.split("/").at(-1)!.slice(0, -4));

    await page.getByRole("button", { name: "Kopyala" }).click();
    await page.getByText("Bağlantı kopyalandı").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    const events = await feedEvents(first);
    const uid = (series: number, episode: number) => `perde-${series}-s1-e${episode}@127.0.0.1`;
    // From 10 March to 15 June: Çukur's episodes 21 to 33, all twelve of Şahsiyet's.
    const expected = [
      ...Array.from({ length: 13 }, (_, i) => uid(ids.cukur, 21 + i)),
      ...Array.from({ length: 12 }, (_, i) => uid(ids.sahsiyet, 1 + i)),
    ];
    expect(events.map((event) => event.uid).sort()).toEqual(expected.sort());
    const episode22 = events.find((event) => event.uid === uid(ids.cukur, 22))!;
    expect(episode22.summary).toBe("Çukur · 1. Sezon 22. Bölüm");
    expect(valueOf(episode22.url)).toBe(`${site}/dizi/${ids.cukur}/sezon/1/bolum/22`);
    expect(episode22.datetype).toBe("date");
    const start = episode22.start as Date;
    expect([start.getFullYear(), start.getMonth() + 1, start.getDate()]).toEqual([2018, 3, 19]);

    // Back later: the address is no longer shown, only that a feed exists.
    await page.reload();
    await page
      .getByText("Takvim bağlantınız 17 Mart 2018 tarihinde oluşturuldu", { exact: false })
      .waitFor();
    expect(await page.getByLabel("Abonelik bağlantınız").count()).toBe(0);

    await page.getByRole("button", { name: "Yeni bağlantı oluştur" }).click();
    await expect.poll(() => page.getByLabel("Abonelik bağlantınız").count()).toBe(1);
    const second = await page.getByLabel("Abonelik bağlantınız").inputValue();
    expect(second).not.toBe(first);
    tokens.push(second.split("/").at(-1)!.slice(0, -4));
    expect((await fetch(first)).status).toBe(404);
    expect(await feedEvents(second)).toHaveLength(25);
    // A request the feed refuses is logged, by path: the token is not in it.
    expect((await post(new URL(first).pathname, {})).status).toBe(405);
  });

  it("works without JavaScript", async () => {
    const tab = await signedIn(await browser.newPage(DESKTOP, site), ayse);
    const context = await tab.context().browser()!.newContext({
      javaScriptEnabled: false,
      locale: "tr-TR",
      baseURL: site,
    });
    try {
      await context.addCookies(await tab.context().cookies());
      const page = await context.newPage();
      await page.goto("/takvim");
      await page.getByRole("button", { name: "Yeni bağlantı oluştur" }).click();
      const url = await page.getByLabel("Abonelik bağlantınız").inputValue();
      expect(await page.getByRole("button", { name: "Kopyala" }).count()).toBe(0);
      tokens.push(url.split("/").at(-1)!.slice(0, -4));
      expect(await feedEvents(url)).toHaveLength(25);
      expect((await fetch(`${site}/takvim/abonelik/${tokens[1]}.ics`)).status).toBe(404);

      await page.getByRole("button", { name: "Bağlantıyı kaldır" }).click();
      // The redirect's toast needs JavaScript; the page itself says there is no feed now.
      await page.getByRole("button", { name: "Takvim bağlantısı oluştur" }).waitFor();
      expect((await fetch(url)).status).toBe(404);
    } finally {
      await context.close();
    }
  });

  it("shows a second person none of the first's calendar, and no feed for a guessed token", async () => {
    const mehmet = await account("Mehmet");
    const page = await signedIn(await browser.newPage(PHONE, site), mehmet);
    await page.goto("/takvim");
    await page.getByText("Takviminizde henüz dizi yok", { exact: false }).waitFor();
    expect(await page.getByText("Çukur").count()).toBe(0);

    for (const token of [...tokens, "A".repeat(43), "kisa", "..%2F..%2Fetc"]) {
      const response = await fetch(`${site}/takvim/abonelik/${token}.ics`, {
        headers: { Cookie: mehmet },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    await page.getByRole("button", { name: "Takvim bağlantısı oluştur" }).click();
    const feedUrl = await page.getByLabel("Abonelik bağlantınız").inputValue();
    expect(await feedEvents(feedUrl)).toEqual([]);
    const token = feedUrl.split("/").at(-1)!.slice(0, -4);
    tokens.push(token);

    // The data export says the feed exists and since when, and holds neither token nor hash.
    const exported = await fetch(`${site}/hesap/verilerim`, { headers: { Cookie: mehmet } });
    const text = await exported.text();
    expect(JSON.parse(text)).toMatchObject({ calendarFeed: { createdAt: expect.any(String) } });
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/token_?hash|[0-9a-f]{64}/i);
  });

  it("never prints a feed's token", async () => {
    const output = await server.settledOutput();
    expect(output).toContain("[gizli]");
    for (const token of tokens) expect(output).not.toContain(token);
  });
});
