import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { cachedFolder } from "../support/run-cache";
import {
  databaseUrl,
  onPostgresServer,
  PGLITE_DUMP_VARIABLE,
  POSTGRES_TEMPLATE_VARIABLE,
} from "../support/test-database";

/**
 * Migrates one in-memory PGlite database and leaves its dump for every db test file to start
 * from (the test processes inherit the variable); the dump is kept for later runs until the
 * migrations, the database code or PGlite change. On PostgreSQL (TEST_DATABASE_URL) it migrates
 * one template database instead, which each file copies (`create database … template`, a file
 * copy on the server) rather than migrating a database of its own; it is dropped at the end.
 */
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `test_template_${randomBytes(6).toString("hex")}`;
    await onPostgresServer(adminUrl, `create database ${template}`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, template) });
    try {
      await handle.migrate();
    } finally {
      // A template is copied only while nobody is connected to it.
      await handle.close();
    }
    process.env[POSTGRES_TEMPLATE_VARIABLE] = template;
    return () => onPostgresServer(adminUrl, `drop database if exists ${template} with (force)`);
  }
  const inputs = ["drizzle", "app/db", "node_modules/@electric-sql/pglite/package.json"];
  const dir = await cachedFolder("pglite-dump", inputs, async (folder) => {
    const handle = await openDatabase({ memory: true });
    await handle.migrate();
    const dump = await handle.dump!();
    await writeFile(path.join(folder, "migrated.tar"), Buffer.from(await dump.arrayBuffer()));
    await handle.close();
  });
  process.env[PGLITE_DUMP_VARIABLE] = path.join(dir, "migrated.tar");
}
