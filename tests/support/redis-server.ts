import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server";

/*
 * A throwaway Redis for the fault tests: Debian's `redis-server` as a child process on a free
 * loopback port, in a folder of its own, keeping nothing on disk (`--save "" --appendonly no`).
 * It can be stopped and started again on the same port, as an outage would.
 */

export interface RedisServer {
  url: string;
  /** Whether the server process is up. */
  running(): boolean;
  /** SIGTERM (Redis shuts down without saving) and waits for the process to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, and waits for PONG. */
  start(): Promise<void>;
  log(): string;
  /** Kills it if it runs and deletes its folder. */
  destroy(): Promise<void>;
}

/** One PING over a raw socket: true when Redis answers +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (chunk) => done(chunk.toString().startsWith("+PONG")));
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "perde-redis-"));
  const port = await freePort();
  const logFile = path.join(dir, "redis.log");
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const running = () => Boolean(child && child.exitCode === null && child.signalCode === null);

  async function start() {
    if (running()) throw new Error("redis-server is already running");
    const spawned = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        dir,
        "--logfile",
        logFile,
        "--daemonize",
        "no",
      ],
      { stdio: "ignore" },
    );
    child = spawned;
    exited = new Promise((resolve) => spawned.once("exit", () => resolve()));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (!running()) throw new Error(`redis-server exited at start:\n${readLog()}`);
      if (await ping(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not answer PING within 10 s:\n${readLog()}`);
  }

  const readLog = () => {
    try {
      return readFileSync(logFile, "utf8");
    } catch {
      return "";
    }
  };

  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    running,
    async stop() {
      if (running()) child!.kill("SIGTERM");
      await exited;
    },
    start,
    log: readLog,
    async destroy() {
      if (running()) child!.kill("SIGKILL");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await start();
  } catch (error) {
    await server.destroy();
    throw error;
  }
  return server;
}
