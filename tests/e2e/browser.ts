import type { EventEmitter } from "node:events";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, inject } from "vitest";
import { clientHeaders, newClientAddress } from "../support/client-address";
import { chromiumPath, launchChromium } from "./chromium";

/** `describe` for tests that need Chromium: skipped, with a warning, where there is none. */
export const describeInBrowser = chromiumPath ? describe : describe.skip;

export const PHONE = { width: 390, height: 844 };

/** The header's search: the magnifier is the label of a form's field (decision 026). */
export const SEARCH_CONTROL = 'header form[role="search"] label';
/** The phone menu's native disclosure (decision 026). */
export const MENU_CONTROL = 'header summary[aria-label="Menüyü aç"]';
const DESKTOP = { width: 1280, height: 800 };

export interface BrowserSession {
  baseURL: string;
  /**
   * A page of its own (own context: no cookies shared with any other page) at the given
   * viewport, on the local app by default. Its `goto` waits for hydration, moving the pointer
   * first. `untouched`: neither, and a context never used before (a true first visit).
   */
  newPage(
    viewport?: { width: number; height: number },
    baseURL?: string,
    options?: { untouched?: boolean },
  ): Promise<Page>;
  /** Console errors and page errors seen since the last test began (CSP violations land here). */
  errors: string[];
}

/** One browser tab with a context of its own. */
interface Tab {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  /** False once the test did something to it that outlives the test (a CDP session, a fresh visit). */
  reusable: boolean;
}

/** Listeners that every tab carries; a tab with any other is not handed to the next test. */
const OWN_EVENTS = new Set(["close", "crash", "console", "pageerror"]);

/**
 * One Chromium per test file. A test's tabs go back to the file's pool when it ends, with their
 * cookies cleared, and the next test navigates them on: a new tab costs Chromium a renderer
 * process (about 0.3 s of CPU and 0.5 s of waiting), the largest cost of the browser suite. A
 * visitor's browser is a reused one too: what a previous test left in the HTTP cache is what
 * returning visitors have.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser;
  const idle: Tab[] = [];
  const inUse: Tab[] = [];

  async function openTab(viewport: { width: number; height: number }, baseURL: string) {
    // The service worker (decision 036) stays out of the other tests: it is tested on its own
    // (push.e2e.ts), and every page read through it would cost its start on this machine.
    const context = await browser.newContext({
      viewport,
      locale: "tr-TR",
      baseURL,
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const tab: Tab = { context, page, baseURL, reusable: true };
    const newCDPSession = context.newCDPSession.bind(context);
    context.newCDPSession = (target) => {
      tab.reusable = false;
      return newCDPSession(target);
    };
    page.on("console", (message) => {
      if (message.type() === "error") session.errors.push(message.text());
    });
    page.on("pageerror", (error) => session.errors.push(error.message));
    return tab;
  }

  async function release(tab: Tab) {
    const clean =
      tab.reusable &&
      !tab.page.isClosed() &&
      tab.context.pages().length === 1 &&
      // Playwright's Page is an EventEmitter, though its types do not say so.
      (tab.page as unknown as EventEmitter)
        .eventNames()
        .every((event) => OWN_EVENTS.has(String(event)));
    if (!clean) return tab.context.close();
    // An idle tab left on its page goes on working: the import status page asks the server again
    // every few seconds, a spinner is drawn frame after frame. Blank, it costs next to nothing.
    // (The page's own goto, not the test's: that one waits for a hydration blank never has.)
    await Object.getPrototypeOf(tab.page).goto.call(tab.page, "about:blank");
    await tab.context.clearCookies();
    tab.page.setDefaultTimeout(30_000);
    tab.page.setDefaultNavigationTimeout(30_000);
    idle.push(tab);
  }

  const session: BrowserSession = {
    baseURL: inject("baseURL"),
    errors: [],
    async newPage(viewport = DESKTOP, baseURL = session.baseURL, { untouched = false } = {}) {
      const pooled = untouched ? -1 : idle.findIndex((tab) => tab.baseURL === baseURL);
      let tab: Tab;
      if (pooled >= 0) {
        tab = idle.splice(pooled, 1)[0]!;
        await tab.page.setViewportSize(viewport);
      } else {
        tab = await openTab(viewport, baseURL);
        tab.reusable = !untouched;
      }
      // On a shared server each tab is a visitor with a client address of its own.
      const forwarded = clientHeaders(baseURL, newClientAddress());
      if (Object.keys(forwarded).length) await tab.context.setExtraHTTPHeaders(forwarded);
      inUse.push(tab);
      const { page } = tab;
      // Every page of the app hydrates; tests act only once React's handlers are attached.
      // An anonymous page hydrates on the first interaction (decision 014): the visitor's
      // pointer moves over it first, as a person's mouse would.
      const goto = Object.getPrototypeOf(page).goto.bind(page) as Page["goto"];
      page.goto = untouched
        ? goto
        : async (url, options) => {
            const response = await goto(url, options);
            // Every page, the error pages too, hydrates: waited for without a shorter limit of
            // its own and never given up on, so that a test on a busy machine does not go on to
            // act on a page whose handlers are not attached yet.
            await hydrated(page);
            return response;
          };
      return page;
    },
  };
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(inUse.splice(0).map(release));
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

/**
 * A tab with a context of its own on `site` at the given width: signed in when a session cookie
 * (`name=value`) is given, with JavaScript or without (and with a touch screen when asked). With
 * JavaScript its `goto` waits for
 * hydration. The context is added to `contexts`, for the test file to close after each test.
 */
export async function openTab(
  browser: Browser,
  site: string,
  viewport: { width: number; height: number },
  contexts: BrowserContext[],
  {
    cookie,
    javaScriptEnabled = true,
    hasTouch = false,
    serviceWorkers = "block",
  }: {
    cookie?: string;
    javaScriptEnabled?: boolean;
    hasTouch?: boolean;
    /** The service worker registers only when allowed (push.e2e.ts): see useBrowser. */
    serviceWorkers?: "allow" | "block";
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: "tr-TR",
    baseURL: site,
    javaScriptEnabled,
    hasTouch,
    serviceWorkers,
    // On a shared server each tab is a visitor with a client address of its own.
    extraHTTPHeaders: clientHeaders(site, newClientAddress()),
  });
  contexts.push(context);
  if (cookie) {
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: site }]);
  }
  const page = await context.newPage();
  if (javaScriptEnabled) {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated(page);
      return response;
    };
  }
  return page;
}

/** A server as `siteWithTabs` uses it: one of the file's own (`startAppServer`) or a shared one. */
interface SiteServer {
  url: string;
  settledOutput(): Promise<string>;
  end(): Promise<unknown>;
}

/**
 * For a test file with tabs opened by `openTab` on one server: gets the server (`start`: its own
 * from `startAppServer`, or a shared one from `sharedServer`) and a Chromium connection before the
 * file's tests, closes the tabs' contexts after each test and the browser after all, and ends its
 * own server (a shared server is the pool's, ended when the run ends). `site` is the server's address
 * once it has started.
 */
export function siteWithTabs<Server extends SiteServer>(start: () => Promise<Server>) {
  let server: Server | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([start(), launchChromium()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.end();
  });
  return {
    get server() {
      return server!;
    },
    get site() {
      return server?.url ?? "";
    },
    get browser() {
      return browser!;
    },
    contexts,
    /** `openTab` on this file's site, closed after the test. */
    tab: (viewport: { width: number; height: number }, options?: Parameters<typeof openTab>[4]) =>
      openTab(browser!, server!.url, viewport, contexts, options),
  };
}
