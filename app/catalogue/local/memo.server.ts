import { createMemo } from "~/core/memo.server";
import type { Catalogue } from "../catalogue.server";

const MEMOIZED = [
  "popularMovies",
  "trendingMovies",
  "popularSeries",
  "popularPeople",
  "movie",
  "series",
  "season",
  "episode",
  "person",
  "genres",
  "discoverMovies",
  "discoverSeries",
  "search",
  "movieRecommendations",
  "seriesRecommendations",
  "findByImdbId",
  "findSeriesByTvdbId",
] as const satisfies readonly (keyof Catalogue)[];

/**
 * The local catalogue changes only when the server starts (its tables are loaded then), so its
 * answers are kept in process: the most recently used `maxEntries`, keyed by question and day
 * (trending changes daily). Concurrent identical questions share one query. "No result" is not
 * kept: it may be a failed query. Answers are shared between requests: callers must not mutate.
 * Vizyonda's lists are not kept: they follow the site clock's day in Istanbul, and the page
 * cache keeps the page anyway.
 */
export function memoizeCatalogue(
  source: Catalogue,
  maxEntries = 5_000,
  now: () => number = Date.now,
): Catalogue {
  const answers = createMemo<unknown>({ maxEntries, keeps: (value) => value !== null, now });
  const memoized = { ...source } as Record<string, unknown>;
  for (const name of MEMOIZED) {
    const method = source[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof method !== "function") continue;
    const ask = method.bind(source);
    memoized[name] = (...args: unknown[]) =>
      answers.get(`${name}:${Math.floor(now() / 86_400_000)}:${JSON.stringify(args)}`, () =>
        ask(...args),
      );
  }
  return memoized as unknown as Catalogue;
}
