import { createECDH, randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newAccount, postForm } from "../support/form-posts";
import { sharedServer } from "../support/shared-servers";
import { describeInBrowser, siteWithTabs } from "./browser";

/*
 * The installable app (decision 036) in Chromium, on the shared server: the manifest, the real
 * service worker registered after hydration, a push delivered to it through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`) and shown as a notification, a click on it (the worker's
 * `notificationclick` handler given the shown notification: it opens the notification's page, or
 * focuses a window already there, and closes it), visited public pages read
 * offline, the Çevrimdışısınız page for the others, signed-in pages never stored, and every cache
 * dropped on sign-out.
 *
 * Not here: `PushManager.subscribe` itself. It asks the browser's push service (Google's, for
 * Chromium) for an endpoint, and this machine has no internet; the subscription action is
 * tested with the shape a browser posts. The payload's encryption is app/notifications/
 * push.db.test.ts's. A real click cannot be made: the protocol has none, and a worker may open
 * or focus a window only inside a click the browser delivered, so the test records those two
 * calls in the worker rather than letting Chromium refuse them.
 */

const run = siteWithTabs(() => sharedServer());

/** What the test uses of the service worker's global scope (the DOM library has no types for it). */
interface WorkerScope extends EventTarget {
  registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> };
  clients: { openWindow(url: string): Promise<unknown> };
  WindowClient: { prototype: { focus(): Promise<unknown> } };
  NotificationEvent: new (type: string, init: { notification: Notification | undefined }) => Event;
}
const PAGES = "perde-pages-v1";

/** Paths the service worker's page cache holds right now. */
const storedPaths = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, PAGES);

describeInBrowser("the installable app", () => {
  it("shows pushes, keeps visited public pages offline, never a signed-in one, and forgets on sign-out", async () => {
    const page = await run.tab({ width: 1280, height: 800 }, { serviceWorkers: "allow" });
    const context = page.context();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await context.grantPermissions(["notifications"], { origin: run.site });
    /** A navigation without waiting for hydration (offline pages need not hydrate). */
    const visit = (path: string) =>
      (Object.getPrototypeOf(page).goto as Page["goto"]).call(page, path);

    // The manifest and its icons.
    await page.goto("/oyuncular");
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#1c1f2b");
    const manifestPath = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await fetch(`${run.site}${manifestPath}`)).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ name: "Perde", display: "standalone", start_url: "/" });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ["Takvim", "/takvim"],
      ["İzleme Listem", "/dashboard/liste"],
    ]);
    for (const icon of manifest.icons) {
      const answer = await fetch(`${run.site}${icon.src}`);
      expect(answer.headers.get("content-type")).toBe("image/png");
    }

    // The service worker: registered after hydration, it takes the page over.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find(
          (registration) => !registration.isDeleted && registration.scopeURL === `${run.site}/`,
        );
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const push = async (message: object) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: run.site,
        registrationId: await registrationId,
        data: JSON.stringify(message),
      });
    await push({
      title: "Şahsiyet: 2 yeni bölüm",
      body: "1. sezon 3. ve 4. bölüm yayında",
      url: "/takvim",
      tag: "episodes:1",
    });
    // Another site's address never goes into a notification: it opens the home page instead.
    await push({ title: "Başka", body: "x", url: "https://evil.example/", tag: "other" });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => ({
          title: note.title,
          body: note.body,
          tag: note.tag,
          icon: new URL(note.icon).pathname,
          url: (note.data as { url: string }).url,
        })),
      );
    await expect.poll(async () => (await shown()).length, { timeout: 30_000 }).toBe(2);
    expect(await shown()).toEqual(
      expect.arrayContaining([
        {
          title: "Şahsiyet: 2 yeni bölüm",
          body: "1. sezon 3. ve 4. bölüm yayında",
          tag: "episodes:1",
          icon: "/icons/icon-192.png",
          url: `${run.site}/takvim`,
        },
        expect.objectContaining({ tag: "other", url: `${run.site}/` }),
      ]),
    );

    // A click on a notification: the worker's own `notificationclick` handler, given the
    // notification it showed. The protocol has no click, and Chromium lets a worker open or
    // focus a window only in a click the browser itself delivered, so the two calls are
    // recorded in the worker instead of made.
    const worker =
      context.serviceWorkers().find((candidate) => candidate.url() === `${run.site}/sw.js`) ??
      (await context.waitForEvent("serviceworker"));
    const click = (tag: string) =>
      worker.evaluate(async (tag) => {
        const scope = self as unknown as WorkerScope;
        const calls: string[] = [];
        const opening = new Promise<void>((resolve) => {
          scope.clients.openWindow = async (url) => {
            calls.push(`open ${url}`);
            resolve();
            return null;
          };
          scope.WindowClient.prototype.focus = async function (this: { url: string }) {
            calls.push(`focus ${this.url}`);
            resolve();
            return this;
          };
        });
        const [notification] = await scope.registration.getNotifications({ tag });
        // The handler's waitUntil throws for an event the page made; its work is under way.
        try {
          scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
        } catch {
          // InvalidStateError from waitUntil
        }
        await opening;
        const left = await scope.registration.getNotifications({ tag });
        return { calls, closed: left.length === 0 };
      }, tag);
    // No window on the notification's page: it opens one there, and the notification goes.
    await page.goto("/oyuncular");
    expect(await click("episodes:1")).toEqual({
      calls: [`open ${run.site}/takvim`],
      closed: true,
    });
    // Another site's address opens the home page; a window already there is focused.
    await page.goto("/");
    expect(await click("other")).toEqual({ calls: [`focus ${run.site}/`], closed: true });

    // A public page opened under the service worker is kept and reads offline.
    await page.goto("/oduller");
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await expect.poll(() => storedPaths(page), { timeout: 30_000 }).toContain("/oduller");
    await context.setOffline(true);
    await visit("/oduller");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
    await visit("/vizyonda");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Çevrimdışısınız");
    await context.setOffline(false);

    // Signed in: the person's pages are never stored, whoever they are.
    const cookie = await newAccount(run.site, "Bildirim Deneyen", "push");
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: run.site }]);
    await page.goto("/hesap");
    const panel = page.getByRole("region", { name: "Anlık bildirimler" });
    await panel.getByRole("button", { name: "Bildirimleri bu cihazda aç" }).waitFor();
    // PushManager.subscribe needs Google's push service (no internet here): the subscription a
    // browser would post is posted as it would be.
    const keys = createECDH("prime256v1");
    keys.generateKeys();
    const subscribed = await postForm(
      run.site,
      "/hesap",
      {
        intent: "push-subscribe",
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString("hex")}`,
        p256dh: keys.getPublicKey("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
      cookie,
    );
    expect(subscribed.status).toBe(302);
    await page.goto("/hesap");
    const devices = panel.getByRole("list", { name: "Bildirim açık cihazlar" });
    expect(await devices.textContent()).toContain("fcm.googleapis.com");
    await devices.getByRole("button", { name: "Kapat" }).click();
    await devices.waitFor({ state: "detached" });
    await page.goto("/oyuncular");
    const stored = await storedPaths(page);
    expect(stored).toContain("/oduller");
    expect(stored).not.toContain("/hesap");

    // Signing out drops the pages kept on this device.
    await page.getByRole("banner").getByRole("button", { name: "Hesabım" }).click();
    await page.getByRole("menuitem", { name: "Çıkış Yap" }).click();
    await page.getByRole("link", { name: "Giriş Yap" }).waitFor();
    await expect.poll(() => storedPaths(page), { timeout: 30_000 }).not.toContain("/oduller");
    expect(errors.filter((text) => /Content Security Policy|service ?worker/i.test(text))).toEqual(
      [],
    );
  });
});
