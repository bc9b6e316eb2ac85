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

/**
 * Takes back one event counted by `hit` whose outcome was not what the key counts (an attempt
 * counted before its check that turned out not to be a failure).
 */
export async function unhit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
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
 *   A failure is counted before the password is checked (`hit`, one atomic statement), so
 *   parallel attempts, on any number of instances, cannot reach the check more than 10 times.
 * - Second step (two-factor codes): the same rule per account instead of per address.
 * - Password reset: 10 requests per client and 3 per address and client an hour; nobody else can
 *   spend the owner's requests, and every request gets the same answer (decision 008).
 * - Sign-up: 10 per client an hour.
 * - A TOTP code is accepted once per account: its use is remembered for longer than better-auth
 *   accepts it (the current 30 s step and the one either side: at most 90 s).
 */
export const LIMITS = {
  signInPerClient: { limit: 30, windowSeconds: 15 * 60 },
  signInFailuresPerAddressAndClient: { limit: 10, windowSeconds: 15 * 60 },
  signInFailuresPerAddress: { freeFailures: 10, windowSeconds: 15 * 60 },
  secondStepFailuresPerAccountAndClient: { limit: 10, windowSeconds: 15 * 60 },
  secondStepFailuresPerAccount: { freeFailures: 10, windowSeconds: 15 * 60 },
  resetPerAddressAndClient: { limit: 3, windowSeconds: LONGEST_WINDOW_SECONDS },
  resetPerClient: { limit: 10, windowSeconds: LONGEST_WINDOW_SECONDS },
  signUpPerClient: { limit: 10, windowSeconds: LONGEST_WINDOW_SECONDS },
  totpCodeUse: { limit: 1, windowSeconds: 2 * 60 },
} as const;

/**
 * How long a sign-in for an address waits, given its recent wrong passwords from all clients:
 * nothing for the first ten, then 0.5 s doubling up to 4 s. Slows a spread-out guessing attack
 * to a crawl without ever refusing the owner.
 */
export function signInDelayMs(failuresForAddress: number): number {
  // The same free failures for an address (passwords) and for an account (second step).
  const over = failuresForAddress - LIMITS.signInFailuresPerAddress.freeFailures;
  if (over <= 0) return 0;
  return Math.min(500 * 2 ** (over - 1), 4_000);
}

export const TOO_MANY = "Çok fazla deneme yaptınız. Lütfen biraz sonra yeniden deneyin.";
