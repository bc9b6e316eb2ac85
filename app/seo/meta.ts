import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { SITE_NAME } from "~/core/site";

/** What a detail page tells link previews and crawlers; URLs are absolute. */
export interface Seo {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
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
  }
  if (seo.jsonLd) tags.push({ "script:ld+json": seo.jsonLd });
  return tags;
}

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
