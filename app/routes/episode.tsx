import { data } from "react-router";
import { NotFoundMessage } from "~/catalogue/components/detail-hero";
import { EpisodePage } from "~/catalogue/components/episode-page";
import { detailContext, loadEpisodePage } from "~/catalogue/detail-pages.server";
import { idFromSlug, numberParam } from "~/catalogue/slug";
import { metaTags, notFoundMeta } from "~/seo/meta";
import { publicPageHeaders } from "~/shell/http-cache";
import type { Route } from "./+types/episode";

const NOT_FOUND = "Bölüm bulunamadı.";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const seriesId = idFromSlug(params.id);
  const season = numberParam(params.seasonNumber);
  const episode = numberParam(params.episodeNumber);
  const page =
    seriesId === null || season === null || episode === null
      ? null
      : await loadEpisodePage(detailContext(services), seriesId, season, episode);
  if (!page) return data({ notFound: true as const }, { status: 404 });
  return page;
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page }) =>
  !page || "notFound" in page ? notFoundMeta(NOT_FOUND) : metaTags(page.seo);

export default function Page({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <NotFoundMessage message={NOT_FOUND} />;
  return <EpisodePage data={loaderData} />;
}
