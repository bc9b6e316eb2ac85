import { data } from "react-router";

/**
 * Cache-Control for anonymous pages that are the same for everyone. Browsers must ask again every
 * time (the same URL shows a user menu and the visitor's watchlist once signed in, so a copy kept
 * from before the sign-in must never be reused); shared caches (a CDN, the server's own page
 * cache) may keep it five minutes, the lifetime of the catalogue's lists. Such a page is the same
 * bytes for everyone: its CSP lists its inline scripts' hashes instead of a nonce (decision 023).
 */
const PUBLIC_PAGE_CACHE = "public, max-age=0, must-revalidate, s-maxage=300";

/** Seconds a shared cache may keep a response, or null when it must not be stored. */
export function sharedMaxAge(cacheControl: string | null | undefined): number | null {
  if (!cacheControl) return null;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (!directives.includes("public")) return null;
  if (directives.some((d) => d === "private" || d === "no-store" || d === "no-cache")) return null;
  const sMaxAge = directives.find((d) => d.startsWith("s-maxage="));
  const seconds = sMaxAge ? Number(sMaxAge.slice("s-maxage=".length)) : NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/**
 * A response every visitor may be given (a shared cache may keep it): `public` with an
 * `s-maxage`, and no cookie set.
 */
export const isSharedResponse = (headers: Headers) =>
  sharedMaxAge(headers.get("Cache-Control")) !== null && !headers.has("Set-Cookie");

/** Anything personal (a signed-in visitor, a pending toast) must never be stored by a shared cache. */
export const PRIVATE_PAGE_CACHE = "private, no-store";

/** A page that shows a failure (a grid's error text, a "try again") is kept by no cache. */
export const FAILED_PAGE_CACHE = "no-store";

/** A loader's answer; when part of the page failed, no cache may keep it. */
export function pageData<T>(payload: T, { failed }: { failed: boolean }) {
  return data(payload, failed ? { headers: { "Cache-Control": FAILED_PAGE_CACHE } } : undefined);
}

/**
 * The headers of a page route: public, unless the root loader marked the response private
 * because the visitor is signed in, or the page's own loader (or its error) said otherwise.
 * `Vary: Cookie` tells shared caches that the session cookie changes the page (a CDN should also
 * bypass its cache for `perde.*` cookies; see the README).
 */
export function publicPageHeaders({
  parentHeaders,
  loaderHeaders,
  errorHeaders,
}: {
  parentHeaders: Headers;
  loaderHeaders: Headers;
  errorHeaders?: Headers;
}) {
  const parent = parentHeaders.get("Cache-Control");
  const vary = { Vary: "Cookie" };
  if (parent?.startsWith("private")) return { "Cache-Control": parent, ...vary };
  const own = (errorHeaders ?? loaderHeaders).get("Cache-Control");
  return {
    "Cache-Control": own ?? (errorHeaders ? FAILED_PAGE_CACHE : PUBLIC_PAGE_CACHE),
    ...vary,
  };
}

/** A resource (a sitemap, a search answer) that could not be made now: 503, kept by no cache. */
export function unavailableResource(): Response {
  return new Response("Şu anda yanıt verilemiyor. Lütfen biraz sonra yeniden deneyin.", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": FAILED_PAGE_CACHE,
      "Retry-After": "5",
    },
  });
}
