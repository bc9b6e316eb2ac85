import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { TmdbObserver } from "~/catalogue/tmdb/http.server";
import type { DatabaseHandle } from "~/db/client.server";
import type { Logger } from "~/core/logger.server";

/*
 * Prometheus metrics (README "Running in production"). They are served only by a listener of
 * their own (METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise), never by the site.
 * Every label takes its values from a small fixed set: a raw URL as a label would grow the
 * registry with every new address a client invents.
 */
const registry = new Registry();

/** Requests per route, method and status; `_count` is the number of requests. */
const httpRequestDuration = new Histogram({
  name: "perde_http_request_duration_seconds",
  help: "Time from the request's arrival to its last byte, by route, method and status",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

type LookupLayer = "memory" | "redis";
type LookupResult = "hit" | "stale" | "miss";

/**
 * Page cache look-ups since the last scrape, as plain numbers: a warm hit adds one to a field,
 * and the counter takes them when it is read (prom-client hashes an increment's labels each
 * time, a share of every hit).
 */
const lookupsSinceScrape: Record<LookupLayer, Record<LookupResult, number>> = {
  memory: { hit: 0, stale: 0, miss: 0 },
  redis: { hit: 0, stale: 0, miss: 0 },
};

new Counter({
  name: "perde_page_cache_lookups_total",
  help: "Anonymous page cache look-ups by layer (memory, redis) and result (hit, miss, stale)",
  labelNames: ["layer", "result"] as const,
  registers: [registry],
  collect() {
    for (const [layer, results] of Object.entries(lookupsSinceScrape)) {
      for (const [result, count] of Object.entries(results)) {
        if (count === 0) continue;
        this.inc({ layer, result }, count);
        results[result as LookupResult] = 0;
      }
    }
  },
});

/** Counts one look-up of a page cache layer (server/page-cache.ts) and what it found. */
export function countPageCacheLookup(layer: LookupLayer, result: LookupResult): void {
  lookupsSinceScrape[layer][result]++;
}

const tmdbRequests = new Counter({
  name: "perde_tmdb_requests_total",
  help: "Attempts to call the movie database by endpoint family and outcome",
  labelNames: ["endpoint", "outcome"] as const,
  registers: [registry],
});

/** Handed to the catalogue: the domain reports its calls without knowing of Prometheus. */
export const observeTmdb: TmdbObserver = (endpoint, outcome) =>
  tmdbRequests.inc({ endpoint, outcome });

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The histogram's series by "route method status": prom-client hashes its labels on each call. */
const durationSeries = new Map<string, ReturnType<typeof httpRequestDuration.labels>>();

/**
 * Starts timing a request; the function returned records its duration once it is over
 * (answered, or abandoned by the client), called from the request's one `close` listener.
 */
export function timeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  routeOf: (pathname: string) => string,
): () => void {
  const started = performance.now();
  return () => {
    const route = routeOf((req.url ?? "/").split("?")[0]!);
    const method = METHODS.has(req.method ?? "") ? req.method! : "other";
    const status = res.writableFinished ? String(res.statusCode) : "aborted";
    const key = `${route} ${method} ${status}`;
    let series = durationSeries.get(key);
    if (!series) {
      // Routes and statuses are few (routeOf names routes, not paths): the map stays small.
      series = httpRequestDuration.labels({ route, method, status });
      durationSeries.set(key, series);
    }
    series.observe((performance.now() - started) / 1000);
  };
}

/**
 * The route label of a path: the React Router route id that answers it (`routes/title`), one of
 * the server's own names for the paths it answers itself, or `unmatched`. Answers are memoised:
 * the same few hundred paths come back all day, and the memo is emptied before it grows large.
 */
export function routeLabeller(
  routes: ServerBuild["routes"] | undefined,
  serverPath: (pathname: string) => string | undefined,
): (pathname: string) => string {
  if (!routes) return (pathname) => serverPath(pathname) ?? "dev";
  const byParent = new Map<string | undefined, RouteObject[]>();
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node: RouteObject = route.index
      ? { id: route.id, path: route.path, index: true }
      : { id: route.id, path: route.path, children: [] };
    nodes.set(route.id, node);
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), node]);
  }
  for (const [id, node] of nodes) if (!node.index) node.children = byParent.get(id) ?? [];
  const tree = byParent.get(undefined) ?? [];
  const memo = new Map<string, string>();
  return (pathname) => {
    const known = memo.get(pathname);
    if (known) return known;
    // Client navigations fetch `/path.data`: the same route as the page.
    const page = pathname.endsWith(".data")
      ? pathname.slice(0, -".data".length).replace(/\/_$/, "/") || "/"
      : pathname;
    const matches = serverPath(pathname) === undefined ? matchRoutes(tree, page) : null;
    const label = serverPath(pathname) ?? matches?.[matches.length - 1]?.route.id ?? "unmatched";
    if (memo.size >= 10_000) memo.clear();
    memo.set(pathname, label);
    return label;
  };
}

/** The database pool's connections, read at each scrape (PostgreSQL only). */
function observePool(database: DatabaseHandle): void {
  const stats = database.poolStats;
  if (!stats) return;
  new Gauge({
    name: "perde_db_pool_connections",
    help: "PostgreSQL pool connections: total open, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = stats();
      this.set({ state: "total" }, total);
      this.set({ state: "idle" }, idle);
      this.set({ state: "waiting" }, waiting);
    },
  });
}

/**
 * Starts the metrics listener: `GET /metrics` in Prometheus's text format, nothing else. Node's
 * process metrics (memory, CPU, event loop lag, garbage collection) are collected only then.
 */
export async function startMetricsServer(
  options: { port: number; host: string },
  database: DatabaseHandle,
  logger: Logger,
): Promise<Server> {
  collectDefaultMetrics({ register: registry });
  observePool(database);
  const server = createServer((req, res) => {
    if (req.url !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Bulunamadı\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType }).end(text);
      },
      (error: unknown) => {
        logger.error({ err: error }, "metrics collection failed");
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  logger.info(`metrics on http://${options.host}:${port}/metrics`);
  return server;
}
