import { createHash, randomBytes } from "node:crypto";
import { once, EventEmitter } from "node:events";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedMaxAge } from "~/core/http-cache";
import { createLogger } from "~/core/logger.server";
import { acceptsGzip, createPageCache, hasPersonalCookie, pageKey } from "./page-cache";
import { createEntry } from "./page-entry";
import { memoryPageStore, type PageStore } from "./page-store";
import { sendAnswer } from "./react-router-adapter";

const PUBLIC = "public, max-age=0, must-revalidate, s-maxage=300";
const LIFETIME = { ttlSeconds: 300, staleSeconds: 60, tags: [] };

/** A page like ours: module preloads, a large body, inline scripts; with a nonce when personal. */
const filler = randomBytes(50_000).toString("hex");

function page(nonce: string | undefined, extra = "") {
  const attribute = nonce ? ` nonce="${nonce}"` : "";
  const preloads = Array.from(
    { length: 20 },
    (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js"${attribute}/>`,
  ).join("");
  return `<!DOCTYPE html><html><head>${preloads}</head><body><p>${filler}</p>${extra}<script${attribute}>window.__n=1</script><script type="module"${attribute}>import "/a.js"</script></body></html>`;
}

/** The hash sources of the inline scripts in `html`, read by the test itself. */
function scriptHashesOf(html: string): string[] {
  return [...html.matchAll(/<script(?:\s[^>]*)?>([^<]*)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash("sha256").update(text!).digest("base64")}'`,
  );
}

/** What a shared page's policy says scripts may be: hash sources and keywords. */
const scriptSources = (csp: string | null) =>
  /script-src ([^;]+)/.exec(csp ?? "")?.[1]!.split(" ") ?? [];

describe("request and response rules", () => {
  it("treats better-auth and toast cookies as personal, other cookies not", () => {
    expect(hasPersonalCookie(undefined)).toBe(false);
    expect(hasPersonalCookie("theme=dark; _ga=1")).toBe(false);
    expect(hasPersonalCookie("theme=dark; perde.session_token=abc")).toBe(true);
    expect(hasPersonalCookie("perde.session_data=abc")).toBe(true);
    expect(hasPersonalCookie("a=1;perde_toast=%7B%7D")).toBe(true);
    // better-auth's names on an https site.
    expect(hasPersonalCookie("theme=dark; __Secure-perde.session_token=abc")).toBe(true);
    expect(hasPersonalCookie("__Host-perde.session_data=abc")).toBe(true);
    expect(hasPersonalCookie("__Secure-other=1")).toBe(false);
  });

  it("reads gzip from Accept-Encoding, honouring q=0", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("stores only public responses with an s-maxage", () => {
    expect(sharedMaxAge(PUBLIC)).toBe(300);
    expect(sharedMaxAge("public, max-age=60")).toBeNull();
    expect(sharedMaxAge("private, no-store")).toBeNull();
    expect(sharedMaxAge("no-store")).toBeNull();
    expect(sharedMaxAge("public, no-store, s-maxage=300")).toBeNull();
    expect(sharedMaxAge(undefined)).toBeNull();
  });
});

describe("a stored page", () => {
  it("keeps the rendered bytes as they are, raw and gzipped once, with both forms' headers", async () => {
    const body = Buffer.from(page(undefined));
    const headers: [string, string][] = [["content-type", "text/html; charset=utf-8"]];
    const entry = await createEntry({ status: 200, headers, body }, LIFETIME, 0);
    expect(entry.body.equals(body)).toBe(true);
    expect(gunzipSync(entry.gzip).equals(body)).toBe(true);
    expect(entry.gzip.length).toBeLessThan(body.length);
    expect(entry.identityHeaders).toEqual([
      "content-type",
      "text/html; charset=utf-8",
      "Content-Length",
      String(body.length),
    ]);
    expect(entry.gzipHeaders).toEqual([
      "content-type",
      "text/html; charset=utf-8",
      "Content-Encoding",
      "gzip",
      "Content-Length",
      String(entry.gzip.length),
    ]);
  });
});

describe("the address a page is kept under", () => {
  it("keeps the path and the parameters the site reads, by name, once each", () => {
    expect(pageKey("/film/baba-238")).toEqual({ key: "/film/baba-238", exact: true });
    expect(pageKey("/ara?sayfa=2&q=baba")).toEqual({ key: "/ara?q=baba&sayfa=2", exact: true });
    expect(pageKey("/ara?q=baba&sayfa=2")).toEqual({ key: "/ara?q=baba&sayfa=2", exact: true });
    expect(pageKey("/ara?q=baba%20ve%20o%C4%9Ful")?.key).toBe("/ara?q=baba+ve+o%C4%9Ful");
  });

  it("answers junk, repeats and trailing slashes from the page's own copy, never storing them", () => {
    expect(pageKey("/film/baba-238?utm_source=x")).toEqual({ key: "/film/baba-238", exact: false });
    expect(pageKey("/film/baba-238/")).toEqual({ key: "/film/baba-238", exact: false });
    expect(pageKey("/ara?q=a&q=b")).toEqual({ key: "/ara?q=a", exact: false });
    expect(pageKey("/?a=1")).toEqual({ key: "/", exact: false });
  });

  it("refuses addresses too long to keep, and absolute forms", () => {
    expect(pageKey(`/ara?q=${"x".repeat(8_000)}`)).toBeNull();
    expect(pageKey(`/${"x".repeat(600)}`)).toBeNull();
    expect(pageKey("http://evil.example/film/x")).toBeNull();
    expect(pageKey("//evil.example/film/x")).toBeNull();
    // Junk that is dropped does not count against the length.
    expect(pageKey(`/film/x?junk=${"x".repeat(8_000)}`)).toEqual({ key: "/film/x", exact: false });
  });

  it("never keys a calendar feed, whose address carries its secret token", () => {
    expect(pageKey("/takvim/abonelik/abc_DEF-123.ics")).toBeNull();
    expect(pageKey("/takvim/abonelik/abc.ics?sayfa=2")).toBeNull();
    expect(pageKey("/takvim")).toEqual({ key: "/takvim", exact: true });
  });

  it("keys every spelling of a page under its canonical path and stores none but that (issue 32)", () => {
    const list = "/liste/103-yagmurlu-pazar";
    expect(pageKey(list)).toEqual({ key: list, exact: true });
    for (const spelling of [`/LISTE/103-yagmurlu-pazar`, `/l%69ste/103-yagmurlu-pazar`])
      expect(pageKey(spelling), spelling).toEqual({ key: list, exact: false });
    expect(pageKey("/U/Ay%c5%9fe.K?sayfa=2")).toEqual({
      key: "/u/Ay%C5%9Fe.K?sayfa=2",
      exact: false,
    });
    for (const spelling of [
      "/TAKVIM/abonelik/abc_DEF-123.ics",
      "/t%61kvim/abonelik/abc_DEF-123.ics",
      "/Liste-Davet/abc_DEF-123",
      "/\\evil.example/film/x",
    ])
      expect(pageKey(spelling), spelling).toBeNull();
  });
});

describe("the in-process store", () => {
  const entryOf = async (body: string, tags: string[], ttlSeconds = 300) =>
    createEntry(
      {
        status: 200,
        headers: [["content-type", "text/html"]],
        body: Buffer.from(body),
      },
      { ttlSeconds, staleSeconds: 0, tags },
      Date.now(),
    );

  it("counts keys and headers, not only bodies, and caps the number of entries", async () => {
    const store = memoryPageStore({ maxEntries: 100, maxBytes: 1024 * 1024 });
    const entry = await entryOf("<p>N</p>", []);
    for (let i = 0; i < 1_000; i++) store.set(`${"k".repeat(400)}${i}`, entry);
    expect(store.stats().entries).toBe(100);
    // 100 entries of a 14-byte body still cost their keys (800 bytes each) and headers.
    expect(store.stats().bytes).toBeGreaterThan(100 * 800);
    const small = memoryPageStore({ maxBytes: 50_000 });
    for (let i = 0; i < 1_000; i++) small.set(`${"k".repeat(400)}${i}`, entry);
    expect(small.stats().bytes).toBeLessThanOrEqual(50_000);
    expect(small.stats().entries).toBeLessThan(50);
    await Promise.all([store.close(), small.close()]);
  });

  it("sweeps expired entries that nobody reads again", async () => {
    let now = Date.now();
    const store = memoryPageStore({ sweepEveryMs: 20, now: () => now });
    store.set("a", await entryOf("<p>N</p>", [], 1));
    expect(store.stats().entries).toBe(1);
    now += 2_000;
    // Waits for the sweep itself, not for a time.
    while (store.stats().entries > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(store.stats()).toEqual({ entries: 0, bytes: 0 });
    await store.close();
  });

  it("forgets by tag every page that shows an item", async () => {
    const store = memoryPageStore();
    store.set("/film/baba-238", await entryOf("a", ["movie:238"]));
    store.set("/film/baba-238.data?_routes=x", await entryOf("b", ["movie:238"]));
    store.set("/film/yol-1", await entryOf("c", ["movie:1"]));
    store.forget(["movie:238"]);
    expect(store.get("/film/baba-238")).toBeUndefined();
    expect(store.get("/film/baba-238.data?_routes=x")).toBeUndefined();
    expect(store.get("/film/yol-1")).toBeDefined();
    await store.close();
  });
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A page cache in front of a small app that answers like React Router does. */
function harness() {
  let renders = 0;
  const clock = { now: 1_000_000 };
  const memory = memoryPageStore({ now: () => clock.now });
  const stored = new EventEmitter();
  const store: PageStore = {
    get: (key) => memory.get(key),
    set(key, entry) {
      memory.set(key, entry);
      stored.emit("set", key);
    },
    forget: (tags) => memory.forget(tags),
    close: () => memory.close(),
  };
  const cache = createPageCache({
    store,
    buildId: "build-1",
    logger: createLogger("silent"),
    now: () => clock.now,
    // A page may depend on something beside its address: here on a test clock's X-Day.
    partition: (req) => req.headers["x-day"] as string | undefined,
  });
  /** Renders of paths under /slow/ wait until `release()`. */
  let gate = deferred();
  const rendered = new EventEmitter();
  let base = "";

  // Stands where React Router's adapter stands in the production listener.
  const render: RequestListener = async (req, res) => {
    renders += 1;
    const count = renders;
    rendered.emit("render", req.url);
    // The security headers every response gets, before the page is rendered.
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path.startsWith("/slow/")) await gate.promise;
    const signedIn = /perde\./.test(req.headers.cookie ?? "");
    const toast = /perde_toast=/.test(req.headers.cookie ?? "");
    let cacheControl = signedIn || toast ? "private, no-store" : PUBLIC;
    if (path === "/failure") cacheControl = "no-store";
    if (path === "/browser-only") cacheControl = "public, max-age=60";
    const headers: [string, string][] = [
      ["cache-control", cacheControl],
      ["content-type", "text/html; charset=utf-8"],
    ];
    if (path === "/cookie") headers.push(["set-cookie", "perde_toast=; Max-Age=0"]);
    const who = signedIn ? "Hesabım" : "Giriş Yap";
    const note = path === "/failure" ? "Veriler yüklenirken bir hata oluştu." : "";
    // As entry.server does: a shared page is rendered without the nonce, its policy lists its
    // scripts' hashes (/leaky-nonce stands for a mistake: a shared page that kept its nonce).
    const shared = cacheControl === PUBLIC && path !== "/cookie" && path !== "/leaky-nonce";
    const html = page(
      shared ? undefined : nonce,
      `<nav>${who}</nav><p>${note}</p><p>render ${count} of ${req.url} ${req.headers["x-day"] ?? ""}</p>`,
    );
    if (shared) {
      const hashes = scriptHashesOf(html).join(" ");
      headers.push(["content-security-policy", `script-src ${hashes} 'strict-dynamic'`]);
    }
    const answer = { status: path === "/missing" ? 404 : 200, headers, body: Buffer.from(html) };
    cache.keep(req, res, answer);
    sendAnswer(res, answer);
  };
  const server: Server = createServer(cache.front(render));

  return {
    cache,
    clock,
    memory,
    renders: () => renders,
    release() {
      gate.resolve();
      gate = deferred();
    },
    /** Resolves when the next render of any page starts. */
    nextRender: () => once(rendered, "render"),
    url: (path: string) => base + path,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await cache.close();
    },
    /** A first visit, answered once its page is stored (waits for the store, not for a time). */
    async warm(path: string, init?: RequestInit) {
      const storedNow = once(stored, "set");
      const first = await fetch(base + path, init);
      await first.text();
      await storedNow;
      return first;
    },
  };
}

describe("the page cache in front of an app", () => {
  const site = harness();
  beforeAll(() => site.start());
  afterAll(() => site.stop());
  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(site.url(path), init);
    return { response, html: await response.text(), cache: response.headers.get("x-cache") };
  };

  it("renders once, then gives every visitor the same bytes and policy, its scripts' hashes", async () => {
    const first = await site.warm("/film/a");
    expect(first.headers.get("x-cache")).toBe("MISS");
    const policy = first.headers.get("content-security-policy");
    const rendered = await (await fetch(site.url("/film/a"))).text();
    const rendersBefore = site.renders();
    for (const encoding of ["gzip", "identity", "gzip, br"]) {
      const hit = await fetch(site.url("/film/a"), { headers: { "Accept-Encoding": encoding } });
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(hit.headers.get("cache-control")).toBe(PUBLIC);
      expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/);
      expect(hit.headers.get("content-security-policy")).toBe(policy);
      const html = await hit.text();
      expect(html).toBe(rendered);
      expect(html).not.toContain("nonce");
      // The policy lets exactly this page's inline scripts run, and no nonce.
      expect(scriptSources(policy).filter((source) => source.startsWith("'sha256-"))).toEqual(
        scriptHashesOf(html),
      );
      expect(policy).not.toContain("'nonce-");
    }
    // Raw, the same bytes on the wire too.
    const raw = async () =>
      Buffer.from(
        await (
          await fetch(site.url("/film/a"), { headers: { "Accept-Encoding": "identity" } })
        ).arrayBuffer(),
      );
    expect((await raw()).equals(await raw())).toBe(true);
    expect(site.renders()).toBe(rendersBefore);
  });

  it("never stores a shared page whose policy still carries a nonce", async () => {
    await get("/leaky-nonce");
    expect((await get("/leaky-nonce")).cache).toBe("MISS");
  });

  it("answers HEAD from the cache without a body", async () => {
    await site.warm("/film/head");
    const head = await fetch(site.url("/film/head"), { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(50_000);
    expect(await head.text()).toBe("");
  });

  it("never serves a cached page to a visitor with a session or a pending toast", async () => {
    await site.warm("/film/b");
    for (const cookie of [
      "perde.session_token=abc",
      "perde.session_data=xyz",
      "perde_toast=%7B%7D",
    ]) {
      const { response, cache } = await get("/film/b", { headers: { Cookie: cookie } });
      expect(cache).toBeNull();
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    const signedIn = await get("/film/b", { headers: { Cookie: "perde.session_token=abc" } });
    expect(signedIn.html).toContain("Hesabım");
    // Other cookies do not make a page personal.
    expect((await get("/film/b", { headers: { Cookie: "theme=dark" } })).cache).toBe("HIT");
  });

  it("never stores a signed-in page for anonymous visitors", async () => {
    await get("/film/c", { headers: { Cookie: "perde.session_token=abc" } });
    const anonymous = await get("/film/c");
    expect(anonymous.cache).toBe("MISS");
    expect(anonymous.html).toContain("Giriş Yap");
  });

  it("never stores a failure, a 404, a Set-Cookie, a browser-only or a POST response", async () => {
    for (const path of ["/failure", "/missing", "/cookie", "/browser-only"]) {
      await get(path);
      expect((await get(path)).cache, path).toBe("MISS");
    }
    await get("/posted", { method: "POST" });
    expect((await get("/posted")).cache).toBe("MISS");
    for (const path of ["/failure", "/missing", "/cookie", "/browser-only", "/posted"])
      expect(site.memory.get(`build-1:${path}`), path).toBeUndefined();
  });

  it("keys by path and the parameters pages read, and forgets a page after its s-maxage", async () => {
    await site.warm("/ara?q=baba");
    expect((await get("/ara?q=baba")).cache).toBe("HIT");
    expect((await get("/ara?q=yol")).cache).toBe("MISS");
    site.clock.now += 299_000;
    const aged = await fetch(site.url("/ara?q=baba"));
    expect(aged.headers.get("x-cache")).toBe("HIT");
    expect(Number(aged.headers.get("age"))).toBeGreaterThanOrEqual(299);
    await aged.text();
    site.clock.now += 62_000; // past its lifetime and its grace
    expect((await get("/ara?q=baba")).cache).toBe("MISS");
  });

  it("answers junk query strings and a trailing slash from the page's copy, and stores none", async () => {
    await site.warm("/film/d");
    for (const variant of [
      "/film/d?utm_source=x",
      "/film/d/",
      "/film/d?a=1&b=2",
      "/film/d?q=1&q=2",
    ]) {
      const { cache, html } = await get(variant);
      expect(cache, variant).toBe(variant.includes("q=") ? "MISS" : "HIT");
      expect(html).not.toContain("utm_source");
    }
    // A cold page asked for with junk renders, and the junk is not stored under the page's name.
    const cold = await get("/film/e?utm_source=junk");
    expect(cold.cache).toBe("MISS");
    const clean = await site.warm("/film/e");
    expect(clean.headers.get("x-cache")).toBe("MISS");
    expect(site.memory.get("build-1:/film/e")).toBeDefined(); // stored by its own render
    expect(site.memory.get("build-1:/film/d?q=1")).toBeUndefined();
  });

  it("stores nothing for junk addresses (the README's figure: tests/e2e/hardening)", async () => {
    const before = site.memory.stats();
    const junk = "x".repeat(8 * 1024);
    for (let i = 0; i < 20; i++) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) =>
          Promise.all(
            [`/api/arama?q=${junk}${i}-${j}`, `/film/f?junk=${junk}${i}-${j}`].map((path) =>
              fetch(site.url(path)).then((response) => response.text()),
            ),
          ),
        ),
      );
    }
    expect(site.memory.stats().entries).toBeLessThanOrEqual(before.entries);
    expect(site.memory.stats().bytes).toBeLessThanOrEqual(before.bytes);
  }, 60_000);
});

describe("one render for many visitors", () => {
  const site = harness();
  beforeAll(() => site.start());
  afterAll(() => site.stop());

  it("collapses concurrent misses of a page into one render that the others wait for", async () => {
    const started = site.nextRender();
    const visits = Array.from({ length: 20 }, () => fetch(site.url("/slow/genre")));
    await started;
    const before = site.renders();
    site.release();
    const responses = await Promise.all(visits);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(site.renders()).toBe(before);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(new Set(bodies.map((body) => /render \d+/.exec(body)![0])).size).toBe(1);
    const answers = responses.map((response) => response.headers.get("x-cache"));
    expect(answers.filter((answer) => answer === "HIT").length).toBe(19);
    // Every visitor got the same page and the same policy.
    expect(new Set(bodies).size).toBe(1);
    const policies = responses.map((r) => r.headers.get("content-security-policy"));
    expect(new Set(policies).size).toBe(1);
  });

  it("after expiry, one request renders again while the others get the stale copy", async () => {
    site.clock.now += 301_000;
    const started = site.nextRender();
    const refresher = fetch(site.url("/slow/genre"));
    await started;
    const during = await Promise.all(
      Array.from({ length: 5 }, () => fetch(site.url("/slow/genre"))),
    );
    expect(during.map((response) => response.headers.get("x-cache"))).toEqual(
      Array(5).fill("STALE"),
    );
    site.release();
    expect((await refresher).headers.get("x-cache")).toBe("MISS");
  });

  it("keeps the pages of a partition (a test's clock) apart, and drops them with the others", async () => {
    const day = { headers: { "X-Day": "1999-06-01" } };
    const get = async (path: string, init?: RequestInit) => {
      const response = await fetch(site.url(path), init);
      return { html: await response.text(), cache: response.headers.get("x-cache") };
    };
    await site.warm("/film/gunes-77");
    const first = await get("/film/gunes-77", day);
    expect([first.cache, first.html]).toEqual(["MISS", expect.stringContaining("1999-06-01")]);
    await site.warm("/film/gunes-77", day);
    const [dated, plain] = [await get("/film/gunes-77", day), await get("/film/gunes-77")];
    expect([dated.cache, plain.cache]).toEqual(["HIT", "HIT"]);
    expect(dated.html).toContain("1999-06-01");
    expect(plain.html).not.toContain("1999-06-01");
    await site.cache.forget(["movie:77"]);
    expect((await get("/film/gunes-77", day)).cache).toBe("MISS");
    expect((await get("/film/gunes-77")).cache).toBe("MISS");
  });

  it("drops an item's pages at once, variants included, and never stores a render that saw the old item", async () => {
    await site.warm("/film/baba-238");
    await site.warm("/film/baba-238.data?_routes=routes%2Fmovie");
    await site.cache.forget(["movie:238"]);
    for (const path of [
      "/film/baba-238",
      "/film/baba-238.data?_routes=routes%2Fmovie",
      "/film/baba-238?utm=1",
    ]) {
      const response = await fetch(site.url(path));
      await response.text();
      expect(response.headers.get("x-cache"), path).toBe("MISS");
    }
    // A render under way when the review was written may show the old review: not stored.
    const started = site.nextRender();
    const slow = fetch(site.url("/slow/x")); // no item: stored as usual
    await started;
    site.release();
    await (await slow).text();
    const again = site.nextRender();
    const rendering = fetch(site.url("/film/yol-99?sayfa=1"));
    await again;
    await site.cache.forget(["movie:99"]);
    await (await rendering).text();
    const after = await fetch(site.url("/film/yol-99?sayfa=1"));
    await after.text();
    expect(after.headers.get("x-cache")).toBe("MISS");
  });
});
