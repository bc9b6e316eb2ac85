/*
 * `npm run bench:http`: page throughput of the production server on the embedded defaults, warm
 * (answered by the page cache) and cold (the cache bypassed by a `perde.` cookie, so every
 * request renders), against references measured in the same run: nginx (Debian's package,
 * installed when missing) serving a saved copy of the film page, Express's static files sending
 * that copy, and Node's bare http module sending it. Each reference runs in a process of its own:
 * the app server's CPU time per request must be its pages' alone. (Express's static files were
 * once measured on the app server itself, right before its warm pages, whose figures then carried
 * the garbage and the reshaped objects that 5,000 file streams a round leave behind, and the
 * server with Redis, which served none, looked 10 µs a request cheaper.)
 *
 * The client is wrk (Debian's package, a C client): autocannon, a Node process, took a core of a
 * 2-core machine itself and capped nginx at about half its speed, which flattered every ratio to
 * it. autocannon is used only where wrk is missing (or with BENCH_TOOL=autocannon).
 *
 * Targets are interleaved round by round and the median of the rounds is printed, because the
 * machine is shared: only ratios within one run mean anything. "% of nginx" is the median of each
 * round's ratio to that round's nginx figure. The load average is printed before and after.
 * Requests are sent without Accept-Encoding (no compression), except the row marked gzip.
 *
 * With Debian's redis-server installed, a second server runs with REDIS_URL (its own Redis), and
 * its warm pages are measured beside the first's ("warm redis"). Signed-in pages (the film page
 * and the dashboard with a session, rendered every time) are measured beside the cold ones.
 *
 * Options (environment): BENCH_DURATION seconds per measurement (3), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (20), BENCH_TOOL=autocannon (instead of wrk), BENCH_GROUPS (a comma-separated
 * list of the groups to measure besides the references, e.g. `warm,warm redis`), BENCH_PAGES
 * (a comma-separated list of page names, e.g. `film,home`), BENCH_BASELINE=<dir of another
 * checkout, built> to measure its cold pages too (started as `npm start` started it:
 * `node server.js`, no NODE_ENV).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  freePort,
  projectRoot,
  startAppServer,
  type RunningServer,
} from "../tests/support/app-server";
import { Visitor } from "../tests/support/raw-http";
import { startRedisServer, type RedisServer } from "../tests/support/redis-server";

const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BYPASS = { cookie: "perde.bench=cold" };
const GROUPS = process.env.BENCH_GROUPS?.split(",").map((group) => group.trim());
const PAGE_NAMES = process.env.BENCH_PAGES?.split(",").map((page) => page.trim());

const ALL_PAGES: [name: string, path: string][] = [
  ["home", "/"],
  ["film", "/film/baba-1972-238"],
  ["series", "/dizi/breaking-bad-2008-1396"],
  ["season", "/dizi/1396/sezon/1"],
  ["episode", "/dizi/1396/sezon/1/bolum/1"],
  ["genre", "/filmler/dram-18"],
  ["people", "/oyuncular"],
  ["person", "/oyuncu/tom-cruise-500"],
  ["search", "/ara?q=baba"],
  ["award", "/oduller/oscars"],
];
const FILM_PATH = ALL_PAGES[1]![1];
const PAGES = ALL_PAGES.filter(([name]) => !PAGE_NAMES || PAGE_NAMES.includes(name));

interface Target {
  name: string;
  group: "reference" | "warm" | "warm redis" | "cold" | "signed-in" | "baseline" | "baseline warm";
  url: string;
  headers?: Record<string, string>;
  /** The process answering (nginx: its master, whose workers count too), for its CPU time. */
  pid?: number;
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time (user + system) the answering processes spent per request, in microseconds. */
  cpuUs: number;
}

/**
 * CPU time in microseconds used so far by `pid` and its children (Linux /proc; NaN elsewhere).
 * Less disturbed than throughput by other work on a shared machine: what a request costs the
 * server, whoever else is using the cores.
 */
function cpuTimeUs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) };
  };
  let total = 0;
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue;
      }
      const { ppid, cpu } = ticks(stat);
      if (Number(entry) === pid || ppid === pid) total += cpu;
    }
  } catch {
    return NaN;
  }
  return (total * 1_000_000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

function run(command: string, args: string[]) {
  return spawnSync(command, args, { cwd: projectRoot, stdio: "inherit" });
}

function which(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

const TOOL =
  process.env.BENCH_TOOL === "autocannon" || !which("wrk") ? "autocannon" : ("wrk" as const);

function ensureNginx(): boolean {
  if (which("nginx")) return true;
  console.log("nginx is missing: installing Debian's package…");
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "nginx"]);
  return which("nginx");
}

/** Polls `url` until it answers 200; fails at once if `child` (the server behind it) exits. */
async function waitFor(url: string, timeoutMs = 10_000, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`the server for ${url} exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function startNginx(root: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const config = path.join(root, "nginx.conf");
  await writeFile(
    config,
    `worker_processes auto;
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${root}/tmp-body;
  proxy_temp_path ${root}/tmp-proxy;
  fastcgi_temp_path ${root}/tmp-fastcgi;
  uwsgi_temp_path ${root}/tmp-uwsgi;
  scgi_temp_path ${root}/tmp-scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { default_type text/html; }
  }
}
`,
  );
  const child = spawn("nginx", ["-c", config, "-p", root], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/film.html`);
  } catch (error) {
    console.error(await readFile(path.join(root, "error.log"), "utf8").catch(() => ""));
    throw error;
  }
  return { url, process: child };
}

/** Express's static files alone, sending the same bytes (its own process, this checkout's Express). */
async function startExpressStatic(root: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const source = `const e=require("express");const a=e();a.disable("x-powered-by");a.use(e.static(${JSON.stringify(root)},{index:false}));a.listen(${port},"127.0.0.1")`;
  const child = spawn(process.execPath, ["-e", source], { cwd: projectRoot, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/film.html`);
  return { url, process: child };
}

/** Node's http module alone, sending the same bytes: the floor of any Node answer. */
async function startBareNode(file: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const source = `const b=require("fs").readFileSync(${JSON.stringify(file)});require("http").createServer((q,s)=>{s.writeHead(200,{"Content-Type":"text/html; charset=utf-8","Content-Length":b.length});s.end(b)}).listen(${port},"127.0.0.1")`;
  const child = spawn(process.execPath, ["-e", source], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return { url, process: child };
}

/** wrk (Debian): a C client, two threads. */
function measureWithWrk(
  target: Target,
  duration: number,
): Omit<Sample, "cpuUs"> & { requests: number } {
  const headerArgs = Object.entries(target.headers ?? {}).flatMap(([name, value]) => [
    "-H",
    `${name}: ${value}`,
  ]);
  const result = spawnSync(
    "wrk",
    ["-t2", `-c${CONNECTIONS}`, `-d${duration}s`, "--latency", ...headerArgs, target.url],
    { encoding: "utf8" },
  );
  const out = result.stdout;
  const ms = (label: string) => {
    const match = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!match) return NaN;
    const value = Number(match[1]);
    return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? "0";
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: ms("50"),
    p99: ms("99"),
    errors: Number(errors),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
  };
}

async function measure(target: Target, duration = DURATION): Promise<Sample> {
  const cpuBefore = cpuTimeUs(target.pid);
  const sample =
    TOOL === "wrk"
      ? measureWithWrk(target, duration)
      : await measureWithAutocannon(target, duration);
  const cpu = cpuTimeUs(target.pid) - cpuBefore;
  return { ...sample, cpuUs: cpu / sample.requests };
}

async function measureWithAutocannon(target: Target, duration: number) {
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration,
    headers: target.headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  console.log("Building if needed…");
  if (run(process.execPath, ["scripts/ensure-build.mjs"]).status !== 0) process.exit(1);
  const haveNginx = ensureNginx();

  // Inside this checkout: another checkout (another schema) must never open the same database.
  const dataDir = path.join(projectRoot, "data", "bench");
  await mkdir(dataDir, { recursive: true });
  const env = { NODE_ENV: "production", CATALOGUE: "local", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  const servers: RunningServer[] = [];
  const children: ChildProcess[] = [];
  const scratch = await mkdtemp(path.join(os.tmpdir(), "perde-bench-http-"));
  await chmod(scratch, 0o755); // nginx workers may run as another user
  let redis: RedisServer | undefined;
  try {
    const app = await startAppServer(env, { timeoutMs: 300_000 });
    servers.push(app);
    // The same server with REDIS_URL, on a Redis of its own (and a data folder of its own).
    let appRedis: RunningServer | undefined;
    if (which("redis-server")) {
      redis = await startRedisServer();
      const redisDataDir = path.join(projectRoot, "data", "bench-redis");
      await mkdir(redisDataDir, { recursive: true });
      appRedis = await startAppServer(
        { ...env, DATA_DIR: redisDataDir, REDIS_URL: redis.url },
        { timeoutMs: 300_000 },
      );
      servers.push(appRedis);
    } else console.log("No redis-server: the warm pages with REDIS_URL are not measured.");
    // A signed-in visitor, when their pages are measured: every page is rendered for them.
    let session: Record<string, string> = {};
    if (!GROUPS || GROUPS.includes("signed-in")) {
      const member = new Visitor(app.url);
      await member.signIn(`bench-${Date.now()}@example.com`, "gizli123", "Ölçüm Kişisi");
      session = { cookie: member.cookieHeader };
    }
    let baseline: RunningServer | undefined;
    if (process.env.BENCH_BASELINE) {
      baseline = await startBaseline(process.env.BENCH_BASELINE);
      servers.push(baseline);
    }

    // The saved copy of the film page, as rendered for an anonymous visitor.
    const film = Buffer.from(
      await (await fetch(`${app.url}${FILM_PATH}`, { headers: BYPASS })).arrayBuffer(),
    );
    await writeFile(path.join(scratch, "film.html"), film);
    const bare = await startBareNode(path.join(scratch, "film.html"));
    children.push(bare.process);
    const expressStatic = await startExpressStatic(scratch);
    children.push(expressStatic.process);
    const nginx = haveNginx ? await startNginx(scratch) : undefined;
    if (nginx) children.push(nginx.process);

    // Warm the page caches and check that warm requests are hits and cold ones are not: once a
    // first answer has arrived, its copy answers the next request.
    for (const server of [app, appRedis, baseline].filter((each) => each !== undefined)) {
      for (const [, page] of PAGES) {
        await (await fetch(server.url + page)).arrayBuffer();
        const warm = await fetch(server.url + page);
        await warm.arrayBuffer();
        const cold = await fetch(server.url + page, { headers: BYPASS });
        await cold.arrayBuffer();
        if (warm.headers.get("x-cache") !== "HIT" || cold.headers.get("x-cache") === "HIT") {
          throw new Error(`page cache not behaving on ${server.url}${page}`);
        }
      }
    }

    const targets: Target[] = [
      ...(nginx
        ? [
            {
              name: "nginx: saved film page",
              group: "reference",
              url: `${nginx.url}/film.html`,
              pid: nginx.process.pid,
            } as Target,
          ]
        : []),
      { name: "node:http: same bytes", group: "reference", url: bare.url, pid: bare.process.pid },
      {
        name: "Express static: same bytes",
        group: "reference",
        url: `${expressStatic.url}/film.html`,
        pid: expressStatic.process.pid,
      },
      ...PAGES.map(([name, page]): Target => ({ name, group: "warm", url: app.url + page })),
      {
        name: "film (gzip)",
        group: "warm",
        url: app.url + FILM_PATH,
        headers: { "accept-encoding": "gzip" },
      },
      ...(appRedis
        ? PAGES.map(([name, page]): Target => ({
            name,
            group: "warm redis",
            url: appRedis.url + page,
          }))
        : []),
      ...PAGES.map(([name, page]): Target => ({
        name,
        group: "cold",
        url: app.url + page,
        headers: BYPASS,
      })),
      { name: "film", group: "signed-in", url: app.url + FILM_PATH, headers: session },
      { name: "dashboard", group: "signed-in", url: `${app.url}/dashboard`, headers: session },
      ...(baseline
        ? PAGES.flatMap(([name, page]): Target[] => [
            { name, group: "baseline", url: baseline.url + page, headers: BYPASS },
            { name, group: "baseline warm", url: baseline.url + page },
          ])
        : []),
    ];

    // The process behind each target, for its CPU time.
    for (const target of targets) {
      const server = servers.find((each) => target.url.startsWith(`${each.url}/`));
      target.pid ??= server?.process.pid;
    }
    const measured = targets.filter(
      (target) => target.group === "reference" || !GROUPS || GROUPS.includes(target.group),
    );
    const load = () =>
      os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(" ");
    const loadBefore = load();
    // A short warm-up of every target, then the interleaved rounds.
    for (const target of measured) await measure(target, 1);
    const samples = new Map<Target, Sample[]>(measured.map((target) => [target, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`Round ${round}/${ROUNDS}…`);
      for (const target of measured) samples.get(target)!.push(await measure(target));
    }
    const nginxTarget = measured.find((target) => target.name === "nginx: saved film page");
    /** The median over the rounds of a target's share of that round's nginx figure. */
    const shareOfNginx = (target: Target, of: (sample: Sample) => number) => {
      if (!nginxTarget) return NaN;
      const reference = samples.get(nginxTarget)!;
      return median(
        samples.get(target)!.map((sample, round) => of(sample) / of(reference[round]!)),
      );
    };

    const result = new Map(
      measured.map((target) => {
        const list = samples.get(target)!;
        return [
          target,
          {
            rps: median(list.map((s) => s.rps)),
            p50: median(list.map((s) => s.p50)),
            p99: median(list.map((s) => s.p99)),
            cpuUs: median(list.map((s) => s.cpuUs)),
            errors: list.reduce((sum, s) => sum + s.errors, 0),
          },
        ];
      }),
    );
    const find = (group: Target["group"], name: string) =>
      [...result].find(([target]) => target.group === group && target.name === name)?.[1];
    const expressRps = find("reference", "Express static: same bytes")!.rps;

    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    console.log(
      `\n${os.cpus().length} × ${cpu}, Node ${process.version}, ${CONNECTIONS} connections, ` +
        `${DURATION} s × ${ROUNDS} rounds (median), ` +
        `${TOOL === "wrk" ? "wrk -t2" : `autocannon ${autocannonVersion()}`}; ` +
        `load average ${loadBefore} before, ${load()} after\n`,
    );
    const rows: string[][] = [
      [
        "group",
        "target",
        "rps",
        "p50 ms",
        "p99 ms",
        "% of nginx",
        "CPU µs/req",
        "% of nginx (CPU)",
        "× Express static",
        "vs baseline / without Redis",
        "errors",
      ],
    ];
    for (const [target, figures] of result) {
      const base =
        target.group === "cold"
          ? find("baseline", target.name)
          : target.group === "warm"
            ? find("baseline warm", target.name)
            : target.group === "warm redis"
              ? find("warm", target.name)
              : undefined;
      rows.push([
        target.group,
        target.name,
        figures.rps.toFixed(0),
        figures.p50.toFixed(1),
        figures.p99.toFixed(1),
        nginxTarget ? `${(100 * shareOfNginx(target, (sample) => sample.rps)).toFixed(1)}%` : "n/a",
        figures.cpuUs.toFixed(0),
        nginxTarget
          ? `${(100 * shareOfNginx(target, (sample) => 1 / sample.cpuUs)).toFixed(1)}%`
          : "n/a",
        `${(figures.rps / expressRps).toFixed(2)}×`,
        base ? `${(figures.rps / base.rps).toFixed(2)}×` : "",
        String(figures.errors),
      ]);
    }
    printTable(rows);
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.stop()));
    await redis?.destroy();
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Another checkout (built), started the way `npm start` started it there, on a data folder of
 * its own inside it (another schema must never open ours, nor one a third checkout migrated).
 */
async function startBaseline(dir: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: path.join(path.resolve(dir), "data", "bench-baseline"),
      CATALOGUE: "local",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  // A first start loads the catalogue; a data folder another checkout migrated may refuse it.
  await waitFor(`${url}/healthz`, 300_000, child);
  return {
    url,
    process: child,
    output: () => "",
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      return child.exitCode;
    },
  };
}

function autocannonVersion(): string {
  const result = spawnSync(process.execPath, ["-p", "require('autocannon/package.json').version"], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  return result.stdout.trim();
}

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) =>
          column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
        )
        .join("  "),
    );
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}

await main();
