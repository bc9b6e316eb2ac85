import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { SITE_NAME } from "~/core/site";

/** What a detail page tells link previews and crawlers; URLs are absolute. */
export interface Seo {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  /** The image's size when it is known (a composed preview picture: 1200×630). */
  imageSize?: { width: number; height: number };
  type: "article" | "profile" | "website";
  jsonLd?: Record<string, unknown>;
}

/** Where the public site and its images live: the root loader's data, read by `meta` functions. */
export interface SiteInfo {
  siteUrl: string;
  imageBaseUrl: string;
}

/** The site info from a `meta` function's matches (the root route's data). */
export function siteInfo(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): SiteInfo {
  const root = matches.find((match) => match?.id === "root")?.data as Partial<SiteInfo> | undefined;
  return { siteUrl: root?.siteUrl ?? "", imageBaseUrl: root?.imageBaseUrl ?? "" };
}

/** An absolute URL on the public site for a path or an already absolute URL. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function metaTags(seo: Seo): MetaDescriptor[] {
  const title = `${seo.title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "tr_TR" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: seo.type },
    { property: "og:url", content: seo.canonical },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
  ];
  if (seo.image) {
    tags.push(
      { property: "og:image", content: seo.image },
      { name: "twitter:image", content: seo.image },
    );
    if (seo.imageSize)
      tags.push(
        { property: "og:image:width", content: String(seo.imageSize.width) },
        { property: "og:image:height", content: String(seo.imageSize.height) },
      );
  }
  if (seo.jsonLd) tags.push({ "script:ld+json": seo.jsonLd });
  return tags;
}

/** A composed preview picture (decision 028): its absolute URL and size, for `metaTags`. */
export const shareImage = (siteUrl: string, path: string) => ({
  image: absoluteUrl(siteUrl, path),
  imageSize: { width: 1200, height: 630 },
});

/** Meta for a page that was not found: a title, and no indexing. */
function notFoundMeta(message: string): MetaDescriptor[] {
  return [{ title: `${message} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
}

/** The head of a page whose loader threw: its not-found text on 404, "try again" otherwise. */
export function errorMeta(error: unknown, notFound: string): MetaDescriptor[] {
  return notFoundMeta(
    isRouteErrorResponse(error) && error.status === 404 ? notFound : "Bir sorun oluştu",
  );
}
