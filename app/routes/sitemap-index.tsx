import { tolerant } from "~/catalogue/catalogue.server";
import { sitemapIndex, XML_HEADERS } from "~/seo/sitemap.server";
import { unavailableResource } from "~/core/http-cache";
import { listSitemap } from "~/lists/sitemap.server";
import type { Route } from "./+types/sitemap-index";

export async function loader({ context: { services } }: Route.LoaderArgs) {
  const { value: xml } = await tolerant(
    sitemapIndex(services.catalogue, services.env.publicSiteUrl, [
      listSitemap(services.database.db),
    ]),
  );
  if (!xml) return unavailableResource();
  return new Response(xml, { headers: XML_HEADERS });
}
