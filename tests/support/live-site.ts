import { afterAll, beforeAll } from "vitest";
import { API_KEY } from "../fake-tmdb/fixtures";
import { startFakeTmdb, type FakeTmdb } from "../fake-tmdb/server";
import { startAppServer, type TestServer } from "./app-server";

/**
 * For a describe block: the fake movie database and a site on the live source that asks it
 * (with `env` added), started before the block's tests and stopped after them. Read `fake` and
 * `server` inside the tests, once they are started.
 */
export function useLiveSite(env: Record<string, string> = {}) {
  const live = {} as { fake: FakeTmdb; server: TestServer };
  beforeAll(async () => {
    live.fake = await startFakeTmdb();
    live.server = await startAppServer({
      CATALOGUE: "tmdb",
      TMDB_API_BASE_URL: live.fake.url,
      TMDB_API_KEY: API_KEY,
      ...env,
    });
  });
  afterAll(async () => {
    await live.server?.end();
    await live.fake?.close();
  });
  return live;
}
