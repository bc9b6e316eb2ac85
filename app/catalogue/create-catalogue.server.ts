import type { DatabaseHandle } from "~/db/client.server";
import type { Env } from "~/core/env.server";
import type { Logger } from "~/core/logger.server";
import { createCache, memoryStore, redisStore, type CacheStore } from "./cache.server";
import type { Catalogue } from "./catalogue.server";
import { ensureLocalCatalogue } from "./local/load.server";
import { createLocalSource } from "./local/local-source.server";
import { memoizeCatalogue } from "./local/memo.server";
import type { TmdbObserver } from "./tmdb/http.server";
import { createTmdbSource } from "./tmdb/tmdb-source.server";

async function cacheStore(env: Env, logger: Logger): Promise<CacheStore> {
  if (!env.redisUrl) return memoryStore();
  try {
    return await redisStore(env.redisUrl, logger);
  } catch (error) {
    // The site still works on a per-instance cache; say so loudly.
    logger.error({ err: error }, "Redis unreachable at start: using the in-process cache");
    return memoryStore();
  }
}

/** The catalogue the configuration asks for: the live movie database or the local tables. */
export async function createCatalogue(
  env: Env,
  database: DatabaseHandle,
  logger: Logger,
  /** Told of every call to the movie database (the server's metrics). */
  observeTmdb?: TmdbObserver,
): Promise<Catalogue> {
  if (env.catalogue === "local") {
    await ensureLocalCatalogue(database.db, logger);
    return memoizeCatalogue(createLocalSource(database.db, logger));
  }
  const store = await cacheStore(env, logger);
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
