import { EpisodePage } from "~/catalogue/components/episode-page";
import { loadEpisodePage } from "~/catalogue/detail-pages.server";
import { idFromSlug, numberParam } from "~/core/slug";
import { episodeSeo } from "~/seo/detail-meta";
import { errorMeta, metaTags, siteInfo } from "~/seo/meta";
import { publicPageHeaders } from "~/core/http-cache";
import type { Route } from "./+types/episode";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";

const NOT_FOUND = "Bölüm bulunamadı.";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const seriesId = idFromSlug(params.id);
  const season = numberParam(params.seasonNumber);
  const episode = numberParam(params.episodeNumber);
  const page =
    seriesId === null || season === null || episode === null
      ? null
      : await loadEpisodePage(services.catalogue, seriesId, season, episode);
  invariantResponse(page);
  return page;
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error, matches }) =>
  page ? metaTags(episodeSeo(page, siteInfo(matches))) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <EpisodePage data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
