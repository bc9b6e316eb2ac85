import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { freePort, preparedDataDir, startAppServer, type TestServer } from "../support/app-server";
import { newAccount, postForm } from "../support/form-posts";
import { describeInBrowser, PHONE } from "./browser";
import { launchChromium } from "./chromium";

/*
 * Issue 36, one walk without JavaScript: a person follows Şahsiyet, its first episodes air (the
 * site's clock starts on Saturday 17 March 2018, PERDE_NOW), the bell shows it, /bildirimler
 * lists it, "Tümünü okundu işaretle" empties the bell, the digest goes out (the embedded setup
 * writes mail to the log) and its link turns that kind of e-mail off without signing in. The
 * server is restarted once after the follow: at start the episode detection runs at once (on the
 * first server's start or the second's, whichever first sees the follow).
 */

const NOW = "2018-03-17T09:00:00Z";
const DESKTOP = { width: 1280, height: 800 };
let server: TestServer;
let site = "";
let env: Record<string, string> = {};
let sahsiyet = 0;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function trackSahsiyet(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    const found = await handle.executeSql(
      `select id from catalogue_titles where media_type = 'tv' and summary->>'name' = 'Şahsiyet'`,
    );
    sahsiyet = (found.rows as { id: number }[])[0]!.id;
    await handle.executeSql(
      `insert into tracked_series (series_id, name, status, poster_path, refreshed_at)
       select id, summary->>'name', details->>'status', summary->>'posterPath', now()
         from catalogue_titles where media_type = 'tv' and id = $1`,
      [sahsiyet],
    );
    await handle.executeSql(
      `insert into tracked_episodes (series_id, season_number, episode_number, name, air_date, runtime)
       select series_id, season_number, episode_number, details->>'name',
              (details->>'airDate')::date, (details->>'runtime')::smallint
         from catalogue_episodes where season_number > 0 and series_id = $1`,
      [sahsiyet],
    );
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  const dataDir = await preparedDataDir();
  await trackSahsiyet(dataDir);
  site = `http://127.0.0.1:${await freePort()}`;
  env = {
    CATALOGUE: "local",
    DATA_DIR: dataDir,
    PORT: new URL(site).port,
    PUBLIC_SITE_URL: site,
    PERDE_NOW: NOW,
    // The embedded setup's mail goes to the log at info.
    LOG_LEVEL: "info",
  };
  server = await startAppServer(env);
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.end();
});

async function page(viewport: { width: number; height: number }, cookie?: string) {
  const context = await browser.newContext({
    viewport,
    locale: "tr-TR",
    baseURL: site,
    javaScriptEnabled: false,
  });
  contexts.push(context);
  if (cookie) {
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: site }]);
  }
  return context.newPage();
}

describeInBrowser("Bildirimler", () => {
  it("follows a series, hears of its episodes in the bell, the list and the mail, and unsubscribes", async () => {
    const cookie = await newAccount(site, "Ayşe", "bildirim");
    const item = { itemType: "tv", itemId: String(sahsiyet), returnTo: "/" };
    expect((await postForm(site, "/liste", { ...item, intent: "add" }, cookie)).status).toBe(302);

    // The episodes aired today: the detection at start finds them, the digest goes out. The
    // first server's own start-up tick may still see the follow (its queue polls a moment after
    // the start) and send the mail before it stops; otherwise the restarted server's does.
    const mailed = /bildirimler\/abonelik\/[\w.-]+/;
    await server.stop();
    const before = server.output();
    server = await startAppServer(env);
    const log = mailed.test(before) ? before : await server.waitForOutput(mailed);

    const desktop = await page(DESKTOP, cookie);
    await desktop.goto("/");
    const bell = desktop.getByTestId("notification-bell");
    await expect.poll(() => bell.getAttribute("aria-label")).toMatch(/^Bildirimler: 1 okunmamış$/);
    await bell.click();
    await desktop.waitForURL("**/bildirimler");
    const entry = desktop.getByRole("link", { name: /^Şahsiyet: / });
    expect(await entry.getAttribute("href")).toMatch(new RegExp(`^/dizi/${sahsiyet}/sezon/1`));
    await desktop.getByRole("button", { name: "Tümünü okundu işaretle" }).click();
    await desktop.waitForURL("**/bildirimler");
    expect(await bell.getAttribute("aria-label")).toBe("Bildirimler");
    expect(await desktop.getByRole("button", { name: "Tümünü okundu işaretle" }).count()).toBe(0);

    // On a phone the bell is in the bar too.
    const phone = await page(PHONE, cookie);
    await phone.goto("/bildirimler");
    expect(await phone.getByTestId("notification-bell").isVisible()).toBe(true);

    // The mail's own link, opened by someone not signed in: a form, then e-mail is off.
    const link = /https?:\/\/[^\s"\\]+\/bildirimler\/abonelik\/[\w.-]+/.exec(log)![0];
    const stranger = await page(DESKTOP);
    await stranger.goto(link);
    await stranger.getByRole("button", { name: "E-postaları durdur" }).click();
    expect(await stranger.getByRole("status").textContent()).toContain(
      "Artık bu e-postaları almayacaksınız",
    );
    // RFC 8058's one-click, as a mail program sends it: no session, no form page.
    const oneClick = await fetch(link, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    await desktop.goto("/hesap");
    const emailBox = desktop.getByRole("checkbox", { name: /yeni bölümleri: E-posta$/ });
    expect(await emailBox.isChecked()).toBe(false);
    expect(
      await desktop.getByRole("checkbox", { name: /yeni bölümleri: Sitede$/ }).isChecked(),
    ).toBe(true);
    // Social alerts: in the site, not pushed unless the person turns that on.
    const followerBox = (channel: string) =>
      desktop.getByRole("checkbox", { name: `Biri sizi takip etmeye başladığında: ${channel}` });
    expect(await followerBox("Sitede").isChecked()).toBe(true);
    expect(await followerBox("Anlık bildirim").isChecked()).toBe(false);

    // Birlikte: someone follows Ayşe, stops, follows again; she hears of it once, in the site.
    const username = `ayse${Date.now() % 1_000_000}`;
    expect((await postForm(site, "/hesap", { intent: "username", username }, cookie)).status).toBe(
      302,
    );
    await postForm(site, "/hesap", { intent: "visibility", visibility: "public" }, cookie);
    const follower = await newAccount(site, "Can", "takipci");
    for (const intent of ["follow", "unfollow", "follow"]) {
      const said = await postForm(site, "/kisiler", { intent, username, js: "1" }, follower);
      expect(await said.json()).toMatchObject({ ok: true });
    }
    await desktop.goto("/bildirimler");
    expect(
      await desktop.getByRole("link", { name: "Biri sizi takip etmeye başladı" }).count(),
    ).toBe(1);

    // The settings form as a page without JavaScript posts it: a weekly digest on Thursdays.
    const settings = {
      intent: "notifications",
      digest: "weekly",
      digestTime: "10:30",
      quietFrom: "23:00",
      quietTo: "08:00",
      on: "episode_aired:site",
    };
    const refused = await postForm(site, "/hesap", { ...settings, digestWeekday: "9" }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Özet günü için listeden bir gün seçin");
    const saved = await postForm(site, "/hesap", { ...settings, digestWeekday: "4" }, cookie);
    expect(await saved.text()).toContain("Bildirim ayarlarınız kaydedildi");
    const account = await (await fetch(`${site}/hesap`, { headers: { Cookie: cookie } })).text();
    expect(account).toMatch(/<option value="4" selected="">Perşembe<\/option>/);
    expect(account).toMatch(/<option value="weekly" selected="">Haftada bir<\/option>/);
  });
});
