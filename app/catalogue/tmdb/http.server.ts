import pLimit from "p-limit";
import type { Logger } from "~/core/logger.server";

export interface TmdbHttpOptions {
  apiBaseUrl: string;
  apiKey?: string;
  accessToken?: string;
  logger: Logger;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first one, for 429, 5xx, timeouts and network errors. */
  retries?: number;
  /** First backoff; doubles with each retry. */
  backoffMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails (and stale data is used). */
  maxRetryAfterMs?: number;
  maxConcurrent?: number;
  /** Told of every attempt (the server counts them for its metrics); the domain knows no more. */
  observe?: TmdbObserver;
}

/** How one attempt ended: an answer (ok, not found, refused, rate limited, failed) or none. */
export type TmdbOutcome =
  "ok" | "not_found" | "refused" | "rate_limited" | "server_error" | "unreachable";

export type TmdbObserver = (endpoint: string, outcome: TmdbOutcome) => void;

/** An endpoint's family: `/movie/603/credits` is `/movie/:id/credits` (a bounded set of names). */
export function endpointFamily(path: string): string {
  return path.replace(/\/(?![a-z_]+(?:\/|$))[^/]+/g, "/:id");
}

function outcomeOf(status: number): TmdbOutcome {
  if (status < 400) return "ok";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  return status >= 500 ? "server_error" : "refused";
}

class TmdbError extends Error {
  override name = "TmdbError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type Params = Record<string, string | number | undefined>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The one HTTP client for the movie database: Turkish by default, the key attached, timeouts,
 * retries with backoff honouring Retry-After, a concurrency cap, and identical in-flight
 * requests coalesced. Resolves to the parsed JSON, or null for 404; throws TmdbError otherwise.
 */
export function createTmdbHttp(options: TmdbHttpOptions) {
  const {
    apiBaseUrl,
    apiKey,
    accessToken,
    logger,
    timeoutMs = 8_000,
    retries = 2,
    backoffMs = 250,
    maxRetryAfterMs = 10_000,
    maxConcurrent = 8,
    observe,
  } = options;
  // At most `maxConcurrent` requests in flight, however callers arrive (p-limit).
  const limit = pLimit(maxConcurrent);
  const inFlight = new Map<string, Promise<unknown>>();

  function buildUrl(path: string, params: Params) {
    const url = new URL(apiBaseUrl + path);
    const query: Params = { language: "tr-TR", ...params };
    for (const [name, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b))) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  async function attempt(url: URL, path: string): Promise<unknown> {
    const requestUrl = new URL(url);
    const headers: Record<string, string> = { Accept: "application/json" };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    else if (apiKey) requestUrl.searchParams.set("api_key", apiKey);

    const endpoint = endpointFamily(path);
    for (let attemptNo = 0; ; attemptNo++) {
      let status: number | undefined;
      let wait = backoffMs * 2 ** attemptNo;
      try {
        const response = await limit(() =>
          fetch(requestUrl, { headers, signal: AbortSignal.timeout(timeoutMs) }),
        );
        status = response.status;
        observe?.(endpoint, outcomeOf(status));
        if (response.ok) return await response.json();
        if (status === 404) {
          await response.body?.cancel();
          return null;
        }
        const retryAfter = retryAfterMs(response.headers.get("retry-after"));
        await response.body?.cancel();
        if (status !== 429 && status < 500) {
          throw new TmdbError(`movie database answered ${status} for ${path}`, status);
        }
        if (retryAfter !== undefined) {
          if (retryAfter > maxRetryAfterMs) {
            throw new TmdbError(
              `movie database asked to wait ${retryAfter} ms for ${path}`,
              status,
            );
          }
          wait = retryAfter;
        }
      } catch (error) {
        if (error instanceof TmdbError) throw error;
        if (status === undefined) observe?.(endpoint, "unreachable");
        if (attemptNo >= retries) {
          throw new TmdbError(`movie database unreachable for ${path}: ${String(error)}`);
        }
        logger.warn({ path, attempt: attemptNo + 1, err: String(error) }, "movie database retry");
        await sleep(wait);
        continue;
      }
      if (attemptNo >= retries) {
        throw new TmdbError(`movie database answered ${status} for ${path}`, status);
      }
      logger.warn({ path, attempt: attemptNo + 1, status, waitMs: wait }, "movie database retry");
      await sleep(wait);
    }
  }

  return {
    /** The cache key of a request: path and parameters, never the key or token. */
    requestKey(path: string, params: Params = {}) {
      const url = buildUrl(path, params);
      return `${url.pathname}${url.search}`;
    },
    get(path: string, params: Params = {}): Promise<unknown> {
      const url = buildUrl(path, params);
      const key = url.toString();
      const pending = inFlight.get(key);
      if (pending) return pending;
      const request = attempt(url, path).finally(() => inFlight.delete(key));
      inFlight.set(key, request);
      return request;
    },
  };
}
