// Screenshots of pages at phone (390 px) and desktop (1280 px) widths, for looking at what we built.
//
//   npm run screenshots
//     builds when needed, starts the built site on the embedded catalogue with a data folder of
//     its own, signs up a visitor (with a watchlist entry and a list), and writes every page of
//     the route table, anonymous and signed in, at both widths into screenshots/ (git-ignored).
//   npx tsx scripts/screenshot.ts http://localhost:3000 / /filmler … [--out dir] [--cookie name=value]
//     the given paths of a site that is already running (--cookie: a session cookie, to see
//     signed-in pages such as /hesap).
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../tests/e2e/chromium";
import { startAppServer } from "../tests/support/app-server";

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const outDir = outIndex >= 0 ? args.splice(outIndex, 2)[1]! : "screenshots";
const cookieIndex = args.indexOf("--cookie");
const cookie = cookieIndex >= 0 ? args.splice(cookieIndex, 2)[1]! : null;
const all = args[0] === "--all";
const [base, ...givenPaths] = args;
if (!all && (!base || givenPaths.length === 0)) {
  console.error("usage: tsx scripts/screenshot.ts --all | BASE_URL PATH… [--out DIR]");
  process.exit(2);
}

/** A file name for a page: "/dizi/x-1/sezon/1" → "dizi-x-1-sezon-1". */
const fileName = (pagePath: string) =>
  pagePath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";

async function shoot(page: Page, baseUrl: string, pagePath: string, label: string, dir: string) {
  const response = await page.goto(new URL(pagePath, baseUrl).toString(), {
    waitUntil: "networkidle",
  });
  // Wake the page as a visitor would (decision 014), so what it shows once hydrated is shown.
  await page.mouse.move(5, 5);
  const file = path.join(dir, `${fileName(pagePath)}-${label}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`${response?.status() ?? "?"} ${file}`);
}

async function shootAt(
  browser: Browser,
  baseUrl: string,
  paths: string[],
  dir: string,
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  for (const [label, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport, locale: "tr-TR", colorScheme: "dark" });
    await prepare?.(context);
    const page = await context.newPage();
    for (const pagePath of paths) await shoot(page, baseUrl, pagePath, label, dir);
    await context.close();
  }
}

/** The first link on a page whose address matches. */
async function firstHref(page: Page, baseUrl: string, from: string, pattern: RegExp) {
  await page.goto(new URL(from, baseUrl).toString());
  const hrefs = await page.$$eval("main a[href]", (links) =>
    links.map((link) => link.getAttribute("href")!),
  );
  const found = hrefs.find((href) => pattern.test(href));
  if (!found) throw new Error(`no link like ${pattern} on ${from}`);
  return found;
}

/** Every page of the route table on the embedded catalogue, anonymous and signed in. */
async function everyRoute(browser: Browser) {
  const server = await startAppServer({ CATALOGUE: "local" });
  try {
    const baseUrl = server.url;
    const context = await browser.newContext({ viewport: WIDTHS.desktop, locale: "tr-TR" });
    const page = await context.newPage();
    const film = await firstHref(page, baseUrl, "/", /^\/film\//);
    const series = await firstHref(page, baseUrl, "/diziler/dram-18", /^\/dizi\/[^/]+$/);
    const season = await firstHref(page, baseUrl, series, /\/sezon\/\d+$/);
    const episode = await firstHref(page, baseUrl, season, /\/bolum\/\d+$/);
    const person = await firstHref(page, baseUrl, "/oyuncular", /^\/oyuncu\//);
    const award = await firstHref(page, baseUrl, "/oduller", /^\/oduller\/[^/]+/);

    // A visitor with something to show: signed up, a film on the watchlist, a list.
    await page.goto(new URL("/auth?sekme=kayit", baseUrl).toString());
    await page.mouse.move(5, 5);
    await page.waitForSelector("html[data-hydrated]");
    const form = page.getByRole("tabpanel");
    const email = `ekran-${Date.now()}@example.com`;
    await form.getByLabel("Ad Soyad").fill("Ekran Görüntüsü");
    await form.getByLabel("E-posta").fill(email);
    await form.getByLabel("Şifre").fill("gizli123");
    await form.getByRole("button", { name: "Kayıt Ol" }).click();
    await page.getByText("Kayıt başarılı!").first().waitFor();
    await page.goto(new URL("/auth", baseUrl).toString());
    await page.mouse.move(5, 5);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("tabpanel").getByLabel("E-posta").fill(email);
    await page.getByRole("tabpanel").getByLabel("Şifre").fill("gizli123");
    await page.getByRole("tabpanel").getByRole("button", { name: "Giriş Yap" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto(new URL(film, baseUrl).toString());
    await page.mouse.move(5, 5);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("button", { name: "İzleme listeme ekle", exact: true }).first().click();
    await page.getByText("Listenize eklendi").first().waitFor();
    await page.goto(new URL("/dashboard/listeler", baseUrl).toString());
    await page.getByLabel("Liste adı").fill("Yağmurlu pazar filmleri");
    await page.getByRole("button", { name: "Liste oluştur" }).click();
    await page.waitForURL(/\/dashboard\/listeler\/\d+/);
    const listEdit = new URL(page.url()).pathname;
    const signedIn = await context.cookies();
    await context.close();

    const anonymous = [
      "/",
      "/filmler",
      "/filmler/dram-18",
      "/filmler/dram-18/en-yeni-aile-dostu",
      "/diziler",
      "/diziler/dram-18",
      "/vizyonda",
      "/oyuncular",
      "/oduller",
      award,
      film,
      series,
      season,
      episode,
      person,
      "/ara?q=yaz",
      "/auth",
      "/auth?sekme=kayit",
      "/sifremi-unuttum",
      "/bu-sayfa-yok",
    ];
    const mine = [
      "/dashboard",
      "/dashboard/liste",
      "/dashboard/listeler",
      listEdit,
      `${listEdit}/paylasim`,
      "/dashboard/gunluk",
      "/dashboard/ozet",
      "/takvim",
      "/hesap",
      "/hesap/ice-aktar",
      film,
      season,
    ];
    const signedInDir = path.join(outDir, "oturum-acik");
    mkdirSync(signedInDir, { recursive: true });
    await shootAt(browser, baseUrl, anonymous, outDir);
    await shootAt(browser, baseUrl, mine, signedInDir, (context) => context.addCookies(signedIn));
  } finally {
    await server.stop();
  }
}

if (all) rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
try {
  if (all) await everyRoute(browser);
  else
    await shootAt(browser, base!, givenPaths, outDir, async (context) => {
      if (!cookie) return;
      const [name, ...value] = cookie.split("=");
      await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
    });
} finally {
  await browser.close();
}
