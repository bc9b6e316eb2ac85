import { redirect } from "react-router";
import { shareArtwork } from "~/catalogue/share-artwork.server";
import { formatCount } from "~/core/format";
import { loadListPreview } from "~/lists/list-pages.server";
import { shareImageResponse } from "~/seo/share-image.server";
import type { Route } from "./+types/list-image";

// A list's link-preview picture (decision 028): /liste/{id}-{slug}/onizleme.png, tagged as the
// list's page (`list:{id}`), so every change of the list drops it with the page.
export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const preview = await loadListPreview(services, params.slug);
  if (!preview) return new Response("Liste bulunamadı.", { status: 404 });
  if ("redirect" in preview) throw redirect(preview.redirect, 301);
  const source = { db: services.database.db, imageBaseUrl: services.catalogue.imageBaseUrl };
  const posters = await Promise.all(
    preview.posters.map(async (poster) => ({
      title: poster.title,
      artwork: await shareArtwork(source, poster.posterPath),
    })),
  );
  return shareImageResponse({
    kind: "Liste",
    title: preview.name,
    subtitle: preview.ownerName ? `${preview.ownerName} tarafından` : null,
    figures: [{ value: formatCount(preview.itemCount), label: "film ve dizi" }],
    posters,
  });
}
