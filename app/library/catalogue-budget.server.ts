import { allow } from "~/accounts/rate-limit.server";
import type { Database } from "~/db/client.server";

/*
 * A person's forms that ask the catalogue whether an id names something (rate it, log it, mark
 * it, add it to a list or the watchlist, review it, make it a favourite) share one budget, on
 * decision 008's counters. Each such question may cost the movie database a call or two; the
 * budget keeps one account from driving it without end (issue 32, item 8). What the site already
 * holds (an episode the tracking job keeps) is not asked and not counted. An unknown id is
 * remembered as unknown by the catalogue's cache (app/catalogue/cache.server.ts), so posting it
 * again costs nothing upstream either.
 */

/** 100 lookups in 10 minutes: more than anyone rates, logs or adds by hand. */
const CATALOGUE_BUDGET = { limit: 100, windowSeconds: 10 * 60 } as const;

const CATALOGUE_BUDGET_MESSAGE =
  "Kısa sürede çok fazla işlem yaptınız. Lütfen birkaç dakika sonra yeniden deneyin.";

/**
 * Counts one catalogue lookup for the person; the Turkish refusal when the budget is spent
 * (nothing is asked or written then), else null.
 */
export async function overCatalogueBudget(db: Database, userId: string): Promise<string | null> {
  const { limit, windowSeconds } = CATALOGUE_BUDGET;
  const within = await allow(db, `catalogue:${userId}`, limit, windowSeconds);
  return within ? null : CATALOGUE_BUDGET_MESSAGE;
}
