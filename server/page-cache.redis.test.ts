import { once, EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createItemChanges, type ItemRef } from "~/core/item-changes.server";
import { createLogger } from "~/core/logger.server";
import { openRedis, type RedisConnection } from "~/core/redis.server";
import { gunzipSync } from "node:zlib";
import { createEntry } from "./page-entry";
import { layeredPageStore, memoryPageStore, redisPageStore } from "./page-store";

// Runs when a Redis server is given (CI starts one): TEST_REDIS_URL=redis://127.0.0.1:6379
const url = process.env.TEST_REDIS_URL;
const logger = createLogger("silent");

describe.skipIf(!url)("the page cache in Redis, shared by two instances", () => {
  const connections: RedisConnection[] = [];
  // Each run has its own build id, so runs never see each other's pages.
  const buildId = `test-${randomUUID()}`;
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) connections.push(await openRedis(url!, logger));
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
  });

  const entryOf = (body: Buffer, tags: string[]) =>
    createEntry(
      { status: 200, headers: [["content-security-policy", "script-src 'sha256-x'"]], body },
      { ttlSeconds: 60, staleSeconds: 10, tags },
      Date.now(),
    );

  it("keeps an entry as binary for its lifetime and gives it back intact", async () => {
    const store = await redisPageStore(connections[0]!, buildId);
    const body = Buffer.from(`<script>1</script><p>${"ş".repeat(5000)}</p>`);
    const entry = await entryOf(body, []);
    const key = `${buildId}:/film/a`;
    await store.set(key, entry);
    const raw = await connections[0]!.client.strLen(`perde:page:${key}`);
    // Binary, not base64 (which is 4/3 of it): the body and its gzip copy, and little else.
    expect(raw).toBeLessThan(body.length * 1.1 + 4096);
    const back = await store.get(key);
    expect(back?.identityHeaders).toEqual(entry.identityHeaders);
    expect(back?.gzipHeaders).toEqual(entry.gzipHeaders);
    expect(Buffer.isBuffer(back?.body) && back.body.equals(body)).toBe(true);
    expect(Buffer.isBuffer(back?.gzip) && gunzipSync(back.gzip).equals(body)).toBe(true);
    expect(await store.get(`${buildId}:/missing`)).toBeUndefined();
  });

  it("answers from memory in front of Redis, and forgets a tag in both, for both instances", async () => {
    const here = layeredPageStore(
      memoryPageStore(),
      await redisPageStore(connections[0]!, buildId),
    );
    const there = layeredPageStore(
      memoryPageStore(),
      await redisPageStore(connections[1]!, buildId),
    );
    const entry = await entryOf(Buffer.from("<p>N</p>"), ["movie:238"]);
    await here.set(`${buildId}:/film/baba-238`, entry);
    await here.set(`${buildId}:/film/baba-238.data`, entry);
    expect(await there.get(`${buildId}:/film/baba-238`)).toBeDefined(); // from Redis
    await here.forget(["movie:238"]);
    expect(await here.get(`${buildId}:/film/baba-238`)).toBeUndefined();
    expect(await here.get(`${buildId}:/film/baba-238.data`)).toBeUndefined();
    // The other instance's memory still holds its copy until the news reaches it.
    expect(await there.get(`${buildId}:/film/baba-238`)).toBeDefined();
    await there.forget(["movie:238"]);
    expect(await there.get(`${buildId}:/film/baba-238`)).toBeUndefined();
  });

  it("tells every other instance of an item change, and not itself twice", async () => {
    const here = await createItemChanges({ redis: connections[0], logger });
    const there = await createItemChanges({ redis: connections[1], logger });
    const heard = new EventEmitter();
    const heardHere: string[] = [];
    here.listen((items, origin) => {
      heardHere.push(origin);
    });
    there.listen((items, origin) => {
      heard.emit("news", items, origin);
    });
    const news = once(heard, "news") as Promise<[ItemRef[], string]>;
    await here.changed([{ type: "movie", id: 238 }]);
    const [items, origin] = await news;
    expect(items).toEqual([{ type: "movie", id: 238 }]);
    expect(origin).toBe("elsewhere");
    expect(heardHere).toEqual(["here"]);
  });
});
