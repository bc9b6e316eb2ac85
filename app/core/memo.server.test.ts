import { describe, expect, it } from "vitest";
import { createMemo } from "./memo.server";

/** A question whose answers are counted, resolved or failed by hand. */
function question<T>() {
  let asked = 0;
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const ask = () => {
    asked += 1;
    return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { ask, pending, asked: () => asked };
}

// The memo drops a settled answer in its own promise handlers: one turn of the event loop runs
// every queued handler (an order, not a length of time).
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("createMemo", () => {
  it("shares one answer between concurrent and later callers", async () => {
    const memo = createMemo<string>({ maxEntries: 10 });
    const q = question<string>();
    const first = memo.get("a", q.ask);
    const second = memo.get("a", q.ask);
    expect(second).toBe(first);
    q.pending[0]!.resolve("yanıt");
    expect(await memo.get("a", q.ask)).toBe("yanıt");
    expect(q.asked()).toBe(1);
  });

  it("asks again after a failure or an answer it may not keep, never before it settles", async () => {
    const memo = createMemo<string | null>({ maxEntries: 10, keeps: (value) => value !== null });
    const q = question<string | null>();
    const failing = memo.get("a", q.ask);
    q.pending[0]!.reject(new Error("veritabanı yok"));
    await expect(failing).rejects.toThrow("veritabanı yok");
    await settled();
    const empty = memo.get("a", q.ask);
    expect(q.asked()).toBe(2);
    q.pending[1]!.resolve(null);
    expect(await empty).toBeNull();
    await settled();
    void memo.get("a", q.ask);
    expect(q.asked()).toBe(3);
  });

  it("keeps an answer for ttlMs, and the most recently used maxEntries", async () => {
    const memo = createMemo<number>({ maxEntries: 2, ttlMs: 60_000 });
    let asked = 0;
    const ask = () => Promise.resolve(++asked);
    expect(await memo.get("a", ask, 0)).toBe(1);
    expect(await memo.get("a", ask, 59_999)).toBe(1);
    expect(await memo.get("a", ask, 60_000)).toBe(2); // expired
    await memo.get("b", ask, 60_000); // 3
    await memo.get("a", ask, 60_001); // used again: b is now the oldest
    await memo.get("c", ask, 60_002); // 4, pushes b out
    expect(await memo.get("a", ask, 60_003)).toBe(2);
    expect(await memo.get("b", ask, 60_004)).toBe(5);
  });

  it("forgets named keys, or everything", async () => {
    const memo = createMemo<number>({ maxEntries: 10 });
    let asked = 0;
    const ask = () => Promise.resolve(++asked);
    await memo.get("a", ask);
    await memo.get("b", ask);
    memo.forget(["a"]);
    expect(await memo.get("a", ask)).toBe(3);
    expect(await memo.get("b", ask)).toBe(2);
    memo.forget();
    expect(await memo.get("b", ask)).toBe(4);
  });

  it("does not let an old answer's failure drop the answer that replaced it", async () => {
    const memo = createMemo<string>({ maxEntries: 10, ttlMs: 10 });
    const q = question<string>();
    const old = memo.get("a", q.ask, 0);
    const fresh = memo.get("a", q.ask, 20); // the old one expired
    q.pending[1]!.resolve("yeni");
    await fresh;
    q.pending[0]!.reject(new Error("eski"));
    await expect(old).rejects.toThrow("eski");
    await settled();
    expect(await memo.get("a", q.ask, 21)).toBe("yeni");
    expect(q.asked()).toBe(2);
  });
});
