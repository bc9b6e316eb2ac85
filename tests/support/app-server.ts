import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedFolder } from "./run-cache";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * A data directory the server has already prepared (migrated, embedded catalogue loaded), which
 * the e2e global setup passes on in PERDE_TEST_SEED_DIR to the test files' processes. Servers
 * started without a DATA_DIR begin from a copy of it: a start takes about 1.5 s instead of 4-15 s.
 * It is kept for later runs until the server build, the migrations, the catalogue's content or
 * PGlite change. A stale seed would still be harmless: the server migrates and reloads the
 * catalogue when they changed, as on any start.
 */
export function createSeedDataDir(): Promise<string> {
  const inputs = [
    "build/server",
    "drizzle",
    "content",
    "node_modules/@electric-sql/pglite/package.json",
  ];
  return cachedFolder("e2e-seed", inputs, async (dir) => {
    const server = await startAppServer({ CATALOGUE: "local", DATA_DIR: dir });
    await server.stop();
  });
}

/** A new data directory: a copy of the seed when there is one, else empty (a first start). */
export async function preparedDataDir(seedDataDir = process.env.PERDE_TEST_SEED_DIR) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "perde-e2e-"));
  if (seedDataDir) await cp(seedDataDir, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Runs the production server (`node server.js`, needs `npm run build`) on a free port with its
 * own DATA_DIR, and waits until /healthz answers. Without a DATA_DIR it gets a fresh one, copied
 * from `seedDataDir` when given (tests of a first start pass their own empty DATA_DIR).
 */
export async function startAppServer(
  env: Record<string, string> = {},
  {
    timeoutMs = 60_000,
    seedDataDir = process.env.PERDE_TEST_SEED_DIR,
    onSpawn,
  }: {
    timeoutMs?: number;
    seedDataDir?: string;
    /** Called as soon as the process exists, before it is ready (or fails to be). */
    onSpawn?: (child: ChildProcess) => void;
  } = {},
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? (await preparedDataDir(seedDataDir));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: projectRoot,
    env: {
      // No NODE_ENV: the server must choose production by itself, as under `npm start`.
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  onSpawn?.(child);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${output}`);
}
