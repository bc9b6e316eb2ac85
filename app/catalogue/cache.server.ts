import { ServiceUnavailableError } from "~/core/failures.server";
import type { Logger } from "~/core/logger.server";
import type { RedisConnection } from "~/core/redis.server";

interface CacheEntry {
  value: unknown;
  /** Epoch ms after which the value is stale: refreshed, but still served if the refresh fails. */
  freshUntil: number;
}

export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  /** Keeps the entry for `keepMs` (fresh time plus the stale window). */
  set(key: string, entry: CacheEntry, keepMs: number): Promise<void>;
  close(): Promise<void>;
}

/** In-process store: a bounded map, oldest entries evicted first. */
export function memoryStore(maxEntries = 5_000): CacheStore {
  const entries = new Map<string, { entry: CacheEntry; expiresAt: number }>();
  return {
    async get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      // Re-insert so the map's order tracks recent use.
      entries.delete(key);
      entries.set(key, hit);
      return hit.entry;
    },
    async set(key, entry, keepMs) {
      entries.delete(key);
      entries.set(key, { entry, expiresAt: Date.now() + keepMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    async close() {
      entries.clear();
    },
  };
}

/**
 * Shared store for several instances, on the server's Redis connection. A Redis that is down or
 * slow counts as a miss (its commands fail fast, app/core/redis.server.ts); a failure while it is
 * up is reported, never thrown.
 */
export function redisStore(redis: RedisConnection): CacheStore {
  const { client } = redis;
  const prefix = "perde:catalogue:";
  return {
    async get(key) {
      const raw = await redis.attempt("redis cache read", () => client.get(prefix + key));
      return raw ? (JSON.parse(raw) as CacheEntry) : undefined;
    },
    async set(key, entry, keepMs) {
      await redis.attempt("redis cache write", () =>
        client.set(prefix + key, JSON.stringify(entry), { PX: keepMs }),
      );
    },
    // The connection is the server's, closed with its other services.
    close: async () => undefined,
  };
}

/** How long stale entries are kept to serve when the upstream fails. */
export const STALE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Read-through cache with stale-on-error: a fresh entry is returned as is; otherwise `load` runs
 * and its result is stored (null too, as a short-lived "not found"); if `load` throws, the stale
 * entry is served, and with none the failure is logged and thrown as ServiceUnavailableError:
 * a failure is never taken for "not found".
 */
export function createCache(store: CacheStore, logger: Logger, now: () => number = Date.now) {
  return async function cached<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<T | null>,
  ): Promise<T | null> {
    const entry = await store.get(key);
    const time = now();
    if (entry && entry.freshUntil > time) return entry.value as T | null;
    try {
      const value = await load();
      const freshFor = value === null ? Math.min(ttlMs, 60_000) : ttlMs;
      await store.set(key, { value, freshUntil: time + freshFor }, freshFor + STALE_WINDOW_MS);
      return value;
    } catch (error) {
      if (entry) {
        logger.warn({ err: error, key }, "catalogue source failed: serving stale data");
        return entry.value as T | null;
      }
      logger.warn({ err: String(error), key }, "catalogue source failed: nothing to serve");
      throw new ServiceUnavailableError(`catalogue source failed for ${key}`, { cause: error });
    }
  };
}

export type Cached = ReturnType<typeof createCache>;
