import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { Logger } from "~/core/logger.server";

/*
 * Fixed-window counters kept in the database, so every instance shares them (decision 008).
 * `hit` counts one event and returns the window's count; `peek` reads it without counting.
 * Keys name what is counted: `signin:client:<ip>`, `signin:fail:<email>:<ip>`…
 */

export async function hit(db: Database, key: string, windowSeconds: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                       then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                              then now() else rate_limits.window_start end
        returning count`,
  );
  return Number(row?.count ?? 0);
}

export async function peek(db: Database, key: string, windowSeconds: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits
        where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`,
  );
  return Number(row?.count ?? 0);
}

export async function forget(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Counts an attempt and says whether it is within the limit. */
export async function allow(db: Database, key: string, limit: number, windowSeconds: number) {
  return (await hit(db, key, windowSeconds)) <= limit;
}

const LONGEST_WINDOW_SECONDS = 60 * 60;

/** Deletes counters whose window has passed; the table never grows past the active ones. */
export async function pruneRateLimits(db: Database): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from rate_limits
        where window_start < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})
        returning key`,
  );
  return rows.length;
}

/** Prunes at start and every ten minutes, in the background. */
export function startRateLimitPruning(db: Database, logger: Logger): () => void {
  const prune = () =>
    pruneRateLimits(db).catch((error: unknown) =>
      logger.warn({ err: String(error) }, "rate limit pruning failed"),
    );
  void prune();
  const timer = setInterval(prune, 10 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The account forms' limits (decision 008). A client is a network address as the server sees
 * it (TRUST_PROXY decides whether a proxy's X-Forwarded-For counts).
 * - Sign-in: 30 attempts per client in 15 minutes; 10 wrong passwords for one address from one
 *   client lock that client out of that address for 15 minutes. Wrong passwords for an address
 *   from all clients together only slow its sign-ins down (signInDelayMs), so nobody can lock
 *   someone else out: the right password from a client that has not failed always works.
 * - Password reset: 10 requests per client and 3 per address an hour.
 * - Sign-up: 10 per client an hour.
 */
export const LIMITS = {
  signInPerClient: { limit: 30, windowSeconds: 15 * 60 },
  signInFailuresPerAddressAndClient: { limit: 10, windowSeconds: 15 * 60 },
  signInFailuresPerAddress: { freeFailures: 10, windowSeconds: 15 * 60 },
  resetPerAddress: { limit: 3, windowSeconds: LONGEST_WINDOW_SECONDS },
  resetPerClient: { limit: 10, windowSeconds: LONGEST_WINDOW_SECONDS },
  signUpPerClient: { limit: 10, windowSeconds: LONGEST_WINDOW_SECONDS },
} as const;

/**
 * How long a sign-in for an address waits, given its recent wrong passwords from all clients:
 * nothing for the first ten, then 0.5 s doubling up to 4 s. Slows a spread-out guessing attack
 * to a crawl without ever refusing the owner.
 */
export function signInDelayMs(failuresForAddress: number): number {
  const over = failuresForAddress - LIMITS.signInFailuresPerAddress.freeFailures;
  if (over <= 0) return 0;
  return Math.min(500 * 2 ** (over - 1), 4_000);
}

export const TOO_MANY = "Çok fazla deneme yaptınız. Lütfen biraz sonra yeniden deneyin.";
