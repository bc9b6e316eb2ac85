import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import {
  TEST_CLOCK_HEADER,
  testClockEnabled,
  testClockOffset,
  withClockOffset,
} from "~/core/clock.server";
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

/** The request's id (undefined for a request that did not come through `frontDoor`). */
export const requestIdOf = (req: IncomingMessage): string | undefined => ids.get(req);

/**
 * Puts the request's id on its answer (X-Request-Id). Every way a request is answered does it:
 * Express's first middleware and the page render here, the page cache in its own header list
 * (a header set before `writeHead` sends Node down its slow path of merging header lists, 10%
 * of a warm hit).
 */
export function sendRequestId(req: IncomingMessage, res: ServerResponse): void {
  const id = ids.get(req);
  if (id !== undefined) res.setHeader("X-Request-Id", id);
}

/**
 * The first thing every request meets, before the page cache: its id (sent back in X-Request-Id
 * by whatever answers, cache hits included) and logger, its place in the shutdown's drain, and
 * its metrics, both closed by one `close` listener. On a server started with PERDE_TEST_CLOCK=1
 * (tests only), a request's X-Perde-Now sets its clock (app/core/clock.server.ts).
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
    ids.set(req, requestId(req, trust));
    lifecycle.track(req, res);
    const timed = timeRequest(req, res, routeOf);
    res.once("close", () => {
      lifecycle.done(res);
      timed();
    });
    const clockOffset = testClockEnabled
      ? testClockOffset(req.headers[TEST_CLOCK_HEADER])
      : undefined;
    if (clockOffset === undefined) listener(req, res);
    else withClockOffset(clockOffset, () => listener(req, res));
  };
}
