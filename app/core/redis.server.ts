import type { createClient } from "redis";
import type { Logger } from "./logger.server";

/*
 * The one way this server talks to Redis (REDIS_URL): the catalogue's cache, the page cache and
 * the change messages share one connection (and a second one for subscriptions, which Redis
 * reserves for that use).
 *
 * Redis is a cache here, never the only copy of anything, so it must never make a page wait:
 * - every command gives up after COMMAND_TIMEOUT_MS (a Redis that accepts connections but does
 *   not answer, or a network that drops packets);
 * - while the connection is down, commands fail at once instead of queueing for its return
 *   (`disableOfflineQueue`): the caller falls back to its own memory and renders;
 * - the client reconnects by itself, with a capped backoff, for as long as the server runs;
 * - a start with Redis down waits at most CONNECT_WAIT_MS and goes on degraded.
 */

const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 1_000;
const CONNECT_WAIT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisConnection {
  client: RedisClient;
  /** Whether commands can be sent now (false while Redis is down or reconnecting). */
  ready(): boolean;
  /**
   * Runs a cache's command when Redis is up: undefined when it is down or the command fails (a
   * miss, never an error). A failure while Redis says it is up is logged as `what` failed.
   */
  attempt<T>(what: string, command: () => Promise<T>): Promise<T | undefined>;
  /**
   * Runs `listener` with each message of `channel`. `onReconnect` runs when the subscription comes
   * back after a break: messages sent meanwhile were lost, so what they would have dropped must be
   * dropped now.
   */
  subscribe(
    channel: string,
    listener: (message: string) => void,
    onReconnect: () => void,
  ): Promise<void>;
  close(): Promise<void>;
}

function clientOptions(url: string) {
  return {
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  };
}

/** Connects in the background; resolves once ready or after CONNECT_WAIT_MS, whichever is first. */
function connectSoon(client: RedisClient, name: string, logger: Logger): Promise<void> {
  let down = false;
  client.on("error", (error: unknown) => {
    // The client reports every failed attempt: one line when the connection breaks is enough.
    if (down) return;
    down = true;
    logger.warn({ err: String(error), redis: name }, "redis unreachable: serving from memory");
  });
  client.on("ready", () => {
    if (down) logger.info({ redis: name }, "redis reachable again");
    down = false;
  });
  const connecting = client.connect().then(
    () => undefined,
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CONNECT_WAIT_MS);
    timer.unref();
  });
  return Promise.race([connecting, waited]).finally(() => clearTimeout(timer));
}

/**
 * Closes gently (pending commands answered) when Redis answers, at once when it does not: a
 * shutdown must not wait on a Redis that is down or silent.
 */
async function closeClient(client: RedisClient): Promise<void> {
  if (!client.isReady) {
    if (client.isOpen) client.destroy();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const closed = client.close().catch(() => undefined);
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), COMMAND_TIMEOUT_MS * 4);
  });
  if ((await Promise.race([closed, late])) === "late") client.destroy();
  clearTimeout(timer);
}

export async function openRedis(url: string, logger: Logger): Promise<RedisConnection> {
  // Loaded only when REDIS_URL is set: a start without Redis skips its ~0.2 s of modules.
  const { createClient: create } = await import("redis");
  const client: RedisClient = create(clientOptions(url));
  await connectSoon(client, "commands", logger);
  let subscriber: RedisClient | undefined;

  return {
    client,
    ready: () => client.isReady,
    async attempt(what, command) {
      if (!client.isReady) return undefined;
      try {
        return await command();
      } catch (error) {
        if (client.isReady) logger.warn({ err: error }, `${what} failed`);
        return undefined;
      }
    },
    async subscribe(channel, listener, onReconnect) {
      if (!subscriber) {
        subscriber = create(clientOptions(url));
        await connectSoon(subscriber, "subscriptions", logger);
      }
      let connectedOnce = subscriber.isReady;
      subscriber.on("ready", () => {
        if (connectedOnce) onReconnect();
        connectedOnce = true;
      });
      // node-redis subscribes again by itself after a reconnect; a first subscribe while Redis
      // is down fails, and the ready event above subscribes then.
      const listen = () =>
        subscriber!.subscribe(channel, listener).catch((error: unknown) => {
          logger.warn({ err: String(error), channel }, "redis subscribe failed: will retry");
        });
      if (subscriber.isReady) await listen();
      else subscriber.once("ready", () => void listen());
    },
    async close() {
      await Promise.all([client, subscriber].map((each) => each && closeClient(each)));
    },
  };
}
