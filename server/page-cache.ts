import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { deserialize, serialize } from "node:v8";
import { constants, crc32, deflateRaw, inflateRaw } from "node:zlib";
import type { Logger } from "~/core/logger.server";
import type { AppServices } from "~/services.server";
import { newNonce as freshNonce } from "./nonce";
import type { Answer } from "./react-router-adapter";

/*
 * Full-page cache for anonymous visitors (decision 012). React Router renders a page once; a
 * response that a shared cache may keep (200, `public` with `s-maxage`, no Set-Cookie, for a GET
 * without any `perde.` or `perde_toast` cookie) is stored split at its CSP nonce, as raw bytes
 * and as pre-compressed gzip segments. Later requests are answered by Node's own request
 * listener: precomputed headers, a fresh nonce spliced into the header and the body, no
 * rendering and no compression.
 */

/**
 * Cookies that make a page personal: better-auth's (`perde.session_token`…, named
 * `__Secure-perde.…` on an https site) and the toast.
 */
export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const name = part.trimStart().replace(/^__(Secure|Host)-/, "");
    if (name.startsWith("perde.") || name.startsWith("perde_toast=")) return true;
  }
  return false;
}

/** `gzip` when the client accepts it (and did not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  for (const token of acceptEncoding.split(",")) {
    const [name, ...params] = token.split(";");
    const coding = name!.trim().toLowerCase();
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** Seconds a shared cache may keep the response, or null when it must not be stored. */
export function sharedMaxAge(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (!directives.includes("public")) return null;
  if (directives.some((d) => d === "private" || d === "no-store" || d === "no-cache")) return null;
  const sMaxAge = directives.find((d) => d.startsWith("s-maxage="));
  const seconds = sMaxAge ? Number(sMaxAge.slice("s-maxage=".length)) : NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

// ---------------------------------------------------------------------------------------------
// gzip with a spliced nonce: each static segment is a raw-deflate run ended by a sync flush
// (byte-aligned), compressed with the content before it as its dictionary; the nonce goes
// between segments as a stored block. A run may not copy bytes from an earlier nonce (that copy
// would be wrong once the nonce changes): each run is decoded again with every nonce blanked
// out, and compressed without a dictionary if it does not come back identical. The trailer's
// CRC-32 is combined from the segments' CRCs (zlib's crc32_combine), so a response costs a
// few multiplications, not a pass over the body.

const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

const X2N_TABLE = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p);
  return table;
})();

/** x^(8·bytes) modulo the CRC polynomial: the operator that shifts a CRC past `bytes` bytes. */
function crcShift(bytes: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N_TABLE[k & 31]!, p);
  }
  return p;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]); // empty final stored block

function storedBlockHeader(length: number): Buffer {
  return Buffer.from([0x00, length & 0xff, length >>> 8, ~length & 0xff, (~length >>> 8) & 0xff]);
}

const WINDOW = 32 * 1024;

function deflateSegment(segment: Buffer, dictionary?: Buffer): Promise<Buffer> {
  const options = { level: 9, finishFlush: constants.Z_SYNC_FLUSH, dictionary };
  return new Promise((resolve, reject) =>
    deflateRaw(segment, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function inflateSegment(data: Buffer, dictionary: Buffer): Promise<Buffer> {
  const options = { finishFlush: constants.Z_SYNC_FLUSH, dictionary };
  return new Promise((resolve, reject) =>
    inflateRaw(data, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/** Compresses the segments in order, each with what precedes it (nonces included) as dictionary. */
async function deflateSegments(segments: Buffer[], nonce: Buffer): Promise<Buffer[]> {
  const blank = Buffer.alloc(nonce.length); // NUL never occurs in our text
  const compressed: Buffer[] = [];
  let before = Buffer.alloc(0);
  let blanked = Buffer.alloc(0);
  for (const [index, segment] of segments.entries()) {
    let run: Buffer | undefined;
    if (before.length > 0 && !segment.includes(0)) {
      run = await deflateSegment(segment, before);
      const check = await inflateSegment(run, blanked).catch(() => undefined);
      if (!check?.equals(segment)) run = undefined;
    }
    compressed.push(run ?? (await deflateSegment(segment)));
    const next = index < segments.length - 1;
    before = Buffer.concat(next ? [before, segment, nonce] : [before, segment]).subarray(-WINDOW);
    blanked = Buffer.concat(next ? [blanked, segment, blank] : [blanked, segment]).subarray(
      -WINDOW,
    );
  }
  return compressed;
}

// ---------------------------------------------------------------------------------------------

export interface PageEntry {
  status: number;
  /** Header values split at the nonce ([value] when it has none). */
  headers: [name: string, parts: string[]][];
  /** The body split at the nonce. */
  segments: Buffer[];
  gzip: { segments: Buffer[]; crcs: number[]; shifts: number[] };
  storedAt: number;
  expiresAt: number;
}

/** Splits a rendered response at every occurrence of its nonce and pre-compresses the parts. */
export async function createEntry(
  response: { status: number; headers: [string, string][]; body: Buffer; nonce: string },
  ttlSeconds: number,
  now: number,
): Promise<PageEntry> {
  const nonce = Buffer.from(response.nonce);
  const segments: Buffer[] = [];
  let from = 0;
  for (let at = response.body.indexOf(nonce); at !== -1; at = response.body.indexOf(nonce, from)) {
    segments.push(response.body.subarray(from, at));
    from = at + nonce.length;
  }
  segments.push(response.body.subarray(from));
  const owned = segments.map((segment) => Buffer.from(segment));
  return {
    status: response.status,
    headers: response.headers.map(([name, value]) => [name, value.split(response.nonce)]),
    segments: owned,
    gzip: {
      segments: await deflateSegments(owned, nonce),
      crcs: owned.map((segment) => crc32(segment)),
      shifts: owned.map((segment) => crcShift(segment.length)),
    },
    storedAt: now,
    expiresAt: now + ttlSeconds * 1000,
  };
}

/** The body of an entry with `nonce` in place, raw or gzip-encoded, as pieces to write in order. */
export function renderBody(entry: PageEntry, nonce: string, gzip: boolean): Buffer[] {
  const nonceBytes = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  if (!gzip) {
    entry.segments.forEach((segment, index) => {
      if (index > 0) pieces.push(nonceBytes);
      pieces.push(segment);
    });
    return pieces;
  }
  const { segments, crcs, shifts } = entry.gzip;
  const nonceHeader = storedBlockHeader(nonceBytes.length);
  let crc = 0;
  let size = 0;
  pieces.push(GZIP_HEADER);
  segments.forEach((segment, index) => {
    if (index > 0) {
      pieces.push(nonceHeader, nonceBytes);
      crc = crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    pieces.push(segment);
    crc = (multModP(shifts[index]!, crc) ^ crcs[index]!) >>> 0;
    size += entry.segments[index]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(DEFLATE_END, trailer);
  return pieces;
}

// ---------------------------------------------------------------------------------------------

export interface PageStore {
  get(key: string): PageEntry | undefined | Promise<PageEntry | undefined>;
  set(key: string, entry: PageEntry): void | Promise<void>;
  delete(key: string): void | Promise<void>;
  close(): Promise<void>;
}

function entrySize(entry: PageEntry): number {
  let size = 0;
  for (const segment of entry.segments) size += segment.length;
  for (const segment of entry.gzip.segments) size += segment.length;
  return size;
}

/** In-process store: least recently used entries go first once `maxBytes` is reached. */
export function memoryPageStore(maxBytes = 64 * 1024 * 1024, now = Date.now): PageStore {
  const entries = new Map<string, { entry: PageEntry; size: number }>();
  let total = 0;
  const remove = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    total -= old.size;
  };
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, hit);
      return hit.entry;
    },
    set(key, entry) {
      remove(key);
      const size = entrySize(entry);
      if (size > maxBytes) return;
      entries.set(key, { entry, size });
      total += size;
      for (const oldest of entries.keys()) {
        if (total <= maxBytes) break;
        remove(oldest);
      }
    },
    delete: remove,
    async close() {
      entries.clear();
      total = 0;
    },
  };
}

/** Shared store for several instances; Redis failures count as misses, never as errors. */
export async function redisPageStore(url: string, logger: Logger): Promise<PageStore> {
  // Loaded only when REDIS_URL is set: a start without Redis skips its ~0.2 s of modules.
  const { createClient } = await import("redis");
  const client = createClient({ url, socket: { connectTimeout: 2_000 } });
  client.on("error", (error: unknown) => logger.warn({ err: error }, "redis page cache error"));
  await client.connect();
  const prefix = "perde:page:";
  return {
    async get(key) {
      try {
        const raw = await client.get(prefix + key);
        return raw ? (deserialize(Buffer.from(raw, "base64")) as PageEntry) : undefined;
      } catch (error) {
        logger.warn({ err: error }, "redis page cache read failed");
        return undefined;
      }
    },
    async set(key, entry) {
      try {
        const ttl = entry.expiresAt - Date.now();
        if (ttl <= 0) return;
        await client.set(prefix + key, serialize(entry).toString("base64"), { PX: ttl });
      } catch (error) {
        logger.warn({ err: error }, "redis page cache write failed");
      }
    },
    async delete(key) {
      try {
        await client.del(prefix + key);
      } catch (error) {
        logger.warn({ err: error }, "redis page cache delete failed");
      }
    },
    async close() {
      await client.quit().catch(() => undefined);
    },
  };
}

// ---------------------------------------------------------------------------------------------

/** Pieces at least this long are written as they are; shorter neighbours are joined. */
const LONG_PIECE = 8 * 1024;

function coalesce(pieces: Buffer[]): Buffer[] {
  const chunks: Buffer[] = [];
  let run: Buffer[] = [];
  const flush = () => {
    if (run.length > 0) chunks.push(run.length === 1 ? run[0]! : Buffer.concat(run));
    run = [];
  };
  for (const piece of pieces) {
    if (piece.length >= LONG_PIECE) {
      flush();
      chunks.push(piece);
    } else run.push(piece);
  }
  flush();
  return chunks;
}

/** Headers that belong to one transfer, not to the page. */
const TRANSFER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "age",
  "x-cache",
]);

/** The longest a page is kept, whatever its header says (the catalogue's detail lifetime). */
const MAX_TTL_SECONDS = 3600;
/** Bodies larger than this are not stored. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface PageCacheOptions {
  store: PageStore;
  /** Part of every key, so a new deployment never serves pages of the previous build. */
  buildId: string;
  logger: Logger;
  /** A fresh CSP nonce (the same generator the security headers use). */
  newNonce?: () => string;
  now?: () => number;
}

export interface PageCache {
  /**
   * Node request listener: answers cached pages itself and hands everything else to `next`
   * (marked `X-Cache: MISS` when a cached copy could have answered it).
   */
  front(next: RequestListener): RequestListener;
  /**
   * Stores a page React Router answered, when a shared cache may keep it: a 200 for a GET without
   * a personal cookie, `public` with `s-maxage`, no Set-Cookie. The headers already on `res` (the
   * security headers) are kept with the answer's own.
   */
  keep(req: IncomingMessage, res: ServerResponse, answer: Answer, nonce: string): void;
  /** Drops the cached copies of these paths (with any query string they were stored under). */
  forget(paths: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

function cacheableRequest(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !hasPersonalCookie(req.headers.cookie);
}

export function createPageCache({
  store,
  buildId,
  logger,
  newNonce = freshNonce,
  now = Date.now,
}: PageCacheOptions): PageCache {
  const keyOf = (req: IncomingMessage) => `${buildId}:${req.url ?? "/"}`;

  function send(req: IncomingMessage, res: ServerResponse, entry: PageEntry) {
    const nonce = newNonce();
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const pieces = renderBody(entry, nonce, gzip);
    let length = 0;
    for (const piece of pieces) length += piece.length;
    const headers: string[] = [];
    for (const [name, parts] of entry.headers) {
      headers.push(name, parts.length === 1 ? parts[0]! : parts.join(nonce));
    }
    if (gzip) headers.push("Content-Encoding", "gzip");
    headers.push(
      "Content-Length",
      String(length),
      "Age",
      String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))),
      "X-Cache",
      "HIT",
    );
    res.writeHead(entry.status, headers);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    // A page split at its nonces is dozens of pieces: the small ones around the nonces are
    // copied together, the long runs between them (the stylesheet, the page's content) are
    // written as stored, and all of it leaves in one writev.
    res.cork();
    for (const chunk of coalesce(pieces)) res.write(chunk);
    res.end();
    res.uncork();
  }

  function lookup(req: IncomingMessage): PageEntry | undefined | Promise<PageEntry | undefined> {
    const entry = store.get(keyOf(req));
    if (entry instanceof Promise) {
      return entry.then((found) => (found && found.expiresAt > now() ? found : undefined));
    }
    return entry && entry.expiresAt > now() ? entry : undefined;
  }

  return {
    front(next) {
      return (req, res) => {
        if (!cacheableRequest(req)) return next(req, res);
        const entry = lookup(req);
        const miss = () => {
          res.setHeader("X-Cache", "MISS");
          next(req, res);
        };
        if (entry instanceof Promise) {
          entry.then((found) => (found ? send(req, res, found) : miss()), miss);
          return;
        }
        if (entry) send(req, res, entry);
        else miss();
      };
    },

    keep(req, res, answer, nonce) {
      if (req.method !== "GET" || hasPersonalCookie(req.headers.cookie)) return;
      const { status, body } = answer;
      const headers: [string, string][] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined)
          headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
      }
      headers.push(...answer.headers);
      const header = (name: string) => headers.find(([key]) => key === name)?.[1];
      const ttl = Math.min(sharedMaxAge(header("cache-control")) ?? 0, MAX_TTL_SECONDS);
      if (
        status !== 200 ||
        ttl <= 0 ||
        header("set-cookie") !== undefined ||
        !body ||
        body.length > MAX_BODY_BYTES ||
        !nonce
      )
        return;
      const kept: [string, string][] = [];
      for (const [name, value] of headers) {
        if (TRANSFER_HEADERS.has(name) || name === "vary") continue;
        kept.push([name, value]);
      }
      // Hits are gzip or identity depending on the request.
      const vary = header("vary") ?? "";
      kept.push([
        "vary",
        /accept-encoding/i.test(vary)
          ? vary
          : vary
            ? `${vary}, Accept-Encoding`
            : "Accept-Encoding",
      ]);
      const key = keyOf(req);
      createEntry({ status, headers: kept, body, nonce }, ttl, now())
        .then((entry) => store.set(key, entry))
        .catch((error: unknown) => logger.warn({ err: error, key }, "page cache store failed"));
    },

    async forget(pagePaths) {
      await Promise.all(pagePaths.map((pagePath) => store.delete(`${buildId}:${pagePath}`)));
    },

    close: () => store.close(),
  };
}

/** The page cache of a server: in Redis when `REDIS_URL` is set (shared), in process otherwise. */
export async function openPageCache(
  { env, logger }: Pick<AppServices, "env" | "logger">,
  buildId: string,
): Promise<PageCache> {
  let store: PageStore;
  try {
    store = env.redisUrl ? await redisPageStore(env.redisUrl, logger) : memoryPageStore();
  } catch (error) {
    logger.warn({ err: error }, "redis unavailable: page cache kept in process");
    store = memoryPageStore();
  }
  return createPageCache({ store, buildId, logger });
}
