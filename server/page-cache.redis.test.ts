import { describe, expect, it } from "vitest";
import { createLogger } from "~/core/logger.server";
import { createEntry, redisPageStore, renderBody } from "./page-cache";

// Runs when a Redis server is given (CI starts one): TEST_REDIS_URL=redis://127.0.0.1:6379
describe.skipIf(!process.env.TEST_REDIS_URL)("the page cache in Redis", () => {
  it("keeps an entry for its lifetime and gives it back intact", async () => {
    const store = await redisPageStore(process.env.TEST_REDIS_URL!, createLogger("silent"));
    try {
      const nonce = "bm9uY2Utbm9uY2Utbm9uY2U=";
      const body = Buffer.from(`<script nonce="${nonce}">1</script><p>${"x".repeat(5000)}</p>`);
      const entry = await createEntry(
        { status: 200, headers: [["content-security-policy", `'nonce-${nonce}'`]], body, nonce },
        60,
        Date.now(),
      );
      const key = `test:${Date.now()}`;
      await store.set(key, entry);
      const back = await store.get(key);
      expect(back?.headers).toEqual(entry.headers);
      expect(Buffer.concat(renderBody(back!, "fresh", false)).toString()).toBe(
        body.toString().replace(nonce, "fresh"),
      );
      expect(await store.get("test:missing")).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
