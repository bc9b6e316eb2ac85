import { rm } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { startAppServer, preparedDataDir, type TestServer } from "../support/app-server";
import { newAccount, postForm } from "../support/form-posts";
import { seedListItems } from "../support/list-seed";
import { describeInBrowser, hydrated, openTab, PHONE } from "./browser";
import { launchChromium } from "./chromium";

/*
 * Issue #25 items 1-2: Listelerim, a list's editing page and its own page, on the production
 * server and the embedded database. Items are put on the lists straight into the database
 * while the server is stopped ("Listeye ekle…" is another part of the work), then the server
 * starts again on the same data. Phone and desktop, with and without JavaScript, with mouse,
 * touch and keyboard; a stranger posts every form with the owner's ids and gets nothing.
 */

const DESKTOP = { width: 1280, height: 800 };

let server: TestServer;
let site = "";
let dataDir = "";
let browser: Browser;
const contexts: BrowserContext[] = [];
let owner = "";
let stranger = "";
/** The lists made for the tests, by what each is for; and their items in the seeded order. */
const ids = { desktop: 0, phone: 0, noScript: 0, attacked: 0 };
let seeded: { key: string; title: string }[] = [];

const post = (pathname: string, body: Record<string, string>, cookie?: string) =>
  postForm(site, pathname, body, cookie);

async function makeList(name: string): Promise<number> {
  const made = await post("/dashboard/listeler", { name }, owner);
  const match = /^\/dashboard\/listeler\/(\d+)$/.exec(made.headers.get("Location") ?? "");
  if (!match) throw new Error(`list not made: ${made.status}`);
  return Number(match[1]);
}

beforeAll(async () => {
  dataDir = await preparedDataDir();
  server = await startAppServer({ DATA_DIR: dataDir });
  site = server.url;
  owner = await newAccount(site, "Ayşe Işık", "listeler");
  stranger = await newAccount(site, "Zeynep Şen", "listeler");
  ids.desktop = await makeList("Masaüstü sıralaması");
  ids.phone = await makeList("Telefon sıralaması");
  ids.noScript = await makeList("Betiksiz sıralama");
  ids.attacked = await makeList("Saldırı hedefi");
  // PGlite is one process's: the server stops while the items are written.
  await server.stop();
  const handle = await openDatabase({ dataDir });
  try {
    for (const id of Object.values(ids)) {
      const items = await seedListItems(handle.db, id, 5);
      seeded = items.map((item) => ({ key: `${item.type}:${item.id}`, title: item.title }));
    }
  } finally {
    await handle.close();
  }
  server = await startAppServer({ DATA_DIR: dataDir });
  site = server.url;
  browser = await launchChromium();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.end();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A tab at the given width, signed in when given a cookie, with or without JavaScript. */
const tab = (
  cookie: string | null,
  viewport: { width: number; height: number },
  options: { javaScriptEnabled?: boolean; hasTouch?: boolean } = {},
) => openTab(browser, site, viewport, contexts, { cookie: cookie ?? undefined, ...options });

const keys = (...positions: number[]) => positions.map((n) => seeded[n - 1]!.key);
const title = (n: number) => seeded[n - 1]!.title;

/** The list's order as the server keeps it now (its editing page, read by the owner). */
async function serverOrder(listId: number): Promise<string[]> {
  const html = await (
    await fetch(`${site}/dashboard/listeler/${listId}`, { headers: { cookie: owner } })
  ).text();
  return [...html.matchAll(/data-key="([a-z]+:\d+)"/g)].map((match) => match[1]!);
}

/** The order the page shows. */
const shownOrder = (page: Page) =>
  page.locator("li[data-key]").evaluateAll((rows) => rows.map((row) => row.dataset.key!));

const handle = (page: Page, n: number) =>
  page.getByRole("button", { name: `${title(n)}: sürükleyerek ya da Boşluk ve oklarla taşı` });

async function centre(page: Page, locator: ReturnType<Page["locator"]>) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** What a screen reader is told: the page's assertive live region. */
const announced = (page: Page) => page.locator('[aria-live="assertive"]').textContent();

/**
 * A tab whose console errors and Content-Security-Policy violations (the drag library's element
 * styles, live region and hidden instructions included) are kept, for `clean` to check.
 */
async function watchedTab(...args: Parameters<typeof tab>) {
  const page = await tab(...args);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return { page, clean: () => expect(errors).toEqual([]) };
}

/** Reloads the page and checks that it shows `order`, as the server saved it. */
async function afterReload(page: Page, order: string[], { script = true } = {}) {
  await page.reload();
  expect(await shownOrder(page)).toEqual(order);
  if (script) await hydrated(page);
}

/** An anonymous GET, as a crawler or a link preview makes it. */
const anonymous = (pathname: string) => fetch(`${site}${pathname}`);
const listPath = async (listId: number) => {
  const html = await (
    await fetch(`${site}/dashboard/listeler/${listId}`, { headers: { cookie: owner } })
  ).text();
  return /href="(\/liste\/\d+-[^"]*)"/.exec(html)![1]!;
};

describeInBrowser("Listelerim", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("makes a list on a %s, keeping what was typed when refused", async (_, viewport) => {
    const page = await tab(owner, viewport);
    await page.goto("/dashboard/listeler");
    await page.getByLabel("Liste adı").fill("ab");
    await page.getByLabel("Açıklama (isteğe bağlı)").fill("Pazar öğleden sonraları için.");
    await page.getByRole("radio", { name: /^Herkese açık/ }).check();
    await page.getByRole("button", { name: "Liste oluştur" }).click();
    await page.getByRole("alert").getByText("Liste adı en az 3 karakter olmalı").waitFor();
    expect(await page.getByLabel("Açıklama (isteğe bağlı)").inputValue()).toBe(
      "Pazar öğleden sonraları için.",
    );
    expect(await page.getByRole("radio", { name: /^Herkese açık/ }).isChecked()).toBe(true);

    const name = `Yağmurlu pazar filmleri (${viewport.width})`;
    await page.getByLabel("Liste adı").fill(name);
    await page.getByRole("radio", { name: /^Gizli/ }).check();
    await page.getByRole("button", { name: "Liste oluştur" }).click();
    await page.waitForURL(/\/dashboard\/listeler\/\d+$/);
    await page.getByText("Liste oluşturuldu").first().waitFor();
    await page.getByRole("heading", { level: 1, name }).waitFor();

    // The person's lists show it, private and empty.
    await page.goto("/dashboard/listeler");
    const row = page.getByRole("listitem").filter({ hasText: name });
    await row.waitFor();
    const text = (await row.textContent())!;
    expect(text).toContain("Gizli");
    expect(text).toMatch(/(^|\D)0 yapım/);
  });

  it("makes a list without JavaScript", async () => {
    const page = await tab(owner, DESKTOP, { javaScriptEnabled: false });
    await page.goto("/dashboard/listeler");
    await page.getByLabel("Liste adı").fill("Betiksiz liste");
    await page.getByRole("button", { name: "Liste oluştur" }).click();
    await page.waitForURL(/\/dashboard\/listeler\/\d+$/);
    await page.getByRole("heading", { level: 1, name: "Betiksiz liste" }).waitFor();
  });
});

describeInBrowser("reordering", () => {
  it("drags with the mouse, moves from the keyboard and with the buttons on a desktop", async () => {
    const { page, clean } = await watchedTab(owner, DESKTOP);
    await page.goto(`/dashboard/listeler/${ids.desktop}`);
    expect(await shownOrder(page)).toEqual(keys(1, 2, 3, 4, 5));

    // The third, dragged by its handle above the first.
    const from = await centre(page, handle(page, 3));
    const to = await centre(page, page.locator(`li[data-key="${seeded[0]!.key}"]`));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, to.y - 30, { steps: 20 });
    await page.mouse.up();
    expect(await shownOrder(page)).toEqual(keys(3, 1, 2, 4, 5));
    await expect.poll(() => announced(page)).toBe(`${title(3)} 1. sıraya bırakıldı.`);
    await expect.poll(() => serverOrder(ids.desktop)).toEqual(keys(3, 1, 2, 4, 5));
    await afterReload(page, keys(3, 1, 2, 4, 5));

    // From the keyboard: picked up with Space, two places down, dropped with Space; a screen
    // reader hears each step in Turkish.
    await handle(page, 3).focus();
    await page.keyboard.press("Space");
    await expect
      .poll(() => announced(page))
      .toBe(
        `${title(3)} alındı, 1. sırada. Yukarı ve aşağı oklarla taşıyın, bırakmak için Boşluk, vazgeçmek için Escape.`,
      );
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => announced(page)).toBe(`${title(3)}: 2. sıra.`);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => announced(page)).toBe(`${title(3)}: 3. sıra.`);
    await page.keyboard.press("Space");
    await expect.poll(() => shownOrder(page)).toEqual(keys(1, 2, 3, 4, 5));
    await expect.poll(() => announced(page)).toBe(`${title(3)} 3. sıraya bırakıldı.`);
    // The handle keeps the focus, for the next move.
    expect(await handle(page, 3).evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    await expect.poll(() => serverOrder(ids.desktop)).toEqual(keys(1, 2, 3, 4, 5));

    // Picked up and put back with Escape: nothing moves.
    await page.keyboard.press("Space");
    await expect.poll(() => announced(page)).toMatch(/alındı, 3\. sırada/);
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => announced(page)).toBe(`${title(3)}: 2. sıra.`);
    await page.keyboard.press("Escape");
    await expect.poll(() => announced(page)).toMatch(/^Taşıma iptal edildi\./);
    expect(await shownOrder(page)).toEqual(keys(1, 2, 3, 4, 5));
    await afterReload(page, keys(1, 2, 3, 4, 5));

    // Two quick taps on "yukarı taşı": both moves arrive, in order.
    const up = page.getByRole("button", { name: `${title(5)}: yukarı taşı` });
    await up.click();
    await up.click();
    expect(await shownOrder(page)).toEqual(keys(1, 2, 5, 3, 4));
    await expect.poll(() => serverOrder(ids.desktop)).toEqual(keys(1, 2, 5, 3, 4));
    // After the last answer the page shows the server's order.
    await expect.poll(() => shownOrder(page)).toEqual(keys(1, 2, 5, 3, 4));
    await afterReload(page, keys(1, 2, 5, 3, 4));
    clean();
  });

  it("drags by touch on a phone", async () => {
    const { page, clean } = await watchedTab(owner, PHONE, { hasTouch: true });
    await page.goto(`/dashboard/listeler/${ids.phone}`);
    const from = await centre(page, handle(page, 1));
    const below = page.locator(`li[data-key="${seeded[2]!.key}"]`);
    const box = (await below.boundingBox())!;
    const touch = await page.context().newCDPSession(page);
    const send = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
      touch.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y }],
      });
    await send("touchStart", from.x, from.y);
    const target = box.y + box.height - 5;
    for (let step = 1; step <= 20; step++)
      await send("touchMove", from.x, from.y + ((target - from.y) * step) / 20);
    await send("touchEnd", from.x, target);
    expect(await shownOrder(page)).toEqual(keys(2, 3, 1, 4, 5));
    await expect.poll(() => serverOrder(ids.phone)).toEqual(keys(2, 3, 1, 4, 5));
    await afterReload(page, keys(2, 3, 1, 4, 5));
    clean();
  });

  it("moves with the buttons without JavaScript", async () => {
    const page = await tab(owner, PHONE, { javaScriptEnabled: false });
    await page.goto(`/dashboard/listeler/${ids.noScript}`);
    // Each tap is a plain form post; the page comes back with the toast of the redirect.
    const toast = page.locator("[data-flash]");
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("button", { name: `${title(1)}: aşağı taşı` }).click(),
    ]);
    expect(await toast.textContent()).toBe("Sıra güncellendi");
    expect(await shownOrder(page)).toEqual(keys(2, 1, 3, 4, 5));
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("button", { name: `${title(5)}: yukarı taşı` }).click(),
    ]);
    expect(await toast.textContent()).toBe("Sıra güncellendi");
    expect(await shownOrder(page)).toEqual(keys(2, 1, 3, 5, 4));
    expect(await serverOrder(ids.noScript)).toEqual(keys(2, 1, 3, 5, 4));
    await afterReload(page, keys(2, 1, 3, 5, 4), { script: false });
  });
});

describeInBrowser("a list's own page", () => {
  it("is a 404 while private, then unlisted (noindex), then public, with Open Graph and the page cache dropped on change", async () => {
    const listId = ids.desktop;
    const address = await listPath(listId);
    const missing = await anonymous("/liste/987654321-yok");
    const missingText = await missing.text();
    expect(missing.status).toBe(404);

    // Private: a stranger and an anonymous visitor get the same 404 as for no list at all.
    const strangerPage = await tab(stranger, PHONE);
    const seen = await strangerPage.goto(address);
    expect(seen?.status()).toBe(404);
    await strangerPage.getByText("Liste bulunamadı.").waitFor();
    const hidden = await anonymous(address);
    expect(hidden.status).toBe(404);
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/\s+/g, " ");
    expect(strip(await hidden.text()).length).toBe(strip(missingText).length);

    // Unlisted, from the owner's page.
    const page = await tab(owner, DESKTOP);
    await page.goto(`/dashboard/listeler/${listId}`);
    await page.getByRole("radio", { name: /^Bağlantıya sahip olanlar/ }).check();
    await page.getByRole("button", { name: "Kaydet", exact: true }).click();
    await page.getByText("Liste kaydedildi").first().waitFor();
    const unlisted = await (await anonymous(address)).text();
    expect(unlisted).toContain('<meta name="robots" content="noindex"/>');
    // An unlisted list previews too: its composed picture (decision 028).
    expect(unlisted).toMatch(
      /<meta property="og:image" content="http[^"]+\/liste\/\d+-[^"/]+\/onizleme\.png"/,
    );
    expect(await (await anonymous("/sitemap.xml")).text()).not.toContain("lists-1.xml");

    // Public: indexable, in the sitemap.
    await page.getByRole("radio", { name: /^Herkese açık/ }).check();
    await page.getByRole("button", { name: "Kaydet", exact: true }).click();
    await page.getByText("Liste kaydedildi").first().waitFor();
    const reader = await tab(null, PHONE);
    const response = await reader.goto(address);
    expect(response?.status()).toBe(200);
    expect(await reader.locator('meta[name="robots"]').count()).toBe(0);
    expect(await reader.locator('meta[property="og:title"]').getAttribute("content")).toBe(
      "Masaüstü sıralaması",
    );
    expect(
      await reader.locator('meta[property="og:description"]').getAttribute("content"),
    ).toContain("5 film ve diziden oluşan bir liste");
    expect(await reader.locator('meta[name="twitter:card"]').getAttribute("content")).toBe(
      "summary_large_image",
    );
    await reader
      .getByRole("link", { name: title(1) })
      .first()
      .waitFor();
    expect(await reader.getByRole("link", { name: "Düzenle" }).count()).toBe(0);
    expect(await (await anonymous("/sitemap/lists-1.xml")).text()).toContain(address);

    // The page cache keeps it for anonymous readers, and drops it at the owner's next move.
    await anonymous(address);
    const cached = await anonymous(address);
    expect(cached.headers.get("X-Cache")).toBe("HIT");
    const firstTitle = async () => {
      const html = (await (await anonymous(address)).text()).replaceAll("<!-- -->", "");
      const grid = html.slice(html.indexOf('aria-label="Listedeki yapımlar"'));
      return /<h2[^>]*>([^<]+)<\/h2>/.exec(grid)?.[1];
    };
    const before = await firstTitle();
    const order = await serverOrder(listId);
    const [type, id] = order[1]!.split(":");
    await post(
      `/dashboard/listeler/${listId}`,
      { intent: "move", itemType: type!, itemId: id!, direction: "up" },
      owner,
    );
    const after = await firstTitle();
    expect(after).not.toBe(before);
    expect(after).toBe(seeded.find((item) => item.key === order[1])!.title);

    // A wrong slug goes to the canonical address.
    const wrong = await fetch(`${site}/liste/${listId}-eski-ad`, { redirect: "manual" });
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get("Location")).toBe(address);
  });
});

/** The toast a form post without JavaScript left in its cookie, read as the browser would. */
function flashOf(response: Response): { type: string; message: string } | null {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("perde_toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.split(";")[0]!.slice("perde_toast=".length));
  const encoded = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as {
    type: string;
    message: string;
  };
}

describeInBrowser("attacks over HTTP", () => {
  it("a stranger posting every form with the owner's ids gets nothing through", async () => {
    const listId = ids.attacked;
    const before = await serverOrder(listId);
    const editPage = async () =>
      (await fetch(`${site}/dashboard/listeler/${listId}`, { headers: { cookie: owner } })).text();
    const nameBefore = /<h1[^>]*>([^<]+)</.exec(await editPage())?.[1];
    const [type, id] = before[0]!.split(":");
    const item = { itemType: type!, itemId: id! };
    const forms: Record<string, string>[] = [
      { intent: "update", name: "Ele geçirildi", visibility: "public" },
      { intent: "delete", confirm: "1" },
      { intent: "leave" },
      { intent: "remove", ...item },
      { intent: "move", ...item, direction: "down" },
      { intent: "move", ...item, position: "5" },
      { intent: "note", ...item, note: "Yabancının notu" },
    ];
    let tried = 0;
    let through = 0;
    const messages = new Set<string>();
    for (const form of forms) {
      for (const js of [{}, { js: "1" }] as Record<string, string>[]) {
        tried++;
        const answer = await post(`/dashboard/listeler/${listId}`, { ...form, ...js }, stranger);
        if (answer.status >= 200 && answer.status < 300) through++;
        const flash = flashOf(answer);
        if (flash?.type === "success") through++;
        if (flash) messages.add(flash.message);
        else expect(await answer.text()).toContain("Liste bulunamadı");
      }
    }
    console.log(`stranger's forms: ${tried} tried, ${through} got through`);
    expect(tried).toBe(forms.length * 2);
    expect(through).toBe(0);
    expect([...messages]).toEqual(["Liste bulunamadı"]);
    expect(await serverOrder(listId)).toEqual(before);
    expect(/<h1[^>]*>([^<]+)</.exec(await editPage())?.[1]).toBe(nameBefore);
    // Nor can the stranger read the private list's editing page or its own page.
    const page = await fetch(`${site}/dashboard/listeler/${listId}`, {
      headers: { cookie: stranger },
    });
    expect(page.status).toBe(404);
    expect(
      (await fetch(`${site}${await listPath(listId)}`, { headers: { cookie: stranger } })).status,
    ).toBe(404);
    // An anonymous post is sent to sign in.
    const anonymousPost = await post(`/dashboard/listeler/${listId}`, forms[3]!);
    expect(anonymousPost.headers.get("Location")).toBe("/auth");
  });
});
