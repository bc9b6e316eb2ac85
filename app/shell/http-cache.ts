/**
 * Cache-Control for anonymous pages that are the same for everyone. Browsers must ask again every
 * time (the same URL shows a user menu and the visitor's watchlist once signed in, so a copy kept
 * from before the sign-in must never be reused); shared caches (a CDN, the server's own page
 * cache) may keep it five minutes, the lifetime of the catalogue's lists. No validators: every
 * response carries its own CSP nonce, so a 304 would pair an old body with a new policy.
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, must-revalidate, s-maxage=300";

/** Anything personal (a signed-in visitor, a pending toast) must never be stored by a shared cache. */
export const PRIVATE_PAGE_CACHE = "private, no-store";

/**
 * The headers of a page route: public, unless the root loader marked the response private
 * because the visitor is signed in. `Vary: Cookie` tells shared caches that the session cookie
 * changes the page (a CDN should also bypass its cache for `perde.*` cookies; see the README).
 */
export function publicPageHeaders({ parentHeaders }: { parentHeaders: Headers }) {
  const parent = parentHeaders.get("Cache-Control");
  return {
    "Cache-Control": parent?.startsWith("private") ? parent : PUBLIC_PAGE_CACHE,
    Vary: "Cookie",
  };
}
