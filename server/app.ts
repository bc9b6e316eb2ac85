import { readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type RequestListener, type Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { createElement } from "react";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createAuth } from "~/accounts/auth.server";
import { createMailer } from "~/accounts/mailer.server";
import { configurePush } from "~/notifications/push.server";
import { startRateLimitPruning } from "~/accounts/rate-limit.server";
import { createAwardResolver } from "~/awards/winners.server";
import { createCatalogue } from "~/catalogue/create-catalogue.server";
import { openDatabase } from "~/db/client.server";
import { TEST_CLOCK_HEADER, testClockEnabled, testClockOffset } from "~/core/clock.server";
import { createJobQueue } from "~/db/jobs.server";
import { defineImportJobs, resumeImports, stopImportJobs } from "~/history/import/imports.server";
import { putImportedItem } from "~/lists/imported-lists.server";
import { ConfigError, loadEnv } from "~/core/env.server";
import { createLogger } from "~/core/logger.server";
import { createFlash } from "~/core/flash.server";
import { createItemChanges } from "~/core/item-changes.server";
import { openRedis } from "~/core/redis.server";
import { followItemChanges } from "~/library/item-changes.server";
import { defineScheduleJobs } from "~/tracking/schedule.server";
import { defineRecommendationJobs } from "~/library/recommendations.server";
import { defineDatabaseUpkeep } from "~/db/upkeep.server";
import { catchUpNotifications, defineNotificationJobs } from "~/notifications/jobs.server";
import { projectRoot } from "~/core/project-root.server";
import type { AppServices } from "~/services.server";
import { bodyLimit } from "./body-limit";
import { canonicalAddresses, otherAddress, sendOtherAddress } from "./canonical-address";
import { cdnPurge } from "./cdn-purge";
import { answerFailure, lastResort } from "./last-resort";
import { Lifecycle, type Closer } from "./lifecycle";
import { countPageCacheLookup, observeTmdb, routeLabeller, startMetricsServer } from "./metrics";
import { openPageCache, type PageCache } from "./page-cache";
import type { LookupObserver } from "./page-store";
import { reactRouterAdapter, sendAnswer, type AnswerRequest } from "./react-router-adapter";
import { frontDoor, requestIdOf, sendRequestId } from "./request-context";
import { sameOriginOnly } from "./same-origin";
import {
  contentSecurityPolicy,
  securityHeaders,
  securityHeadersMiddleware,
  type ApplySecurityHeaders,
} from "./security-headers";

export interface StartOptions {
  /** Present in development: Vite serves the assets and the latest server build. */
  vite?: ViteDevServer;
  /**
   * Production only: the server build, loaded once. React Router derives its route matcher from a
   * build object once; from a build *function* it derives it again on every request (it expects
   * the function in development, where the build changes), which was 5% of a cold render.
   */
  serverBuild?: ServerBuild;
}

const productionBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/** The build of React actually loaded: only its development build tags elements with `_store`. */
function reactMode(): "production" | "development" {
  return "_store" in createElement("div") ? "development" : "production";
}

async function createServices(): Promise<AppServices> {
  const env = loadEnv();
  const logger = createLogger(env.logLevel);
  const database = await openDatabase(
    env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir },
  );
  await database.migrate();
  // Background work (decision 018): jobs in the database, worked by whichever instance is free.
  const jobs = createJobQueue(database, logger);
  // One Redis connection for the shared caches and the change news (decision 016).
  const redis = env.redisUrl ? await openRedis(env.redisUrl, logger) : undefined;
  const changes = await createItemChanges({ redis, logger });
  followItemChanges(changes, database.db, logger);
  const catalogue = await createCatalogue(env, database, logger, { redis, observeTmdb });
  logger.info({ database: database.kind, catalogue: catalogue.source }, "services ready");
  const mailer = createMailer(env, logger);
  // Web push's keys (decision 036): sendPushToPerson signs with them.
  configurePush({ vapid: env.vapid });
  const auth = createAuth(env, database, mailer, logger);
  const flash = createFlash({
    secret: env.authSecret,
    secure: env.publicSiteUrl.startsWith("https://"),
  });
  const services: AppServices = {
    env,
    logger,
    database,
    catalogue,
    awards: createAwardResolver(catalogue),
    auth,
    mailer,
    flash,
    changes,
    redis,
    jobs,
    importLists: { putImportedItem },
  };
  // Every domain declares its jobs, then the queue starts working them.
  await defineDatabaseUpkeep(services);
  await defineScheduleJobs(services);
  await defineImportJobs(services);
  await defineRecommendationJobs(services);
  await defineNotificationJobs(services);
  await jobs.start();
  // History imports (issue #24.4) left running by a stop are queued again.
  await resumeImports(services);
  await catchUpNotifications(services);
  return services;
}

/**
 * Paths Express answers itself: health checks, hashed assets and the build's other files (the
 * favicon…), listed once at start: the build does not change under a running server, and a page
 * read, cache hits included, then costs no look at the disk. Named as the metrics label them;
 * undefined for the paths React Router answers.
 */
function serverPaths(clientDir: string): (pathname: string) => string | undefined {
  const files = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => "/" + path.relative(clientDir, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.startsWith("/assets/")),
  );
  return (pathname) => {
    if (pathname === "/healthz" || pathname === "/readyz") return pathname.slice(1);
    if (pathname === "/assets" || pathname.startsWith("/assets/")) return "assets";
    return files.has(pathname) ? "static" : undefined;
  };
}

interface Site {
  app: express.Express;
  answer: AnswerRequest;
  applySecurityHeaders: ApplySecurityHeaders;
}

function createApp(services: AppServices, lifecycle: Lifecycle, options: StartOptions = {}): Site {
  const { env, database, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  // Forwarding headers are believed only from the proxies TRUST_PROXY names (none by default), so
  // a client cannot pick its own address for the rate limits.
  app.set("trust proxy", env.trustProxy);
  app.use((req, res, next) => {
    sendRequestId(req, res);
    next();
  });
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", mode: reactMode() });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    // Draining (docs/operations.md): the balancer must stop sending at once, and its check's
    // connection is not kept for another.
    if (lifecycle.draining) {
      res.set("Connection", "close").status(503).json({ status: "draining" });
      return;
    }
    try {
      await database.ping();
      // A Redis outage leaves the site up on each instance's own memory: degraded, still ready.
      const cache = !services.redis ? "memory" : services.redis.ready() ? "redis" : "degraded";
      res.json({ status: "ok", database: database.kind, cache });
    } catch (error) {
      logger.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  const imageOrigin = new URL(env.tmdb.imageBaseUrl).origin;
  const security = {
    dev: Boolean(options.vite),
    imageOrigins: [imageOrigin],
    https: env.publicSiteUrl.startsWith("https://"),
  };
  const applySecurityHeaders = securityHeaders(security);
  app.use(securityHeadersMiddleware(applySecurityHeaders));
  app.use(bodyLimit());
  app.use(sameOriginOnly(env.publicSiteUrl, app.get("trust proxy fn"), logger));

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.vite) {
    const vite = options.vite;
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const client = path.join(projectRoot, "build", "client");
    // File names under /assets carry a content hash, so they never change.
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(
      express.static(client, {
        maxAge: "1h",
        index: false,
        // The service worker is looked at again on every visit (decision 036): a new one takes
        // over as soon as it is deployed, not an hour later.
        setHeaders: (res, file) => {
          if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
        },
      }),
    );
    // Never the build function here: React Router would derive its matcher on every request.
    if (!options.serverBuild)
      throw new Error("createApp needs the loaded server build in production");
    build = options.serverBuild;
  }

  const answer = reactRouterAdapter({
    build,
    mode: options.vite ? "development" : "production",
    services,
    trust: app.get("trust proxy fn"),
    hashedPolicy: contentSecurityPolicy(security).withHashes,
  });
  // Another spelling of a page's address is redirected to its own (issue 32).
  app.use(canonicalAddresses);
  app.use((req, res, next) => {
    answer(req, res, String(res.locals.cspNonce))
      .then((result) => sendAnswer(res, result))
      .catch(next);
  });
  app.use(lastResort(logger));
  return { app, answer, applySecurityHeaders };
}

/**
 * The production listener. Page reads (GET and HEAD of anything but a health check or a file of
 * the build) at their canonical address go from Node's listener to the page cache and on a miss
 * straight to React Router (another spelling of the address is redirected to it first):
 * Express's request and response set-up, its middleware chain and the web-stream pump cost about
 * a tenth of a cold render (decision 012). Writes, files and health checks go through Express.
 */
function productionListener(
  services: AppServices,
  site: Site,
  pageCache: PageCache,
  serverPath: (pathname: string) => string | undefined,
): RequestListener {
  const { app, answer, applySecurityHeaders } = site;
  const compress = compression();
  const render: RequestListener = (req, res) => {
    sendRequestId(req, res);
    const nonce = applySecurityHeaders(res);
    // The same compression as Express's (it only needs Node's request and response).
    compress(req as express.Request, res as express.Response, () => {
      answer(req, res, nonce)
        .then((result) => {
          // A visitor who left may have got a page cut short: it is neither sent nor kept.
          if (res.destroyed) return;
          pageCache.keep(req, res, result);
          sendAnswer(res, result);
        })
        .catch((error: unknown) => answerFailure(services.logger, error, req, res))
        .catch(() => res.destroy());
    });
  };
  const pages = pageCache.front(render);
  return (req, res) => {
    const pageRead = req.method === "GET" || req.method === "HEAD";
    if (!pageRead || serverPath((req.url ?? "/").split("?")[0]!) !== undefined) {
      app(req, res);
      return;
    }
    // One address per page, before the page cache (issue 32): other spellings are redirected.
    const other = otherAddress(req);
    if (other) {
      applySecurityHeaders(res);
      sendOtherAddress(req, res, other);
    } else pages(req, res);
  };
}

/** The page cache's partition of a request on a test's clock: the header, when it is valid. */
function testClockPartition(req: IncomingMessage): string | undefined {
  const header = req.headers[TEST_CLOCK_HEADER];
  return testClockOffset(header) === undefined ? undefined : String(header);
}

/** Each look-up of a page cache layer, in the metrics: hit, stale (kept past its lifetime) or miss. */
const countLookup: LookupObserver = (layer, found) =>
  countPageCacheLookup(layer, !found ? "miss" : found.expiresAt > Date.now() ? "hit" : "stale");

export async function start(options: StartOptions = {}): Promise<Server> {
  let services: AppServices;
  try {
    services = await createServices();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const serverBuild = options.vite ? undefined : await productionBuild();
  const pageCache = serverBuild
    ? await openPageCache({
        ...services,
        buildId: serverBuild.assets.version,
        onLookup: countLookup,
        requestId: requestIdOf,
        // A test's clock (decision 032): its pages are kept apart from the machine's day's.
        partition: testClockEnabled ? testClockPartition : undefined,
        purge: services.env.cdnPurgeUrl
          ? cdnPurge(services.env.cdnPurgeUrl, services.logger)
          : undefined,
      })
    : undefined;
  const lifecycle = new Lifecycle();
  const site = createApp(services, lifecycle, { ...options, serverBuild });
  const serverPath = serverBuild
    ? serverPaths(path.join(projectRoot, "build", "client"))
    : () => undefined;
  const listener = frontDoor(
    pageCache ? productionListener(services, site, pageCache, serverPath) : site.app,
    {
      trust: site.app.get("trust proxy fn"),
      lifecycle,
      routeOf: routeLabeller(serverBuild?.routes, serverPath),
    },
  );
  const stopPruning = startRateLimitPruning(services.database.db, services.logger);
  const metricsServer = services.env.metrics
    ? await startMetricsServer(services.env.metrics, services.database, services.logger).catch(
        (error: unknown) => {
          // A taken port, say: one line, as for the site's own listener.
          services.logger.fatal({ err: String(error) }, "metrics listener failed");
          process.exit(1);
        },
      )
    : undefined;
  const { port, host, http } = services.env;
  // Slow clients (README "Running in production"): headers within 10 s, the whole request within
  // 30 s, idle keep-alive connections closed after 5 s (the proxy must let go of them sooner).
  // Node checks these limits every connectionsCheckingInterval (30 s by default): once a second.
  const server = createServer(
    {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, http.headersTimeoutMs),
    },
    listener,
  );
  server.keepAliveTimeout = http.keepAliveTimeoutMs;
  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    services.logger.info(`listening on http://${host}:${actualPort}`);
  });
  server.on("error", (error) => {
    services.logger.fatal({ err: error }, "server failed");
    process.exit(1);
  });
  // What is left once the last request is answered, in this order (lifecycle.ts).
  const closers: Closer[] = [
    ["rate limit pruning", stopPruning],
    ["metrics", () => new Promise((resolve) => metricsServer?.close(resolve) ?? resolve(null))],
    ["imports", stopImportJobs],
    ["jobs", () => services.jobs.stop()],
    ["page cache", () => pageCache?.close()],
    ["catalogue", () => services.catalogue.close?.()],
    ["redis", () => services.redis?.close()],
    ["database", () => services.database.close()],
  ];
  const shutdown = (signal: NodeJS.Signals) =>
    lifecycle.shutdown(server, services.logger, {
      signal,
      timeoutMs: services.env.shutdownTimeoutMs,
      closers,
    });
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  return server;
}
