import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { ItemChanges } from "~/core/item-changes.server";
import type { Logger } from "~/core/logger.server";
import { sharedMaxAge } from "~/core/http-cache";
import {
  canonicalPath,
  carriesSecret,
  itemTag,
  pageTagOfPath,
  PAGE_QUERY_PARAMS,
} from "~/core/paths";
import type { RedisConnection } from "~/core/redis.server";
import type { CdnPurge } from "./cdn-purge";
import { createEntry, type PageEntry } from "./page-entry";
import {
  layeredPageStore,
  memoryPageStore,
  observedMemoryStore,
  redisPageStore,
  type LookupObserver,
  type PageStore,
} from "./page-store";
import type { Answer } from "./react-router-adapter";

/*
 * Full-page cache for anonymous visitors (decision 012). React Router renders a page once; a
 * response that a shared cache may keep (200, `public` with `s-maxage`, no Set-Cookie, for a GET
 * without any `perde.` or `perde_toast` cookie) is stored as it is, raw and gzipped once: such a
 * page is the same bytes for everyone, its CSP listing its inline scripts' hashes instead of a
 * nonce (decision 023). Later requests are answered by Node's own request listener: the stored
 * headers and body, no rendering, no compression, nothing rewritten.
 *
 * - A page is keyed by its canonical path and the query parameters the site reads
 *   (PAGE_QUERY_PARAMS), so `/film/x?utm_source=y` is answered by the copy of `/film/x`; such
 *   variants are never stored themselves (what they render could carry their junk), nor is any
 *   other spelling of a path (`/FILM/x`, `/film/x/`: the server redirects them before the cache,
 *   server/canonical-address.ts), so every stored page carries its tags. Addresses longer than
 *   MAX_KEY_LENGTH are neither stored nor looked up.
 * - Concurrent misses of one page wait for one render (as nginx's proxy_cache_lock does), and
 *   after expiry one request renders the page again while the others get the stale copy for a
 *   short grace.
 * - A page is tagged with the item it shows (`movie:603`); a review or an erased account drops
 *   the item's pages at once, on every instance (item changes, through Redis with REDIS_URL).
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
  "x-request-id",
]);

/** The longest a page is kept, whatever its header says (the catalogue's detail lifetime). */
const MAX_TTL_SECONDS = 3600;
/** Bodies larger than this are not stored. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Longer addresses are neither looked up nor stored (the 8 KB query strings of a flood). */
const MAX_KEY_LENGTH = 512;
/** How long after expiry a stale copy answers while one request renders the page again. */
const MAX_STALE_SECONDS = 60;
/** How long a miss waits for another request's render of the same page before rendering too. */
const LOCK_TIMEOUT_MS = 5_000;

/**
 * The address a page is kept under: its path's canonical spelling (`canonicalPath`: lower case,
 * no trailing slash), and only the parameters the site reads, each once (its first value, the
 * one `searchParams.get` reads), by name. `exact` when the URL itself carries nothing else (its
 * path canonical, no other parameter, no repeated one): only such a request's render is stored,
 * so every stored page has its tags. Null for what is never kept: a path that is not an
 * origin-form path, a path with a secret in any spelling, or a key over MAX_KEY_LENGTH.
 */
export function pageKey(url: string): { key: string; exact: boolean } | null {
  if (!url.startsWith("/") || url.startsWith("//")) return null;
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length > MAX_KEY_LENGTH) return null;
  const pathname = canonicalPath(path);
  // A calendar feed's token is a secret: it must never become a key, stored or looked up.
  if (pathname === null || pathname.length > MAX_KEY_LENGTH || carriesSecret(pathname)) return null;
  let exact = pathname === path;
  if (queryAt === -1) return { key: pathname, exact };
  const kept = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
    if (PAGE_QUERY_PARAMS.has(name) && !kept.has(name)) kept.set(name, value);
    else exact = false;
  }
  if (kept.size === 0) return { key: pathname, exact };
  const query = new URLSearchParams([...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const key = `${pathname}?${query.toString()}`;
  return key.length > MAX_KEY_LENGTH ? null : { key, exact };
}

export interface PageCacheOptions {
  store: PageStore;
  /** Part of every key, so a new deployment never serves pages of the previous build. */
  buildId: string;
  logger: Logger;
  /** The request's id, sent back with a hit (X-Request-Id). */
  requestId?: (req: IncomingMessage) => string | undefined;
  /**
   * What else, beside its address, a request's page depends on, when anything (a test's clock,
   * decision 032): pages of one partition are kept apart from the others' and the plain ones.
   */
  partition?: (req: IncomingMessage) => string | undefined;
  now?: () => number;
}

export type CacheAnswer = "HIT" | "STALE" | "MISS";

export interface PageCache {
  /**
   * Node request listener: answers cached pages itself and hands everything else to `next`
   * (marked `X-Cache: MISS` when a cached copy could have answered it).
   */
  front(next: RequestListener): RequestListener;
  /**
   * Stores a page React Router answered, when a shared cache may keep it: a 200 for a GET that
   * `front` let through as the one render of its page, `public` with `s-maxage`, no
   * Set-Cookie. The headers already on `res` (the security headers) are kept with the answer's
   * own.
   */
  keep(req: IncomingMessage, res: ServerResponse, answer: Answer): void;
  /** Drops the stored pages tagged with these tags (`movie:603`), on this instance. */
  forget(tags: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

function cacheableRequest(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !hasPersonalCookie(req.headers.cookie);
}

/** The one render of a page that concurrent misses wait for. */
interface Render {
  key: string;
  tags: string[];
  startedAt: number;
  /** Set once `keep` decided to store the answer: the entry is on its way. */
  storing: boolean;
  done: Promise<PageEntry | undefined>;
  settle(entry: PageEntry | undefined): void;
}

export function createPageCache({
  store,
  buildId,
  logger,
  requestId = () => undefined,
  partition = () => undefined,
  now = Date.now,
}: PageCacheOptions): PageCache {
  const renders = new Map<string, Render>();
  const rendering = new WeakMap<IncomingMessage, Render>();
  /** When each tag was last forgotten: a render that began before must not store its page. */
  const forgottenAt = new Map<string, number>();

  function send(req: IncomingMessage, res: ServerResponse, entry: PageEntry, as: CacheAnswer) {
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const age = String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000)));
    const headers = [
      ...(gzip ? entry.gzipHeaders : entry.identityHeaders),
      "Age",
      age,
      "X-Cache",
      as,
    ];
    const id = requestId(req);
    if (id !== undefined) headers.push("X-Request-Id", id);
    // One list of headers, nothing set on `res` before: Node's fast path.
    res.writeHead(entry.status, headers);
    res.end(req.method === "HEAD" ? undefined : gzip ? entry.gzip : entry.body);
  }

  function startRender(
    key: string,
    address: string,
    req: IncomingMessage,
    res: ServerResponse,
  ): Render {
    let settle!: (entry: PageEntry | undefined) => void;
    const done = new Promise<PageEntry | undefined>((resolve) => (settle = resolve));
    const pathname = address.split("?")[0]!;
    const tag = pageTagOfPath(pathname);
    const render: Render = {
      key,
      tags: tag ? [tag] : [],
      startedAt: now(),
      storing: false,
      done,
      settle: (entry) => {
        if (renders.get(key) === render) renders.delete(key);
        settle(entry);
      },
    };
    renders.set(key, render);
    rendering.set(req, render);
    // A render that failed, was not storable or lost its visitor releases its waiters.
    res.once("close", () => {
      if (!render.storing) render.settle(undefined);
    });
    return render;
  }

  /** Waits for another request's render of the page, at most LOCK_TIMEOUT_MS. */
  function waitFor(render: Render): Promise<PageEntry | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), LOCK_TIMEOUT_MS);
    });
    return Promise.race([render.done, timeout]).finally(() => clearTimeout(timer));
  }

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    next: RequestListener,
    key: string,
    page: { key: string; exact: boolean },
    found: PageEntry | undefined,
  ) {
    const time = now();
    if (found && found.expiresAt > time) return send(req, res, found, "HIT");
    const pending = renders.get(key);
    if (found && found.staleUntil > time && pending) return send(req, res, found, "STALE");
    res.setHeader("X-Cache", "MISS");
    if (pending) {
      void waitFor(pending).then((entry) => {
        if (res.destroyed) return;
        if (entry) send(req, res, entry, "HIT");
        else next(req, res);
      });
      return;
    }
    // A variant address (`?utm_source=…`) renders, but only the page's own address is stored.
    if (page.exact) startRender(key, page.key, req, res);
    next(req, res);
  }

  return {
    front(next) {
      return (req, res) => {
        if (!cacheableRequest(req)) return next(req, res);
        const url = req.url ?? "/";
        const page = pageKey(url);
        if (page === null) return next(req, res);
        const part = partition(req);
        const key =
          part === undefined ? `${buildId}:${page.key}` : `${buildId}:(${part}):${page.key}`;
        let found: ReturnType<PageStore["get"]>;
        try {
          found = store.get(key);
        } catch (error) {
          logger.warn({ err: error }, "page cache read failed");
          found = undefined;
        }
        if (found instanceof Promise) {
          found.then(
            (entry) => answer(req, res, next, key, page, entry),
            () => answer(req, res, next, key, page, undefined),
          );
        } else answer(req, res, next, key, page, found);
      };
    },

    keep(req, res, answer) {
      const render = rendering.get(req);
      if (!render || req.method !== "GET") return;
      const { status, body } = answer;
      const headers: [string, string][] = [];
      const answered = new Set(answer.headers.map(([name]) => name));
      for (const [name, value] of Object.entries(res.getHeaders())) {
        // The answer's own policy (a shared page's hashes) replaces the nonce one.
        if (name === "content-security-policy" && answered.has(name)) continue;
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
        // A nonce is one visitor's: a page that carries one is never given to another.
        header("content-security-policy")?.includes("'nonce-")
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
      render.storing = true;
      const lifetime = {
        ttlSeconds: ttl,
        staleSeconds: Math.min(ttl, MAX_STALE_SECONDS),
        tags: render.tags,
      };
      createEntry({ status, headers: kept, body }, lifetime, now())
        .then(async (entry) => {
          // The item changed while this page was being rendered: it may show the old state.
          if (render.tags.some((tag) => (forgottenAt.get(tag) ?? -1) >= render.startedAt)) {
            render.settle(undefined);
            return;
          }
          render.settle(entry);
          await store.set(render.key, entry);
        })
        .catch((error: unknown) => {
          render.settle(undefined);
          logger.warn({ err: error, key: render.key }, "page cache store failed");
        });
    },

    async forget(tags) {
      const time = now();
      for (const tag of tags) forgottenAt.set(tag, time);
      // Renders last seconds at most: older marks can go.
      if (forgottenAt.size > 10_000) {
        for (const [tag, at] of forgottenAt) if (at < time - 60_000) forgottenAt.delete(tag);
      }
      await store.forget(tags);
    },

    close: () => store.close(),
  };
}

/**
 * The page cache of a server: in process, with Redis behind it when REDIS_URL is set (shared by
 * the instances). Item changes, here or on another instance, drop the item's pages; then, with
 * CDN_PURGE_URL, the cache in front is told to drop them too (by every instance once its own copy
 * is gone, so that the cache in front cannot fetch the old page again from a slower instance).
 */
export async function openPageCache({
  redis,
  changes,
  logger,
  buildId,
  onLookup,
  purge,
  requestId,
  partition,
}: {
  redis?: RedisConnection;
  changes: ItemChanges;
  logger: Logger;
  buildId: string;
  onLookup?: LookupObserver;
  purge?: CdnPurge;
  requestId?: (req: IncomingMessage) => string | undefined;
  partition?: (req: IncomingMessage) => string | undefined;
}): Promise<PageCache> {
  const memory = memoryPageStore();
  const store = redis
    ? layeredPageStore(memory, await redisPageStore(redis, buildId), onLookup)
    : onLookup
      ? observedMemoryStore(memory, onLookup)
      : memory;
  const cache = createPageCache({ store, buildId, logger, requestId, partition });
  changes.listen(async (items) => {
    const tags = items.map(itemTag);
    try {
      await cache.forget(tags);
    } finally {
      purge?.(tags);
    }
  });
  changes.onMissedNews(() => memory.clear());
  return cache;
}
