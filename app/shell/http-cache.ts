/**
 * Cache-Control for anonymous pages that are the same for everyone: browsers keep them a
 * minute, shared caches (a CDN) five, and may serve a stale copy while refreshing.
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

/** Anything personal (a signed-in visitor, a pending toast) must never be stored by a shared cache. */
export const PRIVATE_PAGE_CACHE = "private, no-store";

/**
 * The headers of a page route: public, unless the root loader marked the response private
 * because the visitor is signed in. (A CDN must bypass its cache for requests that carry the
 * session cookie; see the README.)
 */
export function publicPageHeaders({ parentHeaders }: { parentHeaders: Headers }) {
  const parent = parentHeaders.get("Cache-Control");
  return { "Cache-Control": parent?.startsWith("private") ? parent : PUBLIC_PAGE_CACHE };
}
