import { AWARDS } from "~/awards/definitions";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { titleHref } from "~/catalogue/display";
import { paths } from "~/core/paths";
import type { MediaType, Paged, PersonSummary, TitleSummary } from "~/catalogue/types";

/*
 * A real sitemap: /sitemap.xml is an index of documents under /sitemap/. Catalogue documents
 * follow the popularity lists: every item of the local catalogue, or the most popular pages of
 * the live one.
 */

/** List pages (of 20) per sitemap document, and at most this many documents per kind. */
const PAGES_PER_DOCUMENT = 10;
const MAX_DOCUMENTS = 50;

type Kind = "movies" | "series" | "people";

export const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600, s-maxage=3600",
};

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function urlSet(siteUrl: string, pagePaths: string[]) {
  const urls = pagePaths
    .map((path) => `  <url><loc>${escapeXml(siteUrl + path)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function list(
  catalogue: Catalogue,
  kind: Kind,
  page: number,
): Promise<Paged<TitleSummary | PersonSummary> | null> {
  if (kind === "movies") return catalogue.popularMovies(page);
  if (kind === "series") return catalogue.popularSeries(page);
  return catalogue.popularPeople(page);
}

const itemPath = (item: TitleSummary | PersonSummary) =>
  item.mediaType === "person" ? paths.person(item) : titleHref(item);

/**
 * Pages the layers above this one add (the public lists): documents `${name}-1.xml`… each
 * naming the paths its `paths(index)` gives.
 */
export interface SitemapSection {
  name: string;
  documents(): Promise<number>;
  paths(index: number): Promise<string[]>;
}

export async function sitemapIndex(
  catalogue: Catalogue,
  siteUrl: string,
  sections: SitemapSection[] = [],
): Promise<string> {
  const documents = ["static.xml", "genres.xml"];
  for (const kind of ["movies", "series", "people"] as const) {
    const first = await list(catalogue, kind, 1);
    const count = Math.min(Math.ceil((first?.totalPages ?? 0) / PAGES_PER_DOCUMENT), MAX_DOCUMENTS);
    for (let index = 1; index <= count; index++) documents.push(`${kind}-${index}.xml`);
  }
  for (const section of sections) {
    const count = Math.min(await section.documents(), MAX_DOCUMENTS);
    for (let index = 1; index <= count; index++) documents.push(`${section.name}-${index}.xml`);
  }
  const entries = documents
    .map((name) => `  <sitemap><loc>${escapeXml(`${siteUrl}/sitemap/${name}`)}</loc></sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** One document of the index, or null when there is no such document. */
export async function sitemapDocument(
  catalogue: Catalogue,
  siteUrl: string,
  name: string,
  sections: SitemapSection[] = [],
): Promise<string | null> {
  for (const section of sections) {
    const own = new RegExp(`^${section.name}-(\\d{1,2})\\.xml$`).exec(name);
    if (!own) continue;
    const index = Number(own[1]);
    if (index < 1 || index > MAX_DOCUMENTS) return null;
    const sectionPaths = await section.paths(index);
    return sectionPaths.length ? urlSet(siteUrl, sectionPaths) : null;
  }
  if (name === "static.xml") {
    return urlSet(siteUrl, [
      paths.home,
      paths.section("movie"),
      paths.section("tv"),
      paths.cinema,
      paths.people(),
      paths.awards,
      ...AWARDS.map((award) => paths.award(award.id)),
    ]);
  }
  if (name === "genres.xml") {
    const genrePaths: string[] = [];
    for (const mediaType of ["movie", "tv"] as MediaType[]) {
      for (const genre of (await catalogue.genres(mediaType)) ?? [])
        genrePaths.push(paths.genre(mediaType, genre));
    }
    return urlSet(siteUrl, genrePaths);
  }
  const match = /^(movies|series|people)-(\d{1,2})\.xml$/.exec(name);
  if (!match) return null;
  const kind = match[1] as Kind;
  const index = Number(match[2]);
  if (index < 1 || index > MAX_DOCUMENTS) return null;
  const pages = Array.from(
    { length: PAGES_PER_DOCUMENT },
    (_, offset) => (index - 1) * PAGES_PER_DOCUMENT + offset + 1,
  );
  const results = await Promise.all(pages.map((page) => list(catalogue, kind, page)));
  const items = results.flatMap((page) => page?.results ?? []);
  if (items.length === 0) return null;
  return urlSet(siteUrl, items.map(itemPath));
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    `Disallow: ${paths.dashboard}`,
    `Disallow: ${paths.auth}`,
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
