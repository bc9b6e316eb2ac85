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
] as const satisfies readonly (keyof Catalogue)[];

/**
 * The local catalogue changes only when the server starts (its tables are loaded then), so its
 * answers are kept in process: the most recently used `maxEntries`, keyed by question and day
 * (trending changes daily). Concurrent identical questions share one query. "No result" is not
 * kept: it may be a failed query. Answers are shared between requests: callers must not mutate.
 */
export function memoizeCatalogue(
  source: Catalogue,
  maxEntries = 5_000,
  now: () => number = Date.now,
): Catalogue {
  const answers = new Map<string, Promise<unknown>>();
  const memoized = { ...source } as Record<string, unknown>;
  for (const name of MEMOIZED) {
    const method = source[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof method !== "function") continue;
    const ask = method.bind(source);
    memoized[name] = (...args: unknown[]) => {
      const key = `${name}:${Math.floor(now() / 86_400_000)}:${JSON.stringify(args)}`;
      const known = answers.get(key);
      if (known) {
        answers.delete(key);
        answers.set(key, known);
        return known;
      }
      const answer = ask(...args);
      answers.set(key, answer);
      answer.then(
        (value) => value === null && answers.delete(key),
        () => answers.delete(key),
      );
      while (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
      return answer;
    };
  }
  return memoized as unknown as Catalogue;
}
