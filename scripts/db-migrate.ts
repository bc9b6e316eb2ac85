import { openDatabase } from "../app/db/client.server";
import { loadEnv } from "../app/core/env.server";

// Applies the migrations in ./drizzle to DATABASE_URL, or to the embedded database in DATA_DIR.
// The server does the same at start-up; this is for deploy pipelines that migrate first.
const env = loadEnv();
const handle = await openDatabase(
  env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir },
);
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
