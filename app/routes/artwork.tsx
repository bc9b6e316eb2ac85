import { renderArtwork } from "~/catalogue/local/artwork.server";
import type { Route } from "./+types/artwork";

// Drawn posters, backdrops, profiles and stills of the local catalogue: /gorsel/{size}/{path}.
// The size is accepted for symmetry with the movie database's image URLs; SVG scales itself.
export async function loader({ params, context }: Route.LoaderArgs) {
  const path = (params["*"] ?? "").replace(/^(w200|w500|original)(?=\/)/, "");
  const svg = await renderArtwork(context.services.database.db, path);
  if (!svg) return new Response("Görsel bulunamadı", { status: 404 });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
