import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import { preparedDataDir, projectRoot, startAppServer } from "../support/app-server";
import { Visitor } from "../support/raw-http";

const baseURL = inject("baseURL");

describe("the production server", () => {
  it("answers health and readiness checks", async () => {
    const health = await fetch(`${baseURL}/healthz`);
    expect(health.status).toBe(200);
    // Started like `npm start` (no NODE_ENV): React must still run its production build.
    expect(await health.json()).toEqual({ status: "ok", mode: "production" });
    const ready = await fetch(`${baseURL}/readyz`);
    expect(await ready.json()).toEqual({ status: "ok", database: "pglite", cache: "memory" });
  });

  it("sends security headers, and an anonymous page a CSP of its inline scripts' hashes", async () => {
    const response = await fetch(baseURL);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain("'nonce-");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    expect(html).not.toContain(" nonce=");
    // Exactly the page's own inline scripts may run (decision 023), plus what they load.
    // A script ends at the first "</script" (as a browser reads it), whatever "<" it holds before:
    // the page's data may carry other files' reviews with markup in them.
    const scripts = [...html.matchAll(/<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/g)].map(
      ([, text]) => `'sha256-${createHash("sha256").update(text!).digest("base64")}'`,
    );
    expect(scripts.length).toBeGreaterThan(2);
    expect(/script-src ([^;]+)/.exec(csp)![1]).toBe(
      [...new Set(scripts), "'strict-dynamic'"].join(" "),
    );
    // The same page and policy for the next visitor.
    const again = await fetch(baseURL);
    expect(again.headers.get("content-security-policy")).toBe(csp);
    expect(await again.text()).toBe(html);
  });

  it("gives a signed-in visitor's page a fresh nonce, on every inline script", async () => {
    const visitor = new Visitor(baseURL);
    await visitor.signIn(`nonce-${Date.now()}@example.com`, "gizli123", "Nonce Kişi");
    const seen = new Set<string>();
    for (let round = 0; round < 2; round++) {
      const page = await fetch(baseURL, { headers: { Cookie: visitor.cookieHeader } });
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const csp = page.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).not.toContain("'sha256-");
      const scripts = (await page.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(2);
  });

  it("compresses with brotli or gzip and caches hashed assets for a year", async () => {
    const html = await (await fetch(baseURL)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${baseURL}${asset}`, {
        headers: { "Accept-Encoding": encoding },
        // Undici decodes bodies; headers still tell what was sent.
      });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  it("serves the build's own files, and compresses the pages it renders", async () => {
    const favicon = await fetch(`${baseURL}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(favicon.headers.get("x-content-type-options")).toBe("nosniff");
    for (const encoding of ["br", "gzip"]) {
      // A `perde.` cookie keeps the page cache out of it: this page is rendered for the request.
      const page = await fetch(`${baseURL}/oyuncular`, {
        headers: { "Accept-Encoding": encoding, Cookie: "perde.test=1" },
      });
      expect(page.headers.get("x-cache")).toBeNull();
      expect(page.headers.get("content-encoding")).toBe(encoding);
      // Still the anonymous page (the cookie is no session): hashes, never a nonce.
      expect(page.headers.get("content-security-policy")).toMatch(/script-src 'sha256-/);
      expect(await page.text()).toContain("<h1");
    }
  });

  it("answers unknown paths with 404", async () => {
    const response = await fetch(`${baseURL}/bu/yol/yok`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });

  it("refuses to start on a bad PORT with one clear line", () => {
    const result = spawnSync(process.execPath, ["server.js"], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, PORT: "abc" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Configuration error: PORT must be a whole number between 0 and 65535 (got "abc")',
    );
  });

  it("finishes cleanly on SIGTERM", async () => {
    // A NODE_ENV left over in the shell does not turn a production start into React's dev build.
    const server = await startAppServer({ NODE_ENV: "development" });
    expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({
      mode: "production",
    });
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toMatch(/error/i);
  });
});

describe("the anonymous page cache", () => {
  it("answers a warm page from the cache, the same bytes and policy as its render, tagged", async () => {
    const url = `${baseURL}/film/baba-1972-238?sayfa=1`; // a page of its own
    const rendered = await fetch(url); // its copy answers every request from now on
    const html = await rendered.text();
    const policy = rendered.headers.get("content-security-policy");
    expect(policy).toMatch(/script-src 'sha256-/);
    for (const encoding of ["gzip", "identity"]) {
      const hit = await fetch(url, { headers: { "Accept-Encoding": encoding } });
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(hit.headers.get("cache-control")).toBe(
        "public, max-age=0, must-revalidate, s-maxage=300",
      );
      // What a CDN purges it by when the film's reviews change.
      expect(hit.headers.get("surrogate-key")).toBe("movie:238");
      expect(hit.headers.get("cache-tag")).toBe("movie:238");
      expect(hit.headers.get("content-security-policy")).toBe(policy);
      expect(await hit.text()).toBe(html);
    }
  });

  it("never answers a signed-in visitor from it, nor keeps the signed-in page", async () => {
    const post = (body: Record<string, string>) =>
      fetch(`${baseURL}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
    const email = `onbellek${Date.now()}@example.com`;
    await post({ intent: "signup", fullName: "Önbellek Kişi", email, password: "gizli123" });
    const signedIn = await post({ intent: "signin", email, password: "gizli123" });
    const cookie = signedIn.headers
      .getSetCookie()
      .find((value) => value.startsWith("perde.session_token="))!
      .split(";")[0]!;

    // A page of its own (the film reads no `sayfa`, but the cache keys by it).
    const url = `${baseURL}/film/dovus-kulubu-1999-550?sayfa=2`;
    // Once the first answer has arrived, its copy answers the next request (or is on its way
    // and the next request waits for it).
    await (await fetch(url)).text();
    expect((await fetch(url)).headers.get("x-cache")).toBe("HIT");
    for (let round = 0; round < 2; round++) {
      const personal = await fetch(url, { headers: { Cookie: cookie } });
      expect(personal.headers.get("x-cache")).toBeNull();
      expect(personal.headers.get("cache-control")).toBe("private, no-store");
      expect(await personal.text()).toContain(email);
    }
    const anonymous = await fetch(url);
    expect(await anonymous.text()).not.toContain(email);
  });
});

describe("sessions", () => {
  it("survive a server restart", async () => {
    // A prepared folder (the seed's copy): what matters here is the second start.
    const dataDir = await preparedDataDir();
    const post = (url: string, body: Record<string, string>) =>
      fetch(`${url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
    try {
      const first = await startAppServer({ DATA_DIR: dataDir });
      await post(first.url, {
        intent: "signup",
        fullName: "Kalıcı Kişi",
        email: "kalici@example.com",
        password: "gizli123",
      });
      const signedIn = await post(first.url, {
        intent: "signin",
        email: "kalici@example.com",
        password: "gizli123",
      });
      const cookie = signedIn.headers
        .getSetCookie()
        .find((value) => value.startsWith("perde.session_token="))!
        .split(";")[0]!;
      await first.stop();

      const second = await startAppServer({ DATA_DIR: dataDir });
      try {
        const dashboard = await fetch(`${second.url}/dashboard`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        expect(dashboard.status).toBe(200);
        expect(await dashboard.text()).toContain("Kalıcı Kişi");
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("with DATABASE_URL", () => {
  it("turns the reset form off and never logs a link", async () => {
    const withDatabase = await startAppServer({
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      AUTH_SECRET: "a-test-secret-that-is-long-enough-123",
      LOG_LEVEL: "info",
    });
    try {
      const visitor = new Visitor(withDatabase.url);
      const address = `pg-sifre-${Date.now()}@example.com`;
      await visitor.signUp(address, "gizli123", "Sıfır");
      const page = await visitor.get("/sifremi-unuttum");
      expect(page.body).toContain("Şifre sıfırlama şu anda kullanılamıyor");
      const answer = await visitor.post("/sifremi-unuttum", { email: address });
      expect(answer.body).toContain("Şifre sıfırlama şu anda kullanılamıyor");
      const log = await withDatabase.settledOutput();
      expect(log).not.toContain("sifre-sifirla?token=");
      expect(log.match(/SMTP yapılandırılmadı/g)).toHaveLength(1);
    } finally {
      await withDatabase.stop();
    }
  });

  it("uses PostgreSQL", async () => {
    const server = await startAppServer({
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      AUTH_SECRET: "a-test-secret-that-is-long-enough-123",
    });
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toEqual({ status: "ok", database: "postgres", cache: "memory" });
    } finally {
      await server.stop();
    }
  });
});
