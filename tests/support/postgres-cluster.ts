import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server";

/*
 * A throwaway PostgreSQL cluster for the fault tests: initdb in a temporary folder, its own port
 * on 127.0.0.1, never the machine's shared PostgreSQL. It needs PostgreSQL's server binaries and
 * root (to run them as `postgres`), which is why the fault tests run only with FAULT_TESTS=1.
 */

function pgBin(): string {
  const versions = readdirSync("/usr/lib/postgresql").sort();
  return path.join("/usr/lib/postgresql", versions[versions.length - 1]!, "bin");
}

export interface PostgresCluster {
  /** The cluster's `postgres` database: empty after initdb. */
  url: string;
  /** pg_ctl on this cluster (waits, 30 s at most), e.g. `ctl("-m", "fast", "restart")`. */
  ctl(...args: string[]): void;
  /**
   * The same, run beside this process instead of blocking it: a load the test keeps sending goes
   * on while PostgreSQL restarts.
   */
  ctlBeside(...args: string[]): Promise<void>;
  /** PostgreSQL's own log. */
  log(): string;
  /** Stops the cluster at once and deletes its folder. */
  destroy(): void;
}

export async function startPostgresCluster(prefix = "perde-pg-fault-"): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  // The server's output goes to its log file, never to a pipe this process would wait on.
  const asPostgres = (tool: string, args: string[]) =>
    execFileSync("runuser", ["-u", "postgres", "--", path.join(pgBin(), tool), ...args], {
      stdio: "ignore",
      timeout: 60_000,
    });
  const ctl = (...args: string[]) =>
    asPostgres("pg_ctl", ["-D", data, "-l", logFile, "-w", "-t", "30", ...args]);
  const ctlBeside = (...args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(
        "runuser",
        ["-u", "postgres", "--", path.join(pgBin(), "pg_ctl"), "-D", data, "-l", logFile].concat([
          "-w",
          "-t",
          "30",
          ...args,
        ]),
        { stdio: "ignore" },
      );
      child.once("error", reject);
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(" ")} exited with ${code}`)),
      );
    });
  const destroy = () => {
    if (existsSync(data)) {
      try {
        ctl("-m", "immediate", "stop");
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
    const port = await freePort();
    asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    ctl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "start");
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      ctl,
      ctlBeside,
      log: () => readFileSync(logFile, "utf8"),
      destroy,
    };
  } catch (error) {
    destroy();
    throw error;
  }
}
