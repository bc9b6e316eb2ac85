import { tolerant } from "~/catalogue/catalogue.server";
import { unavailableResource } from "~/core/http-cache";
import { sitemapDocument, XML_HEADERS } from "~/seo/sitemap.server";
import { listSitemap } from "~/lists/sitemap.server";
import type { Route } from "./+types/sitemap-document";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const { value: xml, failed } = await tolerant(
    sitemapDocument(services.catalogue, services.env.publicSiteUrl, params["*"] ?? "", [
      listSitemap(services.database.db),
    ]),
  );
  if (failed) return unavailableResource();
  if (!xml) return new Response("Sitemap bulunamadı", { status: 404 });
  return new Response(xml, { headers: XML_HEADERS });
}
