/**
 * Cache-Control for anonymous pages that are the same for everyone: browsers keep them a
 * minute, shared caches (a CDN) five, and may serve a stale copy while refreshing.
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

export const publicPageHeaders = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE });
