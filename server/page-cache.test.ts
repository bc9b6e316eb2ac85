import { randomBytes } from "node:crypto";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/core/logger.server";
import {
  acceptsGzip,
  createEntry,
  createPageCache,
  hasPersonalCookie,
  memoryPageStore,
  renderBody,
  sharedMaxAge,
} from "./page-cache";
import { sendAnswer } from "./react-router-adapter";

const PUBLIC = "public, max-age=0, must-revalidate, s-maxage=300";
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

/** A page like ours: the nonce in the head, in many tags and around a large body. */
const filler = randomBytes(50_000).toString("hex"); // past the 32 KB deflate window

function page(nonce: string, extra = "") {
  const preloads = Array.from(
    { length: 20 },
    (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="${nonce}"/>`,
  ).join("");
  return `<!DOCTYPE html><html><head>${preloads}</head><body><p>${filler}</p>${extra}<script nonce="${nonce}">window.__n="${nonce}"</script><script type="module" nonce="${nonce}">import "/a.js"</script></body></html>`;
}

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
  it("gives back the same page with a new nonce, raw and gzip (CRC checked by gunzip)", async () => {
    const old = randomBytes(16).toString("base64");
    const body = Buffer.from(page(old));
    const entry = await createEntry({ status: 200, headers: [], body, nonce: old }, 300, 0);
    expect(entry.segments.length).toBe(24);
    for (const fresh of [randomBytes(16).toString("base64"), randomBytes(16).toString("base64")]) {
      const expected = page(old).split(old).join(fresh);
      expect(Buffer.concat(renderBody(entry, fresh, false)).toString()).toBe(expected);
      const gzip = Buffer.concat(renderBody(entry, fresh, true));
      expect(gunzipSync(gzip).toString()).toBe(expected);
    }
  });

  it("stays correct when the text repeats pieces of the nonce (no copy from an old nonce)", async () => {
    const old = "QUFBQUFBQUFBQUFBQUFBQQ==";
    const body = Buffer.from(page(old, `<p>${old.slice(0, 12)} QUFBQUFB ${old.slice(4)}</p>`));
    const entry = await createEntry({ status: 200, headers: [], body, nonce: old }, 300, 0);
    const fresh = randomBytes(16).toString("base64");
    const gzip = Buffer.concat(renderBody(entry, fresh, true));
    expect(gunzipSync(gzip).toString()).toBe(body.toString().split(old).join(fresh));
  });
});

describe("the page cache in front of an app", () => {
  let server: Server;
  let base: string;
  let renders = 0;
  let now = 1_000_000;
  const cache = createPageCache({
    store: memoryPageStore(64 * 1024 * 1024, () => now),
    buildId: "build-1",
    logger: createLogger("silent"),
    now: () => now,
  });

  beforeAll(async () => {
    // Stands where React Router's adapter stands in the production listener.
    const render: RequestListener = (req, res) => {
      renders += 1;
      const nonce = randomBytes(16).toString("base64");
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
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
      const body = Buffer.from(
        page(nonce, `<nav>${who}</nav><p>${note}</p><p>render ${renders}</p>`),
      );
      const answer = { status: path === "/missing" ? 404 : 200, headers, body };
      cache.keep(req, res, answer, nonce);
      sendAnswer(res, answer);
    };
    server = createServer(cache.front(render));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await cache.close();
  });

  /** Waits for the asynchronous store after a miss. */
  async function warm(path: string, init?: RequestInit) {
    const first = await fetch(base + path, init);
    await first.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return first;
  }

  it("renders once, then answers from the cache with a fresh nonce each time", async () => {
    const first = await warm("/film/a");
    expect(first.headers.get("x-cache")).toBe("MISS");
    const rendersBefore = renders;
    const seen = new Set<string>();
    for (const encoding of ["gzip", "identity", "gzip, br"]) {
      const hit = await fetch(`${base}/film/a`, { headers: { "Accept-Encoding": encoding } });
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(hit.headers.get("cache-control")).toBe(PUBLIC);
      expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/);
      const nonce = nonceOf(hit.headers.get("content-security-policy"));
      expect(nonce).toBeTruthy();
      const html = await hit.text();
      const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
      expect(nonces.length).toBe(22);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
      expect(html).toContain(`window.__n="${nonce}"`);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(3);
    expect(renders).toBe(rendersBefore);
  });

  it("answers HEAD from the cache without a body", async () => {
    await warm("/film/head");
    const head = await fetch(`${base}/film/head`, { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(50_000);
    expect(await head.text()).toBe("");
  });

  it("never serves a cached page to a visitor with a session or a pending toast", async () => {
    await warm("/film/b");
    for (const cookie of [
      "perde.session_token=abc",
      "perde.session_data=xyz",
      "perde_toast=%7B%7D",
    ]) {
      const response = await fetch(`${base}/film/b`, { headers: { Cookie: cookie } });
      expect(response.headers.get("x-cache")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    const signedIn = await fetch(`${base}/film/b`, {
      headers: { Cookie: "perde.session_token=abc" },
    });
    expect(await signedIn.text()).toContain("Hesabım");
    // Other cookies do not make a page personal.
    const other = await fetch(`${base}/film/b`, { headers: { Cookie: "theme=dark" } });
    expect(other.headers.get("x-cache")).toBe("HIT");
  });

  it("never stores a signed-in page for anonymous visitors", async () => {
    await warm("/film/c", { headers: { Cookie: "perde.session_token=abc" } });
    const anonymous = await fetch(`${base}/film/c`);
    expect(anonymous.headers.get("x-cache")).toBe("MISS");
    expect(await anonymous.text()).toContain("Giriş Yap");
  });

  it("never stores a failure, a 404, a Set-Cookie, a browser-only or a POST response", async () => {
    for (const path of ["/failure", "/missing", "/cookie", "/browser-only"]) {
      await warm(path);
      const again = await fetch(base + path);
      expect(again.headers.get("x-cache"), path).toBe("MISS");
      await again.text();
    }
    await warm("/posted", { method: "POST" });
    const get = await fetch(`${base}/posted`);
    expect(get.headers.get("x-cache")).toBe("MISS");
  });

  it("keys by path and query, and forgets a page after its s-maxage", async () => {
    await warm("/ara?q=baba");
    expect((await fetch(`${base}/ara?q=baba`)).headers.get("x-cache")).toBe("HIT");
    expect((await fetch(`${base}/ara?q=yol`)).headers.get("x-cache")).toBe("MISS");
    now += 299_000;
    const aged = await fetch(`${base}/ara?q=baba`);
    expect(aged.headers.get("x-cache")).toBe("HIT");
    expect(Number(aged.headers.get("age"))).toBeGreaterThanOrEqual(299);
    now += 2_000;
    expect((await fetch(`${base}/ara?q=baba`)).headers.get("x-cache")).toBe("MISS");
  });
});
