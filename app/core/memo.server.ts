export interface MemoOptions<T> {
  /** The most recently used entries kept. */
  maxEntries: number;
  /** How long an answer is kept, in milliseconds (for ever by default). */
  ttlMs?: number;
  /** Whether an answer may be kept (a failure never is). */
  keeps?: (value: T) => boolean;
  now?: () => number;
}

export interface Memo<T> {
  /** The kept answer for `key`, or the one `ask` gives (shared by concurrent callers). */
  get(key: string, ask: () => Promise<T>, at?: number): Promise<T>;
  /** Drops the answers for these keys (every answer when none are named). */
  forget(keys?: Iterable<string>): void;
}

/**
 * Answers kept in process as promises, so concurrent identical questions share one query: the
 * most recently used `maxEntries`, each for `ttlMs` at most. An answer that fails, or that
 * `keeps` refuses, is dropped once it settles, so the next question asks again. Kept answers are
 * shared between requests: callers must not mutate them.
 */
export function createMemo<T>({
  maxEntries,
  ttlMs = Infinity,
  keeps = () => true,
  now = Date.now,
}: MemoOptions<T>): Memo<T> {
  const entries = new Map<string, { answer: Promise<T>; until: number }>();
  return {
    get(key, ask, at = now()) {
      const kept = entries.get(key);
      entries.delete(key);
      if (kept && kept.until > at) {
        entries.set(key, kept);
        return kept.answer;
      }
      const answer = ask();
      entries.set(key, { answer, until: at + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      const drop = () => {
        if (entries.get(key)?.answer === answer) entries.delete(key);
      };
      answer.then((value) => keeps(value) || drop(), drop);
      return answer;
    },
    forget(keys) {
      if (!keys) entries.clear();
      else for (const key of keys) entries.delete(key);
    },
  };
}
