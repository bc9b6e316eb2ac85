import { deserialize, serialize } from "node:v8";
import type { RedisConnection } from "~/core/redis.server";
import { entrySize, type PageEntry } from "./page-entry";

/*
 * Where the page cache keeps its pages: in process (always), and in Redis when REDIS_URL is set,
 * with the in-process store in front of it so that a warm page never waits for Redis. An entry
 * is kept until its `staleUntil`; the page cache decides what a fresh or a stale copy may do.
 */

/** Longer than any page is kept (the page cache keeps a page an hour at most, plus its grace). */
const TAG_KEEP_MS = 2 * 60 * 60 * 1000;

export type StoreLayer = "memory" | "redis";

/** Told of every look-up of a layer and what it found (metrics). */
export type LookupObserver = (layer: StoreLayer, found: PageEntry | undefined) => void;

/** The in-process store alone, its look-ups told to `onLookup`. */
export function observedMemoryStore(memory: MemoryPageStore, onLookup: LookupObserver): PageStore {
  return {
    get(key) {
      const found = memory.get(key);
      onLookup("memory", found);
      return found;
    },
    set: (key, entry) => memory.set(key, entry),
    forget: (tags) => memory.forget(tags),
    close: () => memory.close(),
  };
}

export interface PageStore {
  get(key: string): PageEntry | undefined | Promise<PageEntry | undefined>;
  set(key: string, entry: PageEntry): void | Promise<void>;
  /** Drops every entry tagged with one of `tags`. */
  forget(tags: readonly string[]): void | Promise<void>;
  close(): Promise<void>;
}

export interface MemoryPageStore extends PageStore {
  get(key: string): PageEntry | undefined;
  /** Drops everything (news of changes may have been missed). */
  clear(): void;
  stats(): { entries: number; bytes: number };
}

export interface MemoryLimits {
  /** Everything an entry holds counts (entrySize): bodies, headers, key, tags. */
  maxBytes?: number;
  maxEntries?: number;
  /** Entries past their `staleUntil` are swept this often, read or not. */
  sweepEveryMs?: number;
  now?: () => number;
}

/** In-process store: least recently used entries go first once a limit is reached. */
export function memoryPageStore({
  maxBytes = 64 * 1024 * 1024,
  maxEntries = 5_000,
  sweepEveryMs = 30_000,
  now = Date.now,
}: MemoryLimits = {}): MemoryPageStore {
  const entries = new Map<string, { entry: PageEntry; size: number }>();
  const keysByTag = new Map<string, Set<string>>();
  let total = 0;

  const remove = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    total -= old.size;
    for (const tag of old.entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };

  const sweep = () => {
    const time = now();
    for (const [key, { entry }] of entries) if (entry.staleUntil <= time) remove(key);
  };
  const sweeper = setInterval(sweep, sweepEveryMs);
  sweeper.unref();

  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.entry.staleUntil <= now()) {
        remove(key);
        return undefined;
      }
      // Re-inserted so that the map's order is the order of use.
      entries.delete(key);
      entries.set(key, hit);
      return hit.entry;
    },
    set(key, entry) {
      remove(key);
      const size = entrySize(entry, key);
      if (size > maxBytes) return;
      entries.set(key, { entry, size });
      total += size;
      for (const tag of entry.tags) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      for (const oldest of entries.keys()) {
        if (total <= maxBytes && entries.size <= maxEntries) break;
        remove(oldest);
      }
    },
    forget(tags) {
      for (const tag of tags) for (const key of keysByTag.get(tag) ?? []) remove(key);
    },
    clear() {
      entries.clear();
      keysByTag.clear();
      total = 0;
    },
    stats: () => ({ entries: entries.size, bytes: total }),
    async close() {
      clearInterval(sweeper);
      this.clear();
    },
  };
}

/**
 * Shared store for several instances. Entries are stored as binary (v8's serializer), each tag as
 * a set of the keys that carry it. A failure or a Redis that is down counts as a miss, never as an
 * error; a failure while Redis says it is up is logged.
 */
export async function redisPageStore(redis: RedisConnection, buildId: string): Promise<PageStore> {
  const { RESP_TYPES } = await import("redis");
  const binary = redis.client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  const pageKey = (key: string) => `perde:page:${key}`;
  const tagKey = (tag: string) => `perde:page-tag:${buildId}:${tag}`;

  return {
    async get(key) {
      const raw = await redis.attempt("redis page cache read", () => binary.get(pageKey(key)));
      return raw ? (deserialize(raw) as PageEntry) : undefined;
    },
    async set(key, entry) {
      const keepMs = entry.staleUntil - Date.now();
      if (keepMs <= 0 || !redis.ready()) return;
      const write = redis.client.multi().set(pageKey(key), serialize(entry), { PX: keepMs });
      for (const tag of entry.tags) {
        write.sAdd(tagKey(tag), pageKey(key));
        // A tag's set outlives any page that carries it (pages live an hour at most).
        write.pExpire(tagKey(tag), TAG_KEEP_MS);
      }
      await redis.attempt("redis page cache write", () => write.exec());
    },
    async forget(tags) {
      await redis.attempt("redis page cache delete", () =>
        Promise.all(
          tags.map(async (tag) => {
            const keys = await redis.client.sMembers(tagKey(tag));
            await redis.client.del([...keys, tagKey(tag)]);
          }),
        ),
      );
    },
    // The connection is the server's, closed with its other services.
    close: async () => undefined,
  };
}

/**
 * The in-process store in front of a shared one: reads try memory first and keep what Redis
 * gave; writes and forgets go to both. Other instances' changes reach the memory layer through
 * the page cache's change listener.
 */
export function layeredPageStore(
  memory: MemoryPageStore,
  shared: PageStore,
  onLookup: LookupObserver = () => undefined,
): PageStore {
  return {
    get(key) {
      const near = memory.get(key);
      onLookup("memory", near);
      if (near) return near;
      return Promise.resolve(shared.get(key)).then((far) => {
        onLookup("redis", far);
        if (far) memory.set(key, far);
        return far;
      });
    },
    async set(key, entry) {
      memory.set(key, entry);
      await shared.set(key, entry);
    },
    async forget(tags) {
      memory.forget(tags);
      await shared.forget(tags);
    },
    async close() {
      await Promise.all([memory.close(), shared.close()]);
    },
  };
}
