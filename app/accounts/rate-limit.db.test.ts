import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { allow, forget, hit, peek, pruneRateLimits, unhit } from "./rate-limit.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const keys = async () =>
  (await queryRows<{ key: string }>(handle.db, sql`select key from rate_limits order by key`)).map(
    (row) => row.key,
  );

describe("rate-limit counters", () => {
  it("count within a window, read without counting, and forget on request", async () => {
    expect(await hit(handle.db, "test:a", 60)).toBe(1);
    expect(await hit(handle.db, "test:a", 60)).toBe(2);
    expect(await peek(handle.db, "test:a", 60)).toBe(2);
    expect(await peek(handle.db, "test:none", 60)).toBe(0);
    expect(await allow(handle.db, "test:a", 3, 60)).toBe(true);
    expect(await allow(handle.db, "test:a", 3, 60)).toBe(false);
    await forget(handle.db, "test:a");
    expect(await peek(handle.db, "test:a", 60)).toBe(0);
  });

  it("take back one counted event, never below zero", async () => {
    expect(await hit(handle.db, "test:back", 60)).toBe(1);
    expect(await hit(handle.db, "test:back", 60)).toBe(2);
    await unhit(handle.db, "test:back");
    expect(await peek(handle.db, "test:back", 60)).toBe(1);
    await unhit(handle.db, "test:back");
    await unhit(handle.db, "test:back");
    expect(await peek(handle.db, "test:back", 60)).toBe(0);
    await unhit(handle.db, "test:none");
    expect(await peek(handle.db, "test:none", 60)).toBe(0);
    await forget(handle.db, "test:back");
  });

  it("start a new window once the old one has passed", async () => {
    await handle.db.execute(
      sql`insert into rate_limits (key, count, window_start) values ('test:old', 9, now() - interval '20 minutes')`,
    );
    expect(await peek(handle.db, "test:old", 15 * 60)).toBe(0);
    expect(await hit(handle.db, "test:old", 15 * 60)).toBe(1);
  });

  it("prune expired windows and keep the live ones, so the table never grows", async () => {
    await handle.db.execute(
      sql`insert into rate_limits (key, count, window_start) values
            ('test:expired-1', 3, now() - interval '2 hours'),
            ('test:expired-2', 1, now() - interval '1 day'),
            ('test:live', 1, now() - interval '10 minutes')`,
    );
    expect(await pruneRateLimits(handle.db)).toBe(2);
    expect(await keys()).toEqual(["test:live", "test:old"]);
  });
});
