/** Image sizes of the spec: w200 for cards, w500 for posters, original for backdrops. */
export type ImageSize = "w200" | "w500" | "original";

/** `${base}/${size}${path}`, or null when there is no image (the UI shows a placeholder). */
export function imageUrl(base: string, size: ImageSize, path: string | null | undefined) {
  if (!path) return null;
  return `${base}/${size}${path.startsWith("/") ? path : `/${path}`}`;
}
