import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.server";

const dirs: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "perde-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

describe("loadEnv", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const env = loadEnv({ DATA_DIR: tempDataDir() });
    expect(env).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      publicSiteUrl: "http://localhost:3000",
      catalogue: "local",
      databaseUrl: undefined,
      tmdb: {
        apiBaseUrl: "https://api.themoviedb.org/3",
        imageBaseUrl: "https://image.tmdb.org/t/p",
      },
    });
  });

  it("refuses a non-numeric PORT with one line naming it", () => {
    const message = configError({ PORT: "abc", DATA_DIR: tempDataDir() });
    expect(message).toBe(
      'Configuration error: PORT must be a whole number between 0 and 65535 (got "abc")',
    );
    expect(message).not.toContain("\n");
    expect(configError({ PORT: "70000" })).toContain("PORT");
  });

  it("switches to the live catalogue when a key is set, and requires one for CATALOGUE=tmdb", () => {
    expect(loadEnv({ TMDB_API_KEY: "k", DATA_DIR: tempDataDir() }).catalogue).toBe("tmdb");
    expect(
      loadEnv({ TMDB_API_KEY: "k", CATALOGUE: "local", DATA_DIR: tempDataDir() }).catalogue,
    ).toBe("local");
    expect(configError({ CATALOGUE: "tmdb" })).toContain("TMDB_API_KEY");
    expect(configError({ CATALOGUE: "imdb" })).toContain("CATALOGUE");
  });

  it("requires AUTH_SECRET with DATABASE_URL and never prints secret values", () => {
    expect(configError({ DATABASE_URL: "postgres://u:pw@db/x" })).toContain("AUTH_SECRET");
    const message = configError({ DATABASE_URL: "postgres://u:pw@db/x", AUTH_SECRET: "short" });
    expect(message).toContain("AUTH_SECRET");
    expect(message).not.toContain("short");
    expect(configError({ DATABASE_URL: "mysql://x" })).toContain("DATABASE_URL");
  });

  it("refuses the test suite's clock and cheap passwords beside a real database", () => {
    const production = { DATABASE_URL: "postgres://u:pw@db/x", AUTH_SECRET: "s".repeat(32) };
    expect(configError({ ...production, PERDE_TEST_FAST_PASSWORDS: "1" })).toContain(
      "PERDE_TEST_FAST_PASSWORDS",
    );
    expect(configError({ ...production, PERDE_TEST_CLOCK: "1" })).toContain("PERDE_TEST_CLOCK");
    expect(configError({ PERDE_TEST_CLOCK: "yes" })).toContain("PERDE_TEST_CLOCK");
    expect(
      loadEnv({ PERDE_TEST_FAST_PASSWORDS: "1", PERDE_TEST_CLOCK: "1", DATA_DIR: tempDataDir() })
        .catalogue,
    ).toBe("local");
  });

  it("validates URLs and strips trailing slashes", () => {
    expect(configError({ TMDB_API_BASE_URL: "not a url" })).toContain("TMDB_API_BASE_URL");
    const env = loadEnv({
      PUBLIC_SITE_URL: "https://perde.example/",
      TMDB_API_BASE_URL: "http://127.0.0.1:9999/3/",
      DATA_DIR: tempDataDir(),
    });
    expect(env.publicSiteUrl).toBe("https://perde.example");
    expect(env.tmdb.apiBaseUrl).toBe("http://127.0.0.1:9999/3");
  });

  it("treats empty variables as unset", () => {
    expect(loadEnv({ PORT: "", TMDB_API_KEY: "", DATA_DIR: tempDataDir() })).toMatchObject({
      port: 3000,
      catalogue: "local",
    });
  });

  it("generates the embedded auth secret once and keeps it private in DATA_DIR", () => {
    const dataDir = tempDataDir();
    const first = loadEnv({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ DATA_DIR: dataDir }).authSecret).toBe(first);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("generates the embedded VAPID keys once, private in DATA_DIR, and takes them from the environment", () => {
    const dataDir = tempDataDir();
    const first = loadEnv({ DATA_DIR: dataDir }).vapid!;
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe("mailto:no-reply@perde.local");
    expect(loadEnv({ DATA_DIR: dataDir }).vapid).toEqual(first);
    expect(statSync(path.join(dataDir, "vapid-keys.json")).mode & 0o077).toBe(0);
    const given = {
      VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`,
      VAPID_PRIVATE_KEY: "b".repeat(43),
      VAPID_SUBJECT: "mailto:ops@perde.example",
    };
    expect(loadEnv({ DATA_DIR: tempDataDir(), ...given }).vapid).toEqual({
      publicKey: given.VAPID_PUBLIC_KEY,
      privateKey: given.VAPID_PRIVATE_KEY,
      subject: given.VAPID_SUBJECT,
    });
    const postgres = {
      DATA_DIR: tempDataDir(),
      DATABASE_URL: "postgres://perde@localhost/perde",
      AUTH_SECRET: "x".repeat(32),
    };
    // On PostgreSQL instances share one pair: none from DATA_DIR, push off without the keys.
    expect(loadEnv(postgres).vapid).toBeUndefined();
    expect(
      configError({
        ...postgres,
        VAPID_PUBLIC_KEY: given.VAPID_PUBLIC_KEY,
        VAPID_PRIVATE_KEY: given.VAPID_PRIVATE_KEY,
      }),
    ).toBe(
      "Configuration error: VAPID_SUBJECT is required with the VAPID keys when DATABASE_URL is set (mailto: or https: URL)",
    );
    expect(configError({ DATA_DIR: tempDataDir(), VAPID_PUBLIC_KEY: given.VAPID_PUBLIC_KEY })).toBe(
      "Configuration error: VAPID_PRIVATE_KEY must be set together with the other VAPID key",
    );
    // A wrong key is named, never shown.
    expect(configError({ DATA_DIR: tempDataDir(), VAPID_PRIVATE_KEY: "secret-but-short" })).toBe(
      "Configuration error: VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)",
    );
  });

  it("trusts no forwarding header unless TRUST_PROXY names the proxies", () => {
    expect(loadEnv({ DATA_DIR: tempDataDir() }).trustProxy).toBe(false);
    expect(loadEnv({ DATA_DIR: tempDataDir(), TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(
      loadEnv({ DATA_DIR: tempDataDir(), TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,loopback,fd00::/8" })
        .trustProxy,
    ).toEqual(["10.0.0.0/8", "127.0.0.1", "loopback", "fd00::/8"]);
    for (const bad of ["true", "yes", "10.0.0.0/33", "1.2.3", "127.0.0.1,", "-1"]) {
      expect(configError({ DATA_DIR: tempDataDir(), TRUST_PROXY: bad })).toBe(
        `Configuration error: TRUST_PROXY must be a hop count (1, 2…) or a comma-separated list of proxy addresses or ranges (got "${bad}")`,
      );
    }
  });

  it("reads the lifecycle limits and the metrics listener, with safe defaults", () => {
    expect(loadEnv({ DATA_DIR: tempDataDir() })).toMatchObject({
      shutdownTimeoutMs: 25_000,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 },
      metrics: undefined,
    });
    const env = loadEnv({
      DATA_DIR: tempDataDir(),
      SHUTDOWN_TIMEOUT: "5",
      HTTP_HEADERS_TIMEOUT_MS: "500",
      METRICS_PORT: "9464",
    });
    expect(env.shutdownTimeoutMs).toBe(5_000);
    expect(env.http.headersTimeoutMs).toBe(500);
    expect(env.metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(configError({ SHUTDOWN_TIMEOUT: "0" })).toBe(
      'Configuration error: SHUTDOWN_TIMEOUT must be a whole number of seconds between 1 and 600 (got "0")',
    );
    expect(configError({ SHUTDOWN_TIMEOUT: "abc" })).toMatch(
      /^Configuration error: SHUTDOWN_TIMEOUT /,
    );
    expect(configError({ HTTP_HEADERS_TIMEOUT_MS: "40000" })).toMatch(
      /^Configuration error: HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(configError({ METRICS_PORT: "x" })).toMatch(/^Configuration error: METRICS_PORT /);
    expect(configError({ METRICS_PORT: "3000" })).toMatch(
      /^Configuration error: METRICS_PORT must differ from PORT/,
    );
  });

  it("reads CDN_PURGE_URL as an http(s) URL, and never prints a bad one", () => {
    expect(loadEnv({ DATA_DIR: tempDataDir() }).cdnPurgeUrl).toBeUndefined();
    const env = loadEnv({ CDN_PURGE_URL: "http://127.0.0.1:6081/", DATA_DIR: tempDataDir() });
    expect(env.cdnPurgeUrl).toBe("http://127.0.0.1:6081");
    const message = configError({ CDN_PURGE_URL: "ftp://cdn.example/purge?token=gizli" });
    expect(message).toMatch(/^Configuration error: CDN_PURGE_URL must be an http\(s\) URL/);
    expect(message).not.toContain("gizli");
  });
});
