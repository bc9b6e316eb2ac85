import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { API_KEY } from "../fake-tmdb/fixtures";
import { fakeTmdbControl } from "../fake-tmdb/server";
import { sharedServer } from "../support/shared-servers";
import { describeInBrowser, PHONE, useBrowser } from "./browser";
import { newAccount, postForm } from "../support/form-posts";

/*
 * Issue 13: "Benzer yapımlar", Perde puanı, the watchlist with statuses and its list page, and
 * "Nerede izlenir?". On a shared live-source server of the shared fake movie database that, unlike
 * `tmdbBaseURL`'s, has plain http (session cookies without the Secure prefix).
 */

const baseURL = inject("baseURL");
const fakeTmdbURL = inject("fakeTmdbURL");
let tmdbBaseURL = "";
beforeAll(async () => {
  ({ url: tmdbBaseURL } = await sharedServer({
    CATALOGUE: "tmdb",
    TMDB_API_BASE_URL: fakeTmdbURL,
    TMDB_API_KEY: API_KEY,
  }));
});

/** Posts a form as a page without JavaScript does. */
const post = (path: string, body: Record<string, string>, cookie?: string) =>
  postForm(tmdbBaseURL, path, body, cookie);

/** A new account, signed in with plain form posts; its session cookie. */
const account = (name: string) => newAccount(tmdbBaseURL, name, "liste");

async function signedInPage(page: Page, cookie: string) {
  const [name, value] = cookie.split("=");
  await page
    .context()
    .addCookies([
      { name: name!, value: value!, url: tmdbBaseURL, secure: name!.startsWith("__Secure-") },
    ]);
  return page;
}

const sectionOf = (page: Page, heading: string) =>
  page.locator("section", {
    has: page.getByRole("heading", { level: 2, name: heading, exact: true }),
  });

describeInBrowser("film pages: Benzer Filmler, Nerede izlenir?, Perde puanı", () => {
  const browser = useBrowser();

  it("shows related films and Turkish offers from one upstream call on a cold page", async () => {
    const upstream = await fakeTmdbControl(fakeTmdbURL).window();
    const page = await browser.newPage(PHONE, tmdbBaseURL);
    await page.goto("/film/ornek-film-11-1970-10010");
    const calls = (await upstream()).filter((request) => request.path === "/movie/10010");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.append_to_response).toContain("recommendations");
    expect(calls[0]!.query.append_to_response).toContain("watch/providers");

    const related = sectionOf(page, "Benzer Filmler");
    expect(await related.getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining("Dövüş Kulübü"),
      expect.stringContaining("Baba"),
      expect.stringContaining("Örnek Film 1"),
      expect.stringContaining("Örnek Film 5"),
    ]);
    expect(await related.getByRole("link", { name: /Baba/ }).getAttribute("href")).toBe(
      "/film/baba-1972-238",
    );

    const offers = sectionOf(page, "Nerede izlenir?");
    expect(await offers.getByRole("list", { name: "Abonelik" }).textContent()).toBe("Netflix");
    expect(await offers.getByRole("list", { name: "Satın al" }).textContent()).toBe("Apple TV");
    expect(await offers.getByRole("list", { name: "Kirala" }).count()).toBe(0);
    expect(await offers.getByRole("link", { name: "JustWatch" }).isVisible()).toBe(true);
    // Nobody has rated it here yet: no site rating.
    expect(await page.getByRole("group", { name: "Perde puanı" }).count()).toBe(0);
  });

  it("has no offers section where the movie database has none for Turkey", async () => {
    const page = await browser.newPage(undefined, tmdbBaseURL);
    await page.goto("/film/baba-1972-238");
    expect(await page.getByRole("heading", { name: "Nerede izlenir?" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Benzer Filmler" }).count()).toBe(0);
  });

  it("ranks related titles on the embedded catalogue and invents no offers", async () => {
    const page = await browser.newPage(undefined, baseURL);
    await page.goto("/film/baba-1972-238");
    const related = sectionOf(page, "Benzer Filmler").getByRole("listitem");
    const count = await related.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(12);
    // The sequel shares its genres, director and cast: it comes first.
    expect(await related.first().textContent()).toContain("Baba 2");
    expect(
      await sectionOf(page, "Benzer Filmler").locator('a[href="/film/baba-1972-238"]').count(),
    ).toBe(0);
    expect(await page.getByRole("heading", { name: "Nerede izlenir?" }).count()).toBe(0);
  });
});

describeInBrowser("watchlist statuses in the browser", () => {
  const browser = useBrowser();

  it("adds, changes the status from the menu, offers the review form, and shows Perde puanı", async () => {
    const cookie = await account("Durum Deneyen");
    const other = await account("Başka Biri");
    await post(
      "/yorum",
      {
        intent: "create",
        itemType: "tv",
        itemId: "1396",
        rating: "9",
        comment: "Televizyon tarihinin en iyisi.",
        returnTo: "/",
      },
      other,
    );
    const page = await signedInPage(await browser.newPage(undefined, tmdbBaseURL), cookie);
    await page.goto("/dizi/breaking-bad-2008-1396");
    expect(await page.getByRole("group", { name: "Perde puanı" }).textContent()).toContain(
      "9.0/10 · 1 oy",
    );
    expect(await page.getByRole("list", { name: "Puan dağılımı" }).textContent()).toContain(
      "9 puan: 1 oy",
    );

    await page.getByRole("button", { name: "İzleme listeme ekle", exact: true }).click();
    await page.getByText("Listenize eklendi").first().waitFor();
    await page.getByRole("button", { name: "Listemde: İzleyeceğim" }).click();
    await page.getByRole("menuitemradio", { name: "İzliyorum" }).click();
    await page.getByText("Durum: İzliyorum").first().waitFor();
    await page.getByRole("button", { name: "Listemde: İzliyorum" }).click();
    await page.getByRole("menuitemradio", { name: "İzledim" }).click();
    await page.getByText("Durum: İzledim").first().waitFor();
    await page.getByRole("link", { name: "Puan vermek ister misiniz?" }).click();

    // One rating (decision 029): Puanım, which the review shows and keeps; no stars of its own.
    await page
      .getByRole("group", { name: /^Puanım/ })
      .getByRole("radio", { name: "Puan: 7/10" })
      .check({ force: true });
    await page.getByText("Puanınız: 7/10").first().waitFor();
    const reviews = sectionOf(page, "Yorumlar");
    await reviews.getByText("Puanım: 7/10").waitFor();
    expect(await reviews.getByRole("radio").count()).toBe(0);
    await reviews.getByLabel("Yorumunuz").fill("Sonunu çok beğendim, tavsiye ederim.");
    await reviews.getByRole("button", { name: "Yorum Yap" }).click();
    await page.getByText("Yorumunuz eklendi").first().waitFor();
    await page.getByRole("group", { name: "Perde puanı" }).getByText("2 oy").waitFor();
    expect(await page.getByRole("group", { name: "Perde puanı" }).textContent()).toContain(
      "8.0/10",
    );

    // Watched: out of İzleme Listem (to watch), into İzlediklerim.
    await page.goto("/dashboard");
    await page.getByText("İzleme listeniz henüz boş.").waitFor();
    expect(await page.getByRole("list", { name: "Son Puanlarım" }).textContent()).toContain(
      "Perde puanı: 8.0/10",
    );
    await page.goto("/dashboard/liste");
    await page.getByRole("link", { name: "İzlediklerim" }).click();
    await page.waitForURL("**/dashboard/izlediklerim");
    expect(await page.getByRole("list", { name: "İzlediğim yapımlar" }).textContent()).toContain(
      "Breaking Bad",
    );

    await page.goto("/dizi/breaking-bad-2008-1396");
    await page.getByRole("button", { name: "Listemde: İzledim" }).click();
    await page.getByRole("menuitem", { name: "Listeden Kaldır" }).click();
    await page.getByText("Listeden kaldırıldı").first().waitFor();
    await page.getByRole("button", { name: "İzleme listeme ekle", exact: true }).waitFor();
  });

  it("filters, sorts and pages the list page, 24 at a time, in the URL", async () => {
    const cookie = await account("Liste Sahibi");
    // 20 films (every fourth watched) and 10 series (watching), added oldest first: İzleme
    // Listem holds the 25 to watch, İzlediklerim the 5 watched.
    for (let index = 0; index < 20; index++) {
      await post(
        "/liste",
        {
          intent: "status",
          itemType: "movie",
          itemId: String(10_000 + index),
          status: index % 4 === 0 ? "watched" : "plan_to_watch",
          returnTo: "/",
        },
        cookie,
      );
    }
    for (let index = 0; index < 10; index++) {
      await post(
        "/liste",
        {
          intent: "status",
          itemType: "tv",
          itemId: String(20_000 + index),
          status: "watching",
          returnTo: "/",
        },
        cookie,
      );
    }
    const page = await signedInPage(await browser.newPage(undefined, tmdbBaseURL), cookie);
    await page.goto("/dashboard/liste");
    const tiles = page.getByRole("list", { name: "İzleme listesi" }).getByRole("listitem");
    expect(await tiles.count()).toBe(24);
    expect(await page.getByText("25 yapım").isVisible()).toBe(true);
    expect(await tiles.first().textContent()).toContain("Örnek Dizi 10"); // newest first
    for (const text of await tiles.allTextContents()) expect(text).not.toContain("İzledim");
    await page.getByText("Sayfa 1 / 2").waitFor();
    await page.getByRole("link", { name: "Sonraki" }).click();
    await page.waitForURL("**/dashboard/liste?sayfa=2");
    await page.getByText("Sayfa 2 / 2").waitFor();
    expect(await tiles.count()).toBe(1);

    await page
      .getByRole("group", { name: "Tür" })
      .getByRole("link", { name: "Filmler", exact: true })
      .click();
    await page.waitForURL("**/dashboard/liste?tur=film");
    await page.getByText("15 yapım").waitFor();
    await page.getByLabel("Sıralama").selectOption("baslik");
    await page.waitForURL("**/dashboard/liste?tur=film&sirala=baslik");
    await page.getByText("Sayfa 1 / 1").waitFor();
    // Turkish, numeric-aware title order: Örnek Film 2, 3, 4, 6… (1, 5, 9… are watched).
    await tiles.first().filter({ hasText: "Örnek Film 2" }).waitFor();
    expect(await tiles.nth(1).textContent()).toContain("Örnek Film 3");

    // The status filter holds only what is to watch; the watched are İzlediklerim's, whose
    // tab keeps the kind and the sort.
    expect(
      await page.getByRole("group", { name: "Durum" }).getByRole("link").allTextContents(),
    ).toEqual(["Tümü", "İzleyeceğim", "İzliyorum"]);
    await page.goto("/dashboard/izlediklerim?tur=film&sirala=baslik");
    const watched = page.getByRole("list", { name: "İzlediğim yapımlar" }).getByRole("listitem");
    await page.getByText("5 yapım").waitFor();
    expect(await watched.count()).toBe(5);
    for (const text of await watched.allTextContents()) expect(text).toContain("İzledim");

    await page.getByLabel("Sıralama").selectOption("yil");
    await page.waitForURL("**/dashboard/izlediklerim?tur=film&sirala=yil");
    await page.getByText("5 yapım").waitFor();
    await watched.first().filter({ hasText: "1976" }).waitFor(); // Örnek Film 17, the newest
  });
});

describe("watchlist statuses without JavaScript", () => {
  it("changes the status with plain form posts and offers the review form after İzledim", async () => {
    const cookie = await account("Düz Form");
    const item = { itemType: "movie", itemId: "10003", returnTo: "/film/ornek-film-4-1963-10003" };

    const watching = await post(
      "/liste",
      { ...item, intent: "status", status: "watching" },
      cookie,
    );
    expect(watching.status).toBe(302);
    expect(watching.headers.get("location")).toBe("/film/ornek-film-4-1963-10003");
    const page = await (
      await fetch(`${tmdbBaseURL}/film/ornek-film-4-1963-10003`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain("Listemde");
    expect(page).toContain("İzliyorum");

    const watched = await post("/liste", { ...item, intent: "status", status: "watched" }, cookie);
    expect(watched.headers.get("location")).toBe("/film/ornek-film-4-1963-10003?puanla=1#yorumlar");
    const offered = await (
      await fetch(`${tmdbBaseURL}/film/ornek-film-4-1963-10003?puanla=1`, {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(offered).toContain("Puan vermek ister misiniz?");

    // A status outside the three is refused; the entry keeps its status.
    const wrong = await post("/liste", { ...item, intent: "status", status: "completed" }, cookie);
    expect(wrong.status).toBe(302);
    // The old address of the watched filter leads to İzlediklerim, which holds the film.
    const moved = await fetch(`${tmdbBaseURL}/dashboard/liste?durum=izledim`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(moved.headers.get("location")).toBe("/dashboard/izlediklerim");
    const list = await (
      await fetch(`${tmdbBaseURL}/dashboard/izlediklerim`, { headers: { Cookie: cookie } })
    ).text();
    expect(list).toContain("Örnek Film 4");

    const removed = await post("/liste", { ...item, intent: "remove" }, cookie);
    expect(removed.status).toBe(302);
    const empty = await (
      await fetch(`${tmdbBaseURL}/dashboard/liste`, { headers: { Cookie: cookie } })
    ).text();
    expect(empty).toContain("İzleme listeniz henüz boş.");

    // Anonymous visitors are sent to sign in, for the page and for the form.
    const anonymous = await fetch(`${tmdbBaseURL}/dashboard/liste`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/auth");
    const anonymousPost = await post("/liste", { ...item, intent: "status", status: "watched" });
    expect(anonymousPost.headers.get("location")).toBe("/auth");
  });
});
