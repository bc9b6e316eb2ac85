import { SeasonPage } from "~/catalogue/components/season-page";
import { loadSeasonPage } from "~/catalogue/detail-pages.server";
import { idFromSlug, numberParam } from "~/core/slug";
import { seasonSeo } from "~/seo/detail-meta";
import { errorMeta, metaTags, siteInfo } from "~/seo/meta";
import { publicPageHeaders } from "~/core/http-cache";
import type { Route } from "./+types/season";
import { invariantResponse } from "~/core/invariant";
import { RouteErrorBoundary } from "~/shell/status-pages";

const NOT_FOUND = "Sezon bulunamadı.";

export async function loader({ params, context: { services } }: Route.LoaderArgs) {
  // {id} is a bare id or a series slug.
  const seriesId = idFromSlug(params.id);
  const seasonNumber = numberParam(params.seasonNumber);
  const page =
    seriesId === null || seasonNumber === null
      ? null
      : await loadSeasonPage(services.catalogue, seriesId, seasonNumber);
  invariantResponse(page);
  return page;
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: page, error, matches }) =>
  page ? metaTags(seasonSeo(page, siteInfo(matches))) : errorMeta(error, NOT_FOUND);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SeasonPage data={loaderData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={NOT_FOUND} />;
}
