// Placeholder until the sitemap feature: an empty but valid sitemap index.
export function loader() {
  return new Response(
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></sitemapindex>\n',
    { headers: { "Content-Type": "application/xml; charset=utf-8" } },
  );
}
