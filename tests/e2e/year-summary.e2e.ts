import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user } from "~/db/auth-schema";
import { openDatabase } from "~/db/client.server";
import { diaryEntries, titleFacts } from "~/db/history-schema";
import { reviews } from "~/db/schema";
import { episodeWatches } from "~/db/tracking-schema";
import { preparedDataDir, startAppServer, type TestServer } from "../support/app-server";
import { Visitor } from "../support/raw-http";
import { describeInBrowser, PHONE, useBrowser } from "./browser";

/*
 * Issue 24, parts 3 and 5: "Yıllık özet" and the history's CSV downloads. The server runs on a
 * fixed day (PERDE_NOW) and its own data folder: a person signs up, the server stops, a short
 * history is written into its database (as the diary and the episode marks would write it), and
 * the server starts again on the same folder.
 */

const EMAIL = `ozet${Date.now()}@example.com`;
let server: TestServer;
let cookie = "";
let env: Record<string, string>;

beforeAll(async () => {
  env = {
    CATALOGUE: "local",
    DATA_DIR: await preparedDataDir(),
    PERDE_NOW: "2026-06-15T09:00:00Z",
  };
  server = await startAppServer(env);
  const visitor = new Visitor(server.url);
  await visitor.signIn(EMAIL, "gizli123", "Özet Testi");
  cookie = visitor.cookieHeader
    .split("; ")
    .find((pair) => pair.startsWith("perde.session_token="))!;
  await server.stop();

  const handle = await openDatabase({ dataDir: env.DATA_DIR! });
  try {
    const [owner] = await handle.db.select().from(user).where(eq(user.email, EMAIL));
    const userId = owner!.id;
    await handle.db.insert(titleFacts).values([
      {
        itemType: "movie",
        itemId: 238,
        title: "Baba",
        runtime: 175,
        genreIds: [18, 80],
        directors: [{ id: 1776, name: "Francis Ford Coppola" }],
        cast: [{ id: 3084, name: "Marlon Brando" }],
      },
      {
        itemType: "movie",
        itemId: 240,
        title: "Baba 2",
        runtime: 202,
        genreIds: [18, 80],
        directors: [{ id: 1776, name: "Francis Ford Coppola" }],
        cast: [{ id: 1158, name: "Al Pacino" }],
      },
    ]);
    await handle.db.insert(diaryEntries).values([
      {
        userId,
        itemType: "movie",
        itemId: 238,
        watchedOn: "2026-01-04",
        rating: 10,
        review: '=HYPERLINK("x") "Baba", bir başyapıt;\nikinci satır.',
      },
      { userId, itemType: "movie", itemId: 240, watchedOn: "2026-03-21", rating: 9 },
      { userId, itemType: "movie", itemId: 238, watchedOn: "2026-05-30", rewatch: true },
      { userId, itemType: "movie", itemId: 240, watchedOn: "2025-08-01", rating: 8 },
    ]);
    await handle.db.insert(episodeWatches).values({
      userId,
      seriesId: 1396,
      seasonNumber: 1,
      episodeNumber: 1,
      watchedAt: new Date("2026-02-02T20:00:00Z"),
    });
    await handle.db.insert(reviews).values({ userId, itemType: "movie", itemId: 238, rating: 10 });
  } finally {
    await handle.close();
  }
  server = await startAppServer(env);
});
afterAll(async () => {
  await server?.end();
  if (env?.DATA_DIR) await rm(env.DATA_DIR, { recursive: true, force: true });
});

function get(path: string, withCookie = true) {
  return fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: withCookie ? { Cookie: cookie } : {},
  });
}

describeInBrowser("Yıllık özet", () => {
  const browser = useBrowser();

  async function signedIn(viewport?: { width: number; height: number }) {
    const page = await browser.newPage(viewport, server.url);
    const [name, value] = cookie.split("=");
    await page.context().addCookies([{ name: name!, value: value!, url: server.url }]);
    return page;
  }

  it("is only for the signed-in person, and names only real years", async () => {
    const anonymous = await get("/dashboard/ozet/2026", false);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    // Without a year: this year's, on the server's clock.
    const bare = await get("/dashboard/ozet");
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe("/dashboard/ozet/2026");
    for (const year of ["1899", "2028", "20x6", "02026"]) {
      const answer = await get(`/dashboard/ozet/${year}`);
      expect(answer.status, year).toBe(404);
      expect(await answer.text()).toContain("Aradığınız sayfa bulunamadı");
    }
    const page = await get("/dashboard/ozet/2026");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    // Drawn on the server: the bars and the table are in the HTML, no script needed.
    const html = await page.text();
    expect(html.match(/<svg[^>]*data-chart=/g)).toHaveLength(3);
    expect(html).toContain(
      "<caption>2026 yılında aylara göre filmler, bölümler ve saatler</caption>",
    );
  });

  it("shows the year's figures, charts and people on a desktop, linked from the dashboard", async () => {
    const page = await signedIn();
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "2026 özetim" }).click();
    await page.waitForURL("**/dashboard/ozet/2026");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("2026 Özetim");

    const stats = page.locator("dl").first();
    await expect.poll(() => stats.textContent()).toContain("İzlenen film3");
    const text = (await stats.textContent()) ?? "";
    expect(text).toContain("2 farklı film, 1 tekrar izleme");
    expect(text).toContain("Geçen yıla göre +2 film, %200 daha fazla");
    expect(text).toContain("İzlenen bölüm1");
    // 175 + 202 + 175 minutes of films and one episode at the stated 45 minutes: 597 → 10 saat.
    expect(text).toContain("Saat10");
    expect(await page.getByText("Süresini bilmediğimiz 1 bölüm 45 dakika sayıldı.").count()).toBe(
      1,
    );

    expect(await page.locator("svg[data-chart]").count()).toBe(3);
    // The same figures for screen readers: twelve months in a table.
    const rows = page.getByRole("table").getByRole("row");
    expect(await rows.count()).toBe(13);
    expect(await rows.nth(1).textContent()).toBe("Ocak103");
    expect(await rows.nth(2).textContent()).toBe("Şubat011");

    const directors = page.getByRole("list", { name: "En çok izlenen yönetmenler" });
    const coppola = directors.getByRole("link", { name: "Francis Ford Coppola" });
    expect(await coppola.getAttribute("href")).toBe("/oyuncu/francis-ford-coppola-1776");
    expect(await directors.textContent()).toContain("3 izleme");
    expect(await page.getByText("Ortalama puan: 9.5/10").count()).toBe(1);
    const edges = page.locator("section", {
      has: page.getByRole("heading", { name: "Yılın İlki ve Sonu" }),
    });
    expect(await edges.textContent()).toContain("İlk izlemeBaba4 Ocak 2026");
    expect(await edges.textContent()).toContain("Son izlemeBaba30 Mayıs 2026");
    expect(browser.errors).toEqual([]);
  });

  it("fits a phone, and says so plainly when a year is empty", async () => {
    const page = await signedIn(PHONE);
    await page.goto("/dashboard/ozet/2026");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.getByRole("link", { name: "← 2025 özeti" }).click();
    await page.waitForURL("**/dashboard/ozet/2025");
    await page.getByRole("link", { name: "← 2024 özeti" }).click();
    await page.waitForURL("**/dashboard/ozet/2024");
    await expect
      .poll(() => page.getByText("2024 yılında izlediğiniz bir film ya da bölüm yok.").count())
      .toBe(1);
    expect(await page.getByRole("link", { name: "2025 özeti →" }).count()).toBe(1);
  });
});

describeInBrowser("the history's CSV downloads", () => {
  const browser = useBrowser();

  it("offers both files on the account page, as private attachments with a BOM", async () => {
    const page = await browser.newPage(PHONE, server.url);
    const [name, value] = cookie.split("=");
    await page.context().addCookies([{ name: name!, value: value!, url: server.url }]);
    await page.goto("/hesap");
    for (const [label, path, file] of [
      ["Letterboxd CSV İndir", "/hesap/disa-aktar/letterboxd", "perde-letterboxd.csv"],
      ["IMDb CSV İndir", "/hesap/disa-aktar/imdb", "perde-imdb-puanlar.csv"],
    ] as const) {
      expect(await page.getByRole("link", { name: label }).getAttribute("href")).toBe(path);
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${file}"`);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // Nobody else's file: without a session, the sign-in page.
      const anonymous = await get(path, false);
      expect(anonymous.status).toBe(302);
    }
    const letterboxd = await (await get("/hesap/disa-aktar/letterboxd")).text();
    expect(letterboxd).toContain(`"'=HYPERLINK(""x"") ""Baba"", bir başyapıt;\nikinci satır."`);
    // The embedded catalogue knows this film's IMDb id, original title and year.
    expect(letterboxd).toContain("238,tt0068646,The Godfather,1972,2026-01-04,5,10,false,,");
    const imdb = await (await get("/hesap/disa-aktar/imdb")).text();
    expect(imdb).toMatch(
      /^tt0068646,10,\d{4}-\d{2}-\d{2},The Godfather,https:\/\/www\.imdb\.com\/title\/tt0068646\/,Movie,1972\r$/m,
    );
    // (text() leaves out the BOM, checked above.)
    expect(letterboxd.split("\r\n")[0]).toBe(
      "tmdbID,imdbID,Title,Year,WatchedDate,Rating,Rating10,Rewatch,Tags,Review",
    );
  });
});
