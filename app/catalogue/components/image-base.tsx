import { useRouteLoaderData } from "react-router";
import { imageUrl, type ImageSize } from "../images";

/** The active source's image root, published by the root loader (the only catalogue setting the browser sees). */
export function useImageUrl() {
  const data = useRouteLoaderData("root") as { imageBaseUrl?: string } | undefined;
  const base = data?.imageBaseUrl ?? "";
  return (size: ImageSize, path: string | null | undefined) => imageUrl(base, size, path);
}
