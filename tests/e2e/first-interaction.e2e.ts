import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { launchChromium } from "./chromium";
import { describeInBrowser, MENU_CONTROL, PHONE, SEARCH_CONTROL } from "./browser";

/*
 * Issue #22, items 10-11 (decision 015): a phone visitor's first tap, before the page has
 * hydrated, is never lost; and every form of /auth works without JavaScript.
 *
 * The phone pages here are fresh contexts with touch (a tap is touchstart / touchend, which
 * Chromium turns into pointer, mouse and click events as a phone does). To be sure the tap comes
 * before React listens, the page's scripts are held back until the tap has been made, then let
 * through: the tap has to be kept and answered, however long the scripts take. Scripts asked for
 * after that are held for good: the first tap must be answered with the modules the page named,
 * not wait for a second download (one more round trip and React's 300 ms hold on a revealed
 * Suspense boundary, on a phone's network).
 */

const baseURL = inject("baseURL");
const FILM = "/film/baba-1972-238";
let counter = 0;
const uniqueEmail = () => `ilk-dokunus-${Date.now()}-${counter++}@example.com`;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newContext(options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ baseURL, locale: "tr-TR", ...options });
  contexts.push(context);
  return context;
}

/**
 * A phone with touch, and the site's scripts held: `release()` waits until the browser has asked
 * for every module the page names (its module preloads, turned on by the tap: under load that
 * comes a moment after the tap), then lets through those asked for so far; a module first asked
 * for later stays held.
 */
async function phoneWithHeldScripts() {
  const context = await newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const held: Route[] = [];
  const late: string[] = [];
  const asked = new Set<string>();
  let onAsked = () => {};
  let released = false;
  await page.route("**/assets/*.js", (route) => {
    const path = new URL(route.request().url()).pathname;
    // The same module asked again after the release (the tap's import of a module whose idle
    // prefetch was still held here) is no new download: it goes through. A module never asked
    // before the release would be one, and stays held.
    if (released && asked.has(path)) void route.continue();
    else if (released) late.push(path);
    else {
      held.push(route);
      asked.add(path);
      onAsked();
    }
  });
  const release = async () => {
    // A tap that followed a link left the page: nothing to wait for then.
    const named = await page
      .evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel$="modulepreload"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      )
      .catch(() => [] as string[]);
    // Waits for the requests themselves, not for a time.
    await new Promise<void>((resolve) => {
      onAsked = () => {
        if (named.every((path) => asked.has(path))) resolve();
      };
      onAsked();
      // Or the tap followed a link after all: the page named will never ask.
      page.once("framenavigated", () => resolve());
    });
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
  return { page, release, late };
}

/** A phone's tap in the middle of the element (scrolled to, as a finger would), nothing waited for. */
async function tap(page: Page, selector: string) {
  const element = page.locator(selector).first();
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated === "true");

describeInBrowser("the first tap on a phone", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });

  it("opens the sign-up tab of /auth on the first tap, before any script has run", async () => {
    const { page, release } = await phoneWithHeldScripts();
    await page.goto("/auth", { waitUntil: "load" });
    expect(await page.getByLabel("Ad Soyad").isVisible()).toBe(false);
    // Before hydration the tabs are radio buttons (issue #34.1): the browser answers the tap.
    expect(await page.getByRole("tab").count()).toBe(0);
    await tap(page, '[data-auth-tab="signup"]');
    expect(await page.getByLabel("Ad Soyad").isVisible()).toBe(true);
    expect(await isHydrated(page)).toBe(false);
    await page.getByLabel("Ad Soyad").fill("Ece");
    await release();
    // Hydrated, the choice is kept: the tab roles, the URL, and what was typed.
    const tab = page.getByRole("tab", { name: "Kayıt Ol" });
    await tab.waitFor();
    await page.waitForURL((url) => url.searchParams.get("sekme") === "kayit");
    expect(await tab.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tabpanel").getByLabel("Ad Soyad").inputValue()).toBe("Ece");
  });

  it("focuses the search field on the first tap before hydration; the dialog then takes over", async () => {
    // Decision 026: the magnifier is the label of a form's field, so the browser answers the tap.
    const { page, release, late } = await phoneWithHeldScripts();
    await page.goto("/", { waitUntil: "load" });
    await tap(page, SEARCH_CONTROL);
    const field = page.locator('header input[name="q"]');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.evaluate((input) => getComputedStyle(input).opacity)).toBe("1");
    expect(await isHydrated(page)).toBe(false);
    await page.keyboard.type("örn");
    await release();
    // Hydrated, the live dialog takes over with what was typed, with no second download.
    const combobox = page.getByRole("dialog").getByRole("combobox");
    await combobox.waitFor({ timeout: 10_000 }).catch((error: Error) => {
      throw new Error(`${error.message}\nscripts asked for after the page's own: ${late}`);
    });
    expect(await combobox.inputValue()).toBe("örn");
    expect(await combobox.evaluate((input) => input === document.activeElement)).toBe(true);
  });

  it("opens the phone menu on the first tap before hydration", async () => {
    const { page, release } = await phoneWithHeldScripts();
    await page.goto(FILM, { waitUntil: "load" });
    await tap(page, MENU_CONTROL);
    const menu = page.getByRole("navigation", { name: "Mobil menü" });
    expect(await menu.isVisible()).toBe(true);
    expect(await isHydrated(page)).toBe(false);
    await release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 10_000 });
    // Hydration keeps it open; once hydrated, Escape closes it. (A followed link closing it:
    // shell.e2e.ts; here a new route's module would stay held.)
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
  });

  it("opens another filmography section on the first tap, before hydration", async () => {
    // The person page's filmography: 'Filmler (n)' open, 'Diziler (n)' a closed disclosure.
    const { page } = await phoneWithHeldScripts();
    await page.goto("/oyuncu/tom-cruise-500", { waitUntil: "load" });
    const series = page.locator("details", { has: page.locator('summary:has-text("Diziler")') });
    const movies = page.locator("details", { has: page.locator('summary:has-text("Filmler")') });
    expect(await series.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    await tap(page, 'summary:has-text("Diziler")');
    expect(await series.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
    // One open at a time, as tabs: the browser closed the other.
    expect(await movies.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    expect(await isHydrated(page)).toBe(false);
  });

  it("works the header, the menu and the tabs without JavaScript", async () => {
    const context = await newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(FILM);
    // Search: the tap focuses the field, Enter opens the results page.
    await tap(page, SEARCH_CONTROL);
    const field = page.locator('header input[name="q"]');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type("Dövüş Kulübü");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/ara");
    expect(new URL(page.url()).searchParams.get("q")).toBe("Dövüş Kulübü");
    await page.getByRole("heading", { level: 1, name: "“Dövüş Kulübü” için sonuçlar" }).waitFor();
    await page
      .getByRole("link", { name: /Dövüş Kulübü/ })
      .first()
      .waitFor();
    // The menu: a disclosure with the sections and the sign-in link.
    const menu = page.getByRole("navigation", { name: "Mobil menü" });
    expect(await menu.isVisible()).toBe(false);
    await tap(page, MENU_CONTROL);
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Giriş Yap" }).last().isVisible()).toBe(true);
    await menu.getByRole("link", { name: "Filmler" }).click();
    await page.waitForURL("**/filmler");
    // A person's filmography: one section open at a time.
    await page.goto("/oyuncu/tom-cruise-500");
    const series = page.locator("details", { has: page.locator('summary:has-text("Diziler")') });
    const movies = page.locator("details", { has: page.locator('summary:has-text("Filmler")') });
    const isOpen = (details: HTMLDetailsElement) => details.open;
    expect(await series.evaluate(isOpen)).toBe(false);
    await tap(page, 'summary:has-text("Diziler")');
    expect(await series.evaluate(isOpen)).toBe(true);
    expect(await movies.evaluate(isOpen)).toBe(false);
    expect(await movies.locator("h3").first().isVisible()).toBe(false);
  });

  it("reaches and uses both forms of /auth without JavaScript", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth");
    // Sign-in is the default tab; sign-up is a radio button away, with no page load.
    expect(await page.getByLabel("Ad Soyad").isVisible()).toBe(false);
    const loads: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") loads.push(request.url());
    });
    await page.locator('[data-auth-tab="signup"]').click();
    expect(await page.getByRole("radio", { name: "Kayıt Ol" }).isChecked()).toBe(true);
    const signUp = page.locator("#auth-panel-signup");
    expect(await signUp.getByLabel("Ad Soyad").isVisible()).toBe(true);
    expect(loads).toEqual([]);
    const email = uniqueEmail();
    await signUp.getByLabel("Ad Soyad").fill("Çağla Yücel");
    await signUp.getByLabel("E-posta").fill(email);
    await signUp.getByLabel("Şifre").fill("gizli123");
    await signUp.getByRole("button", { name: "Kayıt Ol" }).click();
    // The answer is the sign-in tab with the message, the address filled in.
    // A toast, and the same words kept in the page until the next action.
    await page.getByText("Kayıt başarılı! Giriş yapabilirsiniz.").first().waitFor();
    const signIn = page.locator("#auth-panel-signin");
    expect(await signIn.getByLabel("E-posta").isVisible()).toBe(true);
    expect(await signIn.getByLabel("E-posta").inputValue()).toBe(email);
    await signIn.getByLabel("Şifre").fill("gizli123");
    await signIn.getByRole("button", { name: "Giriş Yap" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { level: 1, name: "Hoş geldiniz, Çağla Yücel!" }).waitFor();
    // `?sekme=kayit` opens sign-up on the server; sign-in is a radio button away too.
    const other = await (await newContext({ javaScriptEnabled: false })).newPage();
    await other.goto("/auth?sekme=kayit");
    expect(await other.getByLabel("Ad Soyad").isVisible()).toBe(true);
    await other.locator('[data-auth-tab="signin"]').click();
    expect(await other.getByLabel("Ad Soyad").isVisible()).toBe(false);
    expect(await other.locator("#auth-panel-signin").getByLabel("E-posta").isVisible()).toBe(true);
  });

  it("switches tabs on the client once hydrated, without asking the server", async () => {
    const context = await newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/auth");
    await page.mouse.move(10, 10);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document" || request.url().includes(".data"))
        documents.push(request.url());
    });
    await page.getByRole("tab", { name: "Kayıt Ol" }).click();
    await page.getByLabel("Ad Soyad").waitFor({ state: "visible" });
    await page.waitForURL("**/auth?sekme=kayit");
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("tabpanel").getByRole("button", { name: "Giriş Yap" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Giriş Yap");
    expect(documents).toEqual([]);
  });
});
