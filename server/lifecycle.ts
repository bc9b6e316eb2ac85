import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import type { Logger } from "~/core/logger.server";

/** Something to finish once no request is left: a timer, a client, a pool. */
export type Closer = [name: string, close: () => unknown];

/** How long the services may take to close after a shutdown that ran out of time. */
const CLOSE_BUDGET_MS = 5_000;

/**
 * The server's life after SIGTERM (README "Running in production"): it drains instead of
 * dropping what it holds.
 * 1. `/readyz` answers 503 at once, so the balancer stops sending;
 * 2. the listener stops accepting;
 * 3. every request in flight (form posts included) is answered, with `Connection: close`
 *    when its headers were not sent yet, and each connection is closed as its answer ends.
 *    Idle keep-alive connections are NOT closed at once: a proxy may be writing a request on
 *    one at that very moment, and it cannot resend a form post it already sent (nginx answers
 *    its client 502). A request that still arrives on one is answered with `Connection: close`;
 *    the others end at the keep-alive timeout, which the proxy's own is shorter than (README
 *    "Slow clients"), so the proxy lets go of them first;
 * 4. background work is stopped and the clients closed (page cache, catalogue, database);
 * 5. the process exits 0. After SHUTDOWN_TIMEOUT the connections still open are cut, the
 *    services get a few more seconds to close, and the process exits 1.
 */
/** Runs `work` once the event loop has been through one more poll phase (its I/O, accepts too). */
function afterNextPoll(work: () => void): void {
  setImmediate(() => setImmediate(work));
}

export class Lifecycle {
  #draining = false;
  readonly #inFlight = new Set<ServerResponse>();

  get draining(): boolean {
    return this.#draining;
  }

  /** Called first for every request; `done` once it is over (its response closed). */
  track(_req: IncomingMessage, res: ServerResponse): void {
    if (this.#draining) res.setHeader("Connection", "close");
    this.#inFlight.add(res);
  }

  done(res: ServerResponse): void {
    this.#inFlight.delete(res);
  }

  /** Starts the drain; later signals are ignored. `closers` run in order once it is over. */
  shutdown(
    server: Server,
    logger: Logger,
    options: { signal: string; timeoutMs: number; closers: Closer[] },
  ): void {
    if (this.#draining) return;
    this.#draining = true;
    const started = Date.now();
    logger.info(
      { signal: options.signal, inFlight: this.#inFlight.size, timeoutMs: options.timeoutMs },
      "shutting down: draining",
    );
    for (const res of this.#inFlight) if (!res.headersSent) res.setHeader("Connection", "close");

    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      logger.warn(
        { inFlight: this.#inFlight.size },
        "shutdown timed out: cutting the connections still open",
      );
      server.closeAllConnections();
      setTimeout(() => process.exit(1), CLOSE_BUDGET_MS).unref();
    }, options.timeoutMs);

    // Stops accepting; the callback runs once every connection has ended. net.Server's close,
    // not http.Server's: the latter also closes idle keep-alive connections at once (step 3).
    // Not before the event loop's next poll has accepted the connections the kernel already
    // holds for us: closing the listener resets those, and a proxy that had written a form post
    // on one cannot send it elsewhere (nginx answered 502 about once in ten drains under load).
    // Accepted, each is answered like any request in flight. The signal itself is handled in a
    // poll phase, so the close waits for the check phase after the next one.
    afterNextPoll(() =>
      Reflect.apply(NetServer.prototype.close, server, [
        async () => {
          clearTimeout(deadline);
          for (const [name, close] of options.closers) {
            try {
              await close();
            } catch (error) {
              logger.warn({ err: String(error), service: name }, "shutdown: closing failed");
            }
          }
          logger.info({ ms: Date.now() - started }, "stopped");
          process.exit(cut ? 1 : 0);
        },
      ]),
    );
  }
}
