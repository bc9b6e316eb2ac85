import type { Database } from "~/db/client.server";
import { imageUrl } from "./images";
import { renderArtwork } from "./local/artwork.server";

/*
 * A poster's bytes for a composed preview image (decision 028): the embedded catalogue's drawn
 * poster as its SVG (no network), or the movie database's image fetched once from its image
 * root (the fake movie database's in tests). A poster that cannot be had is null: the preview
 * draws a placeholder in its place, never fails for it.
 */

export type ShareArtwork =
  | { type: "svg"; svg: string }
  | { type: "raster"; mime: "image/jpeg" | "image/png"; bytes: Uint8Array };

/** How long one poster may take before the preview goes on without it. */
const FETCH_TIMEOUT_MS = 3_000;
/** Larger answers are no poster. */
const MAX_POSTER_BYTES = 2 * 1024 * 1024;

export async function shareArtwork(
  source: { db: Database; imageBaseUrl: string },
  posterPath: string | null,
): Promise<ShareArtwork | null> {
  if (!posterPath) return null;
  try {
    // The embedded catalogue's images are its own pages (`/gorsel/…`): drawn here, no request.
    if (!/^https?:\/\//.test(source.imageBaseUrl)) {
      const svg = await renderArtwork(source.db, posterPath);
      return svg ? { type: "svg", svg } : null;
    }
    const url = imageUrl(source.imageBaseUrl, "w500", posterPath)!;
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) return null;
    const type = response.headers.get("content-type")?.split(";")[0]?.trim();
    if (type !== "image/jpeg" && type !== "image/png") return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length > 0 && bytes.length <= MAX_POSTER_BYTES
      ? { type: "raster", mime: type, bytes }
      : null;
  } catch {
    return null;
  }
}
