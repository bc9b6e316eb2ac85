import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { sharedServer, type SharedServer } from "../support/shared-servers";
import { describeInBrowser, openTab, PHONE } from "./browser";
import { launchChromium } from "./chromium";
import { newAccount, postForm } from "../support/form-posts";

/*
 * Issue 23, episode tracking: the episode page's İzledim sheet (issue 33.2: the day, Puanım,
 * "Tekrar izledim"), "Bölümü İzledim", "Buraya kadar izledim", "Sezonu İzledim", the
 * progress on the series and season pages, and "İzlemeye Devam Et" on the dashboard, with and
 * without JavaScript, at phone and desktop widths. The server runs on the embedded catalogue
 * with its clock on 12 February 2008: Breaking Bad's first season (1396) has aired its first
 * three episodes (20 and 27 January, 10 February), the fourth airs on 17 February. The server is
 * the shared one on that day (hardening-edges.e2e.ts's too): each test tracks with a new account.
 */

const DESKTOP = { width: 1280, height: 800 };
const SERIES = 1396;
const SEASON = `/dizi/${SERIES}/sezon/1`;
const episodePath = (episode: number) => `${SEASON}/bolum/${episode}`;

let server: SharedServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Console and page errors of every tab (a hydration mismatch, a CSP violation). */
const errors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    sharedServer({ CATALOGUE: "local", PERDE_NOW: "2008-02-12T09:00:00Z" }),
    launchChromium(),
  ]);
});
afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** Posts a form as a page without JavaScript does. */
const post = (path: string, body: Record<string, string>, cookie?: string) =>
  postForm(server.url, path, body, cookie);

/** A new account, signed in with plain form posts; its session cookie. */
const account = (name: string) => newAccount(server.url, name, "takip");

/** A tab of its own, signed in with the cookie (when given), with or without JavaScript. */
async function tab(
  cookie: string | null,
  { viewport = DESKTOP, javaScript = true } = {},
): Promise<Page> {
  const page = await openTab(browser, server.url, viewport, contexts, {
    cookie: cookie ?? undefined,
    javaScriptEnabled: javaScript,
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return page;
}

const row = (page: Page, episode: number) =>
  page.locator("li", { has: page.locator(`a[href="${episodePath(episode)}"]`) });
/** A progress bar, named by what it measures and its "{izlenen}/{toplam} bölüm". */
const progress = (page: Page, label: string, text: string) =>
  page.getByRole("progressbar", { name: `${label}: ${text}`, exact: true });
const upNext = (page: Page) => page.getByRole("list", { name: "İzlemeye Devam Et" });
/**
 * A bulk mark ("Sezonu İzledim", "Buraya kadar izledim"): opens its disclosure, chooses when
 * ("Şimdi" unless told) and sends it.
 */
async function bulkMark(
  scope: Page | Locator,
  summary: string | RegExp,
  when = "Şimdi",
  day?: string,
) {
  const page = "page" in scope ? scope.page() : scope;
  const details = scope.locator("details", { has: page.locator("summary", { hasText: summary }) });
  await details.locator("summary").click();
  await details.getByLabel(when, { exact: true }).check();
  if (day) await details.getByLabel(/^Gün/).fill(day);
  await details.getByRole("button", { name: "İşaretle" }).click();
}
/** The episode page's İzledim sheet. */
const logSheet = (page: Page) => page.locator("details[data-log-sheet]");

describeInBrowser("episode tracking", () => {
  it("with JavaScript (desktop): marks an episode, up to here and a season at once, shows progress and moves İzlemeye Devam Et on", async () => {
    const cookie = await account("Deniz Yılmaz");
    const page = await tab(cookie, { viewport: PHONE });

    // The episode page's İzledim sheet at phone width: the day is today, Puanım the one rating.
    await page.goto(episodePath(1));
    await page.locator("summary", { hasText: "İzledim" }).click();
    const sheet = logSheet(page);
    expect(await sheet.getByLabel("İzleme tarihi").inputValue()).toBe("2008-02-12");
    // The page's own Puanım steps aside while the sheet is open: one rating control.
    expect(await page.locator("[data-my-rating]").isVisible()).toBe(false);
    await sheet.getByRole("radio", { name: "Puan: 9/10" }).check({ force: true });
    await sheet.getByRole("button", { name: "Kaydet" }).click();
    await page
      .getByText("Bölüm izlendi olarak işaretlendi · Puanınız: 9/10 · Durum: İzliyorum")
      .first()
      .waitFor();
    await page.locator("summary", { hasText: "İzlendi" }).waitFor();
    expect(await sheet.getAttribute("open")).toBeNull();
    expect(
      await page.locator("[data-my-rating]").getByRole("radio", { name: "Puan: 9/10" }).isChecked(),
    ).toBe(true);
    // Open again: Puanım filled in, "Tekrar izledim" offered, and the mark can be taken back.
    await page.locator("summary", { hasText: "İzlendi" }).click();
    expect(await sheet.getByRole("radio", { name: "Puan: 9/10" }).isChecked()).toBe(true);
    expect(await sheet.getByLabel("Tekrar izledim").isChecked()).toBe(true);
    expect(await sheet.getByText("Bu bölümü 12 Şubat 2008 tarihinde izlediniz.").isVisible()).toBe(
      true,
    );
    await sheet.getByLabel("İzleme tarihi").fill("2008-02-01");
    await sheet.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Bölümü tekrar izlediniz (1 Şubat 2008)").first().waitFor();
    await page.setViewportSize(DESKTOP);

    await page.goto("/dashboard");
    const list = upNext(page);
    await list.getByText("1. Sezon 2. Bölüm").waitFor();
    expect(await list.getByText("27 Ocak 2008").isVisible()).toBe(true);
    await list.getByRole("button", { name: /^İzledim/ }).click();
    // The row moves on to the third episode, then (after the server) to the fourth, not aired.
    await list.getByText("1. Sezon 3. Bölüm").waitFor();
    await page.getByText("Bölüm izlendi olarak işaretlendi").first().waitFor();
    await list.getByRole("button", { name: /^İzledim/ }).click();
    await list.getByText("17 Şubat 2008 tarihinde yayınlanacak").waitFor();
    expect(await list.getByRole("button").count()).toBe(0);

    await page.goto(SEASON);
    await progress(page, "1. Sezon", "3/3 bölüm").waitFor();
    expect(await row(page, 4).getByText("Henüz yayınlanmadı").isVisible()).toBe(true);
    expect(await row(page, 4).getByRole("button").count()).toBe(0);
    // "Sezon İzlendi" takes the season back, "Buraya kadar izledim" marks the first two.
    await page.getByRole("button", { name: "Sezon İzlendi" }).click();
    await progress(page, "1. Sezon", "0/3 bölüm").waitFor();
    await page.getByText("1. Sezonun işaretleri kaldırıldı").first().waitFor();
    await bulkMark(row(page, 2), /Buraya kadar/);
    await progress(page, "1. Sezon", "2/3 bölüm").waitFor();
    expect(await row(page, 1).getByRole("button", { name: "İzlendi" }).isVisible()).toBe(true);
    expect(await row(page, 3).getByRole("button", { name: "Bölümü İzledim" }).isVisible()).toBe(
      true,
    );
    await page.getByText("2 bölüm işaretlendi").first().waitFor();
    await bulkMark(page, "Sezonu İzledim");
    await page.getByRole("button", { name: "Sezon İzlendi" }).waitFor();
    await page.getByText("1. Sezon izlendi olarak işaretlendi").first().waitFor();
    // Un-marking one row by its toggle.
    await row(page, 3).getByRole("button", { name: "İzlendi" }).click();
    await progress(page, "1. Sezon", "2/3 bölüm").waitFor();
    await page.getByText("Bölümün işareti kaldırıldı").first().waitFor();

    await page.goto(`/dizi/${SERIES}`);
    await progress(page, "Dizi ilerlemesi", "2/3 bölüm").waitFor();
    expect(await progress(page, "1. Sezon", "2/3 bölüm").isVisible()).toBe(true);
    expect(page.context().pages()).toHaveLength(1);
  });

  it("without JavaScript (phone): the same forms post and come back with the change", async () => {
    const cookie = await account("Ece Şahin");
    const page = await tab(cookie, { viewport: PHONE, javaScript: false });

    // The episode page's İzledim sheet without JavaScript: a day after today is refused on the
    // page with what was typed; a past day and Puanım are kept.
    await page.goto(episodePath(2));
    const sheet = logSheet(page);
    await page.locator("summary", { hasText: "İzledim" }).click();
    await sheet.getByLabel("İzleme tarihi").fill("2008-03-01");
    await sheet.getByRole("radio", { name: "Puan: 7/10" }).check({ force: true });
    await sheet.getByRole("button", { name: "Kaydet" }).click();
    await sheet.getByText("İzlediğiniz tarih bugünden sonra olamaz").waitFor();
    expect(await sheet.getByLabel("İzleme tarihi").inputValue()).toBe("2008-03-01");
    expect(await sheet.getByRole("radio", { name: "Puan: 7/10" }).isChecked()).toBe(true);
    // The refusal is answered with 400, which the browser logs: that one is expected.
    errors.splice(0);
    await sheet.getByLabel("İzleme tarihi").fill("2008-01-28");
    await sheet.getByRole("button", { name: "Kaydet" }).click();
    await page.waitForURL(`**${episodePath(2)}`);
    await page.locator("summary", { hasText: "İzlendi" }).click();
    expect(await sheet.getByText("Bu bölümü 28 Ocak 2008 tarihinde izlediniz.").isVisible()).toBe(
      true,
    );

    await page.goto(SEASON);
    expect(await progress(page, "1. Sezon", "1/3 bölüm").isVisible()).toBe(true);
    await bulkMark(row(page, 3), /Buraya kadar/);
    // Back on the same row.
    await page.waitForURL(`**${SEASON}#bolum-3`);
    await progress(page, "1. Sezon", "3/3 bölüm").waitFor();
    await page.getByRole("button", { name: "Sezon İzlendi" }).click();
    await progress(page, "1. Sezon", "0/3 bölüm").waitFor();
    await bulkMark(page, "Sezonu İzledim");
    await progress(page, "1. Sezon", "3/3 bölüm").waitFor();
    await row(page, 3).getByRole("button", { name: "İzlendi" }).click();
    await page.waitForURL(`**${SEASON}#bolum-3`);
    await progress(page, "1. Sezon", "2/3 bölüm").waitFor();

    await page.goto("/dashboard");
    const list = upNext(page);
    expect(await list.getByText("1. Sezon 3. Bölüm").isVisible()).toBe(true);
    await list.getByRole("button", { name: /^İzledim/ }).click();
    await page.waitForURL("**/dashboard#izlemeye-devam-et");
    await upNext(page).getByText("17 Şubat 2008 tarihinde yayınlanacak").waitFor();

    await page.goto(`/dizi/${SERIES}`);
    expect(await progress(page, "Dizi ilerlemesi", "3/3 bölüm").isVisible()).toBe(true);
  });

  it("refuses a special, a negative number or an unknown episode with a Turkish message and stores nothing", async () => {
    const cookie = await account("Can Öztürk");
    const cases: [Record<string, string>, string][] = [
      [{ season: "0", episode: "1" }, "Özel bölümler işaretlenemez"],
      [{ season: "1", episode: "-2" }, "Bu bölüm bulunamadı"],
      [{ season: "1", episode: "99" }, "Bu bölüm bulunamadı"],
      [{ season: "1", episode: "4" }, "Bu bölüm henüz yayınlanmadı"],
      [{ season: "1", episode: "x'; drop" }, "Bu bölüm bulunamadı"],
      [{ season: "1", episode: "1", seriesId: "999999" }, "Bu bölüm bulunamadı"],
      [{ intent: "season", season: "1", episode: "", seriesId: "999999" }, "Bu sezon bulunamadı"],
    ];
    for (const [fields, message] of cases) {
      const answer = await post(
        "/bolum-izle",
        { intent: "mark", seriesId: String(SERIES), returnTo: SEASON, ...fields },
        cookie,
      );
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(SEASON);
      const toast = answer.headers
        .getSetCookie()
        .find((value) => value.startsWith("perde_toast="))!
        .split(";")[0]!;
      const back = await fetch(`${server.url}${SEASON}`, {
        headers: { Cookie: `${cookie}; ${toast}` },
      });
      expect(await back.text()).toContain(message);
    }
    const page = await tab(cookie);
    await page.goto(SEASON);
    expect(await progress(page, "1. Sezon", "0/3 bölüm").isVisible()).toBe(true);
  });

  it("shows a second person none of the first's marks, and anonymous visitors the same public page", async () => {
    const first = await account("Ayşe Kaya");
    for (const episode of ["1", "2"])
      await post(
        "/bolum-izle",
        { intent: "mark", seriesId: String(SERIES), season: "1", episode },
        first,
      );
    const second = await account("Mehmet Demir");
    // Mehmet sends Ayşe's episode to un-mark: only his own (none) could change.
    await post(
      "/bolum-izle",
      { intent: "unmark", seriesId: String(SERIES), season: "1", episode: "1" },
      second,
    );

    const page = await tab(second, { viewport: PHONE });
    await page.goto(SEASON);
    await progress(page, "1. Sezon", "0/3 bölüm").waitFor();
    expect(await page.getByRole("button", { name: "İzlendi" }).count()).toBe(0);
    await page.goto("/dashboard");
    await page.getByText("sıradaki bölüm burada görünür").waitFor();
    expect(await upNext(page).count()).toBe(0);

    // The data export holds each person's own marks.
    const exported = async (cookie: string) =>
      (
        (await (
          await fetch(`${server.url}/hesap/verilerim`, { headers: { Cookie: cookie } })
        ).json()) as {
          episodeWatches: { seriesId: number; seasonNumber: number; episodeNumber: number }[];
        }
      ).episodeWatches;
    expect(await exported(second)).toEqual([]);
    expect(
      (await exported(first)).map((row) => [row.seriesId, row.seasonNumber, row.episodeNumber]),
    ).toEqual([
      [SERIES, 1, 1],
      [SERIES, 1, 2],
    ]);

    // His own season, at phone width with JavaScript: his marks only.
    await page.goto(SEASON);
    await bulkMark(page, "Sezonu İzledim");
    await progress(page, "1. Sezon", "3/3 bölüm").waitFor();
    await page.getByText("1. Sezon izlendi olarak işaretlendi").first().waitFor();

    const own = await tab(first);
    await own.goto(SEASON);
    await progress(own, "1. Sezon", "2/3 bölüm").waitFor();

    // Anonymous: public, cacheable, no progress; the buttons lead to sign-in.
    const response = await fetch(`${server.url}${SEASON}`);
    expect(response.headers.get("cache-control")).toContain("public");
    const html = await response.text();
    expect(html).not.toContain("progressbar");
    const visitor = await tab(null, { viewport: PHONE });
    await visitor.goto(episodePath(1));
    await visitor.getByRole("link", { name: "İzledim", exact: true }).click();
    await visitor.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(visitor.url()).searchParams.get("donus")).toBe(episodePath(1));
  });
});
