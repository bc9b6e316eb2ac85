import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import type { Logger } from "~/core/logger.server";

/** Something to finish once no request is left: a timer, a client, a pool. */
export type Closer = [name: string, close: () => unknown];

/** How long the services may take to close after a shutdown that ran out of time. */
const CLOSE_BUDGET_MS = 5_000;

/**
 * The server's life after SIGTERM (docs/operations.md): it drains instead of dropping what it
 * holds.
 * 1. `/readyz` answers 503 at once, so a balancer that checks it stops sending;
 * 2. the listener stops accepting, once the event loop has been through one more poll phase:
 *    connections the kernel already completed for us are accepted and answered first. Closing
 *    the listener resets the connections still waiting in its queue, and a proxy that had
 *    written a form post on one cannot send it elsewhere (nginx answers its client 502);
 * 3. only then are connections retired: every answer not yet begun carries
 *    `Connection: close`, and each connection closes as its answer ends. Not before: a proxy
 *    whose kept connection is retired opens a new one for its next request, and until the
 *    listener is closed that new one lands in the queue of step 2 (the scale test's check 7
 *    lost a form post that way in about half its drains). Idle keep-alive connections are NOT
 *    closed: a proxy may be writing a request on one at that very moment. A request that still
 *    arrives on one is answered with `Connection: close`; the others end at the keep-alive
 *    timeout, which the proxy's own is shorter than, so the proxy lets go of them first;
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
  /** Set once the listener is closed: from then on every answer closes its connection. */
  #retiring = false;
  readonly #inFlight = new Set<ServerResponse>();

  get draining(): boolean {
    return this.#draining;
  }

  /** Called first for every request; `done` once it is over (its response closed). */
  track(_req: IncomingMessage, res: ServerResponse): void {
    if (this.#retiring) res.setHeader("Connection", "close");
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

    // Stops accepting (step 2), then retires the connections (step 3). net.Server's close, not
    // http.Server's: the latter also closes idle keep-alive connections at once. Its callback
    // runs once every connection has ended. The signal itself is handled in a poll phase, so
    // the close waits for the check phase after the next one.
    afterNextPoll(() => {
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
      ]);
      this.#retiring = true;
      for (const res of this.#inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    });
  }
}
