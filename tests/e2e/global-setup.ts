import { spawnSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { API_KEY } from "../fake-tmdb/fixtures";
import { startFakeTmdb } from "../fake-tmdb/server";
import { createSeedDataDir, projectRoot } from "../support/app-server";
import { rememberSharedSite } from "../support/client-address";
import { SERVER_POOL_VARIABLE, startServerPool } from "../support/shared-servers";
import { chromiumPath, SHARED_CHROMIUM_VARIABLE, startSharedChromium } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    /** The app on the embedded catalogue. */
    baseURL: string;
    /** The app on the live source, talking to the fake movie database at `fakeTmdbURL`. */
    tmdbBaseURL: string;
    fakeTmdbURL: string;
  }
}

/**
 * Builds the app when the sources are newer than the build (E2E_SKIP_BUILD=1 skips even the
 * check), prepares one data folder for every server to start from (or finds an earlier run's),
 * starts the pool of shared servers with the app on the embedded defaults and on the fake movie
 * database in it, and starts the one Chromium every file connects to (`launchChromium`).
 */
export default async function setup(project: TestProject) {
  if (!chromiumPath) {
    if (process.env.CI) {
      throw new Error("CI needs Chromium for the browser tests: install it or set CHROMIUM_PATH.");
    }
    console.warn(
      "\n⚠ Browser tests SKIPPED: no Chromium found (set CHROMIUM_PATH or `apt-get install chromium`).\n" +
        "  HTTP tests against the built server still run.\n",
    );
  }
  if (!process.env.E2E_SKIP_BUILD) {
    // Builds only when the sources are newer than the build (what `npm start` does).
    const build = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], {
      cwd: projectRoot,
      encoding: "utf8",
    });
    if (build.status !== 0)
      throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const seed = await createSeedDataDir();
  process.env.PERDE_TEST_SEED_DIR = seed;
  const fake = await startFakeTmdb();
  // The two servers every file may use are the pool's first (shared-servers.ts): a file that
  // asks `sharedServer()` for the embedded catalogue gets the one at `baseURL`.
  const pool = await startServerPool();
  const [browserServer, server, tmdbServer] = await Promise.all([
    chromiumPath ? startSharedChromium() : undefined,
    pool.server({ CATALOGUE: "local" }),
    pool.server({
      CATALOGUE: "tmdb",
      TMDB_API_BASE_URL: fake.url,
      TMDB_API_KEY: API_KEY,
      PUBLIC_SITE_URL: "https://perde.example",
    }),
  ]);
  project.provide("baseURL", server.url);
  project.provide("tmdbBaseURL", tmdbServer.url);
  project.provide("fakeTmdbURL", fake.url);
  // The files' processes inherit these.
  process.env[SERVER_POOL_VARIABLE] = pool.url;
  rememberSharedSite(server.url);
  rememberSharedSite(tmdbServer.url);
  if (browserServer) process.env[SHARED_CHROMIUM_VARIABLE] = browserServer.wsEndpoint();
  return async () => {
    await Promise.all([pool.close(), browserServer?.close()]);
    await fake.close();
  };
}
