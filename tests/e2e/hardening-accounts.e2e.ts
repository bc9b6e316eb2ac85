import { randomBytes } from "node:crypto";
import { TOTP } from "otpauth";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type TestServer } from "../support/app-server";
import { raw, Visitor, type RawResponse } from "../support/raw-http";

/*
 * Account hardening (issue #22, defects 4-8), attacked on the built server as a script would:
 * a TOTP code replayed, a stranger spending the owner's password resets, wrong second-step codes
 * locking the owner out, parallel wrong passwords overshooting the limit, and zod's English
 * reaching a visitor. Each client is its own loopback address (127.0.1.x here), so the tests
 * share no limit with one another. The server runs as in production: an https public address,
 * no TRUST_PROXY. With TEST_DATABASE_URL, the races run on two instances sharing PostgreSQL too.
 */

const TOO_MANY = "Çok fazla deneme yaptınız. Lütfen biraz sonra yeniden deneyin.";
const WRONG_PASSWORD = "E-posta veya şifre hatalı";
const WRONG_CODE = "Doğrulama kodu hatalı";
const RESET_SENT = "şifre sıfırlama bağlantısı e-posta ile gönderildi";
const PASSWORD = "gizli123";

let server: TestServer;
let counter = 0;
const email = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;
let client = 0;
/** A client address no other test uses. */
const nextClient = () => `127.0.1.${++client}`;

beforeAll(async () => {
  server = await startAppServer({ PUBLIC_SITE_URL: "https://perde.example", LOG_LEVEL: "info" });
});
afterAll(() => server.end());

/** Signs up and in on `site`, turns two-factor sign-in on, and returns the app's generator. */
async function withTwoFactor(site: string, address: string): Promise<TOTP> {
  const owner = new Visitor(site, nextClient());
  await owner.signIn(address, PASSWORD, "İki Adım");
  const started = await owner.post("/hesap", { intent: "totp-start", password: PASSWORD });
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(started.body)?.[1];
  if (!secret) throw new Error(`no TOTP secret on the page: ${started.status}`);
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  const confirmed = await owner.post("/hesap", { intent: "totp-confirm", code: totp.generate() });
  expect(confirmed.status).toBe(302);
  return totp;
}

/**
 * A code the app will show in the next 30-second step: better-auth accepts it now (one step
 * either side), and it is not the code that turned two-factor sign-in on.
 */
const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

/** A client that has passed the password step and now owes the second one. */
async function pendingSecondStep(site: string, address: string, from = nextClient()) {
  const visitor = new Visitor(site, from);
  const first = await visitor.post("/auth", {
    intent: "signin",
    email: address,
    password: PASSWORD,
  });
  expect(first.headers.location).toBe("/auth/iki-adim");
  return visitor;
}

const signedIn = (answer: RawResponse) =>
  answer.status === 302 && answer.headers.location === "/dashboard";

/** Whether the visitor's cookies open the dashboard (a session), rather than a redirect. */
const hasSession = async (visitor: Visitor) => (await visitor.get("/dashboard")).status === 200;

describe("a TOTP code works once (defect 4)", () => {
  it("refuses the code a second client replays after its own password sign-in", async () => {
    const address = email("totp-tekrar");
    const totp = await withTwoFactor(server.url, address);
    const code = nextCode(totp);
    const first = await pendingSecondStep(server.url, address);
    const second = await pendingSecondStep(server.url, address);
    expect(signedIn(await first.post("/auth/iki-adim", { code }))).toBe(true);
    const replay = await second.post("/auth/iki-adim", { code });
    expect(signedIn(replay)).toBe(false);
    expect(replay.body).toContain(WRONG_CODE);
    expect(await hasSession(second)).toBe(false);
    expect(await hasSession(first)).toBe(true);
  });

  it("opens one session when two clients send the same code at once", async () => {
    const address = email("totp-yaris");
    const totp = await withTwoFactor(server.url, address);
    const code = nextCode(totp);
    const visitors = await Promise.all(
      Array.from({ length: 4 }, () => pendingSecondStep(server.url, address)),
    );
    const answers = await Promise.all(visitors.map((v) => v.post("/auth/iki-adim", { code })));
    expect(answers.filter(signedIn)).toHaveLength(1);
    const sessions = await Promise.all(visitors.map(hasSession));
    expect(sessions.filter(Boolean)).toHaveLength(1);
  });

  it("takes a recovery code once, even from two clients at once", async () => {
    const address = email("kurtarma");
    const owner = new Visitor(server.url, nextClient());
    await owner.signIn(address, PASSWORD, "Kurtarma Kodu");
    const started = await owner.post("/hesap", { intent: "totp-start", password: PASSWORD });
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(started.body)![1]!;
    const backup = /data-testid="backup-codes"[\s\S]*?<li[^>]*>([^<]+)</.exec(started.body)![1]!;
    const totp = new TOTP({ secret, digits: 6, period: 30 });
    await owner.post("/hesap", { intent: "totp-confirm", code: totp.generate() });
    const visitors = await Promise.all(
      Array.from({ length: 3 }, () => pendingSecondStep(server.url, address)),
    );
    const answers = await Promise.all(
      visitors.map((v) => v.post("/auth/iki-adim", { code: backup.trim() })),
    );
    expect(answers.filter(signedIn)).toHaveLength(1);
    for (const answer of answers.filter((answer) => !signedIn(answer)))
      expect(answer.body).toContain(WRONG_CODE);
  });
});

describe("wrong second-step codes lock out that client only (defect 6)", () => {
  it("still takes the owner's right code from a fresh client after 11 wrong ones elsewhere", async () => {
    const address = email("iki-adim-kilit");
    const totp = await withTwoFactor(server.url, address);
    const attackerAddress = nextClient();
    const answers: string[] = [];
    // better-auth allows five codes per password sign-in: the attacker, who has the password,
    // signs in again for each five.
    while (answers.length < 11) {
      const attacker = await pendingSecondStep(server.url, address, attackerAddress);
      for (let tries = 0; tries < 5 && answers.length < 11; tries++) {
        const answer = await attacker.post("/auth/iki-adim", { code: "000000" });
        answers.push(answer.body.includes(TOO_MANY) ? "too many" : "wrong");
      }
    }
    // Ten wrong codes reach the check; the eleventh from that client is refused.
    expect(answers).toEqual([...Array<string>(10).fill("wrong"), "too many"]);
    const owner = await pendingSecondStep(server.url, address);
    const answer = await owner.post("/auth/iki-adim", { code: nextCode(totp) });
    expect(answer.body).not.toContain(TOO_MANY);
    expect(signedIn(answer)).toBe(true);
  });
});

describe("password reset requests (defect 5)", () => {
  /** The reset mails written to the log (embedded setup, no SMTP) for an address. */
  const mailsTo = (address: string) =>
    server
      .output()
      .split("\n")
      .filter((line) => line.includes("sifre-sifirla?token=") && line.includes(address)).length;

  const resetFrom = (from: string, address: string) =>
    new Visitor(server.url, from).post("/sifremi-unuttum", { email: address });

  it("cannot be used up by strangers, and answers every request alike", async () => {
    const address = email("sifirla-hedef");
    await new Visitor(server.url, nextClient()).signUp(address, PASSWORD, "Sıfırlama Hedefi");
    const answers: RawResponse[] = [];
    // Three strangers, four requests each: more than the address used to get an hour.
    for (const stranger of [nextClient(), nextClient(), nextClient()])
      for (let request = 0; request < 4; request++)
        answers.push(await resetFrom(stranger, address));
    // An address without an account, from a client over its limit for it.
    const [nobody, unknown] = [nextClient(), email("kimse")];
    for (let request = 0; request < 4; request++) answers.push(await resetFrom(nobody, unknown));

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(RESET_SENT);
      expect(answer.body).not.toContain(TOO_MANY);
    }

    // The owner, from their own client, still gets a link.
    const before = mailsTo(address);
    const own = await resetFrom(nextClient(), address);
    expect(own.status).toBe(200);
    expect(own.body).toContain(RESET_SENT);
    const deadline = Date.now() + 10_000;
    while (mailsTo(address) === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mailsTo(address)).toBe(before + 1);
  });
});

/** Posts `count` wrong passwords for one address from one client at once; tallies the answers. */
async function parallelWrongPasswords(sites: string[], address: string, count: number) {
  const from = nextClient();
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      new Visitor(sites[index % sites.length]!, from).post("/auth", {
        intent: "signin",
        email: address,
        password: `tahmin${index}`,
      }),
    ),
  );
  const bodies = answers.map((answer) => answer.body);
  return {
    checked: bodies.filter((body) => body.includes(WRONG_PASSWORD)).length,
    refused: bodies.filter((body) => body.includes(TOO_MANY)).length,
  };
}

describe("parallel wrong passwords (defect 7)", () => {
  it("reach the password check at most 10 times out of 40 from one client", async () => {
    const address = email("paralel");
    await new Visitor(server.url, nextClient()).signUp(address, PASSWORD, "Paralel Deneme");
    const { checked, refused } = await parallelWrongPasswords([server.url], address, 40);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(40);
  });
});

describe("every form answers in Turkish (defect 8)", () => {
  const english = /\b(Invalid|expected|received|Required)\b/;
  /** A form post without JavaScript (the page) and with it (React Router's data request). */
  async function bothWays(visitor: Visitor, path: string, fields: Record<string, string>) {
    const page = await visitor.post(path, fields);
    const data = await visitor.post(`${path}.data`, fields);
    return [page, data];
  }
  /** A multipart post whose fields are files: the one wrong type a form can carry. */
  async function withFiles(
    visitor: Visitor,
    path: string,
    fields: Record<string, string>,
    text = ["intent", "js"],
  ) {
    const boundary = `----perde${randomBytes(8).toString("hex")}`;
    const parts = Object.entries(fields).map(([name, value]) =>
      text.includes(name)
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${value}\r\n`,
    );
    const body = `${parts.join("")}--${boundary}--\r\n`;
    return raw(visitor.base, {
      method: "POST",
      path,
      from: visitor.from,
      body,
      headers: {
        Origin: visitor.base,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": Buffer.byteLength(body),
        ...(visitor.cookieHeader ? { Cookie: visitor.cookieHeader } : {}),
      },
    });
  }
  const expectTurkish = (answers: RawResponse[], where: string) => {
    for (const answer of answers) {
      expect(answer.status, where).toBeLessThan(500);
      expect(answer.body, where).not.toMatch(english);
    }
  };

  it("the visitor's forms, with fields missing or of the wrong type", async () => {
    const visitor = new Visitor(server.url, nextClient());
    const forms: [string, Record<string, string>][] = [
      ["/auth", { intent: "signin" }],
      ["/auth", { intent: "signup" }],
      ["/auth", { intent: "signin", email: "a@b.co" }],
      ["/auth/iki-adim", {}],
      ["/sifremi-unuttum", {}],
      ["/sifre-sifirla", {}],
      ["/sifre-sifirla", { token: "x" }],
    ];
    for (const [path, fields] of forms) {
      const where = `${path} ${JSON.stringify(fields)}`;
      expectTurkish(await bothWays(visitor, path, fields), where);
      const filled = { ...fields, email: "a@b.co", password: "123456", fullName: "Ad", code: "1" };
      expectTurkish([await withFiles(visitor, path, filled)], `${where} (files)`);
    }
    // The spec's texts still show (SPEC.md section 5).
    expect((await visitor.post("/auth", { intent: "signin" })).body).toContain(
      "Geçerli bir e-posta adresi giriniz",
    );
    expect((await visitor.post("/auth", { intent: "signin", email: "a@b.co" })).body).toContain(
      "Şifre en az 6 karakter olmalıdır",
    );
    expect(
      (await visitor.post("/auth", { intent: "signup", email: "a@b.co", password: PASSWORD })).body,
    ).toContain("İsim en az 2 karakter olmalıdır");
  });

  it("a signed-in person's forms, reviews and lists included", async () => {
    const visitor = new Visitor(server.url, nextClient());
    await visitor.signIn(email("turkce"), PASSWORD, "Türkçe Mesaj");
    const listPath = (await visitor.post("/dashboard/listeler", { name: "Türkçe liste" })).headers
      .location!;
    expect(listPath).toMatch(/^\/dashboard\/listeler\/\d+$/);
    // A description or a note sent as a file: the list forms' own Turkish, not zod's English.
    for (const [fields, message] of [
      [{ intent: "update", name: "Türkçe liste", description: "x" }, "Açıklama düz bir metin"],
      [{ intent: "note", itemType: "movie", itemId: "550", note: "x" }, "Not düz bir metin"],
    ] as const) {
      const text = ["intent", "js", "name", "itemType", "itemId"];
      const answer = await withFiles(visitor, listPath, { ...fields, js: "1" }, text);
      expect(answer.body).toContain(message);
    }
    const review = { itemType: "movie", itemId: "550", js: "1" };
    // A review without a comment: the spec's message, not zod's English.
    const noComment = await visitor.post("/yorum", { intent: "create", ...review });
    expect(noComment.status).toBe(400);
    expect(JSON.parse(noComment.body)).toMatchObject({
      ok: false,
      message: "Yorum en az 10 karakter olmalıdır",
    });
    const fileComment = await withFiles(visitor, "/yorum", {
      intent: "create",
      ...review,
      comment: "Dosya olarak gönderilmiş bir yorum.",
    });
    expect(JSON.parse(fileComment.body)).toMatchObject({
      message: "Yorum en az 10 karakter olmalıdır",
    });

    const forms: [string, Record<string, string>][] = [
      ["/yorum", { intent: "create", js: "1" }],
      ["/yorum", { intent: "update", js: "1", comment: "Yeterince uzun bir yorum." }],
      ["/yorum", { intent: "delete", js: "1" }],
      ["/liste", { intent: "add", js: "1" }],
      ["/liste", { intent: "status", js: "1", itemType: "movie", itemId: "550" }],
      ["/liste", { intent: "remove-row", js: "1" }],
      ["/hesap", { intent: "profile" }],
      ["/hesap", { intent: "password" }],
      ["/hesap", { intent: "totp-start" }],
      ["/hesap", { intent: "totp-confirm" }],
      ["/hesap", { intent: "totp-disable" }],
      ["/hesap", { intent: "session-end" }],
      ["/hesap", { intent: "passkey-remove" }],
      ["/hesap", { intent: "delete" }],
      ["/hesap", { intent: "username" }],
      ["/hesap", { intent: "visibility" }],
      ["/hesap", { intent: "favorite-add" }],
      ["/hesap", { intent: "favorite-remove" }],
      ["/hesap", { intent: "favorite-move" }],
      ["/hesap", { intent: "favorite-search" }],
      // Web push (decision 036).
      ["/hesap", { intent: "push-subscribe" }],
      ["/hesap", { intent: "push-unsubscribe" }],
      // The forms added since (issue 32, item 7): lists, sharing, diary, marks, feed, imports.
      ["/dashboard/listeler", {}],
      [listPath, { intent: "update" }],
      [listPath, { intent: "note", itemType: "movie", itemId: "550" }],
      [listPath, { intent: "move" }],
      [listPath, { intent: "remove" }],
      [listPath, { intent: "delete" }],
      [`${listPath}/paylasim`, { intent: "revoke" }],
      [`${listPath}/paylasim`, { intent: "remove-editor" }],
      ["/listeye-ekle", { intent: "add" }],
      ["/listeye-ekle", { intent: "create" }],
      ["/liste-davet/yok", {}],
      ["/film/dovus-kulubu-1999-550", { intent: "create", itemType: "movie", itemId: "550" }],
      ["/dashboard/gunluk/1", { intent: "update" }],
      ["/dashboard/gunluk/1", { intent: "delete" }],
      ["/puan", { intent: "rate", js: "1" }],
      ["/puan", { intent: "remove", js: "1", itemType: "episode", itemId: "1396" }],
      ["/bolum-izle", { intent: "mark", js: "1" }],
      ["/bolum-izle", { intent: "unmark-season", js: "1", seriesId: "1396" }],
      ["/takvim", { intent: "create" }],
      ["/takvim", { intent: "remove" }],
      ["/hesap/ice-aktar", {}],
      ["/hesap/ice-aktar/1", { intent: "pick" }],
    ];
    for (const [path, fields] of forms) {
      const where = `${path} ${JSON.stringify(fields)}`;
      expectTurkish(await bothWays(visitor, path, fields), where);
      const filled = {
        ...fields,
        fullName: "Ad",
        password: "x",
        currentPassword: "x",
        newPassword: "x",
        code: "1",
        name: "x",
        comment: "x",
        rating: "5",
        itemType: "movie",
        itemId: "550",
        description: "Dosya olarak gönderilmiş bir açıklama.",
        note: "Dosya olarak gönderilmiş bir not.",
        visibility: "public",
        listId: listPath.split("/").pop()!,
        direction: "up",
        watchedOn: "2020-01-01",
        review: "Dosya olarak gönderilmiş bir günlük notu.",
        tags: "a, b",
        seriesId: "1396",
        season: "1",
        episode: "1",
        inviteId: "1",
        editorId: "x",
        entryId: "1",
        rowId: "1",
        choice: "movie:550",
        username: "dosya",
        movieId: "550",
        q: "dövüş",
      };
      expectTurkish([await withFiles(visitor, path, filled)], `${where} (files)`);
    }

    // Passkey routes take JSON: a missing answer, and answers of the wrong type.
    for (const body of ["{}", "null", "[]", '{"response":5}', '{"response":{},"name":7}', "x"]) {
      for (const path of ["/hesap/gecis-anahtari", "/auth/gecis-anahtari"]) {
        const answer = await raw(server.url, {
          method: "POST",
          path,
          from: visitor.from,
          body,
          headers: {
            Origin: server.url,
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
            Cookie: visitor.cookieHeader,
          },
        });
        expectTurkish([answer], `${path} ${body}`);
      }
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let first: TestServer;
  let second: TestServer;
  let databaseUrl = "";
  const name = `e2e_accounts_${randomBytes(6).toString("hex")}`;
  const admin = async (query: string) => {
    const connection = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await connection.connect();
    try {
      await connection.query(query);
    } finally {
      await connection.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const env = {
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "a-test-secret-that-is-long-enough-123",
      PUBLIC_SITE_URL: "https://perde.example",
      CATALOGUE: "local",
    };
    // One after the other: the first start migrates the new database.
    first = await startAppServer(env);
    second = await startAppServer(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.end(), second?.end()]);
    await admin(`drop database if exists ${name} with (force)`);
  });

  it("one TOTP code opens one session, whichever instance each client reaches", async () => {
    const address = email("iki-sunucu-totp");
    const totp = await withTwoFactor(first.url, address);
    const code = nextCode(totp);
    const visitors = await Promise.all(
      [first, second, first, second].map((instance) => pendingSecondStep(instance.url, address)),
    );
    const answers = await Promise.all(visitors.map((v) => v.post("/auth/iki-adim", { code })));
    expect(answers.filter(signedIn)).toHaveLength(1);
  });

  it("40 parallel wrong passwords over both instances reach the check at most 10 times", async () => {
    const address = email("iki-sunucu-sifre");
    await new Visitor(first.url, nextClient()).signUp(address, PASSWORD, "İki Sunucu");
    const { checked, refused } = await parallelWrongPasswords([first.url, second.url], address, 40);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(40);
  });
});
