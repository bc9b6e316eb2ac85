import { sitemapIndex, XML_HEADERS } from "~/seo/sitemap.server";
import type { Route } from "./+types/sitemap-index";

export async function loader({ context: { services } }: Route.LoaderArgs) {
  const xml = await sitemapIndex(services.catalogue, services.env.publicSiteUrl);
  return new Response(xml, { headers: XML_HEADERS });
}
