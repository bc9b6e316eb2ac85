import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { isServiceFailure } from "~/core/failures.server";
import { projectRoot } from "~/core/project-root.server";
import * as authSchema from "./auth-schema";
import * as catalogueSchema from "./catalogue-schema";
import * as historySchema from "./history-schema";
import * as importSchema from "./import-schema";
import * as listsSchema from "./lists-schema";
import * as pushSchema from "./push-schema";
import * as notificationsSchema from "./notifications-schema";
import * as recommendationsSchema from "./recommendations-schema";
import * as userSchema from "./schema";
import * as socialSchema from "./social-schema";
import * as trackingSchema from "./tracking-schema";

const schema = {
  ...userSchema,
  ...authSchema,
  ...catalogueSchema,
  ...trackingSchema,
  ...historySchema,
  ...importSchema,
  ...listsSchema,
  ...recommendationsSchema,
  ...socialSchema,
  ...pushSchema,
  ...notificationsSchema,
};

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies pending migrations from ./drizzle; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance runs its migrations or its own `exclusively` work
   * (PostgreSQL's advisory lock; PGlite has one process). For set-up that is not safe when
   * several instances start at once, such as the job queue's schema.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Raw SQL for the job queue (jobs.server.ts); parameterless text may hold several statements
   * and answers with the last one's rows. The app's own queries go through `db`.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections right now (the server's metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: the whole database as a tarball, to start another one from (tests). */
  dump?: () => Promise<Blob>;
}

export const migrationsFolder = path.join(projectRoot, "drizzle");

export type DatabaseTarget =
  | { databaseUrl: string }
  | { dataDir: string }
  /** In-memory PGlite, for tests; optionally starting from a dump (`dumpDatabase`). */
  | { memory: true; from?: Blob };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The session-level advisory lock every instance takes around its migrations (any constant both
 * sides agree on; the catalogue loader uses another one). Without it, two instances starting on an
 * empty database both run `CREATE TABLE` and one dies on a duplicate type (issue #27.1).
 */
const MIGRATION_LOCK = 7_242_001;

/**
 * Runs `work` while holding MIGRATION_LOCK on one dedicated connection: the first instance
 * applies the migrations, the others wait for the lock and then find nothing left to do. The
 * lock is released after, and by PostgreSQL itself if the connection dies on the way.
 */
async function underMigrationLock<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } catch (error) {
    // A connection in an unknown state (a lock perhaps still held) is not handed back to the pool.
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** How long a query waits for PostgreSQL to come back (a restart, a failover) before failing. */
const RECONNECT_BUDGET_MS = 8_000;

/**
 * A pool whose queries ride out a database that blinks. A query that could not reach the
 * server (refused, the server starting up or shutting down, the connection cut) is tried again
 * with a growing pause, for up to eight seconds; a query that ran and failed is not. Every
 * statement the app sends alone is safe to repeat: reads, and writes that are idempotent by
 * their constraints (inserts that ignore or update on conflict, deletes, updates by key); a
 * statement cut off mid-way was rolled back by PostgreSQL. Transactions take a client of their
 * own (`pool.connect()`) and are not retried here.
 */
class RetryingPool extends pg.Pool {
  override query(...args: unknown[]): never {
    const run = () => (super.query as (...parts: unknown[]) => Promise<unknown>).apply(this, args);
    if (typeof args[args.length - 1] === "function") return run() as never;
    return (async () => {
      const started = Date.now();
      for (let attempt = 0; ; attempt++) {
        try {
          return await run();
        } catch (error) {
          if (!isServiceFailure(error) || Date.now() - started > RECONNECT_BUDGET_MS) throw error;
          await sleep(Math.min(100 * 2 ** attempt, 1_000));
        }
      }
    })() as never;
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) {
    const pool = new RetryingPool({
      connectionString: target.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // A connection can be cut (a database restart, a failover): the pool replaces it. pg's
    // client emits an "error" event when its connection ends, even after failing the query
    // it was running, and an event nobody listens to crashes the process. The pool listens
    // only while a client is idle; a client checked out for a transaction or the migration
    // lock has no listener of its own, and one restart took the whole server down. So every
    // client gets one for its whole life: the statement that was running fails by itself,
    // and the pool drops the dead client when it comes back.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
      });
    });
    // The pool also re-emits an idle client's error: already reported by the listener above.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () =>
        underMigrationLock(pool, (client) =>
          migrateNodePg(drizzleNodePg({ client }), { migrationsFolder }),
        ),
      exclusively: (work) => underMigrationLock(pool, () => work()),
      ping: async () => {
        await pool.query("select 1");
      },
      executeSql: (text, values) => pool.query(text, values),
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }

  let dataDir: string | undefined;
  if ("dataDir" in target) {
    dataDir = path.join(target.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: "from" in target ? target.from : undefined,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    exclusively: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
