import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { connect } from "node:net";

/*
 * A server program of the machine's (nginx, Varnish) run by a test in the foreground, with a
 * folder of its own: its output is kept, and it counts as started once its port accepts a
 * connection. Stopping it ends the process and removes the folder.
 */

export interface ListeningProcess {
  output(): string;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Runs `command` until it listens on 127.0.0.1:`port`, asking every `pollMs` for at most
 * `withinMs`. A process that ends first, or never listens, is stopped and reported with its
 * output (and `moreOutput`, e.g. an error log it writes to a file) and `installHint`.
 */
export async function startListeningProcess(
  command: string,
  args: string[],
  options: {
    dir: string;
    port: number;
    withinMs: number;
    pollMs: number;
    installHint: string;
    moreOutput?: () => string;
  },
): Promise<ListeningProcess> {
  let output = "";
  const child: ChildProcess = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    // No such program on the machine: the spawn fails instead of exiting.
    child.once("error", (error) => {
      output += String(error);
      resolve();
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null && child.pid;
  const started: ListeningProcess = {
    output: () => output,
    async stop() {
      if (running()) child.kill("SIGTERM");
      await exited;
      rmSync(options.dir, { recursive: true, force: true });
    },
  };
  const described = () => `${output}\n${options.moreOutput?.() ?? ""}`.trim();
  const deadline = Date.now() + options.withinMs;
  while (Date.now() < deadline) {
    if (!running()) {
      const why = described();
      await started.stop();
      throw new Error(`${command} did not start (${options.installHint}):\n${why}`);
    }
    if (await accepts(options.port)) return started;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  const why = described();
  await started.stop();
  throw new Error(`${command} did not listen within ${options.withinMs / 1000} s:\n${why}`);
}
