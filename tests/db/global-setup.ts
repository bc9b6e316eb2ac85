import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { PGLITE_DUMP_VARIABLE } from "../support/test-database";

/**
 * Migrates one in-memory PGlite database and leaves its dump for every db test file to start
 * from (the test processes inherit the variable). On PostgreSQL (TEST_DATABASE_URL) each file
 * creates and migrates its own database instead.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const handle = await openDatabase({ memory: true });
  await handle.migrate();
  const dir = await mkdtemp(path.join(tmpdir(), "perde-db-"));
  const file = path.join(dir, "migrated.tar");
  await writeFile(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  await handle.close();
  process.env[PGLITE_DUMP_VARIABLE] = file;
  return () => rm(dir, { recursive: true, force: true });
}
