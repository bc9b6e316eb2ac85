/**
 * Image sizes of the spec: w200 for cards, w500 for posters, original for backdrops; and w92 for
 * the watch providers' logos (live source only: the local one has no providers).
 */
export type ImageSize = "w92" | "w200" | "w500" | "original";

/** `${base}/${size}${path}`, or null when there is no image (the UI shows a placeholder). */
export function imageUrl(base: string, size: ImageSize, path: string | null | undefined) {
  if (!path) return null;
  return `${base}/${size}${path.startsWith("/") ? path : `/${path}`}`;
}
