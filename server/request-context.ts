import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener } from "node:http";
import type { Logger } from "~/core/logger.server";
import type { Lifecycle } from "./lifecycle";
import { timeRequest } from "./metrics";
import type { TrustProxy } from "./trust-proxy";

/** What a proxy's request id may look like: short, and nothing a log or a header could misread. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id: the one a proxy TRUST_PROXY names sent in X-Request-Id (so nginx's and our
 * logs share it), when it is short and plain; otherwise a new one. A client talking to us
 * directly cannot choose it.
 */
function requestId(req: IncomingMessage, trust: TrustProxy): string {
  const offered = req.headers["x-request-id"];
  if (
    typeof offered === "string" &&
    SAFE_ID.test(offered) &&
    trust(req.socket.remoteAddress ?? "", 0)
  )
    return offered;
  return randomUUID();
}

const ids = new WeakMap<IncomingMessage, string>();
const loggers = new WeakMap<IncomingMessage, Logger>();

/**
 * The request's logger, whose every line carries the request id (the server's own when the
 * request has no id). Made on the first call: most requests, cache hits above all, log nothing,
 * and a pino child per request was 2% of a warm hit.
 */
export function requestLogger(req: IncomingMessage, fallback: Logger): Logger {
  let logger = loggers.get(req);
  if (logger) return logger;
  const id = ids.get(req);
  if (id === undefined) return fallback;
  logger = fallback.child({ requestId: id });
  loggers.set(req, logger);
  return logger;
}

/**
 * The first thing every request meets, before the page cache: its id (sent back in X-Request-Id,
 * cache hits included) and logger, its place in the shutdown's drain, and its metrics.
 */
export function frontDoor(
  listener: RequestListener,
  options: {
    trust: TrustProxy;
    lifecycle: Lifecycle;
    routeOf: (pathname: string) => string;
  },
): RequestListener {
  const { trust, lifecycle, routeOf } = options;
  return (req, res) => {
    const id = requestId(req, trust);
    res.setHeader("X-Request-Id", id);
    ids.set(req, id);
    lifecycle.track(req, res);
    timeRequest(req, res, routeOf);
    listener(req, res);
  };
}
