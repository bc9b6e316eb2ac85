import type { DatabaseHandle } from "~/db/client.server";
import type { Env } from "~/core/env.server";
import type { Logger } from "~/core/logger.server";
import type { RedisConnection } from "~/core/redis.server";
import { createCache, memoryStore, redisStore } from "./cache.server";
import type { Catalogue } from "./catalogue.server";
import { ensureLocalCatalogue } from "./local/load.server";
import { createLocalSource } from "./local/local-source.server";
import { memoizeCatalogue } from "./local/memo.server";
import type { TmdbObserver } from "./tmdb/http.server";
import { createTmdbSource } from "./tmdb/tmdb-source.server";

/** The catalogue the configuration asks for: the live movie database or the local tables. */
export async function createCatalogue(
  env: Env,
  database: DatabaseHandle,
  logger: Logger,
  {
    redis,
    observeTmdb,
  }: {
    /** The shared cache's connection, when REDIS_URL is set. */
    redis?: RedisConnection;
    /** Told of every call to the movie database (the server's metrics). */
    observeTmdb?: TmdbObserver;
  } = {},
): Promise<Catalogue> {
  if (env.catalogue === "local") {
    await ensureLocalCatalogue(database.db, logger);
    return memoizeCatalogue(createLocalSource(database.db, logger));
  }
  // Shared by the instances through Redis when there is one; per instance otherwise.
  const store = redis ? redisStore(redis) : memoryStore();
  return {
    ...createTmdbSource({
      apiBaseUrl: env.tmdb.apiBaseUrl,
      apiKey: env.tmdb.apiKey,
      accessToken: env.tmdb.accessToken,
      imageBaseUrl: env.tmdb.imageBaseUrl,
      logger,
      observe: observeTmdb,
      cached: createCache(store, logger),
    }),
    close: () => store.close(),
  };
}
