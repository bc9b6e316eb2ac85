import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";

/**
 * Fixed-window limits kept in the database, so every instance shares them. `allow` counts an
 * attempt and says whether it is within the limit.
 */
export async function allow(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
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
  return Number(row?.count ?? 0) <= limit;
}

/** Limits for the account forms: per address and per client (IP). */
export const LIMITS = {
  signInPerAddress: { limit: 10, windowSeconds: 15 * 60 },
  signInPerClient: { limit: 30, windowSeconds: 15 * 60 },
  resetPerAddress: { limit: 3, windowSeconds: 60 * 60 },
  resetPerClient: { limit: 10, windowSeconds: 60 * 60 },
  signUpPerClient: { limit: 10, windowSeconds: 60 * 60 },
} as const;

export const TOO_MANY = "Çok fazla deneme yaptınız. Lütfen biraz sonra yeniden deneyin.";
