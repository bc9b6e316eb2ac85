import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type RunningServer, type TestServer } from "../support/app-server";
import { follow, raw, Visitor } from "../support/raw-http";

/*
 * The built server attacked as a script would (issue: hardening). Each block is one defect that
 * was measured; together they hold the line: forged addresses, lock-outs, oversized and malformed
 * input, writes that lie, redirects that leave the site, secrets in logs, failures taken for
 * "not found". The server runs with an https public address (as in production) and no
 * TRUST_PROXY.
 */

const TOO_MANY = "Çok fazla deneme yaptınız. Lütfen biraz sonra yeniden deneyin.";
const FILM = "/film/dovus-kulubu-1999-550";
let server: TestServer;
let counter = 0;
const email = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;

beforeAll(async () => {
  server = await startAppServer({ PUBLIC_SITE_URL: "https://perde.example", LOG_LEVEL: "info" });
});
afterAll(() => server.end());

/**
 * The server's log lines at error level (pino: 50) since `from` characters, once every line it
 * wrote before has arrived (a line written while answering may still be in the pipe).
 */
const errorLines = async (from = 0) =>
  (await server.settledOutput())
    .slice(from)
    .split("\n")
    .filter((line) => line.includes('"level":50'));

describe("client addresses", () => {
  it("ignores a forged X-Forwarded-For: 60 sign-ins from one client stop at its limit of 30", async () => {
    const visitor = new Visitor(server.url, "127.0.0.21");
    const answers: string[] = [];
    for (let attempt = 0; attempt < 60; attempt++) {
      const answer = await visitor.post(
        "/auth",
        { intent: "signin", email: `yok${attempt}@example.com`, password: "tahmin123" },
        { "X-Forwarded-For": `203.0.113.${attempt}` },
      );
      answers.push(answer.body.includes(TOO_MANY) ? "refused" : "tried");
    }
    expect(answers.filter((answer) => answer === "tried")).toHaveLength(30);
  });

  it("ignores a forged X-Forwarded-For for sign-ups: 10 an hour from one client", async () => {
    const visitor = new Visitor(server.url, "127.0.0.22");
    let accepted = 0;
    for (let attempt = 0; attempt < 15; attempt++) {
      const answer = await visitor.post(
        "/auth",
        {
          intent: "signup",
          fullName: "Sahte Adres",
          email: email("kayit"),
          password: "gizli123",
        },
        { "X-Forwarded-For": `198.51.100.${attempt}` },
      );
      if (answer.body.includes("Kayıt başarılı!")) accepted++;
    }
    expect(accepted).toBe(10);
  });

  it("believes X-Forwarded-For only from the proxies TRUST_PROXY names", async () => {
    const behindProxy = await startAppServer({ TRUST_PROXY: "127.0.0.31" });
    try {
      const proxy = (client: string) => ({ "X-Forwarded-For": client });
      const through = new Visitor(behindProxy.url, "127.0.0.31");
      for (let attempt = 0; attempt < 30; attempt++) {
        await through.post(
          "/auth",
          { intent: "signin", email: "kimse@example.com", password: "tahmin123" },
          proxy("192.0.2.1"),
        );
      }
      const limited = await through.post(
        "/auth",
        { intent: "signin", email: "kimse@example.com", password: "tahmin123" },
        proxy("192.0.2.1"),
      );
      expect(limited.body).toContain(TOO_MANY);
      // Another client behind the same proxy has its own limit.
      const other = await through.post(
        "/auth",
        { intent: "signin", email: "kimse@example.com", password: "tahmin123" },
        proxy("192.0.2.2"),
      );
      expect(other.body).toContain("E-posta veya şifre hatalı");
    } finally {
      await behindProxy.stop();
    }
  });
});

describe("a test's clock (X-Perde-Now, decision 032)", () => {
  const header = { "X-Perde-Now": "1999-06-01T09:00:00Z" };
  const thisYear = `© ${new Date().getUTCFullYear()} `;
  /** A page's text as the footer says it (React marks text boundaries with empty comments). */
  const read = async (site: string, headers: Record<string, string> = {}) => {
    const page = await raw(site, { path: "/", headers });
    return { ...page, body: page.body.replaceAll("<!-- -->", "") };
  };
  // The footer's © year comes from the site's clock. A `perde.` cookie makes a page personal:
  // rendered for the request, never answered from the page cache.
  const personal = { ...header, Cookie: "perde.saat=1" };

  it("is ignored by a server started without PERDE_TEST_CLOCK=1", async () => {
    const page = await read(server.url, personal);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("© 1999 ");
    expect(page.body).toContain(thisYear);
  });

  it("sets the day of a request on a shared server; its cached pages are kept apart", async () => {
    const site = inject("baseURL");
    expect((await read(site, personal)).body).toContain("© 1999 ");
    // Read until that day's copy is stored and answers (the first read renders and stores it).
    let onClock = await read(site, header);
    while (onClock.headers["x-cache"] !== "HIT") {
      expect(onClock.body).toContain("© 1999 ");
      onClock = await read(site, header);
    }
    expect(onClock.body).toContain("© 1999 ");
    for (let time = 0; time < 2; time++) {
      const plain = await read(site);
      expect(plain.body).toContain(thisYear);
      expect(plain.body).not.toContain("© 1999 ");
    }
  });
});

describe("account lock-out", () => {
  it("never refuses the right password from a client that has not failed", async () => {
    const owner = new Visitor(server.url, "127.0.0.41");
    const address = email("hedef");
    await owner.signUp(address, "dogrusifre", "Hedef");
    const attacker = new Visitor(server.url, "127.0.0.42");
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await attacker.post("/auth", {
        intent: "signin",
        email: address,
        password: `tahmin${attempt}`,
      });
      expect(answer.body).toContain("E-posta veya şifre hatalı");
    }
    // The attacker is locked out of this address, even with the right password…
    const refused = await attacker.post("/auth", {
      intent: "signin",
      email: address,
      password: "dogrusifre",
    });
    expect(refused.body).toContain(TOO_MANY);
    // …but the owner, elsewhere, signs in.
    const signedIn = await owner.post("/auth", {
      intent: "signin",
      email: address,
      password: "dogrusifre",
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe("/dashboard");
  });
});

describe("request bodies", () => {
  it("refuses a 100 MB anonymous post at once, without reading it", async () => {
    const before = rss(server);
    // Only 16 KB of the declared 100 MB are ever sent: a server that read the body before
    // answering would never answer (the request times out), whatever the machine's speed.
    const answer = await raw(server.url, {
      method: "POST",
      path: "/yorum",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": 100 * 1024 * 1024,
      },
      sendOnly: Buffer.alloc(16 * 1024, "a"),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Gönderilen veri çok büyük");
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(rss(server) - before).toBeLessThan(40 * 1024 * 1024);
  });

  it("refuses a body whose size is not declared (chunked)", async () => {
    const answer = await raw(server.url, {
      method: "POST",
      path: "/auth",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "Transfer-Encoding": "chunked",
      },
      body: "intent=signin&email=a%40b.co&password=gizli123",
    });
    expect(answer.status).toBe(411);
  });

  it("caps signed-in forms too, with the Turkish page", async () => {
    const visitor = new Visitor(server.url, "127.0.0.51");
    await visitor.signIn(email("buyuk"));
    const answer = await visitor.post("/yorum", {
      intent: "create",
      itemType: "movie",
      itemId: "550",
      comment: "ç".repeat(40_000),
      returnTo: FILM,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('<html lang="tr">');
  });

  it("sends an anonymous writer to sign in before the body arrives", async () => {
    const answer = await raw(server.url, {
      method: "POST",
      path: "/liste",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": 60_000,
      },
      // Headers only: a server that read the body first would wait for it and time out.
      sendOnly: Buffer.alloc(0),
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/auth");
  });
});

describe("writes say what happened", () => {
  it("updates the review on a second one, and refuses bad ratings without storing them", async () => {
    const visitor = new Visitor(server.url, "127.0.0.61");
    await visitor.signIn(email("yorumcu"), "gizli123", "Yorum Testi");
    const review = (fields: Record<string, string>) =>
      visitor.post("/yorum", {
        intent: "create",
        itemType: "movie",
        itemId: "550",
        js: "1",
        ...fields,
      });
    const first = await review({ comment: "İlk yorumum bu filme dair.", rating: "7" });
    expect(JSON.parse(first.body)).toMatchObject({ ok: true, message: "Yorumunuz eklendi" });
    const second = await review({ comment: "Fikrim değişti, daha iyi.", rating: "9" });
    expect(JSON.parse(second.body)).toMatchObject({ ok: true, message: "Yorumunuz güncellendi" });

    for (const rating of ["11", "abc", "5.5", "-3", "1e1", " 7x"]) {
      const refused = await review({ comment: "Bu puan geçersiz olmalı.", rating });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({
        ok: false,
        message: "Puan 1 ile 10 arasında bir tam sayı olmalıdır",
      });
    }
    const page = (await visitor.get(FILM)).body;
    expect(page).toContain("Fikrim değişti, daha iyi.");
    expect(page).not.toContain("İlk yorumum bu filme dair.");
    expect(page).not.toContain("Bu puan geçersiz olmalı.");
  });

  it("stores nothing for a title that does not exist", async () => {
    const visitor = new Visitor(server.url, "127.0.0.62");
    await visitor.signIn(email("hayalet"));
    for (const itemId of ["2147483647", "99999999999", "0", "-5"]) {
      const answer = await visitor.post("/liste", { itemType: "movie", itemId, js: "1" });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).ok).toBe(false);
    }
    const refused = await visitor.post("/liste", {
      itemType: "movie",
      itemId: "2147483647",
      js: "1",
    });
    expect(JSON.parse(refused.body).message).toBe("Bu içerik bulunamadı");
    const dashboard = (await visitor.get("/dashboard")).body;
    expect(dashboard).toContain("İzleme listeniz henüz boş.");
  });

  it("goes back only to plain paths of this site, and a committed write never ends in a 500", async () => {
    const visitor = new Visitor(server.url, "127.0.0.63");
    await visitor.signIn(email("donus"));
    const cases: [string, string][] = [
      ["/\n/x", "/"],
      ["/\t/evil.example/", "/"],
      ["//evil.example/", "/"],
      ["/\\evil.example", "/"],
      ["https://evil.example/", "/"],
      ["/ara?q=%C4%B1s%C4%B1k", "/ara?q=%C4%B1s%C4%B1k"],
      [FILM, FILM],
    ];
    for (const [returnTo, location] of cases) {
      const added = await visitor.post("/liste", { itemType: "movie", itemId: "550", returnTo });
      expect(added.status, returnTo).toBe(302);
      expect(added.headers.location, returnTo).toBe(location);
      await visitor.post("/liste", { intent: "remove", itemType: "movie", itemId: "550" });
    }
  });

  it("logs a client's bad ids as one warning, never an error with SQL", async () => {
    const visitor = new Visitor(server.url, "127.0.0.64");
    await visitor.signIn(email("kimlik"));
    const mark = server.output().length;
    for (const rowId of ["abc", "1e400", "-1", "99999999999999999999", ""]) {
      const answer = await visitor.post("/liste", { intent: "remove-row", rowId, js: "1" });
      expect(JSON.parse(answer.body)).toMatchObject({
        ok: false,
        message: "Kaldırılırken hata oluştu",
      });
      const review = await visitor.post("/yorum", { intent: "delete", reviewId: rowId, js: "1" });
      expect(JSON.parse(review.body)).toMatchObject({ ok: false, message: "Bir hata oluştu" });
    }
    expect(await errorLines(mark)).toEqual([]);
    expect((await server.settledOutput()).slice(mark)).not.toMatch(/delete from|select .* from/i);
  });
});

describe("transport and cookies on an https site", () => {
  it("sends HSTS for a year or more", async () => {
    const answer = await raw(server.url, { path: "/" });
    const hsts = String(answer.headers["strict-transport-security"]);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it("signs the toast cookie, marks it Secure, and ignores a forged one", async () => {
    const visitor = new Visitor(server.url, "127.0.0.71");
    const answer = await visitor.post("/liste", { itemType: "movie", itemId: "550" });
    const toast = (answer.headers["set-cookie"] ?? []).find((line) =>
      line.startsWith("perde_toast="),
    )!;
    expect(toast).toMatch(/; Secure/i);
    expect(toast).toMatch(/; HttpOnly/i);
    expect(decodeURIComponent(toast)).not.toContain("Lütfen giriş yapın");
    expect((await visitor.get("/auth")).body).toContain("Lütfen giriş yapın");

    const forged = new Visitor(server.url, "127.0.0.72");
    forged.setCookie(
      "perde_toast",
      encodeURIComponent(JSON.stringify({ id: "x", type: "error", message: "Hesabınız askıda" })),
    );
    const page = await forged.get("/");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Hesabınız askıda");
  });

  it("never answers a visitor with the https session cookie (__Secure-perde.…) from the page cache", async () => {
    const path = `${FILM}?sayfa=3`; // a page of its own: the cache keys by `sayfa`
    await raw(server.url, { path });
    // The first answer's copy answers the next request (or is on its way, and is waited for).
    const anonymous = await raw(server.url, { path });
    expect(anonymous.headers["x-cache"]).toBe("HIT");
    const visitor = new Visitor(server.url, "127.0.0.74");
    await visitor.signIn(email("guvenli-cerez"), "gizli123", "Güvenli Çerez");
    expect(visitor.cookieHeader).toMatch(/(^|; )__Secure-perde\.session_token=/);
    const page = await visitor.get(path);
    expect(page.headers["x-cache"]).toBeUndefined();
    expect(page.headers["cache-control"]).toContain("private");
    expect(page.body).not.toContain(">Giriş Yap<");
  });

  it("prints the reset link only in the embedded setup, as the README says", async () => {
    const visitor = new Visitor(server.url, "127.0.0.73");
    const address = email("sifre");
    await visitor.signUp(address, "gizli123", "Sıfır");
    const mark = server.output().length;
    const answer = await visitor.post("/sifremi-unuttum", { email: address });
    expect(answer.body).toContain("şifre sıfırlama bağlantısı e-posta ile gönderildi");
    // The log line travels through the server's stdout pipe: it may arrive after the answer.
    await server.waitForOutput("sifre-sifirla?token=", mark);
  });
});

describe("a bounded fuzz of malformed input", () => {
  it("answers paths that look like files, and a Host no URL can hold, with a 4xx and stays up", async () => {
    const paths = [
      "/favicon.svg/x.js",
      "/%00.js",
      "/%2e%2e/%2e%2e/etc/passwd.txt",
      `/${"a".repeat(300)}.js`,
      "/assets/../package.json",
    ];
    // Another spelling of an address is sent to its one spelling (decision 022), which is no file
    // outside public/ either.
    for (const path of [...paths, "/favicon.svg/"]) {
      const { chain, last } = await follow(server.url, path);
      for (const hop of chain.slice(0, -1)) expect(hop.status, path).toBe(301);
      if (path === "/favicon.svg/") expect([last.path, last.status]).toEqual(["/favicon.svg", 200]);
      else expect([400, 404], path).toContain(last.status);
      for (const hop of chain) expect(hop.body, path).not.toMatch(/"dependencies"|root:x:0/);
    }
    // A `perde.` cookie: the page cache, which keys by path alone, must not answer first.
    const badHost = await raw(server.url, {
      path: "/",
      headers: { Host: "a b", Cookie: "perde.test=1" },
    });
    expect(badHost.status).toBe(400);
    expect(badHost.body).toContain("İstek okunamadı");
    expect((await raw(server.url, { path: "/healthz" })).status).toBe(200);
  });

  it("answers 640 malformed paths, params and form posts without a 5xx, a stack or SQL", async () => {
    const anonymous = new Visitor(server.url, "127.0.0.81");
    const member = new Visitor(server.url, "127.0.0.82");
    await member.signIn(email("fuzz"));
    // The member's own list, whose forms are fuzzed with the rest.
    const listPath = (await member.post("/dashboard/listeler", { name: "Fuzz listesi" })).headers
      .location!;
    const requests = fuzzCases(640, listPath);
    const failures: string[] = [];
    let tried = 0;
    const mark = server.output().length;
    const postsByPath: Record<string, number> = {};
    const worker = async () => {
      for (let next = requests.shift(); next; next = requests.shift()) {
        const visitor = next.signedIn ? member : anonymous;
        if (next.method === "POST") {
          const form = next.path.replace(/\/\d+(?=\/|$)/g, "/{id}").replace(/\?.*/, "");
          postsByPath[form] = (postsByPath[form] ?? 0) + 1;
        }
        let answer;
        try {
          answer = await raw(server.url, {
            method: next.method,
            path: next.path,
            from: visitor.from,
            body: next.body,
            headers: {
              ...(visitor.cookieHeader ? { Cookie: visitor.cookieHeader } : {}),
              ...(next.body !== undefined
                ? {
                    Origin: server.url,
                    "Content-Type": next.contentType ?? "application/x-www-form-urlencoded",
                    "Content-Length": Buffer.byteLength(next.body),
                  }
                : {}),
              ...next.headers,
            },
          });
        } catch (error) {
          failures.push(`${next.method} ${next.path}: ${String(error)}`);
          continue;
        }
        tried++;
        if (answer.status >= 500) failures.push(`${answer.status} ${next.method} ${next.path}`);
        // The page's own stylesheet is inlined: CSS words (select, :where) are not SQL.
        const text = answer.body.replace(/<style[\s\S]*?<\/style>/g, "");
        if (/\bat [\w.<>]+ \(|node:internal|\.js:\d+:\d+/.test(text))
          failures.push(`stack in ${next.method} ${next.path}`);
        if (SQL_TRACES.test(text)) failures.push(`SQL in ${next.method} ${next.path}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    const posts = Object.entries(postsByPath)
      .map(([path, count]) => `${path} ${count}`)
      .join(", ");
    console.log(
      `fuzz: ${tried} requests answered, ${failures.length} got through (posts: ${posts})`,
    );
    if (failures.length) console.log([...new Set(failures)].slice(0, 60).join("\n"));
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(600);
    expect(await errorLines(mark)).toEqual([]);
  }, 180_000);
});

/** What a database error leaks: Drizzle's failed query, PostgreSQL's messages, quoted SQL. */
const SQL_TRACES =
  /Failed query|syntax error at or near|violates (?:check|unique|foreign key|not-null) constraint|relation "[^"]+" does not exist|\b(?:select|insert into|delete from|update) "\w+"/i;

function rss(running: RunningServer): number {
  const status = readFileSync(`/proc/${running.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

interface FuzzCase {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  signedIn: boolean;
}

/**
 * Deterministic malformed requests: every route's parameters bent out of shape, and every form
 * posted with junk, half of them signed in (`listPath`: the member's own list).
 */
function fuzzCases(count: number, listPath: string): FuzzCase[] {
  let seed = 20261123;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const junk = [
    "",
    "-",
    "0",
    "-1",
    "1e999",
    "99999999999999999999",
    "2147483648",
    "NaN",
    "%00",
    "%E0%A4%A",
    "%",
    "%%32",
    "..%2F..%2Fetc%2Fpasswd",
    "' OR 1=1 --",
    '"><script>alert(1)</script>',
    "%0d%0aSet-Cookie:%20x=1",
    "ıİşŞğĞüÜöÖçÇ",
    "😀",
    "a".repeat(3000),
    "%C0%AE%C0%AE",
    "abc-",
    "-550",
    "film-550.5",
    "550abc",
    "%09",
    "%20%20",
    "null",
    "undefined",
    "[object Object]",
    "{}",
    "a\u0000b",
    "\u0000",
    "Yorum\u0000 içinde NUL karakteri olan bir metin",
  ];
  /** A valid value now and then, so a form gets past its first field. */
  const some = (...valid: string[]) => (random() < 0.5 ? pick(valid) : pick(junk));
  const paths = [
    (x: string) => `/film/${x}`,
    (x: string) => `/film/dovus-kulubu-${x}`,
    (x: string) => `/dizi/${x}`,
    (x: string) => `/dizi/${x}/sezon/${pick(junk)}`,
    (x: string) => `/dizi/1396/sezon/${x}/bolum/${pick(junk)}`,
    (x: string) => `/oyuncu/${x}`,
    (x: string) => `/filmler/${x}`,
    (x: string) => `/filmler/aksiyon-28/${x}`,
    (x: string) => `/diziler/${x}/${pick(junk)}`,
    (x: string) => `/filmler/aksiyon-28?sayfa=${x}`,
    (x: string) => `/filmler/aksiyon-28?siralama=${x}&yil=${pick(junk)}&puan=${pick(junk)}`,
    (x: string) => `/oyuncular?sayfa=${x}`,
    (x: string) => `/oduller/${x}`,
    (x: string) => `/oduller/oscars/${x}`,
    (x: string) => `/ara?q=${x}&sayfa=${pick(junk)}`,
    (x: string) => `/api/arama?q=${x}`,
    (x: string) => `/gorsel/${x}`,
    (x: string) => `/sitemap/${x}`,
    (x: string) => `/sifre-sifirla?token=${x}`,
    (x: string) => `/${x}`,
    (x: string) => `/dashboard?${x}=${pick(junk)}`,
    (x: string) => `/film/baba-1972-238.data?${x}`,
    (x: string) => `/akis?once=${x}`,
    (x: string) => `/u/${x}/takipciler?sayfa=${pick(junk)}`,
  ];
  const forms: [string, () => Record<string, string>][] = [
    [
      "/auth",
      () => ({
        intent: pick(["signin", "signup", pick(junk)]),
        email: pick(junk),
        password: pick(junk),
        fullName: pick(junk),
      }),
    ],
    [
      "/liste",
      () => ({
        intent: pick(["add", "remove", "remove-row", pick(junk)]),
        itemType: pick(["movie", "tv", pick(junk)]),
        itemId: pick(junk),
        rowId: pick(junk),
        returnTo: pick(junk),
        js: pick(["1", ""]),
      }),
    ],
    [
      "/yorum",
      () => ({
        intent: pick(["create", "update", "delete", pick(junk)]),
        itemType: pick(["movie", "tv", "person", pick(junk)]),
        itemId: pick(junk),
        reviewId: pick(junk),
        comment: pick(junk),
        rating: pick(junk),
        returnTo: pick(junk),
        js: pick(["1", ""]),
      }),
    ],
    // Birlikte (issue 38): follow, unfollow, block, unblock by username.
    [
      "/kisiler",
      () => ({
        intent: pick(["follow", "unfollow", "block", "unblock", pick(junk)]),
        username: pick(junk),
        returnTo: pick(junk),
        js: pick(["1", ""]),
      }),
    ],
    // The forms of issue 32's round: lists, sharing, invites, profile, diary, ratings, marks,
    // the calendar feed and import choices.
    [
      "/dashboard/listeler",
      () => ({ name: some("Liste adı"), description: pick(junk), visibility: some("public") }),
    ],
    [
      listPath,
      () => ({
        intent: pick(["update", "note", "move", "remove", "leave", pick(junk)]),
        name: some("Yeni ad"),
        description: pick(junk),
        visibility: some("private", "unlisted"),
        itemType: some("movie", "tv"),
        itemId: some("550", "1396"),
        note: pick(junk),
        direction: some("up", "down"),
        position: pick(junk),
        js: pick(["1", ""]),
      }),
    ],
    [
      `${listPath}/paylasim`,
      () => ({
        intent: pick(["invite", "revoke", "remove-editor", pick(junk)]),
        inviteId: pick(junk),
        editorId: pick(junk),
        js: pick(["1", ""]),
      }),
    ],
    [
      "/listeye-ekle",
      () => ({
        intent: pick(["add", "remove", "create", pick(junk)]),
        listId: some(listPath.split("/").pop()!),
        itemType: some("movie", "tv"),
        itemId: some("550", "238"),
        name: pick(junk),
        js: pick(["1", ""]),
      }),
    ],
    ["/liste-davet/gecersiz-davet", () => ({ [pick(junk)]: pick(junk) })],
    [
      "/hesap",
      () => ({
        intent: pick(["profile", "username", "visibility", "favorite-add", "favorite-remove"]),
        fullName: pick(junk),
        username: pick(junk),
        isPublic: pick(junk),
        movieId: some("550"),
        direction: pick(junk),
        q: pick(junk),
      }),
    ],
    [
      "/film/dovus-kulubu-1999-550",
      () => ({
        intent: pick(["create", "update", "delete", pick(junk)]),
        itemType: some("movie"),
        itemId: some("550"),
        entryId: pick(junk),
        watchedOn: some("2020-01-01"),
        rating: pick(junk),
        review: pick(junk),
        rewatch: pick(junk),
        tags: pick(junk),
        js: pick(["1", ""]),
      }),
    ],
    [
      "/dashboard/gunluk/1",
      () => ({
        intent: pick(["update", "delete", pick(junk)]),
        entryId: pick(junk),
        watchedOn: pick(junk),
        review: pick(junk),
        tags: pick(junk),
      }),
    ],
    [
      "/puan",
      () => ({
        intent: pick(["rate", "remove", pick(junk)]),
        itemType: some("movie", "tv", "episode"),
        itemId: some("550", "1396"),
        season: pick(junk),
        episode: pick(junk),
        rating: some("7"),
        js: pick(["1", ""]),
      }),
    ],
    [
      "/bolum-izle",
      () => ({
        intent: pick(["mark", "unmark", "up-to", "season", "unmark-season", pick(junk)]),
        seriesId: some("1396"),
        season: pick(junk),
        episode: pick(junk),
        js: pick(["1", ""]),
        returnTo: pick(junk),
      }),
    ],
    ["/takvim", () => ({ intent: pick(["create", "remove", pick(junk)]), js: pick(["1", ""]) })],
    [
      "/hesap/ice-aktar/1",
      () => ({
        intent: pick(["pick", "skip", "skip-all", "cancel", pick(junk)]),
        rowId: pick(junk),
        choice: pick(junk),
      }),
    ],
    ["/sifremi-unuttum", () => ({ email: pick(junk) })],
    ["/sifre-sifirla", () => ({ token: pick(junk), password: pick(junk) })],
    ["/cikis", () => ({ [pick(junk)]: pick(junk) })],
    ["/film/baba-1972-238", () => ({ [pick(junk)]: pick(junk) })],
  ];
  const bodies = [
    (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString() }),
    () => ({ body: pick(junk) }),
    () => ({
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      contentType: "multipart/form-data; boundary=x",
    }),
    () => ({ body: '{"intent":"delete"}', contentType: "application/json" }),
    (fields: Record<string, string>) => ({
      body: new URLSearchParams(fields).toString(),
      contentType: "text/plain",
    }),
  ];
  const cases: FuzzCase[] = [];
  for (let index = 0; index < count; index++) {
    const signedIn = random() < 0.5;
    if (index % 2 === 1) {
      const [path, fields] = pick(forms);
      const shaped = pick(bodies)(fields());
      // Signing out would end the member's session for the rest of the run.
      cases.push({ method: "POST", path, signedIn: signedIn && path !== "/cikis", ...shaped });
    } else {
      const path = pick(paths)(pick(junk)).replace(/[^\x21-\x7e]/gu, encodeURIComponent);
      const headers: Record<string, string> = {};
      const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/gu, "");
      if (random() < 0.1) headers["Accept-Language"] = headerSafe(pick(junk));
      if (random() < 0.1) headers["X-Forwarded-Host"] = headerSafe(pick(junk));
      cases.push({ method: pick(["GET", "GET", "GET", "HEAD"]), path, headers, signedIn });
    }
  }
  return cases;
}
