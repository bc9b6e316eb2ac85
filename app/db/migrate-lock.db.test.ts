import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import * as authSchema from "./auth-schema";
import * as catalogueSchema from "./catalogue-schema";
import { migrationsFolder, openDatabase, type DatabaseHandle } from "./client.server";
import * as userSchema from "./schema";

/** Every table the schema declares. */
const schemaTables = Object.values({ ...userSchema, ...authSchema, ...catalogueSchema })
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table));

/*
 * Several instances started together on an empty PostgreSQL database (issue #27.1): each runs
 * the migrations on start. PGlite is one process's own database, so there is nothing to race.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("migrations started by several instances at once", () => {
  const name = `test_migrate_${randomBytes(6).toString("hex")}`;
  const handles: DatabaseHandle[] = [];

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("all succeed on a fresh database, and the schema is complete", async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    // Four pools of their own, as four processes would have.
    for (let i = 0; i < 4; i++) handles.push(await openDatabase({ databaseUrl: url.toString() }));

    const results = await Promise.allSettled(handles.map((handle) => handle.migrate()));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);

    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    try {
      const applied = await check.query<{ count: string }>(
        "select count(*) from drizzle.__drizzle_migrations",
      );
      // Applied once each, not once per instance.
      expect(Number(applied.rows[0]!.count)).toBe(journal.entries.length);
      const tables = await check.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public'",
      );
      const names = tables.rows.map((row) => row.table_name);
      expect(schemaTables.length).toBeGreaterThan(10);
      for (const table of schemaTables) expect(names).toContain(table);
      // The lock is released: nobody holds it once every start has finished.
      const locks = await check.query("select 1 from pg_locks where locktype = 'advisory'");
      expect(locks.rowCount).toBe(0);
    } finally {
      await check.end();
    }
  });
});
