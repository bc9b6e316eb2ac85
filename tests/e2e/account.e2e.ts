import { rm } from "node:fs/promises";
import { TOTP } from "otpauth";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { freePort, preparedDataDir, startAppServer, type TestServer } from "../support/app-server";
import { Visitor } from "../support/raw-http";
import { describeInBrowser, useBrowser } from "./browser";

/*
 * Hesabım, walked as its owner would: profile, password, sessions on two devices, two-factor
 * sign-in with the app and a recovery code, a passkey through Chromium's virtual authenticator,
 * the data export and the deletion. Its own server on http://localhost (WebAuthn needs a host
 * name, not an address) with a data folder the test can open afterwards.
 */

let server: TestServer;
let site = "";
let dataDir = "";

beforeAll(async () => {
  const port = await freePort();
  site = `http://localhost:${port}`;
  dataDir = await preparedDataDir();
  server = await startAppServer({ PORT: String(port), PUBLIC_SITE_URL: site, DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.end();
  await rm(dataDir, { recursive: true, force: true });
});

let counter = 0;
const uniqueEmail = () => `hesap${Date.now()}${counter++}@example.com`;

async function signIn(page: Page, email: string, password = "gizli123", from = "/auth") {
  await page.goto(from);
  const form = page.getByRole("tabpanel");
  await form.getByLabel("E-posta").fill(email);
  await form.getByLabel("Şifre").fill(password);
  await form.getByRole("button", { name: "Giriş Yap" }).click();
}

async function signOut(page: Page) {
  await page.evaluate(() => fetch("/cikis", { method: "POST" }));
}

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

/** /auth as an anonymous "İzleme listeme ekle" on Breaking Bad's page sends there (issue 33.8). */
const SERIES = "/dizi/1396";
const FROM_SERIES = `/auth?donus=${encodeURIComponent(SERIES)}&istek=izleme-listesi:tv:1396`;
const onSeries = (url: URL) => url.pathname.startsWith("/dizi/") && url.pathname.endsWith("1396");

describeInBrowser("Hesabım", () => {
  const browser = useBrowser();
  const newPage = () => browser.newPage(undefined, site);

  it("changes the name and the password, lists sessions and ends another device's", async () => {
    const email = uniqueEmail();
    await new Visitor(site).signUp(email, "gizli123", "Deniz Işık");
    const laptop = await newPage();
    await signIn(laptop, email);
    await laptop.waitForURL("**/dashboard");
    const phone = await newPage();
    await signIn(phone, email);
    await phone.waitForURL("**/dashboard");

    // The user menu links to the page.
    await laptop.getByRole("button", { name: "Hesabım" }).click();
    await laptop.getByRole("menuitem", { name: "Hesabım" }).click();
    await laptop.waitForURL("**/hesap");
    const sessions = laptop.getByRole("list", { name: "Açık oturumlar" });
    await sessions.getByText("Bu cihaz").waitFor();
    expect(await sessions.getByRole("listitem").count()).toBe(2);

    // The name form's own Kaydet: /hesap has other forms with a Kaydet of their own.
    const nameForm = laptop.locator("form", { has: laptop.getByLabel("Ad Soyad") });
    await laptop.getByLabel("Ad Soyad").fill("D");
    await nameForm.getByRole("button", { name: "Kaydet", exact: true }).click();
    await toast(laptop, "İsim en az 2 karakter olmalıdır");
    await laptop.getByLabel("Ad Soyad").fill("Deniz Işıkgün");
    await nameForm.getByRole("button", { name: "Kaydet", exact: true }).click();
    await toast(laptop, "Ad soyad güncellendi");
    expect(await laptop.getByLabel("Ad Soyad").inputValue()).toBe("Deniz Işıkgün");

    await sessions.getByRole("button", { name: "Sonlandır" }).click();
    await toast(laptop, "Oturum sonlandırıldı");
    await sessions.getByRole("listitem").nth(1).waitFor({ state: "detached" });
    expect(await sessions.getByRole("listitem").count()).toBe(1);
    await phone.goto("/dashboard");
    await phone.waitForURL("**/auth");

    await laptop.getByLabel("Mevcut şifre").fill("yanlis-sifre");
    await laptop.getByLabel("Yeni şifre").fill("yenisifre1");
    await laptop.getByRole("button", { name: "Şifreyi Değiştir" }).click();
    await toast(laptop, "Şifre hatalı");
    await laptop.getByLabel("Mevcut şifre").fill("gizli123");
    await laptop.getByLabel("Yeni şifre").fill("yenisifre1");
    await laptop.getByRole("button", { name: "Şifreyi Değiştir" }).click();
    await toast(laptop, "Şifreniz güncellendi");
    // This browser stays signed in; the old password no longer works.
    await laptop.goto("/dashboard");
    expect(new URL(laptop.url()).pathname).toBe("/dashboard");
    const old = await new Visitor(site).post("/auth", {
      intent: "signin",
      email,
      password: "gizli123",
    });
    expect(old.status).toBe(400);
  });

  it("turns two-factor sign-in on, asks for a code, and takes each recovery code once", async () => {
    const email = uniqueEmail();
    await new Visitor(site).signUp(email, "gizli123", "Ece Öztürk");
    const page = await newPage();
    await signIn(page, email);
    await page.waitForURL("**/dashboard");
    await page.goto("/hesap");
    const panel = page.getByRole("region", { name: "İki adımlı doğrulama" });
    await panel.getByLabel("Şifre").fill("gizli123");
    await panel.getByRole("button", { name: "İki Adımlı Doğrulamayı Aç" }).click();
    await panel.getByRole("img", { name: "İki adımlı doğrulama için QR kod" }).waitFor();
    expect(await panel.locator("svg").count()).toBe(1);
    const secret = (await panel.getByTestId("totp-secret").textContent())!.trim();
    const codes = await panel.getByTestId("backup-codes").locator("li").allTextContents();
    expect(codes).toHaveLength(10);
    const totp = new TOTP({ secret, digits: 6, period: 30 });

    await panel.getByLabel("Doğrulama kodu").fill("000000");
    await panel.getByRole("button", { name: "Doğrula ve Aç" }).click();
    await toast(page, "Doğrulama kodu hatalı");
    await panel.getByLabel("Doğrulama kodu").fill(totp.generate());
    await panel.getByRole("button", { name: "Doğrula ve Aç" }).click();
    await toast(page, "İki adımlı doğrulama açıldı");
    await panel.getByRole("button", { name: "İki Adımlı Doğrulamayı Kapat" }).waitFor();

    // Sign-in now has a second step.
    await signOut(page);
    await signIn(page, email);
    await page.waitForURL("**/auth/iki-adim");
    await page.getByLabel("Doğrulama kodu").fill("123456");
    await page.getByRole("button", { name: "Doğrula" }).click();
    await toast(page, "Doğrulama kodu hatalı");
    // Each code works once: the one that turned it on is spent, the next step's is accepted.
    await page.getByLabel("Doğrulama kodu").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole("button", { name: "Doğrula" }).click();
    await page.waitForURL("**/dashboard");

    // A recovery code works once. Signing in from a page: the second step carries where to go
    // back to and what was asked, and completes it (issue 33.8).
    await signOut(page);
    await signIn(page, email, "gizli123", FROM_SERIES);
    await page.waitForURL((url) => url.pathname === "/auth/iki-adim");
    expect(new URL(page.url()).searchParams.get("donus")).toBe(SERIES);
    await page.getByLabel("Doğrulama kodu").fill(codes[0]!);
    await page.getByRole("button", { name: "Doğrula" }).click();
    await page.waitForURL(onSeries);
    await toast(page, "Giriş başarılı! Listenize eklendi");
    await signOut(page);
    await signIn(page, email);
    await page.waitForURL("**/auth/iki-adim");
    await page.getByLabel("Doğrulama kodu").fill(codes[0]!);
    await page.getByRole("button", { name: "Doğrula" }).click();
    await toast(page, "Doğrulama kodu hatalı");
    expect(new URL(page.url()).pathname).toBe("/auth/iki-adim");

    // Without the second step there is no session.
    const visitor = new Visitor(site);
    // A return path off the site is not carried on.
    const first = await visitor.post("/auth", {
      intent: "signin",
      email,
      password: "gizli123",
      donus: "//evil.example/",
    });
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe("/auth/iki-adim");
    expect((await visitor.get("/dashboard")).status).toBe(302);
    // Nor by the second step, whatever its form says: the checked return path, else the dashboard.
    const second = await visitor.post("/auth/iki-adim", {
      code: codes[1]!,
      donus: "//evil.example/",
    });
    expect([second.status, second.headers.location]).toEqual([302, "/dashboard"]);
    expect((await visitor.get("/dashboard")).status).toBe(200);
  });

  it("adds a passkey with the virtual authenticator, signs in with it, and removes it", async () => {
    const email = uniqueEmail();
    await new Visitor(site).signUp(email, "gizli123", "Can Yılmaz");
    const page = await newPage();
    const cdp = await (page.context() as BrowserContext).newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await signIn(page, email);
    await page.waitForURL("**/dashboard");
    await page.goto("/hesap");
    const panel = page.getByRole("region", { name: "Geçiş anahtarları" });
    await panel.getByText("Henüz geçiş anahtarınız yok.").waitFor();
    await panel.getByLabel("Geçiş anahtarının adı").fill("Test bilgisayarı");
    await panel.getByRole("button", { name: "Geçiş Anahtarı Ekle" }).click();
    await toast(page, "Geçiş anahtarı eklendi");
    await panel.getByText("Test bilgisayarı").waitFor();

    // Signed in with the passkey from a page: back there with the title added (issue 33.8).
    await signOut(page);
    await page.goto(FROM_SERIES);
    await page.getByRole("button", { name: "Geçiş Anahtarıyla Oturum Aç" }).click();
    await page.waitForURL(onSeries);
    await toast(page, "Giriş başarılı! Listenize eklendi");

    await page.goto("/hesap");
    await panel.getByRole("button", { name: "Kaldır" }).click();
    await toast(page, "Geçiş anahtarı silindi");
    await panel.getByText("Henüz geçiş anahtarınız yok.").waitFor();
  });

  it("exports exactly the person's own data, and deletes every row of it", async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    const film = "/film/dovus-kulubu-1999-550";
    const comment = `Silinecek yorum ${Date.now()}: unutulmaz bir film.`;
    const stranger = new Visitor(site);
    await stranger.signIn(other, "gizli123", "Başka Biri");
    await stranger.post("/yorum", {
      itemType: "movie",
      itemId: "550",
      comment: "Başkasının yorumu, kalmalı.",
      rating: "7",
    });

    const page = await newPage();
    const owner = new Visitor(site);
    await owner.signIn(email, "gizli123", "Selin Kaya");
    await owner.post("/liste", { itemType: "movie", itemId: "550", intent: "add" });
    await owner.post("/yorum", { itemType: "movie", itemId: "550", comment, rating: "9" });
    await signIn(page, email);
    await page.waitForURL("**/dashboard");
    await page.goto(film);
    await page.getByText(comment).waitFor();

    const exported = await owner.get("/hesap/verilerim");
    expect(exported.status).toBe(200);
    expect(String(exported.headers["content-disposition"])).toContain("perde-verilerim.json");
    const data = JSON.parse(exported.body);
    expect(data.account).toMatchObject({ email, name: "Selin Kaya" });
    expect(data.watchlist).toEqual([
      expect.objectContaining({ itemType: "movie", itemId: 550, status: "plan_to_watch" }),
    ]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ itemType: "movie", itemId: 550, rating: 9, comment }),
    ]);
    expect(exported.body).not.toContain(other);
    expect(exported.body).not.toContain("Başkasının yorumu");
    expect(exported.body).not.toMatch(/password|secret|token|backupCodes/i);

    await page.goto("/hesap");
    await page.getByRole("button", { name: "Hesabımı Sil" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Şifre").fill("gizli123");
    await dialog.getByRole("button", { name: "Hesabımı Kalıcı Olarak Sil" }).click();
    await toast(page, "Silmeyi onaylamak için kutuyu işaretleyiniz");
    await dialog.getByRole("checkbox").check();
    await dialog.getByLabel("Şifre").fill("yanlis");
    await dialog.getByRole("button", { name: "Hesabımı Kalıcı Olarak Sil" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Şifre hatalı" }).waitFor();
    // A wrong password keeps the dialog open with its error; without JavaScript the page reloads.
    if (!(await dialog.isVisible()))
      await page.getByRole("button", { name: "Hesabımı Sil" }).click();
    await dialog.getByRole("checkbox").check();
    await dialog.getByLabel("Şifre").fill("gizli123");
    await dialog.getByRole("button", { name: "Hesabımı Kalıcı Olarak Sil" }).click();
    await page.waitForURL(site + "/");
    await toast(page, "Hesabınız silindi");

    // The review is gone from the film page at once, the other person's stays.
    const anonymous = await newPage();
    await anonymous.goto(film);
    await anonymous.getByText("Başkasının yorumu, kalmalı.").waitFor();
    expect(await anonymous.getByText(comment).count()).toBe(0);

    // Every row went: checked in the database once the server has stopped.
    await server.stop();
    const database: DatabaseHandle = await openDatabase({ dataDir });
    try {
      const count = async (query: string) =>
        Number(
          ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
        );
      const id = `'${data.account.id}'`;
      expect(await count(`select count(*)::int as n from "user" where email = '${email}'`)).toBe(0);
      for (const table of [
        "session",
        "account",
        "profiles",
        "watchlist",
        "reviews",
        "two_factor",
        "passkey",
      ]) {
        expect(
          await count(`select count(*)::int as n from ${table} where user_id = ${id}`),
          table,
        ).toBe(0);
      }
      expect(
        await count(
          `select count(*)::int as n from reviews where comment = '${comment.replace(/'/g, "''")}'`,
        ),
      ).toBe(0);
      expect(await count(`select count(*)::int as n from "user" where email = '${other}'`)).toBe(1);
    } finally {
      await database.close();
    }
  });
});
