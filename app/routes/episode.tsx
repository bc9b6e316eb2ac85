import { EpisodePage } from "~/catalogue/components/episode-page";
import { detailContext, loadEpisodePage } from "~/catalogue/detail-pages.server";
import { idFromSlug, numberParam } from "~/catalogue/slug";
import { metaTags, errorMeta } from "~/seo/meta";
import { publicPageHeaders } from "~/shell/http-cache";
import type { Route } from "./+types/episode";
import { invariantResponse } from "~/shell/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";

const NOT_FOUND = "Bölüm bulunamadı.";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  const seriesId = idFromSlug(params.id);
  const season = numberParam(params.seasonNumber);
  const episode = numberParam(params.episodeNumber);
  const page =
    seriesId === null || season === null || episode === null
      ? null
      : await loadEpisodePage(detailContext(services), seriesId, season, episode);
  invariantResponse(page);
  return page;
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error }) =>
  page ? metaTags(page.seo) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <EpisodePage data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
