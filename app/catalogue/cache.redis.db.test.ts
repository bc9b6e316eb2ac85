import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askUntil } from "../../tests/support/ask-until";
import { ServiceUnavailableError } from "~/core/failures.server";
import { createLogger } from "~/core/logger.server";
import { createCache, redisStore, type CacheStore } from "./cache.server";

// The shared cache on a real Redis (CI sets TEST_REDIS_URL; without it these are skipped).
const url = process.env.TEST_REDIS_URL;
const logger = createLogger("silent");

describe.skipIf(!url)("the Redis cache store", () => {
  let store: CacheStore;
  let other: CacheStore;
  const key = (name: string) => `test:${randomUUID()}:${name}`;
  beforeAll(async () => {
    store = await redisStore(url!, logger);
    other = await redisStore(url!, logger);
  });
  afterAll(async () => {
    await store.close();
    await other.close();
  });

  it("shares entries between instances, and forgets them when their time is up", async ({
    signal,
  }) => {
    // Kept for a minute: read by the other instance however slowly this machine runs.
    const shared = key("shared");
    await store.set(shared, { value: { title: "Yeşilçam" }, freshUntil: 123 }, 60_000);
    expect(await other.get(shared)).toEqual({ value: { title: "Yeşilçam" }, freshUntil: 123 });

    // Kept for 1 ms: Redis forgets it on its own. Asked until it is gone: a store that gave
    // Redis no lifetime would keep it forever, and the test would time out.
    const brief = key("brief");
    await store.set(brief, { value: ["Selvi Boylum"], freshUntil: 1 }, 1);
    await askUntil(
      () => other.get(brief),
      (entry) => entry === undefined,
      signal,
    );
    expect(await other.get(shared)).toBeDefined(); // the longer-kept entry is still there
  });

  it("serves the stale answer from Redis when the source fails, and fails loudly without one", async () => {
    const clock = { now: 1_000 };
    const cached = createCache(store, logger, () => clock.now);
    const name = key("stale");
    expect(await cached(name, 100, async () => ["Kış Uykusu"])).toEqual(["Kış Uykusu"]);
    clock.now += 1_000;
    const failing = async (): Promise<string[]> => {
      throw new Error("upstream down");
    };
    expect(await cached(name, 100, failing)).toEqual(["Kış Uykusu"]);
    await expect(cached(key("never"), 100, failing)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });

  it("refuses to start on an unreachable Redis (the catalogue then uses its own memory)", async () => {
    await expect(redisStore("redis://127.0.0.1:1", logger)).rejects.toThrow();
  });
});
