import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { raw } from "./raw-http";
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
  /**
   * Everything the server printed that has reached this process so far. A line the server wrote
   * while answering may still be in the pipe when the answer arrives: to read what it wrote up
   * to now, use `settledOutput`; to wait for one line, `waitForOutput`.
   */
  output(): string;
  stop(): Promise<number | null>;
}

/** A server started by `startAppServer`, whose output this process reads as it comes. */
export interface TestServer extends RunningServer {
  /** Resolves with the output once `pattern` appears in it after character `from`. */
  waitForOutput(pattern: string | RegExp, from?: number): Promise<string>;
  /**
   * The output once everything the server wrote before this call has arrived: the server is
   * asked for a line of its own (it refuses a Host no URL can hold, at warn level, with the
   * path) and that line is awaited; its stdout is one pipe, so every earlier line is here too.
   * Needs LOG_LEVEL warn or lower (the default here).
   */
  settledOutput(): Promise<string>;
  /**
   * Ends the server at once (SIGKILL) and removes the data folder it was given by
   * `startAppServer`: a file's teardown, which proves nothing about stopping. A graceful `stop`
   * waits about 3 s for the job queue's workers; the files that test a stop (operations, server)
   * use `stop` and check what it did.
   */
  end(): Promise<void>;
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
    // A first start (migrations, the catalogue loaded) took over 100 s on this 2-core machine
    // at a load average of 30: the global setup has no hook limit, so it may wait longer.
    const server = await startAppServer(
      { CATALOGUE: "local", DATA_DIR: dir },
      { timeoutMs: 300_000 },
    );
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
    // Below the 120 s a test or hook has (vitest.config.ts): a start that never comes ends with
    // the server's output rather than a bare timeout.
    timeoutMs = 100_000,
    seedDataDir = process.env.PERDE_TEST_SEED_DIR,
    onSpawn,
  }: {
    timeoutMs?: number;
    seedDataDir?: string;
    /** Called as soon as the process exists, before it is ready (or fails to be). */
    onSpawn?: (child: ChildProcess) => void;
  } = {},
): Promise<TestServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? (await preparedDataDir(seedDataDir));
  // BENCH_CPU_PROF=<folder>: each server writes a CPU profile there when it stops (for the
  // benches, which start their servers here: profile before optimising).
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = spawn(process.execPath, [...profile, "server.js"], {
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
  const received = new EventEmitter();
  const receive = (chunk: Buffer) => {
    output += chunk;
    received.emit("data");
  };
  child.stdout.on("data", receive);
  child.stderr.on("data", receive);
  // "close", not "exit": the process may exit before the last of its output has been read.
  let closed = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code: number | null) => {
      closed = true;
      resolve(code);
    }),
  );
  const waitForOutput = (pattern: string | RegExp, from = 0) =>
    new Promise<string>((resolve, reject) => {
      const found = () =>
        typeof pattern === "string"
          ? output.indexOf(pattern, from) !== -1
          : pattern.test(output.slice(from));
      const check = () => {
        if (!found()) return;
        stopWaiting();
        resolve(output);
      };
      const gone = () => {
        stopWaiting();
        if (found()) resolve(output);
        else reject(new Error(`server ended before printing ${String(pattern)}:\n${output}`));
      };
      const stopWaiting = () => {
        received.off("data", check);
        child.off("close", gone);
      };
      if (closed) return gone();
      received.on("data", check);
      child.once("close", gone);
      check();
    });

  const url = `http://127.0.0.1:${port}`;
  const server: TestServer = {
    url,
    process: child,
    output: () => output,
    waitForOutput,
    settledOutput: async () => {
      const mark = `/log-mark-${randomUUID()}`;
      const from = output.length;
      await raw(url, { path: mark, headers: { Host: "a b", Cookie: "perde.mark=1" } });
      return waitForOutput(`"url":"${mark}"`, from);
    },
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
    end: async () => {
      if (!closed) child.kill("SIGKILL");
      await exited;
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
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
    // Nothing tells this process that the server listens (it logs at warn): /healthz is asked
    // again, a fifth of a second apart, until it answers or the process ends.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${output}`);
}
