import type { Logger } from "~/core/logger.server";
import type { DatabaseHandle } from "./client.server";
import type { JobQueue } from "./jobs.server";

/*
 * The embedded database's upkeep (decision 040). A PostgreSQL server's autovacuum analyzes a
 * table once enough of it has changed, and vacuums away its dead rows; PGlite runs no
 * autovacuum. Without it the planner never learns how a table has grown, and picks between
 * indexes blindly: /takvim's query probed a person's marks through the wrong index (33,000
 * buffer reads for 612 episodes instead of 1,200), which doubled the calendar's cost on the
 * embedded database. So on PGlite a job does autovacuum's work once a minute, with its default
 * thresholds, and once at start-up: PGlite keeps no activity counts across a restart, so that
 * first pass also takes every table that holds rows but was never analyzed, or has grown by more
 * than a fifth since it last was.
 */

const UPKEEP_QUEUE = "database-upkeep";
const EVERY_MINUTE = "* * * * *";

/** What one table needs: `vacuum` also clears its dead rows (and analyzes). */
export interface TableUpkeep {
  table: string;
  vacuum: boolean;
}

/**
 * The tables past autovacuum's default thresholds: changed rows more than 50 + 10% of the
 * table since its last analyze, dead rows more than 50 + 20%; or, as the counts are lost on a
 * restart, rows in a table never analyzed, or a table a fifth bigger than when it last was.
 */
const TABLES_DUE = `
  select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as "table",
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
   where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      or (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
      or pg_relation_size(c.oid) > (c.relpages * 1.2 + 8) * current_setting('block_size')::int
   order by 1`;

/** The tables that need analyzing or vacuuming now. */
async function tablesDue(database: DatabaseHandle): Promise<TableUpkeep[]> {
  // The counts a session keeps are published at most once a second; the check must see them.
  await database.executeSql("select pg_stat_force_next_flush()");
  await database.executeSql("select 1");
  const { rows } = await database.executeSql(TABLES_DUE);
  return rows as TableUpkeep[];
}

/** Analyzes (and where due vacuums) every table that needs it; returns what was done. */
export async function keepUp(database: DatabaseHandle): Promise<TableUpkeep[]> {
  const due = await tablesDue(database);
  for (const { table, vacuum } of due) {
    // Names come from the catalogue, quoted by PostgreSQL itself.
    await database.executeSql(vacuum ? `vacuum (analyze) ${table}` : `analyze ${table}`);
  }
  return due;
}

/**
 * On the embedded database: one pass now (server start), then the job every minute. A
 * PostgreSQL server has its own autovacuum: nothing to do there.
 */
export async function defineDatabaseUpkeep(services: {
  database: DatabaseHandle;
  jobs: JobQueue;
  logger: Logger;
}): Promise<void> {
  const { database, jobs, logger } = services;
  if (database.kind !== "pglite") return;
  const run = async () => {
    const started = Date.now();
    const done = await keepUp(database);
    if (done.length) logger.info({ tables: done, ms: Date.now() - started }, "database upkeep");
  };
  await run();
  await jobs.define(UPKEEP_QUEUE, { policy: "singleton", retryLimit: 0, run });
  await jobs.schedule(UPKEEP_QUEUE, EVERY_MINUTE);
}
