import { loadGenreLinks } from "~/catalogue/browse.server";
import { GenreCategories } from "~/catalogue/components/genre-categories";
import { mediaTypeOfPath } from "~/catalogue/labels";
import { pageData, publicPageHeaders } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/genres";

// /filmler and /diziler (one module, two routes): the path says which kind.
export async function loader({ url, context }: Route.LoaderArgs) {
  const mediaType = mediaTypeOfPath(url.pathname);
  const { genres, failed } = await loadGenreLinks(context.services.catalogue, mediaType);
  return pageData({ mediaType, genres }, { failed });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  const kind = data?.mediaType === "tv" ? "Dizi" : "Film";
  return [
    { title: `${kind} Kategorileri | ${SITE_NAME}` },
    { name: "description", content: `Türlere göre ${kind.toLowerCase()}ler: aksiyondan dramaya.` },
  ];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return <GenreCategories mediaType={loaderData.mediaType} genres={loaderData.genres} />;
}
