import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { raw, Visitor } from "../support/raw-http";
import { describeInBrowser, PHONE, SEARCH_CONTROL, useBrowser } from "./browser";

/*
 * Decisions 014 and 015: an anonymous page downloads no JavaScript before its load event and
 * runs none until the visitor first interacts (the modules are fetched once it has loaded); then
 * it hydrates, and a click on a button that only JavaScript answers is not lost. Signed-in
 * visitors and pages with a toast hydrate at once. Pages here are `untouched`: their `goto` does
 * not move the pointer as the shared helper's does.
 */

const FILM = "/film/baba-1972-238";

/**
 * Opens `path` without touching the page, recording every script the browser asks for, and
 * those asked for before the load event.
 */
async function openUntouched(page: Page, path: string) {
  const scripts: string[] = [];
  const beforeLoad: string[] = [];
  let loaded = false;
  page.once("load", () => (loaded = true));
  page.on("request", (request) => {
    // Scripts, and the prefetches of scripts an anonymous page makes after its load event.
    const { pathname } = new URL(request.url());
    if (request.resourceType() !== "script" && !pathname.endsWith(".js")) return;
    scripts.push(pathname);
    if (!loaded) beforeLoad.push(request.url());
  });
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return Object.assign(scripts, { beforeLoad });
}

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated === "true");

describeInBrowser("the first visit", () => {
  const browser = useBrowser();

  it("runs no script until the first interaction, then hydrates and the live dialog takes over", async () => {
    const page = await browser.newPage(PHONE, undefined, { untouched: true });
    // The prefetch waits for the browser to be idle after the load event: on a busy machine that
    // can come after the network has been quiet for a while, so the test waits for the request.
    const prefetched = page.waitForRequest((request) => request.url().includes("entry.client"));
    const scripts = await openUntouched(page, FILM);
    // The whole page is there, with working links, and nothing ran but the inline wake script:
    // the modules were only prefetched, after the load event.
    await page.getByRole("heading", { level: 1, name: "Baba" }).waitFor();
    expect(scripts.beforeLoad).toEqual([]);
    await prefetched;
    expect(scripts.some((script) => script.includes("entry.client"))).toBe(true);
    expect(await isHydrated(page)).toBe(false);
    expect(await page.locator('script[type="perde/deferred"]').count()).toBe(1);

    // A tap on the search control focuses its field (HTML, decision 026), which wakes the page:
    // the scripts load, React hydrates, and the live dialog takes over from the field.
    await page.locator(SEARCH_CONTROL).click();
    await page.getByRole("dialog").getByRole("combobox").waitFor();
    expect(await isHydrated(page)).toBe(true);
    expect(browser.errors).toEqual([]);

    // From here on it is the app as before: client navigation, no full reload.
    await page.keyboard.press("Escape");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole("link", { name: "Dram" }).first().click();
    await page.waitForURL("**/filmler/dram-18");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it("a page from the cache, the same bytes for everyone, hydrates under its hashed policy", async () => {
    // Decision 023: a stored page carries no nonce; its policy lists its inline scripts' hashes.
    const path = "/film/dovus-kulubu-1999-550";
    const first = await raw(browser.baseURL, { path });
    let stored = await raw(browser.baseURL, { path });
    while (stored.headers["x-cache"] !== "HIT") stored = await raw(browser.baseURL, { path });
    expect(stored.body).toBe(first.body);
    const policy = String(stored.headers["content-security-policy"]);
    expect(policy).toBe(String(first.headers["content-security-policy"]));
    expect(policy).toMatch(/script-src 'sha256-[^;]+ 'strict-dynamic';/);
    expect(policy).not.toContain("'nonce-");
    expect(/script-src ([^;]+)/.exec(policy)![1]).not.toContain("unsafe");

    const page = await browser.newPage(PHONE, undefined, { untouched: true });
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { violations: string[] }).violations = []);
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const response = await page.goto(path, { waitUntil: "load" });
    expect(response?.headers()["x-cache"]).toBe("HIT");
    expect(response?.headers()["content-security-policy"]).toBe(policy);
    await page.waitForLoadState("networkidle");
    // The wake script (hashed) brings the module script (hashed) to life, which loads the rest.
    await page.locator(SEARCH_CONTROL).click();
    await page.getByRole("dialog").getByRole("combobox").waitFor();
    expect(await isHydrated(page)).toBe(true);
    const violations = await page.evaluate(
      () => (window as unknown as { violations: string[] }).violations,
    );
    expect(violations).toEqual([]);
    expect(browser.errors).toEqual([]);
  });

  it("wakes on the keyboard too, and a link followed before hydration is an ordinary link", async () => {
    const page = await browser.newPage(undefined, undefined, { untouched: true });
    expect((await openUntouched(page, "/")).beforeLoad).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    await page.keyboard.press("Tab");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    const other = await browser.newPage(undefined, undefined, { untouched: true });
    await openUntouched(other, "/");
    await other.locator('nav a[href="/filmler"]').first().dispatchEvent("click");
    await other.waitForURL("**/filmler");
    await other.getByRole("heading", { level: 1, name: "Film Kategorileri" }).waitFor();
  });

  it("hydrates a signed-in visitor's page, and an anonymous page with a toast, at once", async () => {
    const visitor = new Visitor(browser.baseURL);
    await visitor.signIn(`ilk-ziyaret-${Date.now()}@example.com`, "gizli123", "İlk Ziyaret");
    const page = await browser.newPage(undefined, undefined, { untouched: true });
    const [name, value] = visitor.cookieHeader
      .split("; ")
      .find((pair) => pair.includes("session_token"))!
      .split("=");
    await page.context().addCookies([{ name: name!, value: value!, url: browser.baseURL }]);
    const scripts = await openUntouched(page, FILM);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(scripts.length).toBeGreaterThan(0);
    expect(await page.locator('script[type="perde/deferred"]').count()).toBe(0);

    // An anonymous visitor's watchlist post lands on /auth with a toast: shown without a touch.
    const anonymous = await browser.newPage(undefined, undefined, { untouched: true });
    await openUntouched(anonymous, FILM);
    await anonymous.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/liste";
      for (const [name, value] of [
        ["itemType", "movie"],
        ["itemId", "238"],
        ["intent", "add"],
      ]) {
        const input = document.createElement("input");
        input.name = name!;
        input.value = value!;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    });
    await anonymous.waitForURL((url) => url.pathname === "/auth");
    await anonymous.getByText("Lütfen giriş yapın").first().waitFor();
    expect(await isHydrated(anonymous)).toBe(true);
  });
});
