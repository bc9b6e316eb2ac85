import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askUntil } from "../../tests/support/ask-until";
import { ServiceUnavailableError } from "~/core/failures.server";
import { createServer, type Server } from "node:net";
import { createLogger } from "~/core/logger.server";
import { openRedis, type RedisConnection } from "~/core/redis.server";
import { createCache, redisStore, type CacheStore } from "./cache.server";

// The shared cache on a real Redis (CI sets TEST_REDIS_URL; without it these are skipped).
const url = process.env.TEST_REDIS_URL;
const logger = createLogger("silent");

describe.skipIf(!url)("the Redis cache store", () => {
  let store: CacheStore;
  let other: CacheStore;
  const connections: RedisConnection[] = [];
  const key = (name: string) => `test:${randomUUID()}:${name}`;
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) connections.push(await openRedis(url!, logger));
    store = redisStore(connections[0]!);
    other = redisStore(connections[1]!);
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
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

  it("answers a miss at once from a Redis that is unreachable or does not answer", async () => {
    // A port nobody listens on, and a server that accepts connections and never says a word.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address() as { port: number };
    try {
      for (const target of ["redis://127.0.0.1:1", `redis://127.0.0.1:${address.port}`]) {
        const connection = await openRedis(target, logger);
        try {
          const unreachable = redisStore(connection);
          const started = performance.now();
          expect(await unreachable.get("anything")).toBeUndefined();
          await unreachable.set("anything", { value: 1, freshUntil: 1 }, 1_000);
          // Command timeouts are 250 ms; nothing may wait for a reconnection.
          expect(performance.now() - started).toBeLessThan(1_000);
        } finally {
          await connection.close();
        }
      }
    } finally {
      silent.close();
    }
  });
});
