import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";

/*
 * PostgreSQL cut the connection a transaction was holding (a restart, a failover). pg's client
 * emits an "error" event for it, and the pool listens only to its idle clients: under the
 * fault test's restarts the whole server crashed on it. The transaction must fail by itself,
 * the process live on, and the next statement find a new connection.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("a connection cut while a transaction holds it", () => {
  let handle: DatabaseHandle;

  afterAll(() => handle?.close());

  it("fails that transaction only; the process lives and the next statement answers", async () => {
    handle = await openDatabase({ databaseUrl: adminUrl! });
    const lost = new Promise<void>((resolve) => {
      const listener = (warning: Error) => {
        if (!warning.message.includes("PostgreSQL connection lost")) return;
        process.off("warning", listener);
        resolve();
      };
      process.on("warning", listener);
    });
    const transaction = handle.db.transaction(async (tx) => {
      const [backend] = await tx
        .select({ pid: sql<number>`pg_backend_pid()` })
        .from(sql`(select 1) as one`);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [backend!.pid]);
      await admin.end();
      // The client is checked out and idle between statements when its connection ends.
      await lost;
      await tx.execute(sql`select 1`);
    });

    await expect(transaction).rejects.toThrow();
    const { rows } = await handle.executeSql("select 1 as answer");
    expect(rows).toEqual([{ answer: 1 }]);
  });
});
