import { data, redirect } from "react-router";
import { loadGenrePage, pageFromUrl, selectsRedirect } from "~/catalogue/browse.server";
import { GenreBrowser } from "~/catalogue/components/genre-browser";
import { FAMILY_FILTER } from "~/catalogue/filters";
import { MEDIA_WORDS, mediaTypeOfPath } from "~/catalogue/labels";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import { paths } from "~/core/paths";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/genre";

// /filmler/{genre}/{filter?} and /diziler/{genre}/{filter?} (one module, two routes).
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const mediaType = mediaTypeOfPath(url.pathname);
  const target = selectsRedirect(
    url,
    paths.genre(mediaType, { slug: params.genre }),
    params.filter,
  );
  if (target) throw redirect(target);
  const page = await loadGenrePage(context.services.catalogue, mediaType, {
    genre: params.genre,
    filter: params.filter,
    page: pageFromUrl(url),
  });
  if (!page) throw data(null, { status: 404 });
  return pageData(page, page);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page }) => {
  const words = MEDIA_WORDS[page?.mediaType ?? "movie"];
  const name = page?.genre.name ? `${page.genre.name} ${words.plural}` : words.categoryFallback;
  const title = page?.filters.familyFriendly ? `${name} (${FAMILY_FILTER.label})` : name;
  return [
    { title: `${title} | ${SITE_NAME}` },
    {
      name: "description",
      content: `${title}: en popüler ve en yüksek puanlı yapımlar; yıla, puana ve türe göre filtreleyin.`,
    },
  ];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return <GenreBrowser data={loaderData} />;
}
