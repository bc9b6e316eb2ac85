import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, inject } from "vitest";
import { chromiumPath, launchChromium } from "./chromium";

/** `describe` for tests that need Chromium: skipped, with a warning, where there is none. */
export const describeInBrowser = chromiumPath ? describe : describe.skip;

export const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

export interface BrowserSession {
  baseURL: string;
  /**
   * A fresh page (own context: no shared cookies) at the given viewport, on the local app by
   * default. Its `goto` waits for hydration, moving the pointer first (`untouched`: neither).
   */
  newPage(
    viewport?: { width: number; height: number },
    baseURL?: string,
    options?: { untouched?: boolean },
  ): Promise<Page>;
  /** Console errors and page errors seen since the last test began (CSP violations land here). */
  errors: string[];
}

export function useBrowser(): BrowserSession {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const session: BrowserSession = {
    baseURL: inject("baseURL"),
    errors: [],
    async newPage(viewport = DESKTOP, baseURL = session.baseURL, { untouched = false } = {}) {
      const context = await browser.newContext({ viewport, locale: "tr-TR", baseURL });
      contexts.push(context);
      const page = await context.newPage();
      // Every page of the app hydrates; tests act only once React's handlers are attached.
      // An anonymous page hydrates on the first interaction (decision 014): the visitor's
      // pointer moves over it first, as a person's mouse would.
      const goto = page.goto.bind(page);
      if (!untouched)
        page.goto = async (url, options) => {
          const response = await goto(url, options);
          await wakeUp(page);
          await page
            .locator("html[data-hydrated]")
            .waitFor({ state: "attached", timeout: 10_000 })
            .catch(() => undefined);
          return response;
        };
      page.on("console", (message) => {
        if (message.type() === "error") session.errors.push(message.text());
      });
      page.on("pageerror", (error) => session.errors.push(error.message));
      return page;
    },
  };
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    session.errors.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return session;
}

/** Moves the pointer over the page: an anonymous page's first interaction starts hydration. */
async function wakeUp(page: Page) {
  const size = page.viewportSize() ?? DESKTOP;
  await page.mouse.move(size.width - 2 - Math.random(), size.height / 2).catch(() => undefined);
}

/** Waits until React has hydrated the page (after a first interaction), so handlers are attached. */
export async function hydrated(page: Page) {
  await wakeUp(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
