import type { Auth } from "./accounts/auth.server";
import type { Mailer } from "./accounts/mailer.server";
import type { AwardResolver } from "./awards/winners.server";
import type { Catalogue } from "./catalogue/catalogue.server";
import type { DatabaseHandle } from "./db/client.server";
import type { JobQueue } from "./db/jobs.server";
import type { Env } from "./core/env.server";
import type { Logger } from "./core/logger.server";
import type { Flash } from "./core/flash.server";
import type { ItemChanges } from "./core/item-changes.server";
import type { RedisConnection } from "./core/redis.server";
import type { ImportListWriter } from "./history/import/write.server";

/** What the server builds once at start-up and hands to every loader and action. */
export interface AppServices {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  catalogue: Catalogue;
  awards: AwardResolver;
  auth: Auth;
  mailer: Mailer;
  /** Toasts carried across a redirect in a signed cookie. */
  flash: Flash;
  /** News that an item's reviews or rating changed: every instance drops its copies. */
  changes: ItemChanges;
  /** The shared cache's connection, when REDIS_URL is set. */
  redis?: RedisConnection;
  /** Background jobs in the database (decision 018). */
  jobs: JobQueue;
  /** How an import puts titles on the person's lists (the lists' code, given to history's). */
  importLists: ImportListWriter;
}

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** Per-request nonce that the Content-Security-Policy allows for inline scripts. */
    cspNonce: string;
    /**
     * The Content-Security-Policy of a page every visitor shares, from its inline scripts'
     * hashes (decision 023); such a page is rendered without the nonce. Production only.
     */
    hashedPolicy?: (hashes: readonly string[]) => string;
    /** The client's address (X-Forwarded-For only from TRUST_PROXY's proxies), for rate limits. */
    clientIp: string;
    /** Filled in while the request runs: a service failed, so the answer is 503 and not cached. */
    outcome: { serviceFailed: boolean };
  }
}
