import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newAccount, postForm } from "../support/form-posts";
import { sharedServer } from "../support/shared-servers";
import { describeInBrowser, hydrated, PHONE, siteWithTabs } from "./browser";

/*
 * Issue #38 in the pages: Beğen, comments, Yanıtla, Düzenle, Sil, Bildir under a review, and a
 * review marked "Sürpriz bozan içerir" folded until "Göster". First with plain form posts (what a
 * page without JavaScript sends) and anonymous reads of the page (the page cache's copy
 * included), then one browser walk of three people. On the shared server of the embedded
 * catalogue: every person is the test's own, and each test writes on a film of its own.
 */

const DESKTOP = { width: 1280, height: 800 };

const app = siteWithTabs(() => sharedServer());

let stamps = 0;
const stamp = () => `${Date.now().toString(36)}${(stamps++).toString(36)}`;

/** An anonymous read, as a crawler, a link preview or the page cache's next reader makes it. */
const anonymous = async (path: string) => {
  const response = await fetch(`${app.site}${path}`);
  return { html: await response.text(), cache: response.headers.get("x-cache") };
};

const signedIn = async (path: string, cookie: string) =>
  (await fetch(`${app.site}${path}`, { headers: { Cookie: cookie } })).text();

/** A form posted to /birlikte with JavaScript's answer (data, 400 when refused). */
async function social(cookie: string, fields: Record<string, string>) {
  const response = await postForm(app.site, "/birlikte", { js: "1", ...fields }, cookie);
  return { status: response.status, ...((await response.json()) as { message: string }) };
}

/** The HTML of one review's likes and comments (`data-social="review-{id}"` to its card's end). */
function reviewBlock(html: string, reviewId: number) {
  const start = html.indexOf(`data-social="review-${reviewId}"`);
  if (start < 0) return "";
  const end = html.indexOf("</article>", start);
  return html.slice(start, end);
}

/** The like count shown in a review's block. */
const likeCount = (block: string) => /data-like-count="">(\d+)</.exec(block)?.[1];

/** The review id of the card written by `name`. */
function reviewIdOf(html: string, name: string) {
  const card = html.indexOf(`aria-label="${name} yorumu"`);
  const id = /data-social="review-(\d+)"/.exec(html.slice(card))?.[1];
  return Number(id);
}

/**
 * The page a reader sees before tapping anything: folded spoilers and scripts taken out (the
 * page's data carries the words, for "Göster" to open them without asking the server again).
 */
const unfolded = (html: string) =>
  html
    .replace(/<details[^>]*data-spoiler=""[^>]*>[\s\S]*?<\/details>/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, "");

/** Films of the embedded catalogue no other test writes on: each test has its own. */
const FILMS = {
  forms: { id: 65203, path: "/film/the-broadway-melody-1929-65203" },
  walk: { id: 42861, path: "/film/cimarron-1931-42861" },
  noScript: { id: 33680, path: "/film/grand-hotel-1932-33680" },
  likers: { id: 43277, path: "/film/the-great-ziegfeld-1936-43277" },
  fold: { id: 34106, path: "/film/you-cant-take-it-with-you-1938-34106" },
};

/** A public profile for the account, under `username`. */
async function publicProfile(cookie: string, username: string) {
  expect(
    (await postForm(app.site, "/hesap", { intent: "username", username }, cookie)).status,
  ).toBe(302);
  expect(
    (await postForm(app.site, "/hesap", { intent: "visibility", visibility: "public" }, cookie))
      .status,
  ).toBe(302);
}

/** "İzlemediğiniz film ve dizilerin yorumları katlı gösterilsin", as its checkbox sends it. */
async function foldUnwatched(cookie: string, on: boolean) {
  const fields: Record<string, string> = { intent: "fold-unwatched" };
  if (on) fields.foldUnwatched = "on";
  expect((await postForm(app.site, "/hesap", fields, cookie)).status).toBe(302);
}

async function writeReview(
  cookie: string,
  item: { id: number; path: string },
  comment: string,
  spoiler: boolean,
) {
  const response = await postForm(
    app.site,
    "/yorum",
    {
      intent: "create",
      itemType: "movie",
      itemId: String(item.id),
      comment,
      returnTo: item.path,
      ...(spoiler ? { spoiler: "on" } : {}),
    },
    cookie,
  );
  expect(response.status).toBe(302);
}

it("likes, comments, replies, edits and deletes under a review with plain form posts; the page cache follows", async () => {
  const item = FILMS.forms;
  const aName = `Ayla ${stamp()}`;
  const [a, b] = await Promise.all([
    newAccount(app.site, aName, "sosyal-a"),
    newAccount(app.site, `Bora ${stamp()}`, "sosyal-b"),
  ]);
  const secret = `Sonunda kahraman aslında hayalet çıkıyor ${stamp()}.`;
  await writeReview(a, item, secret, true);

  // Stored for anonymous readers: folded, and never in the description a link preview shows.
  await anonymous(item.path);
  let page = await anonymous(item.path);
  expect(page.cache).toBe("HIT");
  const reviewId = reviewIdOf(page.html, aName);
  expect(reviewId).toBeGreaterThan(0);
  expect(page.html).toContain("Göster");
  expect(unfolded(page.html)).not.toContain(secret);
  const description = /<meta[^>]+(?:name|property)="(?:og:)?description"[^>]*>/g;
  for (const tag of page.html.match(description) ?? []) expect(tag).not.toContain("hayalet");
  expect(likeCount(reviewBlock(page.html, reviewId))).toBe("0");

  // Beğen without JavaScript: a redirect back; the stored anonymous page shows the count at once.
  const liked = await postForm(
    app.site,
    "/birlikte",
    { intent: "like", targetType: "review", targetId: String(reviewId), returnTo: item.path },
    b,
  );
  expect([liked.status, liked.headers.get("location")]).toEqual([302, item.path]);
  page = await anonymous(item.path);
  expect(likeCount(reviewBlock(page.html, reviewId))).toBe("1");
  // One person's "Beğendin" is theirs: never on the page others read.
  expect(reviewBlock(page.html, reviewId)).not.toContain("Beğendin");
  expect(reviewBlock(await signedIn(item.path, b), reviewId)).toContain("Beğendin");
  expect(reviewBlock(await signedIn(item.path, a), reviewId)).not.toContain("Beğendin");

  // Comments: refused with the domain's Turkish words, then written, replied to, edited.
  const target = { targetType: "review", targetId: String(reviewId) };
  expect(await social(b, { intent: "comment", ...target, body: "   " })).toMatchObject({
    status: 400,
    message: "Lütfen bir yorum yazın.",
  });
  expect(await social(b, { intent: "comment", ...target, body: "ç".repeat(1001) })).toMatchObject({
    status: 400,
    message: "Yorum en fazla 1000 karakter olabilir.",
  });
  const said = `Hiç beklemiyordum ${stamp()}`;
  expect(await social(b, { intent: "comment", ...target, body: said })).toMatchObject({
    status: 200,
  });
  page = await anonymous(item.path);
  const commentId = Number(
    /data-comment="(\d+)"/.exec(reviewBlock(page.html, reviewId))?.[1] ?? NaN,
  );
  expect(reviewBlock(page.html, reviewId)).toContain(said);
  const reply = `Ben de öyle ${stamp()}`;
  expect(
    await social(a, { intent: "comment", ...target, parentId: String(commentId), body: reply }),
  ).toMatchObject({ status: 200 });
  // Düzenle: the author within 15 minutes, nobody else.
  const edited = `${said} (düzeltildi)`;
  expect(
    await social(a, { intent: "edit-comment", commentId: String(commentId), body: edited }),
  ).toMatchObject({ status: 400 });
  expect(
    await social(b, { intent: "edit-comment", commentId: String(commentId), body: edited }),
  ).toMatchObject({ status: 200, message: "Yorumunuz güncellendi" });
  page = await anonymous(item.path);
  let block = reviewBlock(page.html, reviewId);
  expect(block).toContain(edited);
  expect(block).toContain(reply);
  expect(block).toContain("düzenlendi");
  expect(block).toMatch(/data-comment-count="">2</);
  // The signed-in author sees Düzenle and Sil on their own comment only.
  const bView = reviewBlock(await signedIn(item.path, b), reviewId);
  expect(bView).toContain("Düzenle");

  // Sil by the review's owner: the comment and its reply go, from the stored page too.
  expect(await social(a, { intent: "delete-comment", commentId: String(commentId) })).toMatchObject(
    {
      status: 200,
      message: "Yorum silindi",
    },
  );
  page = await anonymous(item.path);
  block = reviewBlock(page.html, reviewId);
  expect(block).not.toContain(edited);
  expect(block).not.toContain(reply);

  // Bildir, and Beğen taken back.
  expect(
    await social(b, {
      intent: "report",
      targetType: "review",
      targetId: String(reviewId),
      reason: "spoiler",
    }),
  ).toMatchObject({ status: 200, message: "Bildiriminiz alındı. Teşekkür ederiz." });
  expect(await social(b, { intent: "unlike", ...target })).toMatchObject({ status: 200 });
  page = await anonymous(item.path);
  expect(likeCount(reviewBlock(page.html, reviewId))).toBe("0");
}, 60_000);

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

describeInBrowser("social", () => {
  it("three people: a folded review, Göster, Beğen, a comment and a reply; a blocked person is refused; a report (phone and desktop)", async () => {
    const item = FILMS.walk;
    const aName = `Aslı ${stamp()}`;
    const username = `asli.${stamp()}`;
    const [a, b, c] = await Promise.all([
      newAccount(app.site, aName, "sosyal-yuru-a"),
      newAccount(app.site, `Barış ${stamp()}`, "sosyal-yuru-b"),
      newAccount(app.site, `Cem ${stamp()}`, "sosyal-yuru-c"),
    ]);
    // A's public profile (for the follow and the block), and the review marked as a spoiler.
    expect((await postForm(app.site, "/hesap", { intent: "username", username }, a)).status).toBe(
      302,
    );
    await postForm(app.site, "/hesap", { intent: "visibility", visibility: "public" }, a);
    const secret = `Katil en başından beri anlatıcının kendisi ${stamp()}.`;
    await writeReview(a, item, secret, true);
    expect(
      (await postForm(app.site, "/kisiler", { intent: "follow", username, returnTo: "/" }, b))
        .status,
    ).toBe(302);

    // B on a phone: the feed folds it; Göster opens it.
    const phone = await app.tab(PHONE, { cookie: b });
    await phone.goto("/akis");
    const folded = phone.locator("details[data-spoiler]").filter({ hasText: "Göster" }).first();
    await folded.waitFor();
    expect(await phone.getByText(secret).isVisible()).toBe(false);
    await folded.locator("summary").click();
    await phone.getByText(secret).waitFor();
    // The feed's Beğen is there too, with its count.
    await phone.locator("[data-feed] [data-like]").first().waitFor();

    // On the film's page: Beğen, then a comment.
    await phone.goto(item.path);
    const card = phone.getByRole("article", { name: `${aName} yorumu` });
    expect(await card.getByText(secret).isVisible()).toBe(false);
    await card.getByText("Göster").click();
    await card.getByText(secret).waitFor();
    await card.getByRole("button", { name: /Beğen/ }).click();
    await card.getByRole("button", { name: /Beğendin/ }).waitFor();
    expect(await card.locator("[data-like-count]").textContent()).toBe("1");
    await card.getByText("Yorum yaz", { exact: true }).click();
    const said = `Hiç tahmin etmemiştim ${stamp()}`;
    await card.getByPlaceholder("Yorum yazın").fill(said);
    await card.getByRole("button", { name: "Gönder" }).click();
    await toast(phone, "Yorumunuz eklendi");
    await card.locator("p", { hasText: said }).waitFor();
    await phone.screenshot({ path: "screenshots/social/review-phone.png", fullPage: false });

    // A on a desktop replies.
    const desktop = await app.tab(DESKTOP, { cookie: a });
    await desktop.goto(item.path);
    const own = desktop.getByRole("article", { name: `${aName} yorumu` });
    await own.locator("p", { hasText: said }).waitFor();
    await own.locator("[data-reply] summary").first().click();
    const reply = `Herkes öyle diyor ${stamp()}`;
    await own.getByPlaceholder("Yanıtınız").fill(reply);
    await own.getByRole("button", { name: "Yanıtla" }).last().click();
    await toast(desktop, "Yorumunuz eklendi");
    await own.locator("p", { hasText: reply }).waitFor();
    await own.scrollIntoViewIfNeeded();
    await desktop.screenshot({ path: "screenshots/social/review-desktop.png", fullPage: false });

    // C, blocked by A, can neither comment nor like; C's report is received.
    const cName = `cem.${stamp()}`;
    await postForm(app.site, "/hesap", { intent: "username", username: cName }, c);
    await postForm(app.site, "/kisiler", { intent: "block", username: cName, returnTo: "/" }, a);
    const cPage = await app.tab(DESKTOP, { cookie: c });
    await cPage.goto(item.path);
    await hydrated(cPage);
    const seen = cPage.getByRole("article", { name: `${aName} yorumu` });
    await seen.getByRole("button", { name: /Beğen/ }).click();
    await toast(cPage, "Bu içerik bulunamadı.");
    await seen.getByText("Yorum yaz", { exact: true }).click();
    await seen.getByPlaceholder("Yorum yazın").fill("Engellendim mi?");
    await seen.getByRole("button", { name: "Gönder" }).click();
    await toast(cPage, "Bu içeriğe yorum yazılamıyor.");
    expect(await seen.getByPlaceholder("Yorum yazın").inputValue()).toBe("Engellendim mi?");
    await seen.locator("[data-report] summary").first().click();
    await seen.getByRole("combobox").first().selectOption("abuse");
    await seen.getByRole("button", { name: "Gönder" }).first().click();
    await toast(cPage, "Bildiriminiz alındı. Teşekkür ederiz.");
  }, 120_000);

  it("without JavaScript: Göster, Beğen and a comment", async () => {
    const item = FILMS.noScript;
    const aName = `Deniz ${stamp()}`;
    const bName = `Ege ${stamp()}`;
    const [a, b] = await Promise.all([
      newAccount(app.site, aName, "sosyal-js-a"),
      newAccount(app.site, bName, "sosyal-js-b"),
    ]);
    await publicProfile(b, `ege.${stamp()}`);
    const secret = `Gemi en sonda batıyor ${stamp()}.`;
    await writeReview(a, item, secret, true);
    const page = await app.tab(PHONE, { cookie: b, javaScriptEnabled: false });
    await page.goto(item.path);
    const card = page.getByRole("article", { name: `${aName} yorumu` });
    expect(await card.getByText(secret).isVisible()).toBe(false);
    await card.getByText("Göster").click();
    await card.getByText(secret).waitFor();
    await card.getByRole("button", { name: /Beğen/ }).click();
    await page.waitForURL(`**${item.path}`);
    await card.getByRole("button", { name: /Beğendin/ }).waitFor();

    // The count opens Beğenenler, a plain link: B by name (B's profile is public).
    await card.locator("[data-likers-link]").click();
    await page.waitForURL("**/begenenler/yorum/*");
    await page.getByText("1 kişi beğendi.").waitFor();
    // Named by its title (kept when the review was written), not "Film #33680".
    await page.getByText("Grand Hotel yorumu").waitFor();
    await page
      .locator("[data-likers]")
      .getByRole("link", { name: new RegExp(bName) })
      .waitFor();
    await page.screenshot({ path: "screenshots/social/likers-phone.png", fullPage: true });
    await page.goBack();

    // A refused comment (a link from a day-old account) keeps its text, the reason beside it.
    await card.getByText("Yorum yaz", { exact: true }).click();
    const withLink = `Şuna bakın: www.ornek-site.com ${stamp()}`;
    await card.getByPlaceholder("Yorum yazın").fill(withLink);
    await card.getByRole("button", { name: "Gönder" }).click();
    await page.waitForURL("**/birlikte/yorum");
    await page
      .getByRole("alert")
      .getByText(/bağlantı paylaşamazsınız/)
      .first()
      .waitFor();
    const box = page.getByRole("textbox", { name: "Yorumunuz" });
    expect(await box.inputValue()).toBe(withLink);
    await page.screenshot({ path: "screenshots/social/refused-comment-phone.png", fullPage: true });
    // Sent again without the link: back on the film's page, the comment under the review.
    const said = `Bunu okumamalıydım ${stamp()}`;
    await box.fill(said);
    await page.getByRole("button", { name: "Yeniden gönder" }).click();
    await page.waitForURL(`**${item.path}`);
    await card.locator("p", { hasText: said }).waitFor();

    // The folding setting is a plain checkbox and Kaydet on /hesap.
    await page.goto("/hesap");
    const setting = page.getByRole("checkbox", { name: /yorumları katlı gösterilsin/ });
    expect(await setting.isChecked()).toBe(false);
    await setting.check();
    await page
      .getByRole("group", { name: "Sürpriz bozanlar" })
      .getByRole("button", { name: "Kaydet" })
      .click();
    // Saved: the page comes back with the box ticked from the database.
    await page.waitForURL("**/hesap#yorum-katlama");
    expect(await setting.isChecked()).toBe(true);
  }, 90_000);
});

it("Beğen and a comment on a public list: the stored anonymous list and liker's profile show them at once", async () => {
  const [owner, reader] = await Promise.all([
    newAccount(app.site, `Liste Sahibi ${stamp()}`, "sosyal-liste-a"),
    newAccount(app.site, `Okur ${stamp()}`, "sosyal-liste-b"),
  ]);
  const name = `Pazar filmleri ${stamp()}`;
  const made = await postForm(app.site, "/dashboard/listeler", { name }, owner);
  const id = /^\/dashboard\/listeler\/(\d+)$/.exec(made.headers.get("location") ?? "")?.[1];
  expect(id).toBeTruthy();
  const updated = await postForm(
    app.site,
    `/dashboard/listeler/${id}`,
    { intent: "update", name, description: "", visibility: "public" },
    owner,
  );
  expect(updated.status).toBe(302);
  const path = (await fetch(`${app.site}/liste/${id}`, { redirect: "manual" })).headers.get(
    "location",
  )!;
  // The reader's public profile, stored for anonymous readers before the like.
  const username = `okur.${stamp()}`;
  await postForm(app.site, "/hesap", { intent: "username", username }, reader);
  await postForm(app.site, "/hesap", { intent: "visibility", visibility: "public" }, reader);
  const profile = `/u/${username}`;
  await anonymous(profile);
  expect((await anonymous(profile)).cache).toBe("HIT");
  await anonymous(path);
  expect((await anonymous(path)).cache).toBe("HIT");
  const target = { targetType: "list", targetId: id! };
  expect(await social(reader, { intent: "like", ...target })).toMatchObject({ status: 200 });
  const said = `Güzel seçki ${stamp()}`;
  expect(await social(reader, { intent: "comment", ...target, body: said })).toMatchObject({
    status: 200,
  });
  const { html } = await anonymous(path);
  const block = html.slice(html.indexOf(`data-social="list-${id}"`));
  expect(likeCount(block)).toBe("1");
  expect(block).toContain(said);
  expect(block).not.toContain("Beğendin");
  // "Beğendikleri" on the reader's profile, at once.
  const liked = (await anonymous(profile)).html;
  expect(liked.slice(liked.indexOf('id="begendikleri"'))).toContain(name);
}, 60_000);

it("Beğenenler: public profiles by name, private ones counted, blocked people hidden; stored pages carry only the count", async () => {
  const item = FILMS.likers;
  const aName = `Asya ${stamp()}`;
  const likerName = `Levent ${stamp()}`;
  const [a, liker, hidden, reader] = await Promise.all([
    newAccount(app.site, aName, "sosyal-begenen-a"),
    newAccount(app.site, likerName, "sosyal-begenen-b"),
    newAccount(app.site, `Gizem ${stamp()}`, "sosyal-begenen-c"),
    newAccount(app.site, `Okan ${stamp()}`, "sosyal-begenen-d"),
  ]);
  const likerUsername = `levent.${stamp()}`;
  await publicProfile(liker, likerUsername);
  await writeReview(a, item, "Uzun ama her dakikası ayrı güzel bir film.", false);
  await anonymous(item.path);
  let page = await anonymous(item.path);
  expect(page.cache).toBe("HIT");
  const reviewId = reviewIdOf(page.html, aName);
  const likersPath = `/begenenler/yorum/${reviewId}`;
  // No likes, no list to open.
  expect(reviewBlock(page.html, reviewId)).not.toContain(likersPath);

  const target = { targetType: "review", targetId: String(reviewId) };
  for (const cookie of [liker, hidden])
    expect(await social(cookie, { intent: "like", ...target })).toMatchObject({ status: 200 });
  // The stored page is dropped and comes back with the count and the link, no names.
  page = await anonymous(item.path);
  const block = reviewBlock(page.html, reviewId);
  expect(likeCount(block)).toBe("2");
  expect(block).toContain(`href="${likersPath}"`);
  expect(block).not.toContain(likerName);

  // The list: the public profile by name and link, the private one only counted.
  const response = await fetch(`${app.site}${likersPath}`);
  expect(response.headers.get("cache-control")).toContain("no-store");
  const list = await response.text();
  expect(list).toContain("2 kişi beğendi.");
  expect(list).toContain(`href="/u/${likerUsername}"`);
  expect(list).toContain(likerName);
  expect(list).toContain("ve 1 kişi daha");
  expect(list).not.toContain("Gizem");

  // A reader who blocked the liker does not see them; the count stays.
  const readerName = `okan.${stamp()}`;
  await publicProfile(reader, readerName);
  await postForm(
    app.site,
    "/kisiler",
    { intent: "block", username: likerUsername, returnTo: "/" },
    reader,
  );
  const seen = await signedIn(likersPath, reader);
  expect(seen).toContain("2 kişi beğendi.");
  expect(seen).not.toContain(likerName);
  // The reader likes it too: listed for everyone but the person they blocked.
  expect(await social(reader, { intent: "like", ...target })).toMatchObject({ status: 200 });
  expect(await signedIn(likersPath, hidden)).toContain(`href="/u/${readerName}"`);
  expect(await signedIn(likersPath, liker)).not.toContain(`href="/u/${readerName}"`);

  // Taken back: the stored page's count follows at once.
  expect(await social(liker, { intent: "unlike", ...target })).toMatchObject({ status: 200 });
  expect(likeCount(reviewBlock((await anonymous(item.path)).html, reviewId))).toBe("2");
  expect((await fetch(`${app.site}/begenenler/liste/999999999`)).status).toBe(404);
  expect((await fetch(`${app.site}/begenenler/baska/1`)).status).toBe(404);
}, 60_000);

it("folds reviews of a title the reader has not watched when they chose so, on the title page and the feed, never on the stored page", async () => {
  const item = FILMS.fold;
  const aName = `Aylin ${stamp()}`;
  const aUsername = `aylin.${stamp()}`;
  const [a, b] = await Promise.all([
    newAccount(app.site, aName, "sosyal-katla-a"),
    newAccount(app.site, `Berk ${stamp()}`, "sosyal-katla-b"),
  ]);
  await publicProfile(a, aUsername);
  const words = `Sonunda herkes barışıyor ve büyükbaba kazanıyor ${stamp()}.`;
  await writeReview(a, item, words, false);
  await postForm(app.site, "/kisiler", { intent: "follow", username: aUsername, returnTo: "/" }, b);
  const open = (html: string) => unfolded(html).includes(words);

  // Off (the default): the words are open everywhere.
  expect(open(await signedIn(item.path, b))).toBe(true);
  expect(open(await signedIn("/akis", b))).toBe(true);

  // On: folded as "Henüz izlemediniz" for B, on the film's page and in the feed.
  await foldUnwatched(b, true);
  let html = await signedIn(item.path, b);
  expect(open(html)).toBe(false);
  expect(html).toContain("Henüz izlemediniz");
  expect(open(await signedIn("/akis", b))).toBe(false);
  // The author and anonymous readers (the stored copy included) read it open.
  expect(open(await signedIn(item.path, a))).toBe(true);
  await anonymous(item.path);
  const stored = await anonymous(item.path);
  expect(stored.cache).toBe("HIT");
  expect(open(stored.html)).toBe(true);

  // Verilerim carries the setting.
  const exported = (await (
    await fetch(`${app.site}/hesap/verilerim`, { headers: { Cookie: b } })
  ).json()) as { publicProfile: { foldUnwatched: boolean } };
  expect(exported.publicProfile.foldUnwatched).toBe(true);

  // Off again: open. On, then watched (a rating): open.
  await foldUnwatched(b, false);
  expect(open(await signedIn(item.path, b))).toBe(true);
  await foldUnwatched(b, true);
  expect(open(await signedIn(item.path, b))).toBe(false);
  const rated = await postForm(
    app.site,
    "/puan",
    {
      intent: "rate",
      itemType: "movie",
      itemId: String(item.id),
      rating: "8",
      returnTo: item.path,
    },
    b,
  );
  expect(rated.status).toBe(302);
  html = await signedIn(item.path, b);
  expect(open(html)).toBe(true);
  expect(open(await signedIn("/akis", b))).toBe(true);
}, 60_000);
