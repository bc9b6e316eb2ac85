import { writeFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { cachedFolder } from "../support/run-cache";
import { PGLITE_DUMP_VARIABLE } from "../support/test-database";

/**
 * Migrates one in-memory PGlite database and leaves its dump for every db test file to start
 * from (the test processes inherit the variable); the dump is kept for later runs until the
 * migrations, the database code or PGlite change. On PostgreSQL (TEST_DATABASE_URL) each file
 * creates and migrates its own database instead.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
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
