import { createECDH, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { projectRoot } from "./project-root.server";

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const port = z
  .string()
  .regex(/^\d+$/, "must be a whole number between 0 and 65535")
  .transform(Number)
  .refine((value) => value <= 65535, "must be a whole number between 0 and 65535");

/** A whole number of `unit`s between `min` and `max`. */
const wholeNumber = (min: number, max: number, unit: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number of ${unit} between ${min} and ${max}`)
    .transform(Number)
    .refine(
      (value) => value >= min && value <= max,
      `must be a whole number of ${unit} between ${min} and ${max}`,
    );

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((value) => value.replace(/\/+$/, ""));

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of Express's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const version = isIP(address ?? "");
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-* headers to believe: a hop count (`1` = the nearest proxy) or a
 * comma-separated list of addresses and ranges. Unset: none, so a client cannot choose its own
 * address for the rate limits by sending the header itself.
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{1,2}$/.test(value) ||
      value
        .split(",")
        .map((entry) => entry.trim())
        .every((entry) => entry !== "" && isProxyAddress(entry)),
    "must be a hop count (1, 2…) or a comma-separated list of proxy addresses or ranges",
  )
  .transform((value): number | string[] =>
    /^\d{1,2}$/.test(value) ? Number(value) : value.split(",").map((entry) => entry.trim()),
  );

/**
 * How long a client may take (README "Running in production"): 10 s to send its headers, 30 s for
 * the whole request; an idle keep-alive connection is closed after 5 s. A proxy must give up its
 * idle connections to us sooner than that (nginx: upstream `keepalive_timeout 4s`; its default is
 * 60 s), or it may reuse one we are closing at that moment: a 502 for its client.
 */
const HTTP_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(["development", "production", "test"])),
    PORT: optional(port),
    HOST: optional(z.string().min(1)),
    PUBLIC_SITE_URL: optional(httpUrl),
    CATALOGUE: optional(z.enum(["tmdb", "local"], { error: 'must be "tmdb" or "local"' })),
    TMDB_API_KEY: optional(z.string().min(1)),
    TMDB_ACCESS_TOKEN: optional(z.string().min(1)),
    TMDB_API_BASE_URL: optional(httpUrl),
    TMDB_IMAGE_BASE_URL: optional(httpUrl),
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// connection URL"),
    ),
    DATA_DIR: optional(z.string().min(1)),
    TRUST_PROXY: optional(trustProxy),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\/\S+$/, "must be a redis:// URL")),
    AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
    SMTP_HOST: optional(z.string().min(1)),
    SMTP_PORT: optional(port),
    SMTP_USER: optional(z.string().min(1)),
    SMTP_PASSWORD: optional(z.string().min(1)),
    SMTP_FROM: optional(z.string().min(3)),
    SHUTDOWN_TIMEOUT: optional(wholeNumber(1, 600, "seconds")),
    HTTP_HEADERS_TIMEOUT_MS: optional(wholeNumber(100, 600_000, "milliseconds")),
    HTTP_REQUEST_TIMEOUT_MS: optional(wholeNumber(100, 3_600_000, "milliseconds")),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: optional(wholeNumber(100, 600_000, "milliseconds")),
    METRICS_PORT: optional(port),
    // The test suite's switches (decision 032): a clock per request, cheap password hashes.
    PERDE_TEST_CLOCK: optional(z.literal("1")),
    PERDE_TEST_FAST_PASSWORDS: optional(z.literal("1")),
    METRICS_HOST: optional(z.string().min(1)),
    CDN_PURGE_URL: optional(httpUrl),
    VAPID_PUBLIC_KEY: optional(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{87}$/,
          "must be an uncompressed P-256 public key in base64url (87 characters)",
        ),
    ),
    VAPID_PRIVATE_KEY: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (43 characters)"),
    ),
    VAPID_SUBJECT: optional(
      z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL"),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.CATALOGUE === "tmdb" && !env.TMDB_API_KEY && !env.TMDB_ACCESS_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["TMDB_API_KEY"],
        message: "or TMDB_ACCESS_TOKEN is required when CATALOGUE=tmdb",
      });
    }
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required when DATABASE_URL is set (at least 32 characters)",
      });
    }
    // A real deployment (its own PostgreSQL) never runs with the test suite's switches: a
    // client-chosen clock or passwords hashed at a test's cost there would be a hole.
    for (const name of ["PERDE_TEST_CLOCK", "PERDE_TEST_FAST_PASSWORDS"] as const) {
      if (env.DATABASE_URL && env[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "is for the test suite's embedded servers only: unset it when DATABASE_URL is set",
        });
      }
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === (env.PORT ?? 3000)) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "must differ from PORT: the metrics are never served on the site's own port",
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message: "must be set together with the other VAPID key",
      });
    }
    if (env.DATABASE_URL && env.VAPID_PUBLIC_KEY && !env.VAPID_SUBJECT) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_SUBJECT"],
        message: "is required with the VAPID keys when DATABASE_URL is set (mailto: or https: URL)",
      });
    }
    // Node refuses to start a server whose headers may take longer than the whole request.
    const headers = env.HTTP_HEADERS_TIMEOUT_MS ?? HTTP_DEFAULTS.headersTimeoutMs;
    const request = env.HTTP_REQUEST_TIMEOUT_MS ?? HTTP_DEFAULTS.requestTimeoutMs;
    if (headers > request) {
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_HEADERS_TIMEOUT_MS"],
        message: `must not be longer than HTTP_REQUEST_TIMEOUT_MS (${request})`,
      });
    }
  });

export interface Env {
  mode: "development" | "production" | "test";
  port: number;
  host: string;
  publicSiteUrl: string;
  catalogue: "tmdb" | "local";
  tmdb: { apiKey?: string; accessToken?: string; apiBaseUrl: string; imageBaseUrl: string };
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  /** Proxies whose forwarding headers are believed: a hop count or addresses; false for none. */
  trustProxy: number | string[] | false;
  authSecret: string;
  logLevel: string;
  /** How long a shutdown may take to drain before the remaining connections are cut. */
  shutdownTimeoutMs: number;
  /** Node's limits on slow clients (headersTimeout, requestTimeout, keepAliveTimeout). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** The Prometheus endpoint's own listener; undefined: no metrics server. */
  metrics?: { port: number; host: string };
  /** Outgoing mail; without SMTP_HOST, mails are written to the server log. */
  smtp?: { host: string; port: number; user?: string; password?: string; from: string };
  /**
   * Where a change to an item is announced to a CDN or a cache in front (decision 023): a POST
   * with the item's tags. Undefined: no purge call; shared caches keep pages their `s-maxage`.
   */
  cdnPurgeUrl?: string;
  /**
   * Web push's VAPID keys (decision 036): from the environment, or generated once into DATA_DIR
   * on the embedded setup. Undefined (PostgreSQL without the keys): push is off.
   */
  vapid?: VapidKeys;
}

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the only part the browser ever sees. */
  publicKey: string;
  privateKey: string;
  /** Who runs the site, for the push services (a mailto: or https: URL). */
  subject: string;
}

function vapidKeys(
  env: z.infer<typeof envSchema>,
  dataDir: string,
  publicSiteUrl: string,
): VapidKeys | undefined {
  const subject = env.VAPID_SUBJECT ?? defaultVapidSubject(publicSiteUrl);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  // Several instances on PostgreSQL must share one key pair: they come from the environment.
  if (env.DATABASE_URL) return undefined;
  return { ...embeddedVapidKeys(dataDir), subject };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Embedded mode keeps a generated secret in DATA_DIR so sessions survive restarts. */
function embeddedAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Embedded mode keeps a generated VAPID key pair in DATA_DIR (one instance: the keys must stay
 * the same for as long as browsers hold subscriptions made with them). Never logged.
 */
function embeddedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  try {
    const existing = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const { publicKey, privateKey } = existing;
    if (
      typeof publicKey === "string" &&
      typeof privateKey === "string" &&
      /^[A-Za-z0-9_-]{87}$/.test(publicKey) &&
      /^[A-Za-z0-9_-]{43}$/.test(privateKey)
    ) {
      return { publicKey, privateKey };
    }
  } catch {
    // first start: no keys yet
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey("base64url"),
    // A private key with leading zero bytes comes out shorter: VAPID wants all 32 bytes.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString("base64url"),
  };
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** The VAPID subject when none is set: the site's own https address, else a local mailbox. */
function defaultVapidSubject(publicSiteUrl: string): string {
  return publicSiteUrl.startsWith("https://") ? publicSiteUrl : "mailto:no-reply@perde.local";
}

/**
 * Parses the process environment once. A bad value throws a ConfigError whose message is one
 * line naming the variable; the server prints it and exits.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = source[name];
    const shown =
      value === undefined || /SECRET|KEY|TOKEN|DATABASE_URL|REDIS_URL|PURGE_URL/.test(name)
        ? ""
        : ` (got "${value}")`;
    throw new ConfigError(`Configuration error: ${name} ${issue.message}${shown}`);
  }
  const env = parsed.data;
  const port = env.PORT ?? 3000;
  const dataDir = path.resolve(projectRoot, env.DATA_DIR ?? "data");
  const hasKey = Boolean(env.TMDB_API_KEY || env.TMDB_ACCESS_TOKEN);
  return {
    mode: env.NODE_ENV ?? "production",
    port,
    host: env.HOST ?? "0.0.0.0",
    publicSiteUrl: env.PUBLIC_SITE_URL ?? `http://localhost:${port}`,
    catalogue: env.CATALOGUE ?? (hasKey ? "tmdb" : "local"),
    tmdb: {
      apiKey: env.TMDB_API_KEY,
      accessToken: env.TMDB_ACCESS_TOKEN,
      apiBaseUrl: env.TMDB_API_BASE_URL ?? "https://api.themoviedb.org/3",
      imageBaseUrl: env.TMDB_IMAGE_BASE_URL ?? "https://image.tmdb.org/t/p",
    },
    databaseUrl: env.DATABASE_URL,
    dataDir,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY ?? false,
    authSecret: env.AUTH_SECRET ?? embeddedAuthSecret(dataDir),
    logLevel: env.LOG_LEVEL ?? "info",
    shutdownTimeoutMs: (env.SHUTDOWN_TIMEOUT ?? 25) * 1000,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS ?? HTTP_DEFAULTS.headersTimeoutMs,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS ?? HTTP_DEFAULTS.requestTimeoutMs,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? HTTP_DEFAULTS.keepAliveTimeoutMs,
    },
    metrics:
      env.METRICS_PORT === undefined
        ? undefined
        : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? "127.0.0.1" },
    cdnPurgeUrl: env.CDN_PURGE_URL,
    vapid: vapidKeys(env, dataDir, env.PUBLIC_SITE_URL ?? `http://localhost:${port}`),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT ?? 587,
          user: env.SMTP_USER,
          password: env.SMTP_PASSWORD,
          from: env.SMTP_FROM ?? "Perde <no-reply@perde.local>",
        }
      : undefined,
  };
}
