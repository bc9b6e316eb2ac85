import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { user } from "~/db/auth-schema";
import { watchlist } from "~/db/schema";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";

/** Where the db project's global setup left a migrated, empty PGlite database (a tarball). */
export const PGLITE_DUMP_VARIABLE = "PERDE_TEST_PGLITE_DUMP";

/** On PostgreSQL: the migrated, empty database the global setup made for every file to copy. */
export const POSTGRES_TEMPLATE_VARIABLE = "PERDE_TEST_PG_TEMPLATE";

/** Runs one statement on the server at `adminUrl` (database commands, outside a transaction). */
export async function onPostgresServer(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The address of database `name` on the server at `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated, empty database for one test file: in-memory PGlite by default (restored from the
 * global setup's dump in well under a second, where migrating takes about three), or a throwaway
 * database on the PostgreSQL server at TEST_DATABASE_URL (created here, dropped by close()): a
 * copy of the global setup's migrated template when there is one. Either way the migrations run
 * on it as on any start, and find nothing left to do.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dump = process.env[PGLITE_DUMP_VARIABLE];
    const handle = await openDatabase(
      dump ? { memory: true, from: new Blob([await readFile(dump)]) } : { memory: true },
    );
    await handle.migrate();
    return handle;
  }

  const name = `test_${randomBytes(6).toString("hex")}`;
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  await onPostgresServer(
    adminUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name) });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onPostgresServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The PostgreSQL error code behind a failed query (Drizzle wraps driver errors). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === "object") {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** An account row for tests of user data (better-auth's `user` table). */
export async function createTestUser(
  handle: DatabaseHandle,
  id: string,
  email = `${id}@example.com`,
) {
  await handle.db.insert(user).values({ id, name: id, email }).onConflictDoNothing();
  return id;
}

/** Inserts many rows, 1,000 a statement (a statement takes at most 65,535 parameters). */
export async function insertMany<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: PgInsertValue<Table>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(table).values(rows.slice(start, start + 1000));
}

/** `userId` has every one of `seriesIds` on their list as İzliyorum. */
export async function watchingSeries(db: Database, userId: string, seriesIds: number[]) {
  await db.insert(watchlist).values(
    seriesIds.map((itemId) => ({
      userId,
      itemType: "tv" as const,
      itemId,
      status: "watching" as const,
    })),
  );
}
