import type { Logger } from "~/core/logger.server";
import { tagHeaderValue } from "~/core/paths";

/** A purge call that has not answered by then is given up (and logged). */
const PURGE_TIMEOUT_MS = 5_000;

/** Tells the shared cache in front to drop the pages carrying these tags; never waits. */
export type CdnPurge = (tags: readonly string[]) => void;

/**
 * The purge call to a CDN or a cache in front (CDN_PURGE_URL, decision 023): a POST with the
 * tags as `Surrogate-Key` (space-separated, as Varnish's xkey and Fastly read them) and as a
 * JSON body `{"tags": [...]}` (as Cloudflare's API reads them), the same tags anonymous pages
 * carry in their `Surrogate-Key` and `Cache-Tag` headers. It runs beside the change, never in
 * the visitor's way: a failure, a refusal or a timeout is a warning in the log, and the cache
 * in front then keeps its copy for the page's `s-maxage` at most.
 */
export function cdnPurge(
  url: string,
  logger: Logger,
  { fetch = globalThis.fetch, timeoutMs = PURGE_TIMEOUT_MS } = {},
): CdnPurge {
  return (tags) => {
    if (tags.length === 0) return;
    const keys = tags.map(tagHeaderValue);
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Surrogate-Key": keys.join(" ") },
      body: JSON.stringify({ tags: keys }),
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) logger.warn({ status: response.status, tags }, "CDN purge refused");
      })
      .catch((error: unknown) => logger.warn({ err: String(error), tags }, "CDN purge failed"));
  };
}
